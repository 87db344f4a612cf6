import { and, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, orderBy, pagedList, readPage } from '../../platform/http/paging.ts';
import { associations, gyms, locations } from '../organisation/organisation.tables.ts';

export type AssociationValues = Pick<typeof associations.$inferInsert, 'name' | 'bannerHash'>;

// Written out in full: inside a one-table select drizzle leaves column names unqualified, so a
// correlated subquery built from column objects would compare the inner table with itself.
const locationCount = sql<number>`(select count(*)::int from "locations" as l where l."association_id" = "associations"."id")`;

const columns = {
  id: associations.id,
  name: associations.name,
  bannerHash: associations.bannerHash,
  locationCount,
};

export async function list(db: Database, query: ListQuery) {
  const where = query.search ? ilike(associations.name, likePattern(query.search)) : undefined;
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      return db
        .select(columns)
        .from(associations)
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            { name: sql`lower(${associations.name})`, locationCount },
            'name',
            associations.id,
          ),
        )
        .limit(limit)
        .offset(offset);
    },
    db.select({ one: sql`1` }).from(associations).where(where),
  );
}

export const find = async (db: Database, id: number) =>
  (await db.select(columns).from(associations).where(eq(associations.id, id)))[0];

/** Locks the association row for the rest of the transaction, so a check and the change after it agree. */
export const lock = async (db: Database, id: number) =>
  (
    await db.select({ id: associations.id }).from(associations).where(eq(associations.id, id)).for('update')
  )[0];

export const insert = async (db: Database, values: AssociationValues) => {
  const [created] = await db.insert(associations).values(values).returning({ id: associations.id });
  return (await find(db, created!.id))!;
};

export const update = async (db: Database, id: number, values: Partial<AssociationValues>) => {
  await db.update(associations).set(values).where(eq(associations.id, id));
  return (await find(db, id))!;
};

/** Deletes the association; its locations are released by the foreign key (`on delete set null`). */
export const remove = (db: Database, id: number) => db.delete(associations).where(eq(associations.id, id));

// --- locations -------------------------------------------------------------------------------------------

const locationColumns = {
  id: locations.id,
  name: locations.name,
  gymId: locations.gymId,
  gymName: gyms.name,
  street: locations.street,
  houseNumber: locations.houseNumber,
  postalCode: locations.postalCode,
  city: locations.city,
};

/**
 * Locations of one association (`associationId`), or of none (`null`), with their gym; paged in SQL. The
 * search matches the gym's name by a semi-join and the gym is joined only where the sort reads it or for
 * the page's rows: every location has its gym (a non-null foreign key), so no row changes, and the page's
 * ids come from an index-only walk of `locations_association_list_{name,city}_idx` (they hold the searched
 * columns, migration 0025), the count too.
 */
export async function listLocations(db: Database, associationId: number | null, query: ListQuery) {
  const filters: (SQL | undefined)[] = [
    associationId === null ? isNull(locations.associationId) : eq(locations.associationId, associationId),
  ];
  if (query.search) {
    const pattern = likePattern(query.search);
    // The gym's name as a semi-join (each location has exactly one gym): the same rows as a join, and
    // the filter reads the location's index alone.
    filters.push(
      or(
        ilike(locations.name, pattern),
        inArray(locations.gymId, db.select({ id: gyms.id }).from(gyms).where(ilike(gyms.name, pattern))),
        ilike(locations.city, pattern),
      ),
    );
  }
  const where = and(...filters);
  const order = orderBy(
    query,
    {
      name: sql`lower(${locations.name})`,
      gymName: sql`lower(${gyms.name})`,
      city: sql`lower(coalesce(${locations.city}, ''))`,
    },
    'name',
    locations.id,
  );
  const readsGym = query.sort === 'gymName';
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      const ids = db.select({ id: locations.id }).from(locations).$dynamic();
      return readPage({
        limit,
        offset,
        where,
        order,
        id: locations.id,
        // A deep page's ids walk the gym's name only when sorted on it.
        ids: readsGym ? ids.innerJoin(gyms, eq(gyms.id, locations.gymId)) : ids,
        rows: db
          .select(locationColumns)
          .from(locations)
          .innerJoin(gyms, eq(gyms.id, locations.gymId))
          .$dynamic(),
      });
    },
    db.select({ one: sql`1` }).from(locations).where(where),
  );
}

/** The association a location belongs to, locking the location row; undefined when it does not exist. */
export const lockLocation = async (db: Database, locationId: number) =>
  (
    await db
      .select({ id: locations.id, name: locations.name, associationId: locations.associationId })
      .from(locations)
      .where(eq(locations.id, locationId))
      .for('update')
  )[0];

export const setLocationAssociation = (db: Database, locationId: number, associationId: number | null) =>
  db.update(locations).set({ associationId }).where(eq(locations.id, locationId));
