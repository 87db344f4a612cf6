import {
  AccessType,
  type CheckInResult,
  type Entry,
  type EntryAttempt,
  EntrySource,
  type InsideMember,
  type Member,
  PeriodType,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden } from '../../test/expect.ts';
import { members } from '../member/member.tables.ts';
import {
  amersfoortDesk,
  auditRows,
  brug,
  call,
  gym,
  ids,
  membersOnly,
  newSubscription,
  type Page,
  person,
  t,
  today,
  utrechtDesk,
  variant,
} from '../member/test-support.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { entries, entryAttempts } from './entry.tables.ts';
import { entryCount, localTime, memberWithApp, nextSerial, qr, useTestApp } from './entry-test-setup.ts';

useTestApp();

describe('the check-in', () => {
  it('admits a member with a membership valid today at the location, and refuses with the reason', async () => {
    const subscription = await newSubscription({ locationIds: [ids.utrecht, ids.amersfoort] });
    const { member, scan } = await memberWithApp(subscription);
    const admitted = await scan();
    expect(admitted).toMatchObject({ admitted: true, reason: null, entryId: expect.any(Number) });
    // The subscription is offered at Amersfoort too: admitted there as well.
    expect((await scan(qr.amersfoort)).admitted).toBe(true);
    // De Brug's location: not a member there.
    expectFailure(
      await call('POST', '/Entry/CheckIn', (await memberWithApp()).app, { qrCode: qr.zwolle }),
      403,
      'general',
      'entry.errors.notAMember',
    );
    expectFailure(
      await call('POST', '/Entry/CheckIn', gym, { qrCode: 'oud' }),
      404,
      'general',
      'entry.errors.unknownQrCode',
    );
    // A deactivated subscription runs on for its members.
    ok(await call('PUT', `/Subscription/${subscription.id}/SetIsActive`, gym, { isActive: false }));
    expect((await scan()).admitted).toBe(true);
    expect(await entryCount(member.id)).toBe(3);
    // Without a membership, or before it starts: refused and kept for the staff.
    const none = await memberWithApp();
    expect(await none.scan()).toMatchObject({ admitted: false, reason: 'noMembership', entryId: null });
    const later = await memberWithApp(await newSubscription(), addDays(today, 1));
    expect((await later.scan()).reason).toBe('noMembership');
    expect(await entryCount(later.member.id)).toBe(0);
  });

  it('keeps to the time slots, pauses, open registrations and the access limits per period and in all', async () => {
    const day = new Date().toLocaleDateString('en-US', { timeZone: 'Europe/Amsterdam', weekday: 'short' });
    const dow = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(day);
    const tomorrowOnly = ok<{ id: number }>(
      await call('POST', '/TimeSlotGroup', gym, {
        name: `Morgen ${nextSerial()}`,
        days: [(dow + 1) % 7],
        beginTime: '00:00',
        endTime: '23:59',
      }),
    );
    const slotted = await memberWithApp(await newSubscription({ timeSlotGroupIds: [tomorrowOnly.id] }));
    expect((await slotted.scan()).reason).toBe('notInTimeSlot');
    if (localTime() < '23:59') {
      const always = ok<{ id: number }>(
        await call('POST', '/TimeSlotGroup', gym, {
          name: `Altijd ${nextSerial()}`,
          days: [0, 1, 2, 3, 4, 5, 6],
          beginTime: '00:00',
          endTime: '23:59',
        }),
      );
      expect(
        (await (await memberWithApp(await newSubscription({ timeSlotGroupIds: [always.id] }))).scan())
          .admitted,
      ).toBe(true);
    }
    // Two entries a week.
    const weekly = await memberWithApp(
      await newSubscription({
        variants: [
          variant({
            accessType: AccessType.LimitedPerPeriod,
            accessPerPeriodAmount: 2,
            accessPerPeriodType: PeriodType.Week,
          }),
        ],
      }),
    );
    expect((await weekly.scan()).admitted).toBe(true);
    expect((await weekly.scan()).admitted).toBe(true);
    expect((await weekly.scan()).reason).toBe('limitReached');
    // Three entries in all; an entry of last year counts too.
    const card = await memberWithApp(
      await newSubscription({
        variants: [variant({ accessType: AccessType.Limited, accessPerPeriodAmount: 3 })],
      }),
      addDays(today, -400),
    );
    const membershipId = ok<Member>(await call('GET', `/Member/${card.member.id}`, gym)).memberships[0]!.id;
    await t.db.insert(entries).values({
      gymId: ids.vitaal,
      locationId: ids.utrecht,
      memberId: card.member.id,
      membershipId,
      entryAt: new Date(Date.now() - 380 * 86_400_000),
      source: EntrySource.Desk,
    });
    expect((await card.scan()).admitted).toBe(true);
    expect((await card.scan()).admitted).toBe(true);
    expect((await card.scan()).reason).toBe('limitReached');
    // Paused today.
    const paused = await memberWithApp(await newSubscription());
    const pausedMembership = ok<Member>(await call('GET', `/Member/${paused.member.id}`, gym))
      .memberships[0]!;
    ok(
      await call('POST', `/Membership/${pausedMembership.id}/Pause`, gym, {
        fromDate: today,
        toDate: addDays(today, 7),
      }),
    );
    expect((await paused.scan()).reason).toBe('paused');
    // A sign-up not completed yet.
    const open = await memberWithApp(await newSubscription());
    await t.db.update(members).set({ registrationCompleted: false }).where(eq(members.id, open.member.id));
    expect((await open.scan()).reason).toBe('registrationOpen');
    ok(await call('POST', `/Member/${open.member.id}/CompleteRegistration`, utrechtDesk));
    expect((await open.scan()).admitted).toBe(true);
  });

  it('admits exactly one of 20 parallel check-ins when one entry is left', async () => {
    const card = await memberWithApp(
      await newSubscription({
        variants: [variant({ accessType: AccessType.Limited, accessPerPeriodAmount: 4 })],
      }),
    );
    for (let index = 0; index < 3; index++) expect((await card.scan()).admitted).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/Entry/CheckIn', card.app, { qrCode: qr.utrecht })),
    );
    const answers = results.map((response) => ok<CheckInResult>(response));
    expect(answers.filter((answer) => answer.admitted)).toHaveLength(1);
    expect(answers.filter((answer) => answer.reason === 'limitReached')).toHaveLength(19);
    expect(await entryCount(card.member.id)).toBe(4);
  });

  it('copies the current name onto every entry when the member is renamed during parallel check-ins', async () => {
    const card = await memberWithApp(await newSubscription());
    const email = card.member.email;
    const renamed = call('PUT', '/Member', gym, {
      ...person({ firstName: 'Lid', lastName: 'Hernoemd', email, dateOfBirth: '1985-01-01' }),
      id: card.member.id,
    });
    const scans = Array.from({ length: 8 }, () =>
      call('POST', '/Entry/CheckIn', card.app, { qrCode: qr.utrecht }),
    );
    const [rename, ...answers] = await Promise.all([renamed, ...scans]);
    ok(rename!);
    expect(answers.map((answer) => ok<CheckInResult>(answer).admitted)).toEqual(Array(8).fill(true));
    const { rows } = (await t.db.execute(
      sql`select distinct e.member_sort_name as name, m.sort_name as current
          from entries e join members m on m.id = e.member_id where e.member_id = ${card.member.id}`,
    )) as unknown as { rows: { name: string; current: string }[] };
    expect(rows).toEqual([{ name: 'hernoemd lid', current: 'hernoemd lid' }]);
  });
});

describe('refused check-ins', () => {
  it('are listed at the location and approved once, as an entry of their own, audited', async () => {
    const { member, scan } = await memberWithApp();
    expect((await scan()).admitted).toBe(false);
    const attempts = ok<Page<EntryAttempt>>(
      await call(
        'GET',
        `/EntryAttempt?open=true&from=${today}&search=${encodeURIComponent(member.lastName)}`,
        utrechtDesk,
      ),
    );
    expect(attempts.items).toMatchObject([
      { memberId: member.id, reason: 'noMembership', approvedEntryId: null },
    ]);
    const attempt = attempts.items[0]!;
    expect(
      ok<Page<EntryAttempt>>(await call('GET', '/EntryAttempt', amersfoortDesk)).items.map((i) => i.id),
    ).not.toContain(attempt.id);
    expectFailure(
      await call('POST', `/EntryAttempt/${attempt.id}/Approve`, amersfoortDesk),
      404,
      'general',
      'entry.errors.attemptNotFound',
    );
    expectForbidden(await call('POST', `/EntryAttempt/${attempt.id}/Approve`, membersOnly));
    const approved = ok<Entry>(await call('POST', `/EntryAttempt/${attempt.id}/Approve`, utrechtDesk));
    expect(approved).toMatchObject({ memberId: member.id, source: EntrySource.Approved, membershipId: null });
    expectFailure(
      await call('POST', `/EntryAttempt/${attempt.id}/Approve`, utrechtDesk),
      409,
      'general',
      'entry.errors.alreadyApproved',
    );
    const [row] = await t.db.select().from(entryAttempts).where(eq(entryAttempts.id, attempt.id));
    expect(row!.approvedEntryId).toBe(approved.id);
    expect(await auditRows('EntryAttempt', attempt.id)).toHaveLength(1);
    expect(
      ok<Page<EntryAttempt>>(
        await call(
          'GET',
          `/EntryAttempt?open=true&search=${encodeURIComponent(member.lastName)}`,
          utrechtDesk,
        ),
      ).items,
    ).toEqual([]);
  });
});

describe('who is inside', () => {
  it('lists entries without exit within the expected time, until the exit', async () => {
    const subscription = await newSubscription();
    const inside = await memberWithApp(subscription);
    const long = await memberWithApp(subscription);
    const checked = await inside.scan();
    await t.db.insert(entries).values({
      gymId: ids.vitaal,
      locationId: ids.utrecht,
      memberId: long.member.id,
      entryAt: new Date(Date.now() - 5 * 3_600_000),
      source: EntrySource.Desk,
    });
    const list = async (cookie = utrechtDesk, locationId = ids.utrecht) =>
      call('GET', `/Location/${locationId}/InsideMembers?pageSize=100`, cookie);
    const now = ok<Page<InsideMember>>(await list());
    expect(now.items.map((item) => item.memberId)).toContain(inside.member.id);
    expect(now.items.map((item) => item.memberId)).not.toContain(long.member.id);
    ok(await call('PUT', `/Entry/${checked.entryId}/Exit`, utrechtDesk));
    expect(ok<Page<InsideMember>>(await list()).items.map((item) => item.memberId)).not.toContain(
      inside.member.id,
    );
    // Another location of the gym, another gym, and a missing right.
    expectFailure(await list(utrechtDesk, ids.amersfoort), 404, 'general', 'entry.errors.locationNotFound');
    expectFailure(await list(amersfoortDesk), 404, 'general', 'entry.errors.locationNotFound');
    expectForbidden(await list(brug, ids.zwolle));
    expectForbidden(await list(membersOnly));
  });
});
