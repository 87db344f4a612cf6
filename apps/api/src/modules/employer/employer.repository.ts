import { and, asc, count, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import {
  cappedCounts,
  cappedSum,
  type ListQuery,
  likePattern,
  limitOffset,
  orderBy,
  pagedCounts,
} from '../../platform/http/paging.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { employerEmployees, employers, employerUsers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

// Written out in full: inside a one-table select drizzle leaves column names unqualified (see the gyms).
/** Accounts acting for the employer whose account still exists. */
const userCount = sql<number>`(select count(*)::int from "employer_users" as eu join "users" as u on u."id" = eu."user_id" where eu."employer_id" = "employers"."id" and u."deleted_at" is null)`;
/**
 * Employees whose account still exists: a counter the database keeps (triggers, migration 0022), so the
 * list neither counts an employer's 250,000 employees per row nor for the sort (`employers_list_employees_idx`).
 */
const employeeCount = employers.employeeCount;
const isComplete = sql`exists (select 1 from "employer_users" as eu join "users" as u on u."id" = eu."user_id" where eu."employer_id" = "employers"."id" and u."deleted_at" is null)`;

const columns = {
  id: employers.id,
  name: employers.name,
  createdAt: employers.createdAt,
  userCount,
  employeeCount,
};

const registrationFilter = {
  complete: isComplete,
  inProgress: sql`not ${isComplete}`,
} as const;

export async function list(
  db: Database,
  query: ListQuery & { registration?: keyof typeof registrationFilter | undefined },
) {
  const filters: (SQL | undefined)[] = [];
  if (query.search) filters.push(ilike(employers.name, likePattern(query.search)));
  const base = and(...filters);
  const where = and(base, query.registration ? registrationFilter[query.registration] : undefined);
  const { limit, offset } = limitOffset(query);
  const items = await db
    .select(columns)
    .from(employers)
    .where(where)
    .orderBy(
      ...orderBy(
        query,
        { name: sql`lower(${employers.name})`, createdAt: employers.createdAt, employeeCount },
        'name',
        employers.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  // Capped, in one statement after the page (one connection at a time). The two tabs split the list, so
  // the total is their capped sum (`cappedSum`): the search is not evaluated a third time.
  const rows = (tab: keyof typeof registrationFilter) =>
    db.select({ one: sql`1` }).from(employers).where(and(base, registrationFilter[tab]));
  if (query.counts === false) return { items };
  const tabs = await cappedCounts(db, { complete: rows('complete'), inProgress: rows('inProgress') });
  const counts = pagedCounts(
    { all: cappedSum(tabs.complete, tabs.inProgress), ...tabs },
    query.registration ?? 'all',
  );
  return { items, ...counts };
}

export const find = async (db: Database, id: number) =>
  (await db.select(columns).from(employers).where(eq(employers.id, id)))[0];

/** Locks the employer row for the rest of the transaction, so a check and the change after it agree. */
export const lock = async (db: Database, id: number) =>
  (await db.select({ id: employers.id }).from(employers).where(eq(employers.id, id)).for('update'))[0];

export const insert = async (db: Database, name: string) => {
  const [created] = await db.insert(employers).values({ name }).returning({ id: employers.id });
  return (await find(db, created!.id))!;
};

export const rename = async (db: Database, id: number, name: string) => {
  await db.update(employers).set({ name, updatedAt: new Date() }).where(eq(employers.id, id));
  return (await find(db, id))!;
};

export const remove = (db: Database, id: number) => db.delete(employers).where(eq(employers.id, id));

/** Employees with an existing account: they keep the employer from being deleted. */
export async function employeeCountOf(db: Database, employerId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(employerEmployees)
    .innerJoin(users, eq(users.id, employerEmployees.userId))
    .where(and(eq(employerEmployees.employerId, employerId), isNull(users.deletedAt)));
  return row?.value ?? 0;
}

/** Challenges the employer runs: they keep it from being deleted (they would go with it). */
export async function challengeCountOf(db: Database, employerId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(challenges)
    .where(eq(challenges.employerId, employerId));
  return row?.value ?? 0;
}

export const usersOf = (db: Database, employerId: number) =>
  db
    .select({
      id: users.id,
      name: fullNameSql(users),
      email: users.email,
    })
    .from(employerUsers)
    .innerJoin(users, eq(users.id, employerUsers.userId))
    .where(and(eq(employerUsers.employerId, employerId), isNull(users.deletedAt)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(users.id));
