import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { homePath, type LoginBody, loginBody } from '@xp/contracts';
import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { pickLanguage } from '@/app/language';
import { signIn } from '@/app/session';
import { applyServerErrors } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { useFormField } from '@/ui/inputs/use-form-field';
import { translateMessage } from '@/ui/translate';
import { useZodForm } from '@/ui/use-zod-form';
import { safeRedirectPath } from './redirect';

interface LoginPageProps {
  /** Where to go after signing in (`/account/login/{redirectUrl}`), when it is a path of this site. */
  redirectUrl?: string;
}

/** Errors about the whole attempt (wrong credentials, too many attempts) show above the button. */
const GENERAL_KEYS = new Set(['general', '']);

export function LoginPage({ redirectUrl }: LoginPageProps) {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(loginBody, { defaultValues: { email: '', password: '' } });
  useDocumentTitle(`${t('auth.login.title')} · ${t('shell.productName')}`);

  const submit = form.handleSubmit(async (body: LoginBody) => {
    setFailure(null);
    try {
      const result = await signIn(body);
      const target = safeRedirectPath(redirectUrl);
      if (result.requiresTfa) {
        // The verification page comes with a later change; it receives the same return path.
        await router.navigate({
          href: target ? `/account/tfa/${encodeURIComponent(target)}` : '/account/tfa',
        });
        return;
      }
      if (!result.claims) throw new ApiCallError(500, []);
      await router.navigate({
        href: target ?? homePath(result.claims.role, result.claims.activeEnvironment),
      });
    } catch (error) {
      const errors = error instanceof ApiCallError ? error.errors : [];
      if (error instanceof ApiCallError && error.status === 429) {
        setFailure('auth.tooManyAttempts');
        return;
      }
      const general = errors.find((entry) => GENERAL_KEYS.has(entry.key));
      const fieldErrors = errors.filter((entry) => !GENERAL_KEYS.has(entry.key));
      if (general || fieldErrors.length === 0) {
        setFailure(general?.message ?? 'general_error');
        return;
      }
      applyServerErrors(fieldErrors, form.setError, ['email', 'password']);
    }
  });

  const language = i18n.language === 'en' ? 'en' : 'nl';

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Group gap="sm" justify="center">
          <ThemeIcon size={40} radius="md" aria-hidden>
            <Text fw={800} c="white">
              XP
            </Text>
          </ThemeIcon>
          <Text fw={700} size="xl">
            {t('shell.productName')}
          </Text>
        </Group>
        <Paper withBorder shadow="sm" radius="md" p="xl" component="main">
          <form onSubmit={submit} noValidate aria-labelledby="login-title">
            <Stack gap="md">
              <Title order={1} size="h2" id="login-title">
                {t('auth.login.title')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('auth.login.intro')}
              </Text>
              {failure && (
                <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
                  {translateMessage(t, failure)}
                </Alert>
              )}
              <TextField
                control={form.control}
                name="email"
                label={t('auth.login.email')}
                type="email"
                autoComplete="username"
                required
                data-autofocus
                autoFocus
              />
              <PasswordField control={form.control} label={t('auth.login.password')} />
              <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
                {t('auth.login.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Group justify="center" gap="xs" aria-label={t('shell.userMenu.language')} role="group">
          <LanguageLink language="nl" current={language} label="Nederlands" />
          <Text c="dimmed" aria-hidden>
            |
          </Text>
          <LanguageLink language="en" current={language} label="English" />
        </Group>
      </Stack>
    </Center>
  );
}

function PasswordField({ control, label }: { control: Control<LoginBody>; label: string }) {
  const { t } = useTranslation();
  const { field, error } = useFormField({ name: 'password', control });
  return (
    <PasswordInput
      ref={field.ref}
      name={field.name}
      label={label}
      value={field.value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      autoComplete="current-password"
      visibilityToggleButtonProps={{ 'aria-label': t('auth.login.togglePassword') }}
      withAsterisk
      aria-required
      error={error}
    />
  );
}

function LanguageLink({
  language,
  current,
  label,
}: {
  language: 'nl' | 'en';
  current: string;
  label: string;
}) {
  const isCurrent = language === current;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      lang={language}
      fw={isCurrent ? 700 : 400}
      c={isCurrent ? undefined : 'dimmed'}
      aria-pressed={isCurrent}
      onClick={() => void pickLanguage(language)}
    >
      {label}
    </Anchor>
  );
}
