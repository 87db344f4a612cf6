import { Grid } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

/** The form values the address fields bind to (optional where the address itself is optional). */
export interface AddressFormValues {
  street?: string | null | undefined;
  houseNumber?: string | null | undefined;
  postalCode?: string | null | undefined;
  city?: string | null | undefined;
}

interface AddressFieldsProps<T extends FieldValues, TOutput extends FieldValues> {
  control: Control<T, unknown, TOutput>;
  /** The fields' names start with it (`delivery`: `deliveryStreet`, ...); none: `street`, .... */
  prefix?: string;
}

/** Street, house number, postal code and city in a two-column grid, each required. */
export function AddressFields<T extends FieldValues, TOutput extends FieldValues>({
  control,
  prefix,
}: AddressFieldsProps<T, TOutput>) {
  const { t } = useTranslation();
  // The form holds these fields (with the prefix); the generic only widens them with the form's own.
  const path = (name: keyof AddressFormValues) =>
    (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name) as FieldPath<T>;
  return (
    <Grid gap="md" role="group" aria-label={t('ui.address.label')}>
      <Grid.Col span={{ base: 12, xs: 8 }}>
        <TextField
          control={control}
          name={path('street')}
          label={t('ui.address.street')}
          required
          maxLength={120}
          autoComplete="address-line1"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 4 }}>
        <TextField
          control={control}
          name={path('houseNumber')}
          label={t('ui.address.houseNumber')}
          required
          maxLength={20}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 4 }}>
        <TextField
          control={control}
          name={path('postalCode')}
          label={t('ui.address.postalCode')}
          placeholder="1234 AB"
          required
          maxLength={10}
          autoComplete="postal-code"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 8 }}>
        <TextField
          control={control}
          name={path('city')}
          label={t('ui.address.city')}
          required
          maxLength={100}
          autoComplete="address-level2"
        />
      </Grid.Col>
    </Grid>
  );
}
