import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { homePath, type LoginBody, loginBody } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { signIn } from '@/app/session';
import { applyServerErrors } from '@/ui/form-errors';
import { PasswordField } from '@/ui/inputs/password-field';
import { TextField } from '@/ui/inputs/text-field';
import { translateMessage } from '@/ui/translate';
import { useZodForm } from '@/ui/use-zod-form';
import { PublicPage } from './public-page';
import { safeRedirectPath } from './redirect';

interface LoginPageProps {
  /** Where to go after signing in (`/account/login/{redirectUrl}`), when it is a path of this site. */
  redirectUrl?: string;
}

/** Errors about the whole attempt (wrong credentials, too many attempts) show above the button. */
const GENERAL_KEYS = new Set(['general', '']);

export function LoginPage({ redirectUrl }: LoginPageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  // Validated on submit: leaving the e-mail field for a link (password forgotten) must not raise errors.
  const form = useZodForm(loginBody, { mode: 'onSubmit', defaultValues: { email: '', password: '' } });

  const submit = form.handleSubmit(async (body: LoginBody) => {
    setFailure(null);
    try {
      const result = await signIn(body);
      const target = safeRedirectPath(redirectUrl);
      if (result.requiresTfa) {
        // The verification page finishes the sign-in and then goes to the same return path.
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

  return (
    <PublicPage
      title={t('auth.login.title')}
      intro={t('auth.login.intro')}
      footer={
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/account/password-forgotten">
            {t('auth.login.forgotPassword')}
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('auth.login.title')}>
        <Stack gap="md">
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
          <PasswordField
            control={form.control}
            name="password"
            label={t('auth.login.password')}
            autoComplete="current-password"
            required
          />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </PublicPage>
  );
}
