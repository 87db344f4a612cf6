import { Group, Radio, type RadioGroupProps, Stack } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { SelectOption } from './select-field';
import { type FormFieldProps, useFormField } from './use-form-field';

type RadioFieldProps<
  T extends FieldValues,
  N extends FieldPath<T>,
  TOutput,
  V extends string | number,
> = FormFieldProps<T, N, TOutput> &
  Omit<
    RadioGroupProps,
    'value' | 'defaultValue' | 'onChange' | 'error' | 'required' | 'name' | 'children'
  > & {
    data: readonly SelectOption<V>[];
    /** Options side by side (few and short) instead of below each other. */
    inline?: boolean;
    onValueChange?: (value: V) => void;
  };

/** A choice of a few options as radio buttons, bound to a form field; values keep their type (enum numbers). */
export function RadioField<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
  V extends string | number = string | number,
>({
  name,
  control,
  required,
  data,
  inline = true,
  onValueChange,
  ...props
}: RadioFieldProps<T, N, TOutput, V>) {
  const { field, error } = useFormField({ name, control });
  const current = field.value as V | null | undefined;
  const Layout = inline ? Group : Stack;
  return (
    <Radio.Group
      {...props}
      name={field.name}
      withAsterisk={required}
      error={error}
      value={current === null || current === undefined ? null : String(current)}
      onChange={(value) => {
        const option = data.find((candidate) => String(candidate.value) === value);
        if (!option) return;
        field.onChange(option.value);
        field.onBlur();
        onValueChange?.(option.value);
      }}
    >
      <Layout gap="md" mt="xs">
        {data.map((option) => (
          <Radio
            key={String(option.value)}
            value={String(option.value)}
            label={option.label}
            disabled={option.disabled}
            aria-required={required || undefined}
          />
        ))}
      </Layout>
    </Radio.Group>
  );
}
