// Apart from text-field: screens with only text inputs (the login page) need no Textarea.
import { Textarea, type TextareaProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldWrapperProps, useFieldInput } from './use-form-field';

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
