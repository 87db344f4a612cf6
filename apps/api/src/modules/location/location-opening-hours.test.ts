import { describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden } from '../../test/expect.ts';
import { api, auditRows, employeeWith, expectData, id, signIn, useTestApp } from './location-test-setup.ts';

useTestApp();

describe('opening hours', () => {
  type Day = { weekday: number; closed: boolean; ranges: { from: string; to: string }[] };
  const week = (days: Day[]) => ({ locationId: id.amersfoort, days });
  const open = (weekday: number, ...ranges: [string, string][]): Day => ({
    weekday,
    closed: false,
    ranges: ranges.map(([from, to]) => ({ from, to })),
  });

  it('answers all seven weekdays, Sunday first, closed days without ranges', async () => {
    const data = expectData<{ locationId: number; days: Day[] }>(
      await api.hours(await signIn('gym@example.com'), id.amersfoort),
    );
    expect(data.locationId).toBe(id.amersfoort);
    expect(data.days.map((day) => day.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(data.days[0]).toEqual({ weekday: 0, closed: true, ranges: [] });
    expect(data.days[1]).toEqual(open(1, ['07:00', '12:30'], ['13:30', '22:00']));
  });

  it('replaces the week; weekdays left out are closed', async () => {
    const cookie = await signIn('gym@example.com');
    const saved = expectData<{ days: Day[] }>(
      await api.saveHours(
        cookie,
        week([open(2, ['13:00', '17:00'], ['08:00', '12:00']), { weekday: 0, closed: true, ranges: [] }]),
      ),
    );
    expect(saved.days.filter((day) => !day.closed)).toEqual([
      open(2, ['08:00', '12:00'], ['13:00', '17:00']),
    ]);
    expect(expectData(await api.hours(cookie, id.amersfoort))).toEqual(saved);
    const [entry] = await auditRows('LocationOpeningHours', id.amersfoort);
    expect(entry!.changes.weekday2).toEqual({
      old: '07:00-12:30, 13:30-22:00',
      new: '08:00-12:00, 13:00-17:00',
    });
  });

  it('checks HH:mm, order, overlap and closed days, on the exact field, and keeps the week', async () => {
    const cookie = await signIn('gym@example.com');
    const before = expectData<{ days: Day[] }>(await api.hours(cookie, id.amersfoort));
    const cases: [Day[], string, string][] = [
      [[open(1, ['24:00', '25:00'])], 'days[0].ranges[0].from', 'validation.time'],
      [[open(1, ['09:00', '9:30'])], 'days[0].ranges[0].to', 'validation.time'],
      [[open(1, ['09:60', '10:00'])], 'days[0].ranges[0].from', 'validation.time'],
      [[open(1, ['12:00', '09:00'])], 'days[0].ranges[0].to', 'location.errors.rangeOrder'],
      [[open(1, ['09:00', '09:00'])], 'days[0].ranges[0].to', 'location.errors.rangeOrder'],
      [
        [open(0, ['08:00', '10:00']), open(3, ['08:00', '12:00'], ['11:30', '14:00'])],
        'days[1].ranges[1].from',
        'location.errors.rangesOverlap',
      ],
      [
        [open(3, ['13:00', '18:00'], ['09:00', '13:30'])],
        'days[0].ranges[0].from',
        'location.errors.rangesOverlap',
      ],
      [
        [{ weekday: 4, closed: true, ranges: [{ from: '09:00', to: '10:00' }] }],
        'days[0].ranges',
        'location.errors.closedDayHasRanges',
      ],
      [[open(4)], 'days[0].ranges', 'location.errors.openDayNeedsRange'],
      [
        [open(5, ['09:00', '10:00']), open(5, ['11:00', '12:00'])],
        'days[1].weekday',
        'location.errors.weekdayTwice',
      ],
      [[open(7, ['09:00', '10:00'])], 'days[0].weekday', 'validation.tooBig'],
    ];
    for (const [days, key, message] of cases) {
      expectFailure(await api.saveHours(cookie, week(days)), 400, key, message);
    }
    // Touching ranges do not overlap.
    expectData(await api.saveHours(cookie, week([open(1, ['08:00', '12:00'], ['12:00', '13:00'])])));
    expectData(await api.saveHours(cookie, week(before.days as never)));
    expect(expectData(await api.hours(cookie, id.amersfoort))).toEqual(before);
  });

  it('reads with any access to the location, changes only with the right to change it', async () => {
    const lessons = await employeeWith({ utrecht: ['ManageLessons'] });
    expect(expectData<{ days: Day[] }>(await api.hours(lessons, id.utrecht)).days).toHaveLength(7);
    const body = { locationId: id.utrecht, days: [open(1, ['09:00', '10:00'])] };
    expectForbidden(await api.saveHours(lessons, body));
    expectFailure(await api.hours(lessons, id.amersfoort), 404, 'general', 'location.errors.notFound');
    const gym = await signIn('gym@example.com');
    expectFailure(await api.hours(gym, id.zwolle), 404, 'general', 'location.errors.notFound');
    expectFailure(
      await api.saveHours(gym, { ...body, locationId: id.zwolle }),
      404,
      'general',
      'location.errors.notFound',
    );
    expectForbidden(await api.saveHours(await signIn('werkgever@example.com'), body));
    expect(expectData<{ days: Day[] }>(await api.hours(gym, id.utrecht)).days[1]).toEqual(
      open(1, ['06:30', '23:00']),
    );
  });
});
