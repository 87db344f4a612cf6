import dayjs from 'dayjs';

/** Display format of dates (spec section 9). */
export const DATE_FORMAT = 'DD-MM-YYYY';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Parses what a person types: 'DD-MM-YYYY' (also with '/' or '.', and one-digit day or month) into a
 * calendar date 'YYYY-MM-DD'; `null` for anything else, including dates that do not exist (31-02-2026).
 */
export function parseDisplayDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Calendar date 'YYYY-MM-DD' (local midnight) -> the ISO-8601 UTC string the API takes. */
export function calendarDateToIso(date: string | null | undefined): string | null {
  if (!date) return null;
  const day = date.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const parsed = dayjs(day);
  return parsed.isValid() ? parsed.toDate().toISOString() : null;
}

/** ISO-8601 string from the API -> calendar date 'YYYY-MM-DD' in local time. */
export function isoToCalendarDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const parsed = dayjs(iso);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
}

/** ISO-8601 string -> 'DD-MM-YYYY' for display; '' when missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const parsed = dayjs(iso);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : '';
}
