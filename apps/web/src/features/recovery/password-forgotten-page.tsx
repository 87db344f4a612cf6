import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { type ForgotPasswordBody, forgotPasswordBody, recoveryEndpoints } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { ApiCallError, call } from '@/app/api-client';
import { PublicPage } from '@/features/account/public-page';
import { applyServerErrors, showError, TextField, useZodForm } from '@/ui';

/** Step 1 of password recovery: ask for the address; the answer never tells whether it exists. */
export function PasswordForgottenPage() {
  const { t } = useTranslation();
  const router = useRouter();
  // Validated on submit (then on change), as the login: leaving the empty field for the link back to the
  // login must not raise an error that shifts the link away from the pointer.
  const form = useZodForm(forgotPasswordBody, { mode: 'onSubmit', defaultValues: { email: '' } });

  const submit = form.handleSubmit(async (body: ForgotPasswordBody) => {
    try {
      await call(recoveryEndpoints.forgotPassword, { body });
      await router.navigate({ to: '/account/password-forgotten-confirm' });
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 429) showError('auth.tooManyAttempts');
      else applyServerErrors(error instanceof ApiCallError ? error.errors : [], form.setError, ['email']);
    }
  });

  return (
    <PublicPage
      title={t('recovery.forgotten.title')}
      intro={t('recovery.forgotten.intro')}
      footer={<BackToLogin />}
    >
      <form onSubmit={submit} noValidate aria-label={t('recovery.forgotten.title')}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="email"
            label={t('auth.login.email')}
            type="email"
            autoComplete="username"
            required
            autoFocus
          />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting}>
            {t('recovery.forgotten.submit')}
          </Button>
        </Stack>
      </form>
    </PublicPage>
  );
}

/** Step 2: a mail is on its way (if the address has an account). */
export function PasswordForgottenConfirmPage() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('recovery.confirm.title')} footer={<BackToLogin />}>
      <Text>{t('recovery.confirm.text')}</Text>
      <Text size="sm" c="dimmed">
        {t('recovery.confirm.hint')}
      </Text>
    </PublicPage>
  );
}

export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Text ta="center" size="sm">
      <Anchor component={Link} to="/account/login">
        {t('recovery.backToLogin')}
      </Anchor>
    </Text>
  );
}
