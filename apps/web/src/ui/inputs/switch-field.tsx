import { Switch, type SwitchProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldWrapperProps, useFormField } from './use-form-field';

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
