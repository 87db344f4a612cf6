import { type Entry, EntrySource, type Member } from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
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
  utrechtDesk,
} from '../member/test-support.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { entries } from './entry.tables.ts';
import { entryCount, memberWithApp, useTestApp } from './entry-test-setup.ts';

useTestApp();

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
