import { addDays } from '@xp/contracts/dates';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, signIn } from '../rights/test-support.ts';
import { statusOf } from './member.repository.ts';
import {
  call,
  gym,
  ids,
  newMember,
  newSubscription,
  type Page,
  t,
  takeOut,
  today,
  useMemberDesk,
  utrechtDesk,
} from './test-support.ts';

/**
 * `member_status_days` is kept by triggers on the members' status rows (migration 0032; since 0036 on
 * `member_statuses`, on update a row trigger), and its version per location, `member_location_status_days`,
 * by those and the ones on `memberships` (0033, 0036); a location's changed requirements count their members
 * themselves (0036): after every kind of
 * write (members added at the desk, entries that move their instants, a location's changed requirements,
 * bulk updates, deletions, concurrent entries) it equals a recount of the members by gym, kind and day (the
 * sum of the shards); and the member list's tab counts without a filter, read from it, equal the members counted by
 * their status one by one, also with instants that fall today on either side of now.
 */
useMemberDesk('statusdagen.test', '10.67');

type Member = { id: number };

type Row = { owner: number; kind: number; day: string; members: number };
const keyed = (rows: Row[]) =>
  Object.fromEntries(
    rows
      .map((r) => [`${r.owner}:${r.kind}:${r.day}`, r.members])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
const rowsOf = async (query: ReturnType<typeof sql>) =>
  keyed(((await t.db.execute(query)) as unknown as { rows: Row[] }).rows);

/**
 * The kept counts that are not zero, as `gym:kind:day` -> members, and by location: the sum of a key's shards
 * (a writer counts in a shard of its own, which may go below zero).
 */
const stored = async () => ({
  gyms: await rowsOf(
    sql`select gym_id as owner, kind, day::text as day, sum(members)::int as members from member_status_days
        group by 1, 2, 3 having sum(members) <> 0`,
  ),
  locations: await rowsOf(
    sql`select location_id as owner, kind, day::text as day, sum(members)::int as members
        from member_location_status_days group by 1, 2, 3 having sum(members) <> 0`,
  ),
});

/** The same from the members: by gym, and by each of their locations (main location and memberships'). */
const recounted = async () => ({
  gyms: await rowsOf(
    sql`select m.gym_id as owner, k.kind, k.day::text as day, count(*)::int as members
        from members m join member_statuses s on s.member_id = m.id
        cross join lateral member_status_keys(s.non_active_from, s.sleeping_from) k
        group by 1, 2, 3`,
  ),
  locations: await rowsOf(
    sql`select l.location_id as owner, k.kind, k.day::text as day, count(*)::int as members
        from members m join member_statuses s on s.member_id = m.id
        cross join lateral (select m.home_location_id as location_id where m.home_location_id is not null
                            union select ms.location_id from memberships ms where ms.member_id = m.id) l
        cross join lateral member_status_keys(s.non_active_from, s.sleeping_from) k
        group by 1, 2, 3`,
  ),
});

/** The member's status row (migration 0036), which `statusOf` reads. */
const withStatusRow = sql`join member_statuses on member_statuses.member_id = members.id`;

const expectKept = async () => expect(await stored()).toEqual(await recounted());

/** The gym's members by status, each member's status read on its own (statusOf: 1, 2, 3). */
async function countedOneByOne(gymId: number) {
  const { rows } = (await t.db.execute(
    sql`select count(*)::int as "all",
          count(*) filter (where s = 3)::int as active,
          count(*) filter (where s = 1)::int as "nonActive",
          count(*) filter (where s = 2)::int as sleeping
        from (select ${statusOf} as s from members ${withStatusRow} where members.gym_id = ${gymId}) as m`,
  )) as unknown as { rows: Record<'all' | 'active' | 'nonActive' | 'sleeping', number>[] };
  return rows[0]!;
}

async function listCounts(cookie: string) {
  const page = ok<Page<Member>>(await call('GET', '/Member?pageSize=1', cookie));
  return page.tabCounts;
}

/** Utrecht's days of absence after which a member is non-active (1) and sleeping (2). */
async function requiredDays() {
  const { rows } = (await t.db.execute(
    sql`select member_status, required_days_of_absence as days from location_status_requirements
        where location_id = ${ids.utrecht}`,
  )) as unknown as { rows: { member_status: number; days: number }[] };
  return Object.fromEntries(rows.map((row) => [row.member_status, row.days])) as Record<number, number>;
}

describe('member status days', () => {
  it('are kept after members are added, enter, change location requirements, are updated in bulk and deleted', async () => {
    await expectKept();
    const subscription = await newSubscription();
    const added: Member[] = [];
    for (let n = 0; n < 4; n++) added.push(await newMember());
    await expectKept();
    // Several in one statement (as an import adds them), each with a status row of its own.
    const { rows: inserted } = (await t.db.execute(
      sql`insert into members (gym_id, first_name, last_name, home_location_id)
          values (${ids.vitaal}, 'Een', 'Tegelijk', ${ids.utrecht}), (${ids.vitaal}, 'Twee', 'Tegelijk', null),
                 (${ids.vitaal}, 'Drie', 'Tegelijk', ${ids.amersfoort})
          returning id`,
    )) as unknown as { rows: { id: number }[] };
    const { rows: statusRows } = (await t.db.execute(
      sql`select count(*)::int as n from member_statuses
          where member_id in (${sql.join(
            inserted.map((row) => sql`${row.id}`),
            sql`, `,
          )})`,
    )) as unknown as { rows: { n: number }[] };
    expect(statusRows[0]!.n).toBe(3);
    await expectKept();

    for (const member of added.slice(0, 2)) {
      ok(await takeOut(member as never, subscription));
      ok(await call('POST', '/Entry', utrechtDesk, { memberId: member.id, date: today, entryTime: '00:00' }));
    }
    await expectKept();

    // A location's changed requirements move its members' instants (one statement over all of them).
    const days = await requiredDays();
    await t.db.execute(
      sql`update location_status_requirements set required_days_of_absence = required_days_of_absence + 3
          where location_id = ${ids.utrecht}`,
    );
    await expectKept();
    await t.db.execute(
      sql`update location_status_requirements set required_days_of_absence = required_days_of_absence - 3
          where location_id = ${ids.utrecht}`,
    );
    expect(await requiredDays()).toEqual(days);
    // Removed, then saved again (the screen's save deletes and inserts the location's rows).
    await t.db.execute(sql`delete from location_status_requirements where location_id = ${ids.utrecht}`);
    await expectKept();
    await t.db.execute(
      sql`insert into location_status_requirements (location_id, member_status, required_days_of_absence)
          values (${ids.utrecht}, 1, ${days[1]}), (${ids.utrecht}, 2, ${days[2]})`,
    );
    await expectKept();
    expect(await requiredDays()).toEqual(days);

    // A second entry of the day moves the latest entry, and the instants within their days (or not).
    ok(
      await call('POST', '/Entry', utrechtDesk, { memberId: added[0]!.id, date: today, entryTime: '00:01' }),
    );
    await expectKept();

    // Many members at once, to different days; then some of them deleted.
    await t.db.execute(
      sql`update member_statuses set last_entry_at = now() - make_interval(days => (member_id % 50)::int)
          where gym_id = ${ids.vitaal}`,
    );
    await expectKept();
    await t.db.execute(sql`delete from members where id in (${added[2]!.id}, ${added[3]!.id})`);
    await expectKept();
    ok(await call('POST', `/Member/${added[1]!.id}/Anonymise`, gym));
    await expectKept();
  });

  it('are kept by location when memberships come and go, a main location changes, and members or a location are deleted', async () => {
    const subscription = await newSubscription();
    // Amersfoort members with memberships at Utrecht (visitors there), one of them twice.
    const visitors: Member[] = [];
    for (let n = 0; n < 3; n++) visitors.push(await newMember({ homeLocationId: ids.amersfoort }));
    for (const visitor of visitors) ok(await takeOut(visitor as never, subscription));
    ok(await takeOut(visitors[0] as never, subscription, { startDate: addDays(today, 30) }));
    await expectKept();
    // An entry moves a visitor's instants at both locations.
    ok(
      await call('POST', '/Entry', utrechtDesk, {
        memberId: visitors[1]!.id,
        date: today,
        entryTime: '00:00',
      }),
    );
    await expectKept();
    // One of two memberships at Utrecht goes (still a visitor), then the other (no longer).
    const membershipIds = async (memberId: number) =>
      (
        (await t.db.execute(
          sql`select id from memberships where member_id = ${memberId} order by id`,
        )) as unknown as { rows: { id: number }[] }
      ).rows.map((row) => row.id);
    const [first, second] = await membershipIds(visitors[0]!.id);
    await t.db.execute(sql`delete from memberships where id = ${first!}`);
    await expectKept();
    await t.db.execute(sql`delete from memberships where id = ${second!}`);
    await expectKept();
    // A membership moved to the member's main location, and back.
    const [moved] = await membershipIds(visitors[1]!.id);
    await t.db.execute(sql`update memberships set location_id = ${ids.amersfoort} where id = ${moved!}`);
    await expectKept();
    await t.db.execute(sql`update memberships set location_id = ${ids.utrecht} where id = ${moved!}`);
    await expectKept();
    // The main location changes: to the membership's location, and to none.
    await t.db.execute(
      sql`update members set home_location_id = ${ids.utrecht} where id = ${visitors[1]!.id}`,
    );
    await expectKept();
    await t.db.execute(sql`update members set home_location_id = null where id = ${visitors[2]!.id}`);
    await expectKept();
    // A member with a membership at another location is deleted (the memberships go by the cascade).
    await t.db.execute(
      sql`update members set home_location_id = ${ids.amersfoort} where id = ${visitors[2]!.id}`,
    );
    await expectKept();
    await t.db.execute(sql`delete from members where id = ${visitors[2]!.id}`);
    await expectKept();
    // A location without memberships is deleted: its members' main location is set null, its rows go.
    const { rows } = (await t.db.execute(
      sql`insert into locations (gym_id, name, slug) values (${ids.vitaal}, 'Tijdelijk', ${`tijdelijk-${Date.now()}`})
          returning id`,
    )) as unknown as { rows: { id: number }[] };
    const temporary = rows[0]!.id;
    await t.db.execute(sql`update members set home_location_id = ${temporary} where id = ${visitors[0]!.id}`);
    await expectKept();
    await t.db.execute(sql`delete from locations where id = ${temporary}`);
    await expectKept();
    expect(
      (
        (await t.db.execute(
          sql`select count(*)::int as n from member_location_status_days where location_id = ${temporary}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    ).toBe(0);
  });

  it('answer the list tabs as the members counted one by one, with instants today before and after now', async () => {
    const days = await requiredDays();
    const added: Member[] = [];
    for (let n = 0; n < 6; n++) added.push(await newMember());
    // Non-active since a minute, non-active in a minute, sleeping since a minute, sleeping in a minute.
    const lastEntry = (status: number, minutes: number) =>
      sql`now() - make_interval(days => ${days[status]!}) + make_interval(mins => ${minutes})`;
    const shifts: [number, number][] = [
      [1, -1],
      [1, 1],
      [2, -1],
      [2, 1],
      [1, -90],
      [2, 90],
    ];
    for (const [index, [status, minutes]] of shifts.entries())
      await t.db.execute(
        sql`update member_statuses set last_entry_at = ${lastEntry(status, minutes)}
            where member_id = ${added[index]!.id}`,
      );
    await expectKept();
    const counted = await countedOneByOne(ids.vitaal);
    expect(counted.active).toBeGreaterThan(0);
    expect(counted.nonActive).toBeGreaterThan(0);
    expect(counted.sleeping).toBeGreaterThan(0);
    expect(await listCounts(gym)).toEqual(counted);
    // Each tab's page total is its count.
    for (const [status, tab] of [
      [1, 'nonActive'],
      [2, 'sleeping'],
      [3, 'active'],
    ] as const) {
      const page = ok<Page<Member>>(await call('GET', `/Member?pageSize=1&status=${status}`, gym));
      expect(page.total, tab).toBe(counted[tab]);
    }
    // The other gym's counts are its own.
    expect(await listCounts(await signIn(t, 'boss@statusdagen.test', '10.67'))).toEqual(
      await countedOneByOne(ids.brug),
    );
  });

  it("count a location's members by status in the Location environment and under the location filter", async () => {
    // A member of Amersfoort with a membership at Utrecht belongs to both.
    const subscription = await newSubscription();
    const visitor = await newMember({ homeLocationId: ids.amersfoort });
    ok(await takeOut(visitor as never, subscription));
    const atUtrecht = async () => {
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as "all",
              count(*) filter (where s = 3)::int as active,
              count(*) filter (where s = 1)::int as "nonActive",
              count(*) filter (where s = 2)::int as sleeping
            from (select ${statusOf} as s from members ${withStatusRow} where members.gym_id = ${ids.vitaal}
                  and (members.home_location_id = ${ids.utrecht}
                       or members.id in (select member_id from memberships where location_id = ${ids.utrecht}))) as m`,
      )) as unknown as { rows: Record<'all' | 'active' | 'nonActive' | 'sleeping', number>[] };
      return rows[0]!;
    };
    const expected = await atUtrecht();
    expect(expected.all).toBeGreaterThan(5);
    expect(await listCounts(utrechtDesk)).toEqual(expected);
    const filtered = ok<Page<Member>>(
      await call('GET', `/Member?pageSize=100&locationId=${ids.utrecht}`, gym),
    );
    expect(filtered.tabCounts).toEqual(expected);
    expect(filtered.items.map((item) => item.id)).toContain(visitor.id);
    for (const [status, tab] of [
      [1, 'nonActive'],
      [2, 'sleeping'],
      [3, 'active'],
    ] as const) {
      const page = ok<Page<Member>>(await call('GET', `/Member?pageSize=1&status=${status}`, utrechtDesk));
      expect(page.total, tab).toBe(expected[tab]);
    }
  });

  it('sort a list by status, then name, page by page, both ways, also within a tab', async () => {
    const naive = async (direction: 'asc' | 'desc', status?: number, search?: string) => {
      const d = sql.raw(direction);
      const { rows } = (await t.db.execute(
        sql`select id from members ${withStatusRow} where members.gym_id = ${ids.vitaal}${status ? sql` and ${statusOf} = ${status}` : sql``}${
          search ? sql` and search_text like ${`%${search}%`}` : sql``
        }
            order by ${statusOf} ${d}, sort_name ${d}, id ${d}`,
      )) as unknown as { rows: { id: number }[] };
      return rows.map((row) => row.id);
    };
    const listed = async (direction: 'asc' | 'desc', status?: number, search?: string) => {
      const all: number[] = [];
      for (let page = 1; ; page++) {
        const answer = ok<Page<Member>>(
          await call(
            'GET',
            `/Member?sort=status&direction=${direction}&pageSize=7&page=${page}${status ? `&status=${status}` : ''}${
              search ? `&search=${search}` : ''
            }`,
            gym,
          ),
        );
        all.push(...answer.items.map((item) => item.id));
        if (answer.items.length < 7) return all;
      }
    };
    for (const direction of ['asc', 'desc'] as const) {
      const expected = await naive(direction);
      expect(expected.length).toBeGreaterThan(20);
      expect(await listed(direction), direction).toEqual(expected);
      expect(await listed(direction, 2), `${direction} sleeping`).toEqual(await naive(direction, 2));
      // A search reads its matches once (searchOnce), sorted the same way.
      const searched = await naive(direction, undefined, 'e');
      expect(searched.length).toBeGreaterThan(7);
      expect(await listed(direction, undefined, 'e'), `${direction} search`).toEqual(searched);
      expect(await listed(direction, 3, 'e'), `${direction} search active`).toEqual(
        await naive(direction, 3, 'e'),
      );
    }
  });

  it('stay right under concurrent entries of one location (no deadlock, no lost count)', async () => {
    const subscription = await newSubscription();
    const added: Member[] = [];
    for (let n = 0; n < 16; n++) {
      const member = await newMember();
      ok(await takeOut(member as never, subscription));
      added.push(member);
    }
    const answers = await Promise.all(
      // All at midnight: a later time today could still be in the future when this runs just after it.
      added.map((member) =>
        call('POST', '/Entry', utrechtDesk, { memberId: member.id, date: today, entryTime: '00:00' }),
      ),
    );
    for (const answer of answers) ok(answer);
    await expectKept();
    expect(await listCounts(gym)).toEqual(await countedOneByOne(ids.vitaal));
  });
});
