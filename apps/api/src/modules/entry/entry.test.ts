import { randomUUID } from 'node:crypto';
import {
  AccessType,
  type CheckInResult,
  type Entry,
  type EntryAttempt,
  EntrySource,
  type InsideMember,
  type Member,
  PeriodType,
  type Subscription,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { members } from '../member/member.tables.ts';
import {
  amersfoortDesk,
  auditRows,
  brug,
  call,
  gym,
  ids,
  membersOnly,
  newMember,
  newSubscription,
  type Page,
  person,
  t,
  takeOut,
  today,
  useMemberDesk,
  utrechtDesk,
  variant,
} from '../member/test-support.ts';
import { locations } from '../organisation/organisation.tables.ts';
import { createEmployee, expectFailure, ok, signIn } from '../rights/test-support.ts';
import { entries, entryAttempts } from './entry.tables.ts';

/*
 * Entries at the door (decision 014): the desk's entries, the member app's check-in with its
 * rules (membership valid today at the location, pauses, time slots, access limits per period and in all),
 * the race of parallel check-ins, refused attempts and their approval, and who is inside.
 */

const qr = { utrecht: '', amersfoort: '', zwolle: '' };

useMemberDesk('entree.test', '10.65');

beforeAll(async () => {
  for (const key of Object.keys(qr) as (keyof typeof qr)[]) {
    qr[key] = randomUUID();
    await t.db.update(locations).set({ qrCode: qr[key] }).where(eq(locations.id, ids[key]));
  }
});

let serial = 0;

/** A member of Vitaal with an account of their own (the member app), signed in; with a membership when given. */
async function memberWithApp(subscription?: Subscription, startDate = today) {
  const email = `lid${++serial}@entree.test`;
  const userId = await createEmployee(t, { email, firstName: 'Lid', lastName: `Nummer ${serial}` });
  const member = await newMember({
    firstName: 'Lid',
    lastName: `Nummer ${serial}`,
    email,
    dateOfBirth: '1985-01-01',
  });
  await t.db.update(members).set({ userId }).where(eq(members.id, member.id));
  if (subscription) ok(await takeOut(member, subscription, { startDate }));
  const app = await signIn(t, email, '10.66');
  const scan = async (code = qr.utrecht) =>
    ok<CheckInResult>(await call('POST', '/Entry/CheckIn', app, { qrCode: code }));
  return { member, app, scan };
}

const entryCount = async (memberId: number) =>
  (
    await t.db.select({ n: sql<number>`count(*)::int` }).from(entries).where(eq(entries.memberId, memberId))
  )[0]!.n;

/** The local time now, HH:mm, as the server reads it. */
const localTime = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date());

describe('entries at the desk', () => {
  it('are registered, corrected, exited and deleted at the active location, audited', async () => {
    const subscription = await newSubscription();
    // Yesterday, so that the times of the day (00:05, 00:20) are never in the future, whenever this runs.
    const day = addDays(today, -1);
    const { member } = await memberWithApp(subscription, day);
    const created = ok<Entry>(
      await call('POST', '/Entry', utrechtDesk, { memberId: member.id, date: day, entryTime: '00:00' }),
    );
    expect(created).toMatchObject({
      memberId: member.id,
      location: { id: ids.utrecht },
      subscriptionName: subscription.name,
      date: day,
      entryTime: '00:00',
      exitTime: null,
      source: EntrySource.Desk,
    });
    const corrected = ok<Entry>(
      await call('PUT', '/Entry', utrechtDesk, {
        id: created.id,
        date: day,
        entryTime: '00:05',
        exitTime: '00:10',
      }),
    );
    expect(corrected).toMatchObject({ entryTime: '00:05', exitTime: '00:10' });
    expectFailure(
      await call('PUT', '/Entry', utrechtDesk, {
        id: created.id,
        date: day,
        entryTime: '00:10',
        exitTime: '00:05',
      }),
      400,
      'exitTime',
      'entry.errors.exitBeforeEntry',
    );
    const open = ok<Entry>(
      await call('POST', '/Entry', utrechtDesk, { memberId: member.id, date: day, entryTime: '00:20' }),
    );
    const exited = ok<Entry>(await call('PUT', `/Entry/${open.id}/Exit`, utrechtDesk));
    expect(exited.exitAt).not.toBeNull();
    expectFailure(
      await call('PUT', `/Entry/${open.id}/Exit`, utrechtDesk),
      409,
      'general',
      'entry.errors.exitAlreadyRecorded',
    );
    // Listed for the day at the location, and on the member's entries tab in the Gym environment.
    const ofTheDay = ok<Page<Entry>>(
      await call('GET', `/Entry?from=${day}&to=${day}&memberId=${member.id}`, utrechtDesk),
    );
    expect(ofTheDay.items.map((item) => item.id).sort()).toEqual([created.id, open.id].sort());
    const tab = ok<Page<Entry>>(
      await call('GET', `/Entry?memberId=${member.id}&sort=entryAt&direction=desc`, gym),
    );
    expect(tab.items.map((item) => item.id)).toEqual([open.id, created.id]);
    expect(
      ok<Page<Entry>>(
        await call(
          'GET',
          `/Entry?from=${addDays(day, -3)}&to=${addDays(day, -1)}&memberId=${member.id}`,
          utrechtDesk,
        ),
      ).items,
    ).toEqual([]);
    expectFailure(await call('GET', '/Entry', gym), 400, 'memberId', 'validation.required');
    // Another location and another gym do not reach them.
    expectFailure(
      await call('DELETE', `/Entry/${created.id}`, amersfoortDesk),
      404,
      'general',
      'entry.errors.notFound',
    );
    expect(ok<Page<Entry>>(await call('GET', `/Entry?memberId=${member.id}`, amersfoortDesk)).items).toEqual(
      [],
    );
    expect(ok<Page<Entry>>(await call('GET', `/Entry?memberId=${member.id}`, brug)).items).toEqual([]);
    ok(await call('DELETE', `/Entry/${created.id}`, utrechtDesk));
    expect(await entryCount(member.id)).toBe(1);
    expect((await auditRows('Entry', created.id)).map((row) => row.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });

  it('registers parallel entries of one member at the desk, each one (no deadlock on the member)', async () => {
    const subscription = await newSubscription();
    const day = addDays(today, -1);
    const { member } = await memberWithApp(subscription, day);
    // Each later than the one before, so that every entry moves the member's last entry.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        call('POST', '/Entry', utrechtDesk, { memberId: member.id, date: day, entryTime: `1${n}:00` }),
      ),
    );
    for (const answer of answers) ok(answer);
    expect(await entryCount(member.id)).toBe(6);
  });

  it('refuses a member without a membership that day, a future time, another gym’s member and a missing right', async () => {
    const subscription = await newSubscription();
    const { member } = await memberWithApp(subscription, addDays(today, 3));
    const desk = (body: Record<string, unknown>, cookie = utrechtDesk) =>
      call('POST', '/Entry', cookie, { memberId: member.id, date: today, entryTime: '00:00', ...body });
    expectFailure(await desk({}), 400, 'memberId', 'entry.errors.noMembership');
    expectFailure(await desk({ date: addDays(today, 4) }), 400, 'date', 'entry.errors.inFuture');
    expectFailure(
      await desk({ exitTime: '00:00', entryTime: '00:01' }),
      400,
      'exitTime',
      'entry.errors.exitBeforeEntry',
    );
    const zwolle = ok<Member>(
      await call('POST', '/Member', brug, {
        firstName: 'Zwols',
        lastName: 'Lid',
        homeLocationId: ids.zwolle,
      }),
    );
    expectFailure(await desk({ memberId: zwolle.id }), 400, 'memberId', 'entry.errors.memberNotFound');
    expectForbidden(await desk({}, membersOnly));
    expectForbidden(await desk({}, gym));
    expectSignInRequired(await desk({}, ''));
    expect(await entryCount(member.id)).toBe(0);
  });
});

describe("a location's entries by name", () => {
  it('sort and page by the member name copied onto them, are searched by its words, and follow a rename', async () => {
    const day = addDays(today, -2);
    const subscription = await newSubscription();
    const named = async (firstName: string, lastName: string, insertion?: string) => {
      const member = await newMember({ firstName, lastName, ...(insertion ? { insertion } : {}) });
      ok(await takeOut(member, subscription, { startDate: day }));
      return member;
    };
    const jan = await named('Jan', 'Jansen');
    const piet = await named('Piet', 'Aalders');
    const zomer = await named('Anna', 'Zomer', 'de');
    for (const member of [jan, piet, zomer, jan])
      ok(await call('POST', '/Entry', utrechtDesk, { memberId: member.id, date: day, entryTime: '10:00' }));
    // More than SHALLOW_OFFSET entries that day, so later pages read their ids first.
    await t.db.insert(entries).values(
      Array.from({ length: 110 }, (_, n) => ({
        gymId: ids.vitaal,
        locationId: ids.utrecht,
        memberId: [piet, zomer][n % 2]!.id,
        entryAt: sql`(${day}::date + time '08:00' + make_interval(secs => ${n})) at time zone 'Europe/Amsterdam'`,
        source: EntrySource.Desk,
      })) as never,
    );
    const naive = async (direction: 'asc' | 'desc') => {
      const d = sql.raw(direction);
      const { rows } = (await t.db.execute(
        sql`select e.id from entries e join members m on m.id = e.member_id
            where e.location_id = ${ids.utrecht} and (e.entry_at at time zone 'Europe/Amsterdam')::date = ${day}
            order by m.sort_name ${d}, e.id ${d}`,
      )) as unknown as { rows: { id: number }[] };
      return rows.map((row) => Number(row.id));
    };
    const listed = async (query: string) => {
      const all: number[] = [];
      for (let page = 1; ; page++) {
        const answer = ok<Page<Entry>>(
          await call('GET', `/Entry?from=${day}&to=${day}&pageSize=10&page=${page}&${query}`, utrechtDesk),
        );
        all.push(...answer.items.map((item) => item.id));
        if (answer.items.length < 10) return { all, total: answer.total };
      }
    };
    for (const direction of ['asc', 'desc'] as const) {
      const expected = await naive(direction);
      expect(expected.length).toBeGreaterThan(110);
      const whole = await listed(`sort=name&direction=${direction}`);
      expect(whole.all, direction).toEqual(expected);
      expect(whole.total).toBe(expected.length);
    }
    // Every word of the search, in any order, in the name.
    const searched = async (search: string) =>
      ok<Page<Entry>>(
        await call('GET', `/Entry?from=${day}&to=${day}&search=${encodeURIComponent(search)}`, utrechtDesk),
      );
    for (const search of ['jan jansen', 'JANSEN  Jan', 'jans']) {
      const found = await searched(search);
      expect(
        found.items.map((item) => item.memberId),
        search,
      ).toEqual([jan.id, jan.id]);
      expect(found.total).toBe(2);
    }
    expect((await searched('de zomer')).total).toBe(56);
    expect((await searched('jan aalders')).total).toBe(0);
    // A rename reaches the entries; so does anonymising (no name left on them).
    ok(
      await call('PUT', '/Member', gym, { ...person({ firstName: 'Jan', lastName: 'Visser' }), id: jan.id }),
    );
    expect((await searched('jansen')).total).toBe(0);
    expect((await searched('visser jan')).items.map((item) => item.memberName)).toEqual([
      'Jan Visser',
      'Jan Visser',
    ]);
    ok(await call('POST', `/Member/${piet.id}/Anonymise`, gym));
    const { rows } = (await t.db.execute(
      sql`select distinct member_sort_name as name from entries where member_id = ${piet.id}`,
    )) as unknown as { rows: { name: string }[] };
    expect(rows.map((row) => row.name.trim())).toEqual(['']);
    expect(await listed('sort=name&direction=asc')).toEqual({
      all: await naive('asc'),
      total: (await naive('asc')).length,
    });
  });
});

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
        name: `Morgen ${++serial}`,
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
          name: `Altijd ${++serial}`,
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
