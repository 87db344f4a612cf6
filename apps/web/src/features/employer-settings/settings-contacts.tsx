import { ActionIcon, Badge, Button, Grid, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type EmployerContact,
  type EmployerContactInput,
  type EmployerSettings,
  employerContactInput,
  MAX_EMPLOYER_CONTACTS,
} from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { SwitchField } from '@/ui/inputs/switch-field';
import { TextField } from '@/ui/inputs/text-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { SubmitActions } from '@/ui/submit-actions';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { settingsForm, useUpdateEmployerSettings } from './api';
import { showRowErrors } from './row-errors';
import { SettingsCard } from './settings-card';

const contactFields = [
  'firstName',
  'insertion',
  'lastName',
  'description',
  'phoneNumber',
  'email',
  'registrations',
  'newsletters',
  'invoices',
] as const;
/** What a contact person receives. */
const receives = ['registrations', 'newsletters', 'invoices'] as const;

const emptyContact: EmployerContactInput = {
  firstName: '',
  insertion: '',
  lastName: '',
  description: '',
  phoneNumber: '',
  email: '',
  registrations: false,
  newsletters: false,
  invoices: false,
};

const withoutId = ({ id: _, ...contact }: EmployerContact): EmployerContactInput => contact;
const toFormValues = (contact: EmployerContact): EmployerContactInput => ({
  ...withoutId(contact),
  insertion: contact.insertion ?? '',
  description: contact.description ?? '',
  phoneNumber: contact.phoneNumber ?? '',
  email: contact.email ?? '',
});

export const fullName = (contact: Pick<EmployerContact, 'firstName' | 'insertion' | 'lastName'>) =>
  [contact.firstName, contact.insertion, contact.lastName].filter(Boolean).join(' ');

/** 'Contactpersonen': each added, changed or removed in the contact person modal. */
export function SettingsContacts({ settings }: { settings: EmployerSettings }) {
  const { t } = useTranslation();
  const update = useUpdateEmployerSettings();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const isFull = settings.contacts.length >= MAX_EMPLOYER_CONTACTS;

  const remove = (index: number) => {
    const contact = settings.contacts[index]!;
    void openConfirm({
      title: 'employerSettings.contacts.removeTitle',
      message: t('employerSettings.contacts.removeMessage', { name: fullName(contact) }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await update.mutateAsync({
            form: settingsForm(settings, {
              contacts: settings.contacts.filter((_, at) => at !== index).map(withoutId),
            }),
          });
          showSuccess(t('employerSettings.contacts.removed', { name: fullName(contact) }));
          return true;
        } catch (error) {
          showFailure(error, 'employerSettings.contacts.failed');
          return false;
        }
      },
    });
  };

  return (
    <SettingsCard
      title={t('employerSettings.contacts.title')}
      subtitle={t('employerSettings.contacts.subtitle')}
      actions={
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          disabled={isFull}
        >
          {t('employerSettings.contacts.add')}
        </Button>
      }
    >
      {settings.contacts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('employerSettings.contacts.empty')}
        </Text>
      ) : (
        <Table aria-label={t('employerSettings.contacts.title')} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('employerSettings.fields.name')}</Table.Th>
              <Table.Th>{t('employerSettings.fields.contactDetails')}</Table.Th>
              <Table.Th>{t('employerSettings.fields.receives')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('ui.list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settings.contacts.map((contact, index) => (
              <Table.Tr key={contact.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {fullName(contact)}
                  </Text>
                  {contact.description && (
                    <Text size="xs" c="dimmed">
                      {contact.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{contact.email ?? ''}</Text>
                  <Text size="sm">{contact.phoneNumber ?? ''}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {receives
                      .filter((what) => contact[what])
                      .map((what) => (
                        <Badge key={what} variant="light" size="sm">
                          {t(`employerSettings.fields.${what}`)}
                        </Badge>
                      ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('actions.edit')} ${fullName(contact)}`}
                      onClick={() => setEditing(index)}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('actions.delete')} ${fullName(contact)}`}
                      onClick={() => remove(index)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ModalFlow
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new'
            ? t('employerSettings.contacts.addTitle')
            : t('employerSettings.contacts.editTitle')
        }
        successMessage="employerSettings.contacts.saved"
        size="large"
      >
        {editing !== null && (
          <ContactForm
            settings={settings}
            index={editing === 'new' ? settings.contacts.length : editing}
            initial={editing === 'new' ? emptyContact : toFormValues(settings.contacts[editing]!)}
            onCancel={() => setEditing(null)}
          />
        )}
      </ModalFlow>
    </SettingsCard>
  );
}

interface ContactFormProps {
  settings: EmployerSettings;
  index: number;
  initial: EmployerContactInput;
  onCancel: () => void;
}

/** The contact person modal's form (spec 000 section 3, Contact person). */
function ContactForm({ settings, index, initial, onCancel }: ContactFormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const update = useUpdateEmployerSettings();
  const form = useZodForm(employerContactInput, { defaultValues: initial });

  const submit = form.handleSubmit((values) =>
    flow.save(async () => {
      const contacts: EmployerContactInput[] = settings.contacts.map(withoutId);
      contacts[index] = values;
      try {
        await update.mutateAsync({ form: settingsForm(settings, { contacts }) });
        return true;
      } catch (error) {
        showRowErrors(
          error,
          'contacts',
          index,
          form.setError,
          contactFields,
          'employerSettings.contacts.failed',
        );
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('employerSettings.contacts.modal')}>
      <Stack gap="xl">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 4 }}>
            <TextField
              control={form.control}
              name="firstName"
              label={t('employerSettings.fields.firstName')}
              required
              maxLength={64}
              data-autofocus
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 3 }}>
            <TextField
              control={form.control}
              name="insertion"
              label={t('employerSettings.fields.insertion')}
              maxLength={20}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 5 }}>
            <TextField
              control={form.control}
              name="lastName"
              label={t('employerSettings.fields.lastName')}
              required
              maxLength={64}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextField
              control={form.control}
              name="description"
              label={t('employerSettings.fields.contactDescription')}
              maxLength={200}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextField
              control={form.control}
              name="phoneNumber"
              label={t('employerSettings.fields.phoneNumber')}
              type="tel"
              maxLength={20}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextField
              control={form.control}
              name="email"
              label={t('employerSettings.fields.email')}
              type="email"
              maxLength={254}
            />
          </Grid.Col>
        </Grid>
        <Stack gap="xs" role="group" aria-label={t('employerSettings.fields.receives')}>
          <Text size="sm" fw={500}>
            {t('employerSettings.fields.receives')}
          </Text>
          {receives.map((what) => (
            <SwitchField
              key={what}
              control={form.control}
              name={what}
              label={t(`employerSettings.fields.${what}`)}
            />
          ))}
        </Stack>
        <SubmitActions submitLabel="actions.save" isSubmitting={flow.step === 'saving'} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
