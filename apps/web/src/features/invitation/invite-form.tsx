import { Button, Group, Stack, Text } from '@mantine/core';
import { inviteByEmail } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { applyServerErrors, toFieldName } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { showError } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { type InvitationEndpoints, useInvite } from './api';

interface InviteModalProps {
  /** Prefix of the texts (`invitation.admins`, `employee.invitations`): `<texts>.invite.title`, ... */
  texts: string;
  endpoints: InvitationEndpoints;
  opened: boolean;
  onClose: () => void;
}

/** '... uitnodigen': one email field, then 'Uitnodiging verstuurd'. */
export function InviteModal({ texts, endpoints, opened, onClose }: InviteModalProps) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState('');
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      title={t(`${texts}.invite.title`)}
      successTitle={`${texts}.invite.successTitle`}
      successMessage={t(`${texts}.invite.success`, { email: sentTo })}
    >
      <InviteForm texts={texts} endpoints={endpoints} onSent={setSentTo} onCancel={onClose} />
    </ModalFlow>
  );
}

interface InviteFormProps {
  texts: string;
  endpoints: InvitationEndpoints;
  onSent: (email: string) => void;
  onCancel: () => void;
}

/** The form of the invite popup; validates with the contract's body of the invite call. */
function InviteForm({ texts, endpoints, onSent, onCancel }: InviteFormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const invite = useInvite(endpoints);
  const form = useZodForm(inviteByEmail, { defaultValues: { email: '' } });

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
          showError(reason ?? `${texts}.invite.failed`, reason ? { title: `${texts}.invite.failed` } : {});
        }
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t(`${texts}.invite.title`)}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t(`${texts}.invite.intro`)}
          </Text>
          <TextField
            control={form.control}
            name="email"
            label={t(`${texts}.fields.email`)}
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
            {t(`${texts}.invite.submit`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
