import {
  SupplierStatus,
  type SupplierStatusTab,
  type SupplierValues,
  supplierStatusOfTab,
} from '@xp/contracts';
import { and, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, limitOffset, orderBy, tabCounts } from '../../platform/http/paging.ts';
import { suppliers } from '../organisation/organisation.tables.ts';

// Written out in full: inside a one-table select drizzle leaves column names unqualified (see the employers).
/** Accounts acting for the supplier whose account still exists. */
const userCount = sql<number>`(select count(*)::int from "supplier_users" as su join "users" as u on u."id" = su."user_id" where su."supplier_id" = "suppliers"."id" and u."deleted_at" is null)`;

const columns = {
  id: suppliers.id,
  name: suppliers.name,
  email: suppliers.email,
  firstName: suppliers.firstName,
  insertion: suppliers.insertion,
  lastName: suppliers.lastName,
  address: suppliers.address,
  houseNumber: suppliers.houseNumber,
  zipcode: suppliers.zipcode,
  city: suppliers.city,
  country: suppliers.country,
  phoneNumber: suppliers.phoneNumber,
  kvkNumber: suppliers.kvkNumber,
  btwNumber: suppliers.btwNumber,
  bankAccountNumber: suppliers.bankAccountNumber,
  status: suppliers.status,
  statusChangedAt: suppliers.statusChangedAt,
  createdAt: suppliers.createdAt,
  userCount,
};

export type SupplierRow = NonNullable<Awaited<ReturnType<typeof find>>>;

/**
 * Suppliers of a tab (all, or one state), searched on name (trigram index), email and KvK number (whose
 * digits people search for as typed, so spaces and dots are dropped), sorted and paged in SQL.
 */
export async function list(db: Database, query: ListQuery & { status?: SupplierStatusTab | undefined }) {
  let base: SQL | undefined;
  if (query.search) {
    const pattern = likePattern(query.search);
    const digits = query.search.replace(/[\s.]/g, '');
    base = or(
      ilike(suppliers.name, pattern),
      ilike(suppliers.email, pattern),
      ...(digits ? [ilike(suppliers.kvkNumber, likePattern(digits))] : []),
    );
  }
  const ofTab = (tab: SupplierStatusTab) => eq(suppliers.status, supplierStatusOfTab[tab]);
  const where = and(base, query.status ? ofTab(query.status) : undefined);
  const { limit, offset } = limitOffset(query);
  const items = await db
    .select(columns)
    .from(suppliers)
    .where(where)
    .orderBy(
      ...orderBy(
        query,
        {
          name: sql`lower(${suppliers.name})`,
          createdAt: suppliers.createdAt,
          city: sql`lower(coalesce(${suppliers.city}, ''))`,
        },
        'name',
        suppliers.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const rows = (filter: SQL | undefined) =>
    db.select({ one: sql`1` }).from(suppliers).where(and(base, filter));
  const counts = await tabCounts(
    db,
    query,
    {
      all: rows(undefined),
      pending: rows(ofTab('pending')),
      active: rows(ofTab('active')),
      denied: rows(ofTab('denied')),
      disabled: rows(ofTab('disabled')),
    },
    query.status ?? 'all',
  );
  return { items, ...counts };
}

export const find = async (db: Database, id: number) =>
  (await db.select(columns).from(suppliers).where(eq(suppliers.id, id)))[0];

/** Locks the supplier row for the rest of the transaction; undefined when it does not exist. */
export const lock = async (db: Database, id: number) =>
  (
    await db
      .select({ id: suppliers.id, status: suppliers.status })
      .from(suppliers)
      .where(eq(suppliers.id, id))
      .for('update')
  )[0];

/**
 * Whether another supplier has this name (case-insensitively). The table has no unique index on it, so
 * the callers first take `lockNames`: two saves of one name at once then check one after the other.
 */
export const nameTaken = async (db: Database, name: string, exceptId?: number) =>
  (
    await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(
          sql`lower(${suppliers.name}) = lower(${name})`,
          exceptId === undefined ? undefined : ne(suppliers.id, exceptId),
        ),
      )
      .limit(1)
  ).length > 0;

/** Serialises the name checks of adds and edits until the transaction ends. */
export const lockNames = (db: Database) => db.execute(sql`select pg_advisory_xact_lock(727020)`);

const stored = (values: SupplierValues) => ({ ...values, insertion: values.insertion ?? null });

export const insert = async (db: Database, values: SupplierValues) => {
  const [created] = await db
    .insert(suppliers)
    .values({ ...stored(values), status: SupplierStatus.Pending, statusChangedAt: new Date() })
    .returning({ id: suppliers.id });
  return (await find(db, created!.id))!;
};

export const update = async (db: Database, id: number, values: SupplierValues) => {
  await db
    .update(suppliers)
    .set({ ...stored(values), updatedAt: new Date() })
    .where(eq(suppliers.id, id));
  return (await find(db, id))!;
};

export const setStatus = async (db: Database, id: number, status: number) => {
  const now = new Date();
  await db
    .update(suppliers)
    .set({ status, statusChangedAt: now, updatedAt: now })
    .where(eq(suppliers.id, id));
  return (await find(db, id))!;
};
