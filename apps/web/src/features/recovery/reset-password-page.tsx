import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import {
  PASSWORD_MIN_LENGTH,
  type ResetPasswordBody,
  recoveryEndpoints,
  resetPasswordBody,
} from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError, call } from '@/app/api-client';
import { PublicPage } from '@/features/account/public-page';
import { applyServerErrors, PasswordField, showError, translateMessage, useZodForm } from '@/ui';
import { BackToLogin } from './password-forgotten-page';

/** Sets a new password with the token from the mailed link (`/account/reset-password?token=...`). */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const form = useZodForm(resetPasswordBody, {
    defaultValues: { token: token ?? '', password: '', confirmPassword: '' },
  });

  const submit = form.handleSubmit(async (body: ResetPasswordBody) => {
    try {
      await call(recoveryEndpoints.resetPassword, { body });
      setState('done');
    } catch (error) {
      const errors = error instanceof ApiCallError ? error.errors : [];
      if (errors.some((entry) => entry.message === 'recovery.errors.invalidToken')) setState('invalid');
      else if (error instanceof ApiCallError && error.status === 429) showError('auth.tooManyAttempts');
      else applyServerErrors(errors, form.setError, ['password', 'confirmPassword']);
    }
  });

  if (state === 'invalid') {
    return (
      <PublicPage title={t('recovery.reset.title')} footer={<BackToLogin />}>
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {translateMessage(t, 'recovery.errors.invalidToken')}
        </Alert>
        <Anchor component={Link} to="/account/password-forgotten">
          {t('recovery.reset.requestNew')}
        </Anchor>
      </PublicPage>
    );
  }
  if (state === 'done') {
    return (
      <PublicPage title={t('recovery.reset.doneTitle')}>
        <Text>{t('recovery.reset.doneText')}</Text>
        <Button component={Link} to="/account/login" fullWidth>
          {t('recovery.backToLogin')}
        </Button>
      </PublicPage>
    );
  }
  return (
    <PublicPage
      title={t('recovery.reset.title')}
      intro={t('recovery.reset.intro', { count: PASSWORD_MIN_LENGTH })}
      footer={<BackToLogin />}
    >
      <form onSubmit={submit} noValidate aria-label={t('recovery.reset.title')}>
        <Stack gap="md">
          <PasswordField
            control={form.control}
            name="password"
            label={t('recovery.reset.password')}
            autoComplete="new-password"
            required
            autoFocus
          />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label={t('recovery.reset.confirmPassword')}
            autoComplete="new-password"
            required
          />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {t('recovery.reset.submit')}
          </Button>
        </Stack>
      </form>
    </PublicPage>
  );
}
