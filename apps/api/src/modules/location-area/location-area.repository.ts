import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, orderBy, pagedList, readPage } from '../../platform/http/paging.ts';
import { locationAreaAddressSort, locationAreas } from './location-area.tables.ts';

export type LocationAreaRow = typeof locationAreas.$inferSelect;
export type LocationAreaValues = Pick<
  typeof locationAreas.$inferInsert,
  'name' | 'sameAddressAsLocation' | 'street' | 'houseNumber' | 'postalCode' | 'city'
>;

const columns = {
  id: locationAreas.id,
  locationId: locationAreas.locationId,
  name: locationAreas.name,
  sameAddressAsLocation: locationAreas.sameAddressAsLocation,
  street: locationAreas.street,
  houseNumber: locationAreas.houseNumber,
  postalCode: locationAreas.postalCode,
  city: locationAreas.city,
};

/** The address as one sortable text; rooms at the location's own address sort first (an index holds it). */
const addressSort = locationAreaAddressSort(locationAreas);

export async function list(db: Database, locationId: number, query: ListQuery) {
  const filters: (SQL | undefined)[] = [eq(locationAreas.locationId, locationId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(
      or(
        ilike(locationAreas.name, pattern),
        ilike(locationAreas.street, pattern),
        ilike(locationAreas.city, pattern),
      ),
    );
  }
  const where = and(...filters);
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      const order = orderBy(
        query,
        { name: sql`lower(${locationAreas.name})`, address: addressSort },
        'name',
        locationAreas.id,
      );
      // A deep page's ids first, by an index-only walk of the sort's index (migration 0025), then their
      // rows; the first pages walk the index directly.
      return readPage({
        limit,
        offset,
        where,
        order,
        id: locationAreas.id,
        ids: db.select({ id: locationAreas.id }).from(locationAreas).$dynamic(),
        rows: db.select(columns).from(locationAreas).$dynamic(),
      });
    },
    db.select({ one: sql`1` }).from(locationAreas).where(where),
  );
}

export const find = async (db: Database, id: number) =>
  (await db.select(columns).from(locationAreas).where(eq(locationAreas.id, id)))[0];

/** The same, locked for the rest of the transaction, so a check and the change after it agree. */
export const lock = async (db: Database, id: number) =>
  (await db.select(columns).from(locationAreas).where(eq(locationAreas.id, id)).for('update'))[0];

export const insert = async (db: Database, locationId: number, values: LocationAreaValues) =>
  (
    await db
      .insert(locationAreas)
      .values({ ...values, locationId })
      .returning(columns)
  )[0]!;

export const update = async (db: Database, id: number, values: LocationAreaValues) =>
  (await db.update(locationAreas).set(values).where(eq(locationAreas.id, id)).returning(columns))[0]!;

export const remove = (db: Database, id: number) => db.delete(locationAreas).where(eq(locationAreas.id, id));
