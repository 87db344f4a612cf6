import { and, count, eq, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import {
  type CappedCount,
  cappedValue,
  idList,
  type ListQuery,
  limitOffset,
  matchFields,
  orderBy,
  pagedCounts,
  searchLike,
  searchOnce,
  sortKey,
  tabCounts,
} from '../../platform/http/paging.ts';
import { type UserRow, userRoleCounts, users } from './user.tables.ts';

const fullName = fullNameSql(users);

const roles = ['Admin', 'Employee', 'ContentCreator', 'Employer', 'Supplier'] as const;

/**
 * The user list. Each sort key, alone or after the role of a tab, has a partial index of live users
 * (`users_list_*`); the search matches `search_text` with its trigram index; counts are capped and run in
 * one statement after the page (one connection per request).
 */
export async function list(db: Database, query: ListQuery & { role?: UserRow['role'] | undefined }) {
  const base = and(
    isNull(users.deletedAt),
    query.search ? searchLike(users.searchText, query.search) : undefined,
  );
  const where = and(base, query.role ? eq(users.role, query.role) : undefined);
  const sortable = {
    name: sql`lower(${users.lastName})`,
    email: sql`lower(${users.email})`,
    role: users.role,
    createdAt: users.createdAt,
  };
  const order = orderBy(query, sortable, 'name', users.id);
  const rows = (pageIds: SQLWrapper) =>
    db
      .select({
        id: users.id,
        email: users.email,
        name: fullName,
        role: users.role,
        isTfaEnabled: users.isTfaEnabled,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(inArray(users.id, pageIds))
      .orderBy(...order);
  if (query.search && query.counts !== false) {
    // A search reads its matches once for the page and every tab's count (`searchOnce`).
    const once = await searchOnce(
      db,
      query,
      db
        .select(matchFields(users.id, sortKey(query, sortable, 'name'), users.role))
        .from(users)
        .where(base),
      { values: roles, current: query.role },
    );
    if (once)
      return { items: await rows(idList(once.ids)), ...pagedCounts(once.counts, query.role ?? 'all') };
  }
  const { limit, offset } = limitOffset(query);
  // The page's ids first, then their rows: the offset walks the sort index alone (index-only: the indexes
  // hold their expression's columns, migration 0022), not the table rows it skips.
  const items = await rows(
    db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  if (!query.search && query.counts !== false) {
    return { items, ...pagedCounts(await roleCounts(db), query.role ?? 'all') };
  }
  const tab = (role?: UserRow['role']) =>
    db
      .select({ one: sql`1` })
      .from(users)
      .where(and(base, role ? eq(users.role, role) : undefined));
  const counts = await tabCounts(
    db,
    query,
    {
      all: tab(),
      ...Object.fromEntries(roles.map((role) => [role, tab(role)])),
    } as Record<'all' | UserRow['role'], ReturnType<typeof tab>>,
    query.role ?? 'all',
  );
  return { items, ...counts };
}

/**
 * The tab counts without a search: the live users per role that triggers keep (migration 0024), answered
 * as the capped counts would be (exact up to `COUNT_CAP`).
 */
async function roleCounts(db: Database): Promise<Record<'all' | UserRow['role'], CappedCount>> {
  const rows = await db
    .select({ role: userRoleCounts.role, count: userRoleCounts.count })
    .from(userRoleCounts);
  const counted = new Map(rows.map((row) => [row.role, row.count]));
  const counts = { all: cappedValue(rows.reduce((sum, row) => sum + row.count, 0)) } as Record<
    'all' | UserRow['role'],
    CappedCount
  >;
  for (const role of roles) counts[role] = cappedValue(counted.get(role) ?? 0);
  return counts;
}

export const adminCount = async (db: Database) =>
  (
    await db
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.role, 'Admin'), isNull(users.deletedAt)))
  )[0]?.value ?? 0;

export const find = async (db: Database, id: number) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
  )[0];

export const update = async (db: Database, id: number, values: Partial<typeof users.$inferInsert>) =>
  (await db.update(users).set(values).where(eq(users.id, id)).returning())[0]!;
