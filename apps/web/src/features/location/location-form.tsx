import { Fieldset, Paper, Stack } from '@mantine/core';
import { canAlterLocation, type LocationDetail, locationInput, locationUpdate } from '@xp/contracts';
import { useEffect } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useRequiredClaims } from '@/app/session';
import { FormActions } from '@/ui/form-actions';
import { showSaveErrors } from '@/ui/form-errors';
import { AddressFields } from '@/ui/inputs/address-fields';
import { NumberField } from '@/ui/inputs/number-field';
import { SwitchField } from '@/ui/inputs/switch-field';
import { TextField } from '@/ui/inputs/text-field';
import { SidePanelForm } from '@/ui/side-panel';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateLocation, useUpdateLocation } from './api';

export type LocationFormValues = z.input<typeof locationInput>;
type FormField = keyof LocationFormValues;
const formFields = Object.keys(locationInput.shape) as FormField[];

export const emptyLocation: LocationFormValues = {
  name: '',
  slug: '',
  email: '',
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  memberExpectedInsideTime: 90,
  visibleOnRegistrationPage: true,
};

export const toFormValues = (location: LocationDetail): LocationFormValues => ({
  name: location.name,
  slug: location.slug,
  email: location.email ?? '',
  street: location.street ?? '',
  houseNumber: location.houseNumber ?? '',
  postalCode: location.postalCode ?? '',
  city: location.city ?? '',
  memberExpectedInsideTime: location.memberExpectedInsideTime,
  visibleOnRegistrationPage: location.visibleOnRegistrationPage,
});

/** 'Vitaal Utrecht Centrum' -> 'vitaal-utrecht-centrum', a suggestion while the slug is still empty. */
export const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);

interface LocationFieldsProps<T extends LocationFormValues, TOutput extends FieldValues> {
  control: Control<T, unknown, TOutput>;
  /** Fills the slug from the name while the slug is untouched (new locations). */
  onNameBlur?: (name: string) => void;
}

/** Name, slug, email, address, expected stay and visibility on the sign-up page. */
export function LocationFields<T extends LocationFormValues, TOutput extends FieldValues>({
  control,
  onNameBlur,
}: LocationFieldsProps<T, TOutput>) {
  const { t } = useTranslation();
  const path = (name: FormField) => name as FieldPath<T>;
  return (
    <Stack gap="md">
      <TextField
        control={control}
        name={path('name')}
        label={t('location.fields.name')}
        required
        maxLength={128}
        data-autofocus
        onBlur={(event) => onNameBlur?.(event.currentTarget.value)}
      />
      <TextField
        control={control}
        name={path('slug')}
        label={t('location.fields.slug')}
        description={t('location.form.slugHint')}
        required
        maxLength={64}
      />
      <TextField
        control={control}
        name={path('email')}
        label={t('location.fields.email')}
        type="email"
        maxLength={254}
        autoComplete="email"
      />
      <AddressFields control={control} />
      <NumberField
        control={control}
        name={path('memberExpectedInsideTime')}
        label={t('location.fields.memberExpectedInsideTime')}
        description={t('location.form.memberExpectedInsideTimeHint')}
        required
        min={1}
        max={1440}
        allowDecimal={false}
        suffix={` ${t('location.form.minutes')}`}
        maw={260}
      />
      <SwitchField
        control={control}
        name={path('visibleOnRegistrationPage')}
        label={t('location.fields.visibleOnRegistrationPage')}
        aria-label={t('location.fields.visibleOnRegistrationPage')}
        description={t('location.form.visibleHint')}
      />
    </Stack>
  );
}

interface AddLocationPanelProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (location: LocationDetail) => void;
}

/** 'Locatie toevoegen': a side panel over the list; saving opens the new location. */
export function AddLocationPanel({ opened, onClose, onCreated }: AddLocationPanelProps) {
  const { t } = useTranslation();
  const create = useCreateLocation();
  const form = useZodForm(locationInput, { defaultValues: emptyLocation });
  const { reset } = form;

  useEffect(() => {
    if (opened) reset(emptyLocation);
  }, [opened, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ body: values });
      showSuccess(t('location.add.saved', { name: created.name }));
      reset(emptyLocation);
      onCreated(created);
    } catch (error) {
      showSaveErrors(error, form.setError, formFields, 'location.add.failed');
    }
  });

  const suggestSlug = (name: string) => {
    if (!form.getValues('slug') && name.trim()) {
      form.setValue('slug', slugOf(name), { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <SidePanelForm
      opened={opened}
      onClose={onClose}
      title={t('location.add.title')}
      subtitle={t('location.add.subtitle')}
      formState={form.formState}
      onSubmit={submit}
      addLabel={t('location.add.submit')}
    >
      <LocationFields control={form.control} onNameBlur={suggestSlug} />
    </SidePanelForm>
  );
}

/** The general data of a location; read-only for who may see but not change it. */
export function LocationGeneralForm({ location }: { location: LocationDetail }) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const mayAlter = canAlterLocation(claims, location);
  const update = useUpdateLocation();
  const form = useZodForm(locationUpdate, { defaultValues: { ...toFormValues(location), id: location.id } });
  const { reset } = form;
  const isDirty = form.formState.isDirty;

  // Show what another save changed meanwhile, unless it is being edited here.
  useEffect(() => {
    if (!isDirty) reset({ ...toFormValues(location), id: location.id });
  }, [location, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ body: values });
      reset({ ...toFormValues(saved), id: saved.id });
      showSuccess(t('location.edit.saved', { name: saved.name }));
    } catch (error) {
      showSaveErrors(error, form.setError, formFields, 'location.edit.failed');
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate aria-label={t('location.tabs.general')}>
        <Stack gap="xl">
          <Fieldset variant="unstyled" disabled={!mayAlter}>
            <LocationFields control={form.control} />
          </Fieldset>
          {mayAlter && (
            <FormActions
              isDirty={isDirty}
              isSubmitting={form.formState.isSubmitting}
              onUndo={() => reset()}
              undoLabel="location.edit.undo"
            />
          )}
        </Stack>
      </form>
    </Paper>
  );
}
