import { TextInput, type TextInputProps } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type FieldWrapperProps, useFieldInput } from './use-form-field';

/** HH:mm with hours 0-23 and minutes 0-59 (spec section 5). */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Zod schema of a time of day; its message is the translation key `validation.time`. */
export const timeOfDay = z.string().regex(TIME_OF_DAY_PATTERN, 'validation.time');

export const isTimeOfDay = (value: string) => TIME_OF_DAY_PATTERN.test(value);

/** Completes what a person typed when it is unambiguous: '930' -> '09:30', '9:30' -> '09:30', '0930' -> '09:30'. */
export function normalizeTime(text: string): string {
  const value = text.trim();
  const digits = /^(\d{1,2})(\d{2})$/.exec(value) ?? /^(\d{1,2})[:.](\d{2})$/.exec(value);
  if (!digits) return value;
  return `${digits[1]?.padStart(2, '0')}:${digits[2]}`;
}

export interface TimeInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** 'HH:mm' */
  value: string | null | undefined;
  onChange: (value: string) => void;
}

/** Time of day typed as HH:mm (completed on blur); validate with `timeOfDay`. */
export function TimeInput({ value, onChange, onBlur, ...props }: TimeInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      placeholder={t('ui.time.placeholder')}
      leftSection={<IconClock size={16} aria-hidden />}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      {...props}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const normalized = normalizeTime(event.currentTarget.value);
        if (normalized !== event.currentTarget.value) onChange(normalized);
        onBlur?.(event);
      }}
    />
  );
}

export type TimeFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<TimeInputProps, T, N, TOutput>;

/** `TimeInput` bound to a form field ('HH:mm'); use `timeOfDay` in the schema. */
export function TimeField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: TimeFieldProps<T, N, TOutput>,
) {
  const { field, inputProps } = useFieldInput(props);
  return (
    <TimeInput {...inputProps} value={field.value as string | null | undefined} onChange={field.onChange} />
  );
}
