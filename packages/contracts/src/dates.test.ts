import { describe, expect, it } from 'vitest';
import {
  addDays,
  addPeriods,
  DAY_MS,
  daysBetween,
  daysIncluded,
  dutchToday,
  instantAfterDays,
  termEnd,
} from './dates.ts';
import { PeriodType } from './enums.ts';

/*
 * The one date arithmetic (dates.ts) against a brute-force reference over every day of a leap year and a
 * common year: days counted one at a time, months walked on a calendar table, the day clamped to the month.
 */

const daysInMonth = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;
const text = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The next day by the calendar table, one day at a time. */
function nextDay(day: string) {
  let [y, m, d] = day.split('-').map(Number) as [number, number, number];
  d += 1;
  if (d > daysInMonth(y, m)) {
    d = 1;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return text(y, m, d);
}
function previousDay(day: string) {
  let [y, m, d] = day.split('-').map(Number) as [number, number, number];
  d -= 1;
  if (d < 1) {
    m -= 1;
    if (m < 1) {
      m = 12;
      y -= 1;
    }
    d = daysInMonth(y, m);
  }
  return text(y, m, d);
}
const stepDays = (day: string, days: number) => {
  let moved = day;
  for (let i = 0; i < Math.abs(days); i++) moved = days > 0 ? nextDay(moved) : previousDay(moved);
  return moved;
};
/** Months added by walking the month counter, then the day clamped to the month reached. */
function referenceAddMonths(day: string, months: number) {
  let [y, m] = day.split('-').map(Number) as [number, number, number];
  const d = Number(day.slice(8));
  for (let i = 0; i < months; i++) {
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return text(y, m, Math.min(d, daysInMonth(y, m)));
}
const referenceAddPeriods = (day: string, amount: number, periodType: number) =>
  periodType === PeriodType.Week
    ? stepDays(day, 7 * amount)
    : referenceAddMonths(day, periodType === PeriodType.Month ? amount : 12 * amount);

const everyDayOf = (year: number) => {
  const days: string[] = [];
  for (let day = `${year}-01-01`; day.startsWith(String(year)); day = nextDay(day)) days.push(day);
  return days;
};

describe.each([2027, 2028])('every day of %i', (year) => {
  const days = everyDayOf(year);

  it('has as many days as the calendar', () => {
    expect(days).toHaveLength(year === 2028 ? 366 : 365);
  });

  it('adds and subtracts days as counting them one by one', () => {
    for (const day of days)
      for (const delta of [-400, -31, -1, 0, 1, 28, 29, 30, 31, 365, 366])
        expect(addDays(day, delta), `${day} ${delta}`).toBe(stepDays(day, delta));
  });

  it('counts the days between two days as stepping from one to the other', () => {
    for (const day of days)
      for (const delta of [-400, -31, -1, 0, 1, 28, 29, 30, 31, 365, 366]) {
        const other = stepDays(day, delta);
        expect(daysBetween(day, other), `${day} ${other}`).toBe(delta);
        expect(daysIncluded(day, other), `${day} ${other}`).toBe(delta + 1);
      }
  });

  it('adds weeks, months and years as the calendar walk, clamped to the month', () => {
    for (const day of days)
      for (const periodType of [PeriodType.Week, PeriodType.Month, PeriodType.Year])
        for (const amount of [0, 1, 2, 3, 6, 12, 13])
          expect(addPeriods(day, amount, periodType), `${day} +${amount} (${periodType})`).toBe(
            referenceAddPeriods(day, amount, periodType),
          );
  });

  it('ends a term the day before the next one starts, never rolling over a month end', () => {
    for (const day of days)
      for (const amount of [1, 3, 12]) {
        const end = termEnd(day, amount, PeriodType.Month);
        expect(nextDay(end), day).toBe(referenceAddPeriods(day, amount, PeriodType.Month));
        expect(end > day, day).toBe(true);
      }
  });
});

describe('dutchToday', () => {
  it("takes the Netherlands' calendar day, in winter and in summer time", () => {
    expect(dutchToday(new Date('2026-11-29T22:59:59Z'))).toBe('2026-11-29');
    expect(dutchToday(new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-30');
    expect(dutchToday(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(dutchToday(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('instantAfterDays', () => {
  it('adds whole 24-hour days to an instant, also across a change of Dutch summer time', () => {
    const from = new Date('2027-03-27T12:00:00Z');
    expect(instantAfterDays(1, from).toISOString()).toBe('2027-03-28T12:00:00.000Z');
    expect(instantAfterDays(-14, from).toISOString()).toBe('2027-03-13T12:00:00.000Z');
    expect(instantAfterDays(0.5, from).getTime() - from.getTime()).toBe(DAY_MS / 2);
  });
});
