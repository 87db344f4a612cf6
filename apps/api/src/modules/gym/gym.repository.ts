import { and, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, orderBy, pagedList } from '../../platform/http/paging.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';

export type GymValues = Pick<typeof gyms.$inferInsert, 'name' | 'slug'>;

// Written out in full: inside a one-table select drizzle leaves column names unqualified, so a
// correlated subquery built from column objects would compare the inner table with itself.
const locationCount = sql<number>`(select count(*)::int from "locations" as l where l."gym_id" = "gyms"."id")`;
/** Employees whose account still exists: a counter the database keeps (triggers, migration 0022). */
const employeeCount = gyms.employeeCount;

const columns = {
  id: gyms.id,
  name: gyms.name,
  slug: gyms.slug,
  bannerHash: gyms.registrationBannerHash,
  locationCount,
  employeeCount,
  createdAt: gyms.createdAt,
};

export async function list(db: Database, query: ListQuery) {
  const filters: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(gyms.name, pattern), ilike(gyms.slug, pattern)));
  }
  const where = and(...filters);
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      return db
        .select(columns)
        .from(gyms)
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            { name: sql`lower(${gyms.name})`, slug: sql`lower(${gyms.slug})`, createdAt: gyms.createdAt },
            'name',
            gyms.id,
          ),
        )
        .limit(limit)
        .offset(offset);
    },
    db.select({ one: sql`1` }).from(gyms).where(where),
  );
}

export const find = async (db: Database, id: number) =>
  (await db.select(columns).from(gyms).where(eq(gyms.id, id)))[0];

/** What the gym's invoices show of it. */
export const invoiceDetails = async (db: Database, id: number) =>
  (
    await db
      .select({
        id: gyms.id,
        kvkNumber: gyms.kvkNumber,
        vatNumber: gyms.vatNumber,
        sepaCreditorId: gyms.sepaCreditorId,
      })
      .from(gyms)
      .where(eq(gyms.id, id))
  )[0];

export const setInvoiceDetails = (
  db: Database,
  id: number,
  values: { kvkNumber: string | null; vatNumber: string | null; sepaCreditorId?: string | null | undefined },
) => db.update(gyms).set(values).where(eq(gyms.id, id));

/** Locks the gym row for the rest of the transaction, so a check and the change after it agree. */
export const lock = async (db: Database, id: number) =>
  (await db.select({ id: gyms.id }).from(gyms).where(eq(gyms.id, id)).for('update'))[0];

export const insert = async (db: Database, values: GymValues) => {
  const [created] = await db.insert(gyms).values(values).returning({ id: gyms.id });
  return (await find(db, created!.id))!;
};

export const update = async (db: Database, id: number, values: Partial<typeof gyms.$inferInsert>) => {
  await db.update(gyms).set(values).where(eq(gyms.id, id));
  return (await find(db, id))!;
};

export const remove = (db: Database, id: number) => db.delete(gyms).where(eq(gyms.id, id));

/**
 * The locations that keep a gym from being deleted. Members do not exist yet, so every location counts;
 * once they do, narrow this to locations that still have members (and move or delete the others).
 */
export async function blockingLocationCount(db: Database, gymId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(locations).where(eq(locations.gymId, gymId));
  return row?.value ?? 0;
}

/** Whether any of these locations belongs to the gym (location rights count as rights in its gym). */
export async function hasAnyLocation(db: Database, gymId: number, locationIds: number[]): Promise<boolean> {
  if (locationIds.length === 0) return false;
  const [row] = await db
    .select({ value: count() })
    .from(locations)
    .where(and(eq(locations.gymId, gymId), inArray(locations.id, locationIds)));
  return (row?.value ?? 0) > 0;
}
