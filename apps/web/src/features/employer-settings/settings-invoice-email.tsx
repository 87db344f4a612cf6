import { Button, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type EmployerSettings, employerInvoiceEmailInput, fullNameOf } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { ModalForm } from '@/ui/modal-form';
import { useZodForm } from '@/ui/use-zod-form';
import { settingsForm, useUpdateEmployerSettings } from './api';
import { SettingsCard } from './settings-card';

/** 'Factuuradres (e-mail)': where invoices are sent, changed in the email modal. */
export function SettingsInvoiceEmail({ settings }: { settings: EmployerSettings }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const invoiceContacts = settings.contacts.filter((contact) => contact.invoices && contact.email);
  return (
    <SettingsCard
      title={t('employerSettings.invoiceEmail.title')}
      subtitle={t('employerSettings.invoiceEmail.subtitle')}
      actions={
        <Button
          variant="light"
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t('employerSettings.invoiceEmail.change')}
        </Button>
      }
    >
      {settings.invoiceEmail ? (
        <Text size="sm" fw={500}>
          {settings.invoiceEmail}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {invoiceContacts.length > 0
            ? t('employerSettings.invoiceEmail.toContacts', {
                names: invoiceContacts.map((contact) => fullNameOf(contact)).join(', '),
              })
            : t('employerSettings.invoiceEmail.none')}
        </Text>
      )}
      <ModalFlow
        opened={isOpen}
        onClose={() => setOpen(false)}
        title={t('employerSettings.invoiceEmail.modal')}
        successMessage="employerSettings.invoiceEmail.saved"
      >
        {isOpen && <InvoiceEmailForm settings={settings} onCancel={() => setOpen(false)} />}
      </ModalFlow>
    </SettingsCard>
  );
}

/** The email modal: a single email field. */
function InvoiceEmailForm({ settings, onCancel }: { settings: EmployerSettings; onCancel: () => void }) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const update = useUpdateEmployerSettings();
  const form = useZodForm(employerInvoiceEmailInput, {
    defaultValues: { invoiceEmail: settings.invoiceEmail ?? '' },
  });
  const submit = form.handleSubmit((values) =>
    flow.save(async () => {
      try {
        await update.mutateAsync({
          form: settingsForm(settings, { invoiceEmail: values.invoiceEmail ?? null }),
        });
        return true;
      } catch (error) {
        showSaveErrors(error, form.setError, ['invoiceEmail'], 'employerSettings.invoiceEmail.failed');
        return false;
      }
    }),
  );
  return (
    <ModalForm onSubmit={submit} label={t('employerSettings.invoiceEmail.modal')} onCancel={onCancel}>
      <TextField
        control={form.control}
        name="invoiceEmail"
        label={t('employerSettings.fields.email')}
        description={t('employerSettings.invoiceEmail.hint')}
        type="email"
        maxLength={254}
        data-autofocus
      />
    </ModalForm>
  );
}
