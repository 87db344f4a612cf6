import { Select, type SelectProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldWrapperProps, useFieldInput } from './use-form-field';

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
