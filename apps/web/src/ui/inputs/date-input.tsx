import { DateInput as MantineDateInput, type DateInputProps as MantineDateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { calendarDateToIso, DATE_FORMAT, isoToCalendarDate, parseDisplayDate } from './date-utils';
import { type FieldWrapperProps, useFieldInput } from './use-form-field';

export interface DateInputProps
  extends Omit<MantineDateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** ISO-8601 UTC string (as the API sends and takes it). */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
}

/**
 * Date shown and typed as DD-MM-YYYY, with a calendar; the value is the ISO UTC string of the chosen day's
 * local midnight (spec section 5: dates are sent as UTC strings).
 */
export function DateInput({ value, onChange, ...props }: DateInputProps) {
  const { t, i18n } = useTranslation();
  return (
    <MantineDateInput
      placeholder={t('ui.date.placeholder')}
      leftSection={<IconCalendar size={16} aria-hidden />}
      // The calendar's month arrows are named; weekend days keep the text colour (Mantine's red fails contrast).
      previousLabel={t('ui.date.previousMonth')}
      nextLabel={t('ui.date.nextMonth')}
      weekendDays={[]}
      locale={i18n.language}
      {...props}
      valueFormat={DATE_FORMAT}
      dateParser={parseDisplayDate}
      value={isoToCalendarDate(value)}
      onChange={(date) => onChange(calendarDateToIso(date))}
    />
  );
}

export type DateFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<DateInputProps, T, N, TOutput>;

/** `DateInput` bound to a form field holding an ISO UTC string (or null). */
export function DateField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: DateFieldProps<T, N, TOutput>,
) {
  const { field, inputProps } = useFieldInput(props);
  return (
    <DateInput {...inputProps} value={field.value as string | null | undefined} onChange={field.onChange} />
  );
}
