import type { AgeGroup, TimeSlotGroup } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { ageGroups, timeSlotGroups } from './subscription.tables.ts';
import {
  ageGroup,
  auditActions,
  brug,
  call,
  gym,
  type Page,
  plain,
  t,
  timeSlotGroup,
  useTestApp,
} from './subscription-test-setup.ts';

useTestApp();

describe('age groups', () => {
  it('are created, listed, searched, changed and deleted in the active gym, audited', async () => {
    const youth = await ageGroup({ name: 'Junioren', minimumAge: 12, maximumAge: 17 });
    expect(youth).toMatchObject({ name: 'Junioren', minimumAge: 12, maximumAge: 17, subscriptionCount: 0 });
    const seniors = await ageGroup({ name: '65-plus', minimumAge: 65, maximumAge: 130 });
    const page = ok<Page<AgeGroup>>(await call('GET', '/AgeGroup?pageSize=100', gym));
    const names = page.items.map((item) => item.name);
    expect(names.indexOf('Junioren')).toBeLessThan(names.indexOf('65-plus'));
    expect(
      ok<Page<AgeGroup>>(await call('GET', '/AgeGroup?search=JUN', gym)).items.map((i) => i.name),
    ).toEqual(['Junioren']);
    // Another gym sees none of them.
    expect(ok<Page<AgeGroup>>(await call('GET', '/AgeGroup?search=jeugd', brug)).items).toEqual([]);
    const changed = ok<AgeGroup>(
      await call('PUT', '/AgeGroup', gym, { id: youth.id, name: 'Jongeren', minimumAge: 13, maximumAge: 17 }),
    );
    expect(changed).toMatchObject({ id: youth.id, name: 'Jongeren', minimumAge: 13 });
    ok(await call('DELETE', `/AgeGroup/${seniors.id}`, gym));
    expect(await t.db.select().from(ageGroups).where(eq(ageGroups.id, seniors.id))).toEqual([]);
    expect(await auditActions('AgeGroup', youth.id)).toEqual(['create', 'update']);
    expect(await auditActions('AgeGroup', seniors.id)).toEqual(['create', 'delete']);
  });

  it('refuses bad input, a taken name, another gym and a missing right', async () => {
    const existing = await ageGroup({ name: 'Senioren' });
    const post = (body: unknown, cookie = gym) => call('POST', '/AgeGroup', cookie, body);
    expectFailure(
      await post({ name: 'x', minimumAge: 30, maximumAge: 20 }),
      400,
      'maximumAge',
      'subscription.errors.maximumBelowMinimum',
    );
    expectFailure(await post({ name: '', minimumAge: 1, maximumAge: 2 }), 400, 'name', 'validation.required');
    expectFailure(
      await post({ name: 'x', minimumAge: -1, maximumAge: 2 }),
      400,
      'minimumAge',
      'validation.tooSmall',
    );
    expectFailure(
      await post({ name: 'x', minimumAge: 1, maximumAge: 1e9 }),
      400,
      'maximumAge',
      'validation.tooBig',
    );
    expectFailure(
      await post({ name: 'VOLWASSENEN', minimumAge: 1, maximumAge: 2 }),
      409,
      'name',
      'subscription.errors.ageGroupNameTaken',
    );
    expectFailure(
      await call('PUT', '/AgeGroup', brug, {
        id: existing.id,
        name: 'Overname',
        minimumAge: 1,
        maximumAge: 2,
      }),
      404,
      'general',
      'subscription.errors.ageGroupNotFound',
    );
    expectFailure(
      await call('DELETE', `/AgeGroup/${existing.id}`, brug),
      404,
      'general',
      'subscription.errors.ageGroupNotFound',
    );
    expectForbidden(await call('GET', '/AgeGroup', plain));
    expectForbidden(await post({ name: 'Nee', minimumAge: 1, maximumAge: 2 }, plain));
    expectSignInRequired(await call('GET', '/AgeGroup', ''));
    const [row] = await t.db.select().from(ageGroups).where(eq(ageGroups.id, existing.id));
    expect(row!.name).toBe('Senioren');
  });
});

describe('time slot groups', () => {
  it('keep days sorted once and times as HH:mm; refuse an end not after the begin', async () => {
    const slot = await timeSlotGroup({
      name: 'Daluren',
      days: [5, 1, 3, 1],
      beginTime: '07:00',
      endTime: '09:30',
    });
    expect(slot).toMatchObject({ name: 'Daluren', days: [1, 3, 5], beginTime: '07:00', endTime: '09:30' });
    const post = (body: unknown) => call('POST', '/TimeSlotGroup', gym, body);
    const base = { name: 'Avond', days: [1], beginTime: '18:00', endTime: '22:00' };
    expectFailure(
      await post({ ...base, endTime: '18:00' }),
      400,
      'endTime',
      'subscription.errors.endNotAfterBegin',
    );
    expectFailure(await post({ ...base, beginTime: '24:00' }), 400, 'beginTime', 'validation.time');
    expectFailure(await post({ ...base, days: [] }), 400, 'days', 'subscription.errors.noDays');
    expectFailure(await post({ ...base, days: [7] }), 400, 'days[0]', 'validation.tooBig');
    expectFailure(
      await post({ ...base, name: 'DALUREN' }),
      409,
      'name',
      'subscription.errors.timeSlotGroupNameTaken',
    );
    const changed = ok<TimeSlotGroup>(
      await call('PUT', '/TimeSlotGroup', gym, { ...base, id: slot.id, name: 'Ochtend' }),
    );
    expect(changed).toMatchObject({ name: 'Ochtend', days: [1], beginTime: '18:00', endTime: '22:00' });
    expectForbidden(await call('GET', '/TimeSlotGroup', plain));
    expectFailure(
      await call('DELETE', `/TimeSlotGroup/${slot.id}`, brug),
      404,
      'general',
      'subscription.errors.timeSlotGroupNotFound',
    );
    ok(await call('DELETE', `/TimeSlotGroup/${slot.id}`, gym));
    expect(await t.db.select().from(timeSlotGroups).where(eq(timeSlotGroups.id, slot.id))).toEqual([]);
  });
});
