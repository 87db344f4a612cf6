import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldWrapperProps, useFieldInput } from './use-form-field';

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
