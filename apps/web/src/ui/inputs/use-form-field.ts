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
