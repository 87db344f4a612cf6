import type { FieldPath, FieldValues } from 'react-hook-form';
import { DateInput, type DateInputProps } from '@/ui/inputs/date-input';
import { calendarDateToIso, isoToCalendarDate } from '@/ui/inputs/date-utils';
import { type FieldWrapperProps, useFieldInput } from '@/ui/inputs/use-form-field';

/** A calendar day as the contracts' `dateText` holds it ('YYYY-MM-DD'), shown and typed as DD-MM-YYYY. */
export interface DayInputProps extends Omit<DateInputProps, 'value' | 'onChange' | 'minDate' | 'maxDate'> {
  value: string | null | undefined;
  onChange: (day: string | null) => void;
  minDay?: string | undefined;
  maxDay?: string | undefined;
}

export function DayInput({ value, onChange, minDay, maxDay, ...props }: DayInputProps) {
  return (
    <DateInput
      {...props}
      minDate={minDay}
      maxDate={maxDay}
      value={calendarDateToIso(value)}
      onChange={(iso) => onChange(isoToCalendarDate(iso))}
    />
  );
}

export type DayFieldProps<
  T extends FieldValues,
  N extends FieldPath<T> = FieldPath<T>,
  TOutput = T,
> = FieldWrapperProps<DayInputProps, T, N, TOutput>;

/** `DayInput` bound to a form field holding 'YYYY-MM-DD'. */
export function DayField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, TOutput = T>(
  props: DayFieldProps<T, N, TOutput>,
) {
  const { field, inputProps } = useFieldInput(props);
  return (
    <DayInput
      {...inputProps}
      value={field.value as string | null | undefined}
      // A cleared day is an empty text, which the contract's `dateText` refuses as a date.
      onChange={(day) => field.onChange(day ?? '')}
    />
  );
}
