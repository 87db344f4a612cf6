import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  gymEmployees,
  gyms,
  locationEmployees,
  locationRightGrants,
  locations,
} from '../organisation/organisation.tables.ts';
import { createEmployee, ok, request, seededIds } from '../rights/test-support.ts';
import { users } from '../user/user.tables.ts';

/**
 * `gym_employees.location_count` is at how many of the gym's locations the employee works (linked or holding
 * a right there; a location counts once), kept by triggers (migration 0029): after every kind of write it
 * equals a recount, the gyms' employee counters (migration 0022) stay right, and the gym employees sorted
 * by it are the list a recount gives, per direction and page, with and without a search.
 */
let t: TestApp;
let ids: Awaited<ReturnType<typeof seededIds>>;
let gym: string;
let call: ReturnType<typeof request>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await seededIds(t);
  gym = await t.login('gym@example.com');
  call = request(t);
});
afterAll(() => t.close());

/** Every link's kept count against a recount, and every gym's employee counter against a recount. */
async function expectCountsRight() {
  const result = (await t.db.execute(sql`
    select ge.gym_id, ge.user_id, ge.location_count as stored,
      (select count(*)::int from locations l where l.gym_id = ge.gym_id
        and (exists (select 1 from location_employees le where le.location_id = l.id and le.user_id = ge.user_id)
          or exists (select 1 from location_right_grants g where g.location_id = l.id and g.user_id = ge.user_id))
      ) as expected
    from gym_employees ge`)) as unknown as { rows: { stored: number; expected: number }[] };
  expect(result.rows.length).toBeGreaterThan(0);
  expect(result.rows.filter((row) => Number(row.stored) !== Number(row.expected))).toEqual([]);
  const counters = (await t.db.execute(sql`
    select g.id, g.employee_count as stored,
      (select count(*)::int from gym_employees ge join users u on u.id = ge.user_id and u.deleted_at is null
       where ge.gym_id = g.id) as expected
    from gyms g`)) as unknown as { rows: { stored: number; expected: number }[] };
  expect(counters.rows.filter((row) => Number(row.stored) !== Number(row.expected))).toEqual([]);
}

const countOf = async (gymId: number, userId: number) =>
  (
    await t.db
      .select({ n: gymEmployees.locationCount })
      .from(gymEmployees)
      .where(and(eq(gymEmployees.gymId, gymId), eq(gymEmployees.userId, userId)))
  )[0]?.n;

let serial = 0;
const employee = (gymId?: number) =>
  createEmployee(t, { email: `telling${++serial}@example.com`, lastName: `Telling ${serial}`, gymId });

describe('the location counts on the gym links', () => {
  it('follow links and rights written through the API', async () => {
    await expectCountsRight();
    const [a, b] = [await employee(ids.vitaal), await employee(ids.vitaal)];
    expect(await countOf(ids.vitaal, a)).toBe(0);
    ok(await call('PUT', `/Location/${ids.utrecht}/NewEmployees`, gym, { employeeIds: [a, b] }));
    await expectCountsRight();
    expect(await countOf(ids.vitaal, a)).toBe(1);
    // A right where the employee is linked already counts once; a right alone counts too.
    ok(
      await call('PUT', `/GymEmployee/${a}/Rights`, gym, {
        locationRights: [
          { locationId: ids.utrecht, rights: ['ManageLessons'] },
          { locationId: ids.amersfoort, rights: ['ManageMemberships', 'ManageLessons'] },
        ],
      }),
    );
    await expectCountsRight();
    expect(await countOf(ids.vitaal, a)).toBe(2);
    ok(
      await call('PUT', `/GymEmployee/${b}/Rights`, gym, {
        locationRights: [{ locationId: ids.amersfoort, rights: ['ManageLessons'] }],
      }),
    );
    expect(await countOf(ids.vitaal, b)).toBe(2);
    ok(
      await call('PUT', `/GymEmployee/${b}/Rights`, gym, {
        locationRights: [{ locationId: ids.amersfoort, rights: [] }],
      }),
    );
    await expectCountsRight();
    expect(await countOf(ids.vitaal, b)).toBe(1);
    // Removed from a location: the link and the rights there.
    ok(await call('DELETE', `/Location/${ids.utrecht}/Employee/${a}`, gym));
    await expectCountsRight();
    expect(await countOf(ids.vitaal, a)).toBe(1);
    ok(
      await call('PUT', `/GymEmployee/${a}/Rights`, gym, {
        locationRights: [{ locationId: ids.amersfoort, rights: [] }],
      }),
    );
    await expectCountsRight();
    expect(await countOf(ids.vitaal, a)).toBe(0);
    // Removed from the gym: its rights, locations and link (`removeFromGym`).
    ok(await call('PUT', `/Location/${ids.amersfoort}/NewEmployees`, gym, { employeeIds: [a, b] }));
    expect(await countOf(ids.vitaal, b)).toBe(2);
    ok(await call('DELETE', `/GymEmployee/${b}`, gym));
    expect(await countOf(ids.vitaal, b)).toBeUndefined();
    await expectCountsRight();
  });

  it('follow direct writes: bulk links, moves, a deleted location, a moved location, users deleted', async () => {
    const staff = [
      await employee(ids.vitaal),
      await employee(ids.vitaal),
      await employee(ids.vitaal),
      await employee(ids.vitaal),
    ];
    // Also an employee of the other gym, working at both gyms' locations.
    await t.db.insert(gymEmployees).values({ gymId: ids.brug, userId: staff[0]! });
    const [extra] = await t.db
      .insert(locations)
      .values({ gymId: ids.vitaal, name: 'Vitaal Telling', slug: 'vitaal-telling' })
      .returning({ id: locations.id });
    const all = [ids.utrecht, ids.amersfoort, extra!.id, ids.zwolle];
    await t.db
      .insert(locationEmployees)
      .values(all.flatMap((locationId) => staff.map((userId) => ({ locationId, userId }))));
    await expectCountsRight();
    expect(await countOf(ids.vitaal, staff[0]!)).toBe(3);
    expect(await countOf(ids.brug, staff[0]!)).toBe(1);
    await t.db
      .insert(locationRightGrants)
      .values(staff.flatMap((userId) => [{ locationId: extra!.id, userId, right: 'ManageLessons' }]));
    await t.db
      .delete(locationEmployees)
      .where(and(eq(locationEmployees.locationId, ids.utrecht), inArray(locationEmployees.userId, staff)));
    await expectCountsRight();
    expect(await countOf(ids.vitaal, staff[1]!)).toBe(2);
    // A link moved to another location, a right moved to another user and location.
    await t.db
      .update(locationEmployees)
      .set({ locationId: ids.utrecht })
      .where(and(eq(locationEmployees.locationId, ids.zwolle), eq(locationEmployees.userId, staff[0]!)));
    await t.db
      .update(locationRightGrants)
      .set({ userId: staff[3]!, locationId: ids.utrecht })
      .where(and(eq(locationRightGrants.locationId, extra!.id), eq(locationRightGrants.userId, staff[2]!)));
    expect(await countOf(ids.vitaal, staff[3]!)).toBe(3);
    await expectCountsRight();
    expect(await countOf(ids.brug, staff[0]!)).toBe(0);
    expect(await countOf(ids.vitaal, staff[0]!)).toBe(3);
    // A write of the count itself is overruled.
    await t.db.update(gymEmployees).set({ locationCount: 99 }).where(eq(gymEmployees.userId, staff[1]!));
    await expectCountsRight();
    // A location moved to the other gym.
    await t.db.update(locations).set({ gymId: ids.brug }).where(eq(locations.id, extra!.id));
    await expectCountsRight();
    expect(await countOf(ids.brug, staff[0]!)).toBe(1);
    await t.db.update(locations).set({ gymId: ids.vitaal }).where(eq(locations.id, extra!.id));
    await expectCountsRight();
    // A location deleted: its links and rights go with it.
    await t.db.delete(locations).where(eq(locations.id, extra!.id));
    await expectCountsRight();
    expect(await countOf(ids.vitaal, staff[1]!)).toBe(1);
    // An account deleted keeps its kept count; a user removed for good takes the links along (no screen
    // does this; the gyms' counters of 0022 count a link leaving with its user as leaving).
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, staff[1]!));
    await expectCountsRight();
    await t.db.delete(users).where(eq(users.id, staff[0]!));
    await expectCountsRight();
    expect(await countOf(ids.vitaal, staff[0]!)).toBeUndefined();
    // An employee joining the gym while already working at its locations starts with the count.
    await t.db
      .delete(gymEmployees)
      .where(and(eq(gymEmployees.gymId, ids.vitaal), eq(gymEmployees.userId, staff[2]!)));
    await t.db.insert(gymEmployees).values({ gymId: ids.vitaal, userId: staff[2]! });
    expect(await countOf(ids.vitaal, staff[2]!)).toBe(1);
    await expectCountsRight();
  });

  it('sort the gym employees as a recount does, both ways, per page, with and without a search', async () => {
    // Some spread of counts, and a deleted account that the list leaves out.
    const more = [await employee(ids.vitaal), await employee(ids.vitaal), await employee(ids.vitaal)];
    await t.db.insert(locationEmployees).values([
      { locationId: ids.utrecht, userId: more[0]! },
      { locationId: ids.amersfoort, userId: more[0]! },
      { locationId: ids.amersfoort, userId: more[1]! },
    ]);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, more[2]!));
    const [vitaal] = await t.db.select({ n: gyms.employeeCount }).from(gyms).where(eq(gyms.id, ids.vitaal));
    const pageSize = 3;
    const pages = Math.ceil(vitaal!.n / pageSize);
    expect(pages).toBeGreaterThan(2);
    for (const direction of ['asc', 'desc'] as const) {
      const expected = (
        (await t.db.execute(sql`
          select u.id as "employeeId",
            (select count(*)::int from locations l where l.gym_id = ${ids.vitaal}
              and (exists (select 1 from location_employees le where le.location_id = l.id and le.user_id = u.id)
                or exists (select 1 from location_right_grants g where g.location_id = l.id and g.user_id = u.id))
            ) as "locationCount"
          from gym_employees ge join users u on u.id = ge.user_id and u.deleted_at is null
          where ge.gym_id = ${ids.vitaal}
          order by 2 ${sql.raw(direction)}, 1 ${sql.raw(direction)}`)) as unknown as {
          rows: { employeeId: number; locationCount: number }[];
        }
      ).rows.map((row) => ({ employeeId: Number(row.employeeId), locationCount: Number(row.locationCount) }));
      expect(new Set(expected.map((row) => row.locationCount)).size).toBeGreaterThan(2);
      for (const page of [1, 2, pages]) {
        const want = expected.slice((page - 1) * pageSize, page * pageSize);
        // Walked, searched (one statement), and searched without counts (the staff set).
        for (const extra of ['', '&search=%40', '&search=%40&counts=false']) {
          const query = `sort=locationCount&direction=${direction}&page=${page}&pageSize=${pageSize}${extra}`;
          const data = ok<{ items: { employeeId: number; locationCount: number }[]; total?: number }>(
            await call('GET', `/GymEmployee?${query}`, gym),
          );
          expect(
            data.items.map((row) => ({ employeeId: row.employeeId, locationCount: row.locationCount })),
            query,
          ).toEqual(want);
          if (!extra.includes('counts=false')) expect(data.total, query).toBe(expected.length);
        }
      }
    }
  });
});
