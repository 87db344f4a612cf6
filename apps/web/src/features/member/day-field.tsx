import type { FieldPath, FieldValues } from 'react-hook-form';
import { DateInput, type DateInputProps } from '@/ui/inputs/date-input';
import { calendarDateToIso, isoToCalendarDate } from '@/ui/inputs/date-utils';
import { type FieldWrapperProps, useFieldInput } from '@/ui/inputs/use-form-field';

export type DayFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<DateInputProps, T, N, TOutput>;

/**
 * The kit's date input (DD-MM-YYYY, a calendar) bound to a field holding a calendar day `YYYY-MM-DD`, as the
 * member contract sends dates (the gym's days, not instants); empty is null.
 */
export function DayField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: DayFieldProps<T, N, TOutput>,
) {
  const { field, inputProps } = useFieldInput(props);
  const day = field.value as string | null | undefined;
  return (
    <DateInput
      {...inputProps}
      value={day ? calendarDateToIso(day) : null}
      onChange={(iso) => field.onChange(isoToCalendarDate(iso))}
    />
  );
}

/** 'YYYY-MM-DD' -> 'DD-MM-YYYY' ('' when missing). */
export const formatDay = (day: string | null | undefined) =>
  day ? `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}` : '';
