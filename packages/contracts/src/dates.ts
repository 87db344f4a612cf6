import { PeriodType } from './enums.ts';

/**
 * Calendar days, YYYY-MM-DD, and the periods of subscriptions: the one home of date arithmetic for the API,
 * the web and (mirrored once) the SQL function `billing_period_start` (migration 0040). Months and years add
 * by the calendar with the day clamped to the month's last: the 31st of January + 1 month is the 28th or 29th
 * of February, + 2 months the 31st of March (each count is added to the start, never step by step).
 */

/** `day` plus `days` (may be negative). */
export function addDays(day: string, days: number) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

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
