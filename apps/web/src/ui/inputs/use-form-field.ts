import {
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerReturn,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../translate';

/** Props every form-bound input takes: the field `name` and, outside a `FormProvider`, the form's `control`. */
export interface FormFieldProps<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T> {
  name: N;
  control?: Control<T, unknown, TOutput>;
  /** Shows the asterisk and sets `aria-required`. */
  required?: boolean;
}

/** What a `*Field` wrapper sets on its input itself, so its callers do not pass them. */
export type FieldBoundKey = 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'required';

/** Props of the `*Field` wrapper of an input with props `P`: the form binding plus `P` less the bound keys and `K`. */
export type FieldWrapperProps<
  P,
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
  K extends PropertyKey = never,
> = FormFieldProps<T, N, TOutput> & Omit<P, FieldBoundKey | K>;

/**
 * `useController` plus the error to show: translated, and only once the field is touched or the form was
 * submitted (spec section 5), so a form does not open full of red. Server errors show at once.
 */
export function useFormField<T extends FieldValues, N extends FieldPath<T>, TOutput = T>({
  name,
  control,
}: Pick<FormFieldProps<T, N, TOutput>, 'name' | 'control'>): UseControllerReturn<T, N> & {
  error: string | undefined;
} {
  const { t } = useTranslation();
  const controller = useController<T, N, TOutput>({ name, control });
  const { fieldState, formState } = controller;
  const isVisible =
    Boolean(fieldState.error) &&
    (fieldState.isTouched || formState.isSubmitted || fieldState.error?.type === 'server');
  const error = isVisible
    ? translateMessage(t, fieldState.error?.message || 'validation.invalid')
    : undefined;
  return { ...controller, error };
}

/**
 * Binds a Mantine input to a form field, for the `*Field` wrappers: takes their props and gives `field` plus
 * `inputProps`, the remaining props with the binding on top (ref, name, blur that marks the field touched
 * and then calls the own `onBlur`, disabled, asterisk, `aria-required`, error). Add `value` and `onChange`.
 */
export function useFieldInput<
  T extends FieldValues,
  N extends FieldPath<T>,
  TOutput,
  E,
  R extends { disabled?: boolean },
>(props: FormFieldProps<T, N, TOutput> & R & { onBlur?: (event: E) => void }) {
  const { name, control, required, onBlur, ...rest } = props;
  const { field, error } = useFormField({ name, control });
  return {
    field,
    inputProps: {
      ...rest,
      ref: field.ref,
      name: field.name,
      onBlur: (event: E) => {
        field.onBlur();
        onBlur?.(event);
      },
      disabled: props.disabled ?? field.disabled,
      withAsterisk: required,
      'aria-required': required || undefined,
      error,
    },
  };
}

/**
 * Binds a `value` / `onChange` / `onBlur` control (no ref, own `required`) to a form field: gives `field` and
 * `controlProps`, the remaining props with onChange, onBlur, disabled and error on top. Add `value`.
 */
export function useFieldControl<
  T extends FieldValues,
  N extends FieldPath<T>,
  TOutput,
  R extends { disabled?: boolean },
>(props: FormFieldProps<T, N, TOutput> & R) {
  const { name, control, ...rest } = props;
  const { field, error } = useFormField({ name, control });
  return {
    field,
    controlProps: {
      ...rest,
      onChange: field.onChange,
      onBlur: field.onBlur,
      disabled: props.disabled ?? field.disabled,
      error,
    },
  };
}
