import {
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  Switch,
  type SwitchProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldWrapperProps, useFieldInput, useFormField } from './use-form-field';

export type TextFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<TextInputProps, T, N, TOutput>;

/** Text input bound to a form field; required asterisk, translated error once touched. */
export function TextField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: TextFieldProps<T, N, TOutput>,
) {
  const { field, inputProps } = useFieldInput(props);
  return (
    <TextInput
      {...inputProps}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}

export type TextareaFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<TextareaProps, T, N, TOutput>;

/** Multi-line text bound to a form field. */
export function TextareaField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: TextareaFieldProps<T, N, TOutput>,
) {
  const { field, inputProps } = useFieldInput(props);
  return (
    <Textarea
      autosize
      minRows={3}
      {...inputProps}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}

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

export interface SelectOption<V extends string | number> {
  value: V;
  /** Already translated. */
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
  V extends string | number = string | number,
> = FieldWrapperProps<SelectProps, T, N, TOutput, 'data'> & {
  /** Options keep their type: numeric enum values come back as numbers. */
  data: readonly SelectOption<V>[];
};

/** Select bound to a form field; values may be numbers (enums travel as numbers). */
export function SelectField<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
  V extends string | number = string | number,
>({ data, ...props }: SelectFieldProps<T, N, TOutput, V>) {
  const { field, inputProps } = useFieldInput(props);
  const current = field.value as V | null | undefined;
  return (
    <Select
      allowDeselect={false}
      {...inputProps}
      data={data.map((option) => ({ ...option, value: String(option.value) }))}
      value={current === null || current === undefined ? null : String(current)}
      onChange={(value) => {
        const option = data.find((candidate) => String(candidate.value) === value);
        field.onChange(option ? option.value : null);
      }}
    />
  );
}

export type SwitchFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<SwitchProps, T, N, TOutput, 'checked'>;

/** On/off switch bound to a boolean form field. */
export function SwitchField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>({
  name,
  control,
  required: _required,
  ...props
}: SwitchFieldProps<T, N, TOutput>) {
  const { field, error } = useFormField({ name, control });
  return (
    <Switch
      {...props}
      ref={field.ref}
      name={field.name}
      checked={Boolean(field.value)}
      onChange={(event) => {
        field.onChange(event.currentTarget.checked);
        field.onBlur();
      }}
      disabled={props.disabled ?? field.disabled}
      error={error}
    />
  );
}
