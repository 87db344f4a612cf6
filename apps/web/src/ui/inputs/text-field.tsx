import {
  Select,
  type SelectProps,
  Switch,
  type SwitchProps,
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
