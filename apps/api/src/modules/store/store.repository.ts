import { COUNT_CAP, redemptionStatuses, storeVatPercentage } from '@xp/contracts';
import { and, count, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import {
  type ListQuery,
  likePattern,
  limitOffset,
  orderBy,
  pagedTotal,
  readPage,
  searchLike,
  tabCounts,
} from '../../platform/http/paging.ts';
import { employerEmployees, employers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { storeItems, storeRedemptions } from './store.tables.ts';

export type StoreItemValues = Pick<
  typeof storeItems.$inferInsert,
  'name' | 'description' | 'cost' | 'category' | 'stock' | 'imageHash'
>;

const itemColumns = {
  id: storeItems.id,
  name: storeItems.name,
  description: storeItems.description,
  cost: storeItems.cost,
  storeItemCategory: storeItems.category,
  employerId: storeItems.employerId,
  employerName: employers.name,
  stock: storeItems.stock,
  imageCdnHash: storeItems.imageHash,
  createdAt: storeItems.createdAt,
  updatedAt: storeItems.updatedAt,
};

const itemRows = (db: Database) =>
  db.select(itemColumns).from(storeItems).leftJoin(employers, eq(employers.id, storeItems.employerId));
type ItemRow = Awaited<ReturnType<typeof itemRows>>[number];

const toItem = (row: ItemRow) => ({
  ...row,
  cdnHash: row.imageCdnHash,
  vatPercentage: storeVatPercentage(row.storeItemCategory),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
export type StoreItemRow = ReturnType<typeof toItem>;

export interface StoreItemFilter extends ListQuery {
  storeItemCategory?: number | undefined;
}

/**
 * Items of one owner filter (the platform's, employers', an employer's shop), searched on the name (its
 * trigram index), by category; paged and sorted in SQL. The counts per category ignore the category
 * filter (the tabs show them all); a store holds hundreds of items, so they are counted exactly.
 */
export async function listItems(db: Database, owner: SQL | undefined, query: StoreItemFilter) {
  const shared = and(owner, query.search ? ilike(storeItems.name, likePattern(query.search)) : undefined);
  const where = and(
    shared,
    query.storeItemCategory !== undefined ? eq(storeItems.category, query.storeItemCategory) : undefined,
  );
  const { limit, offset } = limitOffset(query);
  const order = orderBy(
    query,
    { name: sql`lower(${storeItems.name})`, cost: storeItems.cost, stock: storeItems.stock },
    'name',
    storeItems.id,
  );
  const rows = await readPage({
    limit,
    offset,
    where,
    order,
    id: storeItems.id,
    ids: db.select({ id: storeItems.id }).from(storeItems).$dynamic(),
    rows: itemRows(db).$dynamic(),
  });
  const items = rows.map(toItem);
  if (query.counts === false) return { items };
  const perCategory = await db
    .select({ category: storeItems.category, value: count() })
    .from(storeItems)
    .where(shared)
    .groupBy(storeItems.category);
  const counts: Record<string, number> = { all: 0 };
  for (const { category, value } of perCategory) {
    counts[String(category)] = value;
    counts.all = (counts.all ?? 0) + value;
  }
  const total =
    (query.storeItemCategory !== undefined ? counts[String(query.storeItemCategory)] : counts.all) ?? 0;
  return {
    items,
    ...pagedTotal({ value: Math.min(total, COUNT_CAP), isCapped: total > COUNT_CAP }),
    tabCounts: counts,
  };
}

/** The owner filters of the lists. */
export const owners = {
  platform: () => isNull(storeItems.employerId),
  employers: () => isNotNull(storeItems.employerId),
  employer: (employerId: number) => eq(storeItems.employerId, employerId),
  /** An employer's shop: the platform's items and its own. */
  shop: (employerId: number) => or(isNull(storeItems.employerId), eq(storeItems.employerId, employerId)),
};

export async function findItem(db: Database, id: number, lock = false) {
  const select = itemRows(db).where(eq(storeItems.id, id));
  const [row] = lock ? await select.for('update', { of: storeItems }) : await select;
  return row ? toItem(row) : undefined;
}

export const insertItem = async (db: Database, employerId: number | null, values: StoreItemValues) => {
  const [created] = await db
    .insert(storeItems)
    .values({ ...values, employerId })
    .returning({ id: storeItems.id });
  return (await findItem(db, created!.id))!;
};

export const updateItem = async (db: Database, id: number, values: StoreItemValues) => {
  await db
    .update(storeItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(storeItems.id, id));
  return (await findItem(db, id))!;
};

export const removeItem = (db: Database, id: number) => db.delete(storeItems).where(eq(storeItems.id, id));

/** Orders of the item that still go somewhere (ordered or sent): an item with such orders stays. */
export async function countOpenOrders(db: Database, storeItemId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(storeRedemptions)
    .where(and(eq(storeRedemptions.storeItemId, storeItemId), inArray(storeRedemptions.status, [0, 1])));
  return row?.value ?? 0;
}

export async function employerExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: employers.id }).from(employers).where(eq(employers.id, id));
  return row !== undefined;
}

/** The employers whose employee this person is. */
export async function employersOfEmployee(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ employerId: employerEmployees.employerId })
    .from(employerEmployees)
    .where(eq(employerEmployees.userId, userId))
    .orderBy(employerEmployees.employerId);
  return rows.map((row) => row.employerId);
}

/**
 * Takes one from the stock, if there is one: the conditional update locks the item's row, so concurrent
 * redemptions of it queue and each sees the stock the one before left. Answers the item as it was sold.
 */
export async function takeOne(db: Database, id: number) {
  const [row] = await db
    .update(storeItems)
    .set({ stock: sql`${storeItems.stock} - 1` })
    .where(and(eq(storeItems.id, id), gt(storeItems.stock, 0)))
    .returning({
      id: storeItems.id,
      name: storeItems.name,
      cost: storeItems.cost,
      category: storeItems.category,
    });
  return row;
}

export const putBack = (db: Database, id: number) =>
  db
    .update(storeItems)
    .set({ stock: sql`${storeItems.stock} + 1` })
    .where(eq(storeItems.id, id));

// ------------------------------------------------------------------------------------------ redemptions

const userName = fullNameSql(users);
const redemptionColumns = {
  id: storeRedemptions.id,
  storeItemId: storeRedemptions.storeItemId,
  itemName: storeRedemptions.itemName,
  itemImageCdnHash: storeItems.imageHash,
  itemEmployerId: storeItems.employerId,
  cost: storeRedemptions.cost,
  vatPercentage: storeRedemptions.vatPercentage,
  userId: storeRedemptions.userId,
  userName,
  userEmail: users.email,
  employerId: storeRedemptions.employerId,
  employerName: employers.name,
  status: storeRedemptions.status,
  statusChangedAt: storeRedemptions.statusChangedAt,
  createdAt: storeRedemptions.createdAt,
};

const redemptionRows = (db: Database) =>
  db
    .select(redemptionColumns)
    .from(storeRedemptions)
    .innerJoin(users, eq(users.id, storeRedemptions.userId))
    .leftJoin(employers, eq(employers.id, storeRedemptions.employerId))
    .leftJoin(storeItems, eq(storeItems.id, storeRedemptions.storeItemId));

const toRedemption = (row: Awaited<ReturnType<typeof redemptionRows>>[number]) => ({
  ...row,
  statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
export type RedemptionRow = ReturnType<typeof toRedemption>;

export interface RedemptionFilter extends ListQuery {
  status?: number | undefined;
  employerId?: number | undefined;
}

/**
 * Orders (of one employer, or all), newest first by default; tabs per status with capped counts. The
 * search matches the item's name or the employee (the users' trigram index answers the employee part).
 */
export async function listRedemptions(db: Database, query: RedemptionFilter) {
  const filters: (SQL | undefined)[] = [];
  if (query.employerId !== undefined) filters.push(eq(storeRedemptions.employerId, query.employerId));
  if (query.search) {
    const people = db
      .select({ id: users.id })
      .from(users)
      .where(and(searchLike(users.searchText, query.search), isNull(users.deletedAt)));
    filters.push(
      or(
        ilike(storeRedemptions.itemName, likePattern(query.search)),
        inArray(storeRedemptions.userId, people),
      ),
    );
  }
  const shared = and(...filters);
  const where = and(
    shared,
    query.status !== undefined ? eq(storeRedemptions.status, query.status) : undefined,
  );
  const { limit, offset } = limitOffset(query);
  const order = orderBy(query, { createdAt: storeRedemptions.createdAt }, 'createdAt', storeRedemptions.id);
  const rows = await readPage({
    limit,
    offset,
    where,
    order,
    id: storeRedemptions.id,
    ids: db.select({ id: storeRedemptions.id }).from(storeRedemptions).$dynamic(),
    rows: redemptionRows(db).$dynamic(),
  });
  const countOf = (extra?: SQL) =>
    db.select({ one: sql`1` }).from(storeRedemptions).where(and(shared, extra));
  const counts = await tabCounts(
    db,
    query,
    {
      all: countOf(),
      ...Object.fromEntries(
        redemptionStatuses.map((status) => [String(status), countOf(eq(storeRedemptions.status, status))]),
      ),
    } as Record<'all' | '0' | '1' | '2' | '3', ReturnType<typeof countOf>>,
    query.status !== undefined ? (String(query.status) as '0') : 'all',
  );
  return { items: rows.map(toRedemption), ...counts };
}

export async function findRedemption(db: Database, id: number) {
  const [row] = await redemptionRows(db).where(eq(storeRedemptions.id, id));
  return row ? toRedemption(row) : undefined;
}

/** The order's row locked for the rest of the transaction (a status change and its refund happen once). */
export async function lockRedemption(db: Database, id: number) {
  const [row] = await db
    .select({
      id: storeRedemptions.id,
      status: storeRedemptions.status,
      storeItemId: storeRedemptions.storeItemId,
      cost: storeRedemptions.cost,
      userId: storeRedemptions.userId,
      employerId: storeRedemptions.employerId,
    })
    .from(storeRedemptions)
    .where(eq(storeRedemptions.id, id))
    .for('update');
  return row;
}

export async function insertRedemption(db: Database, values: typeof storeRedemptions.$inferInsert) {
  const [row] = await db.insert(storeRedemptions).values(values).returning({ id: storeRedemptions.id });
  return row!.id;
}

export const setRedemptionStatus = (db: Database, id: number, status: number) =>
  db
    .update(storeRedemptions)
    .set({ status, statusChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(storeRedemptions.id, id));
