import { Fieldset, Group, MultiSelect, Text } from '@mantine/core';
import { PeriodType } from '@xp/contracts';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/ui/inputs/number-field';
import { SelectField } from '@/ui/inputs/select-field';
import { useFormField } from '@/ui/inputs/use-form-field';
import { type FormControl, type VariantField, variantPath } from './subscription-values';

// ------------------------------------------------------------------------------------------ small inputs

/** A euro amount bound to a field that holds cents ('49,99' is stored as 4999): the kit's one. */
export { CentsField } from '@/ui/inputs/currency-input';

export interface IdOption {
  id: number;
  name: string;
  /** Shown after the name: '18 t/m 64 jaar'. */
  detail?: string;
}

/** A multi-select of ids (the gym's locations or groups), bound to a field that holds numbers. */
export function IdMultiSelectField({
  control,
  name,
  label,
  description,
  placeholder,
  options,
  required,
  isLoading,
}: {
  control: FormControl;
  name: 'locationIds' | 'ageGroupIds' | 'timeSlotGroupIds';
  label: string;
  description?: string;
  placeholder?: string;
  options: readonly IdOption[];
  required?: boolean;
  isLoading?: boolean;
}) {
  const { t } = useTranslation();
  const { field, error } = useFormField({ control, name });
  const value = (field.value as number[]).map(String);
  return (
    <MultiSelect
      ref={field.ref}
      label={label}
      description={description}
      placeholder={value.length === 0 ? placeholder : undefined}
      withAsterisk={required}
      aria-required={required || undefined}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={isLoading ? t('ui.loading') : t('subscription.form.nothingFound')}
      data={options.map((option) => ({
        value: String(option.id),
        label: option.detail ? `${option.name} (${option.detail})` : option.name,
      }))}
      value={value}
      onChange={(values) => field.onChange(values.map(Number))}
      onBlur={field.onBlur}
      error={error}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={240}
    />
  );
}

/** The options of a field, with the picked ones the gym's list does not hold (yet) kept by their name. */
export function withKnown(options: readonly IdOption[], known: readonly IdOption[]): IdOption[] {
  const ids = new Set(options.map((option) => option.id));
  return [...options, ...known.filter((option) => !ids.has(option.id))];
}

/** 'maand' or 'maanden' after an amount. */
export function usePeriodOptions(amount: unknown) {
  const { t } = useTranslation();
  const count = typeof amount === 'number' ? amount : 2;
  return Object.values(PeriodType).map((value) => ({
    value,
    label: t(`subscription.period.${value}`, { count }),
  }));
}

/** An amount and its period under one label: 'Looptijd' '12' 'maanden'. */
export function PeriodFields({
  control,
  index,
  amount,
  type,
  label,
  description,
  min = 1,
}: {
  control: FormControl;
  index: number;
  amount: VariantField;
  type: VariantField;
  label: string;
  description?: string;
  min?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const value = useWatch({ control, name: variantPath(index, amount) });
  const options = usePeriodOptions(value);
  return (
    <Fieldset
      variant="unstyled"
      // As the other fields' labels: flush left, the description right below.
      styles={{ legend: { padding: 0, marginBottom: 0 } }}
      aria-describedby={description ? `${id}-description` : undefined}
      legend={
        <Text component="span" size="sm" fw={500}>
          {label}
          <Text component="span" c="red" aria-hidden>
            {' *'}
          </Text>
        </Text>
      }
    >
      {description && (
        <Text id={`${id}-description`} size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <Group gap="xs" align="flex-start" wrap="nowrap" mt={4}>
        <NumberField
          control={control}
          name={variantPath(index, amount)}
          aria-label={label}
          required
          min={min}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={110}
        />
        <SelectField
          control={control}
          name={variantPath(index, type)}
          aria-label={t('subscription.variant.periodOf', { field: label })}
          data={options}
          required
          w={140}
        />
      </Group>
    </Fieldset>
  );
}
