import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput } from './date-input';
import { calendarDateToIso, isoToCalendarDate } from './date-utils';

export interface DateRange {
  /** YYYY-MM-DD, both included; undefined: open. */
  from?: string | undefined;
  to?: string | undefined;
}

interface DateRangeFilterProps extends DateRange {
  /** The range after a change (a cleared end is undefined). */
  onChange: (range: DateRange) => void;
  /** Translation keys of the two labels and of the clear buttons. */
  fromLabel: string;
  toLabel: string;
  clearLabel: string;
}

/** A list's period filter: two dates (DD-MM-YYYY), each clearable, for a toolbar. */
export function DateRangeFilter({
  from,
  to,
  onChange,
  fromLabel,
  toLabel,
  clearLabel,
}: DateRangeFilterProps) {
  const { t } = useTranslation();
  const field = (label: string, value: string | undefined, change: (day: string | undefined) => void) => (
    <DateInput
      label={t(label)}
      value={value ? calendarDateToIso(value) : null}
      onChange={(iso) => change(isoToCalendarDate(iso) ?? undefined)}
      clearable
      clearButtonProps={{ 'aria-label': t(clearLabel) }}
      w={170}
    />
  );
  return (
    <Group gap="sm" align="flex-end">
      {field(fromLabel, from, (day) => onChange({ from: day, to }))}
      {field(toLabel, to, (day) => onChange({ from, to: day }))}
    </Group>
  );
}

/** A list's state with a new period: back to its first page, an open end left out (the URL stays clean). */
export function withDateRange<S extends DateRange & { page: number }>(state: S, range: DateRange): S {
  const next: S = { ...state, from: range.from, to: range.to, page: 1 };
  for (const key of ['from', 'to'] as const) if (!next[key]) delete next[key];
  return next;
}
