import { and, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, limitOffset, orderBy } from '../../platform/http/paging.ts';
import { type UserRow, users } from './user.tables.ts';

const fullName = sql<string>`concat_ws(' ', ${users.firstName}, ${users.insertion}, ${users.lastName})`;

export async function list(db: Database, query: ListQuery & { role?: UserRow['role'] | undefined }) {
  const filters: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(users.email, pattern), ilike(fullName, pattern)));
  }
  const base = and(...filters);
  const where = and(base, query.role ? eq(users.role, query.role) : undefined);
  const [items, [total], tabs] = await Promise.all([
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
      .where(where)
      .orderBy(
        ...orderBy(
          query,
          {
            name: sql`lower(${users.lastName})`,
            email: sql`lower(${users.email})`,
            role: users.role,
            createdAt: users.createdAt,
          },
          'name',
          users.id,
        ),
      )
      .limit(limitOffset(query).limit)
      .offset(limitOffset(query).offset),
    db.select({ value: count() }).from(users).where(where),
    db.select({ role: users.role, value: count() }).from(users).where(base).groupBy(users.role),
  ]);
  const tabCounts: Record<string, number> = { all: tabs.reduce((sum, tab) => sum + tab.value, 0) };
  for (const tab of tabs) tabCounts[tab.role] = tab.value;
  return { items, total: total?.value ?? 0, tabCounts };
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
