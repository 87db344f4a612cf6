import { Alert, Anchor, Button, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { accountEndpoints, type Claims, TFA_RESEND_COOLDOWN_SECONDS } from '@xp/contracts';
import { homePath } from '@xp/contracts/home-path';
import { useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { startSession } from '@/app/session';
import { PublicPage } from '@/features/account/public-page';
import { safeRedirectPath } from '@/features/account/redirect';
import { applyServerErrors } from '@/ui/form-errors';
import { type FieldWrapperProps, useFieldInput } from '@/ui/inputs/use-form-field';
import { showSuccess } from '@/ui/toasts';
import { translateMessage } from '@/ui/translate';
import { useZodForm } from '@/ui/use-zod-form';
import { useCookieLoginTfa, useResendLoginTfa, useSendRegistrationTfaCode, useValidateTfa } from './api';
import { invitationProblemOf } from './invitation-problem';
import { useCooldown } from './use-cooldown';

/** The server's wait between two codes. */
export const RESEND_COOLDOWN_SECONDS = TFA_RESEND_COOLDOWN_SECONDS;
const CODE_LENGTH = 6;

/** Failures after which the code cannot be used any more: only a new code (or a new login) helps. */
const DEAD_CODE = new Set(['tfa.errors.tooManyAttempts', 'tfa.errors.expired']);

interface TfaPageProps {
  /** Where to go afterwards (`/account/tfa/{redirectUrl}`), when it is a path of this site. */
  redirectUrl?: string | undefined;
  /** The registration code (`?code=`) when verifying a registration; without it, a sign-in. */
  code?: string | undefined;
}

/**
 * Two-factor verification with the six-digit code from the mail: finishes a sign-in (`cookielogintfa`) or,
 * with a registration code, a registration (`ValidateTfa`). Either answers the claims of the new session.
 */
export function TfaPage({ redirectUrl, code }: TfaPageProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const isRegistration = Boolean(code);
  const loginTfa = useCookieLoginTfa();
  const validateTfa = useValidateTfa();
  const resendLogin = useResendLoginTfa();
  const resendRegistration = useSendRegistrationTfaCode();
  // One arrives here right after a code was sent, so the server's cooldown is already running.
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS, { startNow: true });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(accountEndpoints.cookieLoginTfa.body, { defaultValues: { tfaCode: '' } });

  const finish = async (claims: Claims) => {
    startSession(claims);
    await router.navigate({
      href: safeRedirectPath(redirectUrl) ?? homePath(claims.role, claims.activeEnvironment),
    });
  };

  const submit = form.handleSubmit(async ({ tfaCode }) => {
    setFailure(null);
    try {
      const { claims } = code
        ? await validateTfa.mutateAsync({ body: { tfaCode, code } })
        : await loginTfa.mutateAsync({ body: { tfaCode } });
      await finish(claims);
    } catch (error) {
      const message = failureOf(error);
      if (message === 'tfa.errors.invalidCode') {
        applyServerErrors([{ key: 'tfaCode', message }], form.setError, ['tfaCode']);
        return;
      }
      setFailure(message);
    }
  });

  const resend = async () => {
    setFailure(null);
    try {
      if (code) await resendRegistration.mutateAsync({ body: { code } });
      else await resendLogin.mutateAsync(undefined);
      cooldown.start();
      showSuccess('tfa.resent');
      // Ready for the code of the new mail.
      form.reset({ tfaCode: '' });
      setTimeout(() => form.setFocus('tfaCode'));
    } catch (error) {
      const message = failureOf(error);
      // Without an open sign-in there is nothing to resend: the login starts over.
      setFailure(message === 'tfa.errors.expired' && !code ? 'tfa.errors.signInAgain' : message);
      if (message === 'tfa.errors.cooldown') cooldown.start();
    }
  };

  const isDead = failure !== null && (DEAD_CODE.has(failure) || failure.startsWith('invitation.'));
  const isResending = resendLogin.isPending || resendRegistration.isPending;

  return (
    <PublicPage
      title={t('tfa.title')}
      intro={t(isRegistration ? 'tfa.introRegistration' : 'tfa.introLogin', { count: 10 })}
      footer={
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/account/login">
            {t('tfa.backToLogin')}
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('tfa.title')}>
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              <Stack gap={6} align="flex-start">
                <Text size="sm">{translateMessage(t, failure)}</Text>
                {isDead && (
                  <Anchor component={Link} to="/account/login" size="sm" fw={600}>
                    {t('tfa.backToLogin')}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          <CodeField
            control={form.control}
            name="tfaCode"
            label={t('tfa.code')}
            required
            autoFocus
            data-autofocus
          />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {t('tfa.submit')}
          </Button>
          <Stack gap={4} align="center">
            <Text size="sm" c="dimmed" ta="center">
              {cooldown.remaining > 0 ? t('tfa.resendIn', { count: cooldown.remaining }) : t('tfa.noCode')}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => void resend()}
              disabled={cooldown.remaining > 0}
              loading={isResending}
            >
              {t('tfa.resend')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </PublicPage>
  );
}

/** The translation key of a failed call; a registration code that cannot be used says why. */
function failureOf(error: unknown): string {
  if (!(error instanceof ApiCallError)) return 'general_error';
  const problem = invitationProblemOf(error);
  if (problem === 'tooManyAttempts') {
    const message = error.errors[0]?.message;
    return message === 'tfa.errors.cooldown' ? message : 'auth.tooManyAttempts';
  }
  if (problem) return `invitation.errors.${problem}`;
  return error.errors[0]?.message || 'general_error';
}

/**
 * One numeric input for the whole code: digits only, at most six (a pasted '123 456' fits: no `maxLength`
 * cuts it first), offered by the phone from the mail.
 */
function CodeField<T extends FieldValues, N extends FieldPath<T>>(
  props: FieldWrapperProps<TextInputProps, T, N>,
) {
  const { field, inputProps } = useFieldInput(props);
  return (
    <TextInput
      {...inputProps}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      size="lg"
      styles={{ input: { letterSpacing: '0.5em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
