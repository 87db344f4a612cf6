import { describe, expect, it } from 'vitest';
import { calendarDateToIso, formatDate, isoToCalendarDate, parseDisplayDate } from './date-utils';

describe('date helpers', () => {
  it('parses typed DD-MM-YYYY dates and refuses impossible ones', () => {
    expect(parseDisplayDate('15-03-2026')).toBe('2026-03-15');
    expect(parseDisplayDate('1-2-2026')).toBe('2026-02-01');
    expect(parseDisplayDate('01/02/2026')).toBe('2026-02-01');
    expect(parseDisplayDate('31-02-2026')).toBeNull();
    expect(parseDisplayDate('2026-03-15')).toBeNull();
    expect(parseDisplayDate('morgen')).toBeNull();
  });

  it('sends the chosen day as an ISO UTC string of its local midnight, and reads it back', () => {
    const iso = calendarDateToIso('2026-03-15');
    expect(iso).toBe(new Date(2026, 2, 15).toISOString());
    expect(iso).toMatch(/Z$/);
    expect(isoToCalendarDate(iso)).toBe('2026-03-15');
    expect(calendarDateToIso(null)).toBeNull();
    expect(calendarDateToIso('nonsense')).toBeNull();
  });

  it('formats ISO strings as DD-MM-YYYY', () => {
    expect(formatDate(new Date(2026, 11, 1).toISOString())).toBe('01-12-2026');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
