import { and, asc, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationAreas } from '../../modules/location-area/location-area.tables.ts';
import { locations } from '../../modules/organisation/organisation.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readPage, SHALLOW_OFFSET } from './paging.ts';

let t: TestApp;
let where: SQL | undefined;

const ROOMS = 130;

beforeAll(async () => {
  t = await createTestApp();
  const [location] = await t.db.select({ id: locations.id }).from(locations).limit(1);
  // Names in another order than their ids, so a page in id order would differ from one in name order.
  await t.db.insert(locationAreas).values(
    Array.from({ length: ROOMS }, (_, index) => ({
      locationId: location!.id,
      name: `Paging ${String((index * 37) % ROOMS).padStart(3, '0')}`,
    })),
  );
  where = and(eq(locationAreas.locationId, location!.id), like(locationAreas.name, 'Paging %'));
});
afterAll(() => t.close());

const orderOf = (direction: typeof asc) => [
  direction(sql`lower(${locationAreas.name})`),
  direction(locationAreas.id),
];

const pageOf = (offset: number, order: SQL[]) =>
  readPage({
    limit: 10,
    offset,
    where,
    order,
    id: locationAreas.id,
    ids: t.db.select({ id: locationAreas.id }).from(locationAreas).$dynamic(),
    rows: t.db.select({ id: locationAreas.id, name: locationAreas.name }).from(locationAreas).$dynamic(),
  });

describe('readPage', () => {
  it('reads a shallow page directly and a deep one by its ids, both in the sort order', async () => {
    expect(pageOf(SHALLOW_OFFSET, orderOf(asc)).toSQL().sql).not.toContain(' in (select');
    expect(pageOf(SHALLOW_OFFSET, orderOf(asc)).toSQL().sql).toMatch(/ limit \$\d+ offset \$\d+$/);
    const deep = pageOf(SHALLOW_OFFSET + 1, orderOf(asc)).toSQL().sql;
    expect(deep).toContain('"location_areas"."id" in (select "id" from "location_areas" where');
    // The outer select restores the page's order, and takes no LIMIT of its own.
    expect(deep).toMatch(/\) order by lower\("location_areas"."name"\) asc, "location_areas"."id" asc$/);

    for (const direction of [asc, desc])
      for (const offset of [0, SHALLOW_OFFSET, SHALLOW_OFFSET + 5, ROOMS - 10]) {
        const expected = await t.db
          .select({ id: locationAreas.id, name: locationAreas.name })
          .from(locationAreas)
          .where(where)
          .orderBy(...orderOf(direction))
          .limit(10)
          .offset(offset);
        expect(expected).toHaveLength(10);
        expect(await pageOf(offset, orderOf(direction))).toEqual(expected);
      }
  });
});
