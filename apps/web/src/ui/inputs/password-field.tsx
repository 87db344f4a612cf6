import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FormFieldProps, useFieldInput } from './use-form-field';

export type PasswordFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FormFieldProps<T, N, TOutput> &
  Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'error' | 'required'>;

/** A password input bound to a form field, with a translated show/hide button. */
export function PasswordField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: PasswordFieldProps<T, N, TOutput>,
) {
  const { t } = useTranslation();
  const { field, inputProps } = useFieldInput(props);
  return (
    <PasswordInput
      {...inputProps}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      visibilityToggleButtonProps={{ 'aria-label': t('ui.password.toggle') }}
    />
  );
}
