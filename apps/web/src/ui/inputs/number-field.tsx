// Apart from text-field: screens with only text inputs (the login page) need no NumberInput.
import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldWrapperProps, useFieldInput } from './use-form-field';

export type NumberFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<NumberInputProps, T, N, TOutput>;

/** Number bound to a form field; an empty input gives `undefined` (so zod says 'required'). */
export function NumberField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: NumberFieldProps<T, N, TOutput>,
) {
  const { field, inputProps } = useFieldInput(props);
  return (
    <NumberInput
      decimalSeparator=","
      thousandSeparator="."
      {...inputProps}
      value={(field.value as number | null | undefined) ?? ''}
      // Empty is null, not undefined: react-hook-form would show the default value again for undefined.
      onChange={(value) => field.onChange(toNumber(value) ?? null)}
    />
  );
}

/** NumberInput gives a string while the text is not a number yet ('' or '-'). */
export function toNumber(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const parsed = Number(value.replace(',', '.'));
  return value.trim() === '' || Number.isNaN(parsed) ? undefined : parsed;
}
