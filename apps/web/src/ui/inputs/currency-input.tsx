import { NumberInput, type NumberInputProps } from '@mantine/core';
import { centsToEuros, eurosToCents } from '@xp/contracts/money';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { toNumber } from './number-field';
import { type FieldWrapperProps, useFieldInput } from './use-form-field';

export interface CurrencyInputProps extends Omit<NumberInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** Amount in euros. */
  value: number | null | undefined;
  onChange: (value: number | undefined) => void;
}

/** Euro amount as nl-NL shows it: '€ 1.234,50', comma decimals, always 2 decimals; the value is a number. */
export function CurrencyInput({ value, onChange, ...props }: CurrencyInputProps) {
  return (
    <NumberInput
      prefix="€ "
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      hideControls
      inputMode="decimal"
      {...props}
      value={value ?? ''}
      onChange={(next) => onChange(roundCents(toNumber(next)))}
    />
  );
}

const roundCents = (value: number | undefined) =>
  value === undefined ? undefined : Math.round(value * 100) / 100;

export type CurrencyFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<CurrencyInputProps, T, N, TOutput>;

/** `CurrencyInput` bound to a form field (number in euros). */
export function CurrencyField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: CurrencyFieldProps<T, N, TOutput>,
) {
  const { field, inputProps } = useFieldInput(props);
  return (
    <CurrencyInput
      {...inputProps}
      value={field.value as number | null | undefined}
      onChange={field.onChange}
    />
  );
}

/**
 * `CurrencyInput` bound to a form field that holds cents (money travels in cents, DESIGN.md): the user types
 * euros ('49,99'), the field keeps 4999; empty is null.
 */
export function CentsField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: CurrencyFieldProps<T, N, TOutput>,
) {
  const { field, inputProps } = useFieldInput(props);
  const cents = field.value as number | null | undefined;
  return (
    <CurrencyInput
      {...inputProps}
      value={typeof cents === 'number' ? centsToEuros(cents) : undefined}
      onChange={(euros) => field.onChange(euros === undefined ? null : eurosToCents(euros))}
    />
  );
}
