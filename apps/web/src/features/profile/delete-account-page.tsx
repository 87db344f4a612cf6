import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { userEndpoints } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { useClaims } from '@/app/session';
import { sessionStore } from '@/app/session-store';
import { PublicPage } from '@/features/account/public-page';
import { useConfirm } from '@/ui/confirm-modal';
import { applyServerErrors } from '@/ui/form-errors';
import { PasswordField } from '@/ui/inputs/password-field';
import { translateMessage } from '@/ui/translate';
import { useZodForm } from '@/ui/use-zod-form';
import { useDeleteAccount } from './api';
import { profilePath } from './profile-path';

const deleteAccountBody = userEndpoints.deleteAccount.body;

/** Server messages said in the words of this page. */
const pageMessages: Record<string, string> = {
  'user.errors.lastAdmin': 'profile.deleteAccount.lastAdmin',
};

/**
 * `/account/delete-account` (signed in; also the page the mailed deletion request links to): says what
 * deletion means, asks the password and a confirmation, then signs out here and shows that it is done.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation();
  const claims = useClaims();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const remove = useDeleteAccount();
  const [isDone, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(deleteAccountBody, { mode: 'onSubmit', defaultValues: { password: '' } });

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    const outcome: { error?: unknown } = {};
    const isConfirmed = await confirm({
      title: 'profile.deleteAccount.confirmTitle',
      message: 'profile.deleteAccount.confirmMessage',
      confirmLabel: 'profile.deleteAccount.confirmLabel',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ body });
        } catch (caught) {
          // Shown on the page once the dialog has closed.
          outcome.error = caught;
        }
      },
    });
    if (!isConfirmed) return;
    if (outcome.error) {
      const errors = outcome.error instanceof ApiCallError ? outcome.error.errors : [];
      const onPassword = errors.filter((entry) => entry.key.toLowerCase() === 'password');
      if (onPassword.length > 0) applyServerErrors(onPassword, form.setError, ['password']);
      else setFailure(pageMessages[errors[0]?.message ?? ''] ?? errors[0]?.message ?? 'general_error');
      return;
    }
    // The server cleared the cookies; forget the session and everything cached for it here too.
    sessionStore.setClaims(null);
    queryClient.clear();
    setDone(true);
  });

  if (isDone) {
    return (
      <PublicPage title={t('profile.deleteAccount.doneTitle')}>
        <Text>{t('profile.deleteAccount.doneText')}</Text>
        <Button component={Link} to="/account/login" fullWidth>
          {t('profile.deleteAccount.toLogin')}
        </Button>
      </PublicPage>
    );
  }

  return (
    <PublicPage title={t('profile.deleteAccount.title')} intro={t('profile.deleteAccount.intro')}>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('profile.deleteAccount.consequences.title')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('profile.deleteAccount.consequences.signIn')}</List.Item>
          <List.Item>{t('profile.deleteAccount.consequences.anonymised')}</List.Item>
          <List.Item>{t('profile.deleteAccount.consequences.kept')}</List.Item>
        </List>
      </Stack>
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {translateMessage(t, failure)}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={t('profile.deleteAccount.title')}>
        <Stack gap="md">
          <PasswordField
            control={form.control}
            name="password"
            label={t('profile.deleteAccount.password')}
            description={t('profile.deleteAccount.passwordHint')}
            autoComplete="current-password"
            required
          />
          <Group justify="space-between" gap="sm">
            <Button component={Link} to={claims ? profilePath(claims) : '/account/login'} variant="default">
              {t('profile.deleteAccount.cancel')}
            </Button>
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              {t('profile.deleteAccount.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PublicPage>
  );
}
