import { Button, Group, Stack, Text } from '@mantine/core';
import { inviteEmployeeBody } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { useZodForm } from '@/ui/use-zod-form';
import { useInviteEmployerEmployee } from './api';

interface InviteEmployeeModalProps {
  activeEmployerId: number;
  opened: boolean;
  onClose: () => void;
  /** The invitation was sent (the list's counts changed). */
  onSent?: (() => void) | undefined;
}

/** 'Medewerker uitnodigen': one email field, then 'Uitnodiging verstuurd'. */
export function InviteEmployeeModal({ activeEmployerId, opened, onClose, onSent }: InviteEmployeeModalProps) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState('');
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      title={t('employerEmployee.invite.title')}
      successTitle="employerEmployee.invite.successTitle"
      successMessage={t('employerEmployee.invite.success', { email: sentTo })}
    >
      <InviteForm
        activeEmployerId={activeEmployerId}
        onSent={(email) => {
          setSentTo(email);
          onSent?.();
        }}
        onCancel={onClose}
      />
    </ModalFlow>
  );
}

interface InviteFormProps {
  activeEmployerId: number;
  onSent: (email: string) => void;
  onCancel: () => void;
}

/** The form of the invite popup; validates with the contract's body of the invite call. */
function InviteForm({ activeEmployerId, onSent, onCancel }: InviteFormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const invite = useInviteEmployerEmployee();
  const form = useZodForm(inviteEmployeeBody, { defaultValues: { email: '' } });

  const submit = form.handleSubmit((body) =>
    flow.save(async () => {
      try {
        const created = await invite.mutateAsync({ params: { activeEmployerId }, body });
        onSent(created.email);
        return true;
      } catch (error) {
        // 'Dit e-mailadres is al uitgenodigd' and the like belong to the field.
        showSaveErrors(error, form.setError, ['email'], 'employerEmployee.invite.failed');
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('employerEmployee.invite.title')}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('employerEmployee.invite.intro')}
          </Text>
          <TextField
            control={form.control}
            name="email"
            label={t('employerEmployee.fields.email')}
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
            {t('employerEmployee.invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
