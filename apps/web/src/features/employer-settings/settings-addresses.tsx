import { ActionIcon, Button, Grid, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  AddressType,
  type EmployerAddress,
  type EmployerAddressInput,
  type EmployerSettings,
  employerAddressCountries,
  employerAddressInput,
  MAX_EMPLOYER_ADDRESSES,
} from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { SubmitActions } from '@/ui/submit-actions';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { settingsForm, useUpdateEmployerSettings } from './api';
import { showRowErrors } from './row-errors';
import { SettingsCard } from './settings-card';

const addressFields = ['addressType', 'street', 'houseNumber', 'postalCode', 'city', 'country'] as const;

const emptyAddress: EmployerAddressInput = {
  addressType: AddressType.Billing,
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  country: 'NL',
};

const withoutId = ({ id: _, ...address }: EmployerAddress): EmployerAddressInput => address;

/** 'Adressen': the billing and visiting addresses, each added, changed or removed in the address modal. */
export function SettingsAddresses({ settings }: { settings: EmployerSettings }) {
  const { t } = useTranslation();
  const update = useUpdateEmployerSettings();
  /** The row being edited: its index, or 'new'; null while the modal is closed. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const isFull = settings.addresses.length >= MAX_EMPLOYER_ADDRESSES;

  const remove = (index: number) => {
    const address = settings.addresses[index]!;
    void openConfirm({
      title: 'employerSettings.addresses.removeTitle',
      message: t('employerSettings.addresses.removeMessage', { address: formatAddress(address) }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await update.mutateAsync({
            form: settingsForm(settings, {
              addresses: settings.addresses.filter((_, at) => at !== index).map(withoutId),
            }),
          });
          showSuccess(t('employerSettings.addresses.removed'));
          return true;
        } catch (error) {
          showFailure(error, 'employerSettings.addresses.failed');
          return false;
        }
      },
    });
  };

  return (
    <SettingsCard
      title={t('employerSettings.addresses.title')}
      subtitle={t('employerSettings.addresses.subtitle')}
      actions={
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing('new')}
          disabled={isFull}
        >
          {t('employerSettings.addresses.add')}
        </Button>
      }
    >
      {settings.addresses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('employerSettings.addresses.empty')}
        </Text>
      ) : (
        <Table aria-label={t('employerSettings.addresses.title')} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('employerSettings.fields.addressType')}</Table.Th>
              <Table.Th>{t('employerSettings.fields.address')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('ui.list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {settings.addresses.map((address, index) => (
              <Table.Tr key={address.id}>
                <Table.Td>{t(`employerSettings.addressType.${address.addressType}`)}</Table.Td>
                <Table.Td>{formatAddress(address)}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('actions.edit')} ${formatAddress(address)}`}
                      onClick={() => setEditing(index)}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('actions.delete')} ${formatAddress(address)}`}
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
            ? t('employerSettings.addresses.addTitle')
            : t('employerSettings.addresses.editTitle')
        }
        successMessage="employerSettings.addresses.saved"
      >
        {editing !== null && (
          <AddressForm
            settings={settings}
            index={editing === 'new' ? settings.addresses.length : editing}
            initial={editing === 'new' ? emptyAddress : withoutId(settings.addresses[editing]!)}
            onCancel={() => setEditing(null)}
          />
        )}
      </ModalFlow>
    </SettingsCard>
  );
}

export const formatAddress = (address: Omit<EmployerAddress, 'id' | 'addressType'>) =>
  `${address.street} ${address.houseNumber}, ${address.postalCode} ${address.city}${address.country === 'NL' ? '' : ` (${address.country})`}`;

interface AddressFormProps {
  settings: EmployerSettings;
  /** Where the address goes in the list: a new one at the end. */
  index: number;
  initial: EmployerAddressInput;
  onCancel: () => void;
}

/** The address modal's form: street, house number, postal code, city, type and country. */
function AddressForm({ settings, index, initial, onCancel }: AddressFormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const update = useUpdateEmployerSettings();
  const form = useZodForm(employerAddressInput, { defaultValues: initial });

  const submit = form.handleSubmit((values) =>
    flow.save(async () => {
      const addresses = settings.addresses.map(withoutId);
      addresses[index] = values;
      try {
        await update.mutateAsync({ form: settingsForm(settings, { addresses }) });
        return true;
      } catch (error) {
        showRowErrors(
          error,
          'addresses',
          index,
          form.setError,
          addressFields,
          'employerSettings.addresses.failed',
        );
        return false;
      }
    }),
  );

  const typeOptions = Object.values(AddressType).map((value) => ({
    value,
    label: t(`employerSettings.addressType.${value}`),
  }));
  const countryOptions = employerAddressCountries.map((value) => ({
    value,
    label: t(`employerSettings.country.${value}`),
  }));

  return (
    <form onSubmit={submit} noValidate aria-label={t('employerSettings.addresses.modal')}>
      <Stack gap="xl">
        <Grid gap="md">
          <Grid.Col span={12}>
            <SelectField
              control={form.control}
              name="addressType"
              label={t('employerSettings.fields.addressType')}
              data={typeOptions}
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 8 }}>
            <TextField
              control={form.control}
              name="street"
              label={t('ui.address.street')}
              required
              maxLength={120}
              data-autofocus
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4 }}>
            <TextField
              control={form.control}
              name="houseNumber"
              label={t('ui.address.houseNumber')}
              required
              maxLength={20}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4 }}>
            <TextField
              control={form.control}
              name="postalCode"
              label={t('ui.address.postalCode')}
              placeholder="1234 AB"
              required
              maxLength={10}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 8 }}>
            <TextField
              control={form.control}
              name="city"
              label={t('ui.address.city')}
              required
              maxLength={100}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <SelectField
              control={form.control}
              name="country"
              label={t('employerSettings.fields.country')}
              data={countryOptions}
              required
            />
          </Grid.Col>
        </Grid>
        <SubmitActions submitLabel="actions.save" isSubmitting={flow.step === 'saving'} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
