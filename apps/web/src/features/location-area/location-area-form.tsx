import { Button, Group, Stack } from '@mantine/core';
import { type LocationArea, locationAreaInput } from '@xp/contracts';
import { useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showSaveErrors } from '@/ui/form-errors';
import { AddressFields } from '@/ui/inputs/address-fields';
import { SwitchField } from '@/ui/inputs/switch-field';
import { TextField } from '@/ui/inputs/text-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateLocationArea } from './api';

/** The values both forms edit (the edit form adds the room's `id`). */
export type LocationAreaFormValues = z.input<typeof locationAreaInput>;
type FormField = keyof LocationAreaFormValues;

/** The fields of a room's form, where the server's field errors land. */
export const locationAreaFormFields: readonly FormField[] = [
  'name',
  'sameAddressAsLocation',
  'street',
  'houseNumber',
  'postalCode',
  'city',
];

/** A new room lies at the location's own address until said otherwise. */
export const emptyLocationArea: LocationAreaFormValues = {
  name: '',
  sameAddressAsLocation: true,
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
};

export const toFormValues = (area: LocationArea): LocationAreaFormValues => ({
  name: area.name,
  sameAddressAsLocation: area.sameAddressAsLocation,
  street: area.street ?? '',
  houseNumber: area.houseNumber ?? '',
  postalCode: area.postalCode ?? '',
  city: area.city ?? '',
});

/** What is sent: a room at the location's address has no address of its own. */
export function toBody<T extends LocationAreaFormValues>(values: T): T {
  if (!values.sameAddressAsLocation) return values;
  return { ...values, street: null, houseNumber: null, postalCode: null, city: null };
}

interface LocationAreaFieldsProps<T extends LocationAreaFormValues, TOutput extends FieldValues> {
  control: Control<T, unknown, TOutput>;
}

/** Name, the same-address toggle and, when the room has its own address, street to city. */
export function LocationAreaFields<T extends LocationAreaFormValues, TOutput extends FieldValues>({
  control,
}: LocationAreaFieldsProps<T, TOutput>) {
  const { t } = useTranslation();
  // Both forms hold at least these fields; the generic only widens them with the edit form's `id`.
  const path = (name: FormField) => name as FieldPath<T>;
  const isSameAddress = useWatch({ control, name: path('sameAddressAsLocation') }) as boolean;

  return (
    <Stack gap="md">
      <TextField
        control={control}
        name={path('name')}
        label={t('locationArea.fields.name')}
        required
        maxLength={100}
        data-autofocus
      />
      <SwitchField
        control={control}
        name={path('sameAddressAsLocation')}
        label={t('locationArea.fields.sameAddressAsLocation')}
        // Mantine puts the description inside the label; keep the name to the label itself.
        aria-label={t('locationArea.fields.sameAddressAsLocation')}
        description={t('locationArea.form.sameAddressHint')}
      />
      {!isSameAddress && <AddressFields control={control} />}
    </Stack>
  );
}

interface AddLocationAreaModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The popup 'Nieuwe zaal of buitenlocatie toevoegen': form, saving, success, close. */
export function AddLocationAreaModal({ opened, onClose }: AddLocationAreaModalProps) {
  const { t } = useTranslation();
  const [savedName, setSavedName] = useState('');
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      title={t('locationArea.add.title')}
      successTitle="locationArea.add.successTitle"
      successMessage={t('locationArea.add.success', { name: savedName })}
    >
      <AddLocationAreaForm onSaved={setSavedName} onCancel={onClose} />
    </ModalFlow>
  );
}

interface AddLocationAreaFormProps {
  onSaved: (name: string) => void;
  onCancel: () => void;
}

/** The form of the add popup; runs inside a `ModalFlow`. Validates with the contract's `locationAreaInput`. */
export function AddLocationAreaForm({ onSaved, onCancel }: AddLocationAreaFormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const create = useCreateLocationArea();
  const form = useZodForm(locationAreaInput, { defaultValues: emptyLocationArea });

  const submit = form.handleSubmit((values) =>
    flow.save(async () => {
      try {
        const created = await create.mutateAsync({ body: toBody(values) });
        onSaved(created.name);
        return true;
      } catch (error) {
        showSaveErrors(error, form.setError, locationAreaFormFields, 'locationArea.add.failed');
        return false;
      }
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('locationArea.add.title')}>
      <Stack gap="xl">
        <LocationAreaFields control={form.control} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={flow.step === 'saving'}>
            {t('locationArea.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
