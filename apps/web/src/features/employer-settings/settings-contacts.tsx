import { Badge, Group, Text } from '@mantine/core';
import {
  type EmployerContact,
  type EmployerContactInput,
  type EmployerSettings,
  employerContactInput,
  fullNameOf,
  MAX_EMPLOYER_CONTACTS,
} from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '@/ui/modal-form';
import { useZodForm } from '@/ui/use-zod-form';
import { FieldGrid, type GridTextField, SwitchGroup } from './settings-fields';
import { type RowFormProps, SettingsListCard, useRowSubmit } from './settings-list-card';

/** What a contact person receives. */
const receives = ['registrations', 'newsletters', 'invoices'] as const;

/** The contact person modal's text fields (spec 000 section 3, Contact person). */
const textFields: readonly GridTextField<EmployerContactInput>[] = [
  {
    name: 'firstName',
    label: 'employerSettings.fields.firstName',
    span: 4,
    maxLength: 64,
    isRequired: true,
    hasAutofocus: true,
  },
  { name: 'insertion', label: 'employerSettings.fields.insertion', span: 3, maxLength: 20 },
  { name: 'lastName', label: 'employerSettings.fields.lastName', span: 5, maxLength: 64, isRequired: true },
  { name: 'description', label: 'employerSettings.fields.contactDescription', span: 12, maxLength: 200 },
  { name: 'phoneNumber', label: 'employerSettings.fields.phoneNumber', span: 6, maxLength: 20, type: 'tel' },
  { name: 'email', label: 'employerSettings.fields.email', span: 6, maxLength: 254, type: 'email' },
];
const contactFields = [...textFields.map((field) => field.name), ...receives];

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

const toFormValues = ({ id: _, ...contact }: EmployerContact): EmployerContactInput => ({
  ...contact,
  insertion: contact.insertion ?? '',
  description: contact.description ?? '',
  phoneNumber: contact.phoneNumber ?? '',
  email: contact.email ?? '',
});

/** 'Contactpersonen': each added, changed or removed in the contact person modal. */
export function SettingsContacts({ settings }: { settings: EmployerSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsListCard
      settings={settings}
      list="contacts"
      texts="employerSettings.contacts"
      max={MAX_EMPLOYER_CONTACTS}
      labelOf={fullNameOf}
      columns={[
        {
          header: 'employerSettings.fields.name',
          cell: (contact) => (
            <>
              <Text size="sm" fw={500}>
                {fullNameOf(contact)}
              </Text>
              {contact.description && (
                <Text size="xs" c="dimmed">
                  {contact.description}
                </Text>
              )}
            </>
          ),
        },
        {
          header: 'employerSettings.fields.contactDetails',
          cell: (contact) => (
            <>
              <Text size="sm">{contact.email ?? ''}</Text>
              <Text size="sm">{contact.phoneNumber ?? ''}</Text>
            </>
          ),
        },
        {
          header: 'employerSettings.fields.receives',
          cell: (contact) => (
            <Group gap={4}>
              {receives
                .filter((what) => contact[what])
                .map((what) => (
                  <Badge key={what} variant="light" size="sm">
                    {t(`employerSettings.fields.${what}`)}
                  </Badge>
                ))}
            </Group>
          ),
        },
      ]}
      modalSize="large"
      minWidth={640}
      renderForm={(props) => <ContactForm settings={settings} {...props} />}
    />
  );
}

/** The contact person modal's form (spec 000 section 3, Contact person). */
function ContactForm({
  settings,
  index,
  row,
  onCancel,
}: RowFormProps<EmployerContact> & { settings: EmployerSettings }) {
  const { t } = useTranslation();
  const form = useZodForm(employerContactInput, {
    defaultValues: row ? toFormValues(row) : emptyContact,
  });
  const submit = useRowSubmit(form, {
    settings,
    list: 'contacts',
    index,
    fields: contactFields,
    failure: 'employerSettings.contacts.failed',
  });

  return (
    <ModalForm onSubmit={submit} label={t('employerSettings.contacts.modal')} onCancel={onCancel}>
      <FieldGrid control={form.control} fields={textFields} />
      <SwitchGroup
        control={form.control}
        label={t('employerSettings.fields.receives')}
        names={receives}
        texts="employerSettings.fields"
      />
    </ModalForm>
  );
}
