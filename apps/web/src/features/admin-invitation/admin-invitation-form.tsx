import { Button, Group, Stack, Text } from '@mantine/core';
import { adminInvitationEndpoints } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { applyServerErrors, toFieldName } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { showError } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useInviteAdmin } from './api';

interface InviteAdminModalProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Beheerder uitnodigen': one email field, then 'Uitnodiging verstuurd'. */
export function InviteAdminModal({ opened, onClose }: InviteAdminModalProps) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState('');
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      title={t('invitation.admins.invite.title')}
      successTitle="invitation.admins.invite.successTitle"
      successMessage={t('invitation.admins.invite.success', { email: sentTo })}
    >
      <InviteAdminForm onSent={setSentTo} onCancel={onClose} />
    </ModalFlow>
  );
}

interface InviteAdminFormProps {
  onSent: (email: string) => void;
  onCancel: () => void;
}

/** The form of the invite popup; validates with the contract's body of `POST /Admin/Invitation`. */
export function InviteAdminForm({ onSent, onCancel }: InviteAdminFormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const invite = useInviteAdmin();
  const form = useZodForm(adminInvitationEndpoints.create.body, { defaultValues: { email: '' } });

  const submit = form.handleSubmit((body) =>
    flow.save(async () => {
      try {
        const created = await invite.mutateAsync({ body });
        onSent(created.email);
        return true;
      } catch (error) {
        const errors = error instanceof ApiCallError ? error.errors : [];
        // 'Dit e-mailadres is al uitgenodigd' and the like belong to the field.
        if (errors.some((entry) => toFieldName(entry.key) === 'email')) {
          applyServerErrors(errors, form.setError, ['email']);
        } else {
          const reason = errors.find((entry) => entry.message !== 'general_error')?.message;
          showError(
            reason ?? 'invitation.admins.invite.failed',
            reason ? { title: 'invitation.admins.invite.failed' } : {},
          );
        }
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('invitation.admins.invite.title')}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('invitation.admins.invite.intro')}
          </Text>
          <TextField
            control={form.control}
            name="email"
            label={t('invitation.admins.fields.email')}
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            data-autofocus
          />
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={flow.step === 'saving'}>
            {t('invitation.admins.invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
