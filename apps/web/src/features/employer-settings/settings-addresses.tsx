import {
  AddressType,
  type EmployerAddress,
  type EmployerAddressInput,
  type EmployerSettings,
  employerAddressCountries,
  employerAddressInput,
  MAX_EMPLOYER_ADDRESSES,
} from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/ui/inputs/select-field';
import { ModalForm } from '@/ui/modal-form';
import { useZodForm } from '@/ui/use-zod-form';
import { FieldGrid, translatedOptions } from './settings-fields';
import { type RowFormProps, SettingsListCard, useRowSubmit } from './settings-list-card';

const addressFields = ['addressType', 'street', 'houseNumber', 'postalCode', 'city', 'country'] as const;

const emptyAddress: EmployerAddressInput = {
  addressType: AddressType.Billing,
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  country: 'NL',
};

export const formatAddress = (address: Omit<EmployerAddress, 'id' | 'addressType'>) =>
  `${address.street} ${address.houseNumber}, ${address.postalCode} ${address.city}${address.country === 'NL' ? '' : ` (${address.country})`}`;

/** 'Adressen': the billing and visiting addresses, each added, changed or removed in the address modal. */
export function SettingsAddresses({ settings }: { settings: EmployerSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsListCard
      settings={settings}
      list="addresses"
      texts="employerSettings.addresses"
      max={MAX_EMPLOYER_ADDRESSES}
      labelOf={formatAddress}
      columns={[
        {
          header: 'employerSettings.fields.addressType',
          cell: (address) => t(`employerSettings.addressType.${address.addressType}`),
        },
        { header: 'employerSettings.fields.address', cell: formatAddress },
      ]}
      renderForm={(props) => <AddressForm settings={settings} {...props} />}
    />
  );
}

/** The address modal's form: type, street, house number, postal code, city and country. */
function AddressForm({
  settings,
  index,
  row,
  onCancel,
}: RowFormProps<EmployerAddress> & { settings: EmployerSettings }) {
  const { t } = useTranslation();
  const initial = row ? (({ id: _, ...address }) => address)(row) : emptyAddress;
  const form = useZodForm(employerAddressInput, { defaultValues: initial });
  const submit = useRowSubmit(form, {
    settings,
    list: 'addresses',
    index,
    fields: addressFields,
    failure: 'employerSettings.addresses.failed',
  });
  const select = (name: 'addressType' | 'country', data: { value: string | number; label: string }[]) => ({
    key: name,
    span: 12,
    element: (
      <SelectField
        control={form.control}
        name={name}
        label={t(`employerSettings.fields.${name}`)}
        data={data}
        required
      />
    ),
  });

  return (
    <ModalForm onSubmit={submit} label={t('employerSettings.addresses.modal')} onCancel={onCancel}>
      <FieldGrid
        control={form.control}
        fields={[
          select(
            'addressType',
            translatedOptions(t, Object.values(AddressType), 'employerSettings.addressType'),
          ),
          {
            name: 'street',
            label: 'ui.address.street',
            span: 8,
            maxLength: 120,
            isRequired: true,
            hasAutofocus: true,
          },
          { name: 'houseNumber', label: 'ui.address.houseNumber', span: 4, maxLength: 20, isRequired: true },
          {
            name: 'postalCode',
            label: 'ui.address.postalCode',
            span: 4,
            maxLength: 10,
            isRequired: true,
            placeholder: '1234 AB',
          },
          { name: 'city', label: 'ui.address.city', span: 8, maxLength: 100, isRequired: true },
          select('country', translatedOptions(t, employerAddressCountries, 'employerSettings.country')),
        ]}
      />
    </ModalForm>
  );
}
