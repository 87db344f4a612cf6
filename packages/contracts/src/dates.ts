import { PeriodType } from './enums.ts';

/**
 * Calendar days, YYYY-MM-DD, and the periods of subscriptions: the one home of date arithmetic for the API,
 * the web and (mirrored once) the SQL function `billing_period_start` (migration 0040). Months and years add
 * by the calendar with the day clamped to the month's last: the 31st of January + 1 month is the 28th or 29th
 * of February, + 2 months the 31st of March (each count is added to the start, never step by step).
 */

/** 24 hours in milliseconds. */
export const DAY_MS = 86_400_000;

/** `day` plus `days` (may be negative). */
export function addDays(day: string, days: number) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The days from `from` to `to` (negative when `to` is earlier): `daysBetween(a, addDays(a, n))` is `n`. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The days of a span with both ends included (a pause from the 1st to the 3rd is 3 days). */
export const daysIncluded = (from: string, to: string) => daysBetween(from, to) + 1;

/** `day` plus `amount` periods of `PeriodType` (weeks as 7 days; months and years clamped, see above). */
export function addPeriods(day: string, amount: number, periodType: number) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (periodType === PeriodType.Week)
    return new Date(Date.UTC(y, m - 1, d + 7 * amount)).toISOString().slice(0, 10);
  const months = periodType === PeriodType.Month ? amount : 12 * amount;
  const lastOfMonth = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastOfMonth))).toISOString().slice(0, 10);
}

/**
 * The last day of a term of `amount` periods from `start`: the day before the next term would start. A
 * prepaid membership of 3 months from the 30th of November ends on the 27th of February (the billing's
 * fourth period would start on the 28th).
 */
export const termEnd = (start: string, amount: number, periodType: number) =>
  addDays(addPeriods(start, amount, periodType), -1);

/** Today's date in the Netherlands (the days memberships start and end on). */
export const dutchToday = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(now);

/**
 * An instant `days` times 24 hours after `from` (negative: before): how long a token or an invitation lives,
 * or a payment term runs. Not a calendar day in Dutch time (a DST change is not counted); for days of the
 * calendar use `addDays` on `YYYY-MM-DD`.
 */
export const instantAfterDays = (days: number, from: Date = new Date()) =>
  new Date(from.getTime() + days * DAY_MS);

/** The weekdays as the screens show them, Monday first; on the wire weekday 0 is Sunday (as `Date#getDay`). */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
