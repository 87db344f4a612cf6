import { Grid, Text, type TextInputProps } from '@mantine/core';
import {
  SUPPLIER_LIMITS,
  type Supplier,
  type SupplierFields,
  supplierEdit,
  supplierFields,
} from '@xp/contracts';
import { useState } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { ModalForm } from '@/ui/modal-form';
import { useZodForm } from '@/ui/use-zod-form';
import { useAddSupplier, useEditSupplier, useSupplier } from './api';

/** Every field of the company data: the server's field errors (409 name, 409 email, 400 ...) land on them. */
const fieldNames = [
  'name',
  'email',
  'firstName',
  'insertion',
  'lastName',
  'address',
  'houseNumber',
  'zipcode',
  'city',
  'country',
  'phoneNumber',
  'kvkNumber',
  'btwNumber',
  'bankAccountNumber',
] as const;

export const emptySupplier: SupplierFields = {
  name: '',
  email: '',
  firstName: '',
  insertion: '',
  lastName: '',
  address: '',
  houseNumber: '',
  zipcode: '',
  city: '',
  country: 'Nederland',
  phoneNumber: '',
  kvkNumber: '',
  btwNumber: '',
  bankAccountNumber: '',
};

/** A supplier's data as form values (blank where a supplier from before the company data has none). */
const valuesOf = (supplier: Supplier): SupplierFields & { id: number } =>
  ({
    id: supplier.id,
    ...Object.fromEntries(fieldNames.map((name) => [name, supplier[name] ?? ''])),
    name: supplier.name,
  }) as SupplierFields & { id: number };

interface SupplierFormModalProps {
  opened: boolean;
  /** The supplier to edit; a new supplier when null. */
  supplierId: number | null;
  onClose: () => void;
  /** After a successful save, when the modal closes. */
  onDone?: () => void;
}

/** 'Leverancier toevoegen' (admin: then invited) or 'Bedrijfsgegevens wijzigen', validated with the contract. */
export function SupplierFormModal({ opened, supplierId, onClose, onDone }: SupplierFormModalProps) {
  const { t } = useTranslation();
  const details = useSupplier(opened ? supplierId : null);
  const [saved, setSaved] = useState<{ name: string; email: string }>({ name: '', email: '' });
  const isEdit = supplierId !== null;
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      onDone={onDone}
      size="large"
      title={t(isEdit ? 'supplier.edit.title' : 'supplier.add.title')}
      successMessage={t(isEdit ? 'supplier.edit.done' : 'supplier.add.done', saved)}
      isLoading={isEdit && details.isPending}
    >
      {isEdit ? (
        details.data && (
          <EditForm key={details.data.id} supplier={details.data} onSaved={setSaved} onCancel={onClose} />
        )
      ) : (
        <AddForm onSaved={setSaved} onCancel={onClose} />
      )}
    </ModalFlow>
  );
}

interface FormProps {
  onSaved: (saved: { name: string; email: string }) => void;
  onCancel: () => void;
}

function AddForm({ onSaved, onCancel }: FormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const add = useAddSupplier();
  const form = useZodForm(supplierFields, { defaultValues: emptySupplier });
  const submit = form.handleSubmit((body) =>
    flow.save(async () => {
      try {
        const created = await add.mutateAsync({ body });
        onSaved({ name: created.name, email: body.email });
        return true;
      } catch (error) {
        showSaveErrors(error, form.setError, fieldNames, 'supplier.add.failed');
        return false;
      }
    }),
  );
  return (
    <ModalForm
      onSubmit={submit}
      label={t('supplier.add.title')}
      onCancel={onCancel}
      submitLabel="supplier.add.submit"
    >
      <Text size="sm" c="dimmed">
        {t('supplier.add.intro')}
      </Text>
      <CompanyFields control={form.control as Control<SupplierFields>} />
    </ModalForm>
  );
}

function EditForm({ supplier, onSaved, onCancel }: FormProps & { supplier: Supplier }) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const edit = useEditSupplier();
  const form = useZodForm(supplierEdit, { defaultValues: valuesOf(supplier) });
  const submit = form.handleSubmit((body) =>
    flow.save(async () => {
      try {
        const changed = await edit.mutateAsync({ body });
        onSaved({ name: changed.name, email: body.email });
        return true;
      } catch (error) {
        showSaveErrors(error, form.setError, fieldNames, 'supplier.edit.failed');
        return false;
      }
    }),
  );
  return (
    <ModalForm onSubmit={submit} label={t('supplier.edit.title')} onCancel={onCancel}>
      <CompanyFields control={form.control as unknown as Control<SupplierFields>} />
    </ModalForm>
  );
}

/** The company data of spec 001 section 3 in a two-column grid. */
function CompanyFields({ control }: { control: Control<SupplierFields> }) {
  const { t } = useTranslation();
  const field = (
    name: keyof SupplierFields,
    span: number,
    props: Omit<Partial<TextInputProps>, 'name'> & { 'data-autofocus'?: boolean } = {},
  ) => (
    <Grid.Col span={{ base: 12, sm: span }}>
      <TextField
        control={control}
        name={name}
        label={t(`supplier.fields.${name}`)}
        required={name !== 'insertion'}
        maxLength={name in SUPPLIER_LIMITS ? SUPPLIER_LIMITS[name as keyof typeof SUPPLIER_LIMITS] : 40}
        {...props}
      />
    </Grid.Col>
  );
  return (
    <Grid gap="md">
      {field('name', 12, { 'data-autofocus': true, autoComplete: 'organization' })}
      {field('firstName', 4, { autoComplete: 'given-name' })}
      {field('insertion', 3, { autoComplete: 'additional-name' })}
      {field('lastName', 5, { autoComplete: 'family-name' })}
      {field('email', 6, { type: 'email', autoCapitalize: 'none', spellCheck: false, autoComplete: 'email' })}
      {field('phoneNumber', 6, { type: 'tel', autoComplete: 'tel' })}
      {field('address', 8, { autoComplete: 'address-line1' })}
      {field('houseNumber', 4)}
      {field('zipcode', 4, { autoComplete: 'postal-code' })}
      {field('city', 4, { autoComplete: 'address-level2' })}
      {field('country', 4, { autoComplete: 'country-name' })}
      {field('kvkNumber', 4, { inputMode: 'numeric' })}
      {field('btwNumber', 4)}
      {field('bankAccountNumber', 4, { autoComplete: 'off' })}
    </Grid>
  );
}
