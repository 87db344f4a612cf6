import { and, eq, inArray, isNotNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import {
  idList,
  type ListQuery,
  matchFields,
  orderBy,
  pagedList,
  pagedTotal,
  searchLike,
  searchOnce,
  sortKey,
} from '../../platform/http/paging.ts';
import { employerEmployees, employers } from '../organisation/organisation.tables.ts';
import { invitations } from '../registration/registration.tables.ts';
import { userSortName, users } from '../user/user.tables.ts';

const fullName = fullNameSql(users);

const columns = {
  userId: users.id,
  fullName,
  email: users.email,
  phone: users.phoneNumber,
  employeeSince: employerEmployees.createdAt,
};

const notDeleted = sql`${users.deletedAt} IS NULL`;

/** Each key has an index of live users (`users_sort_name_idx`, `users_list_email_idx`) or the membership's. */
const sortable = {
  name: userSortName(users),
  email: sql`lower(${users.email})`,
  employeeSince: employerEmployees.createdAt,
};

export const employerName = async (db: Database, employerId: number) =>
  (await db.select({ name: employers.name }).from(employers).where(eq(employers.id, employerId)))[0]?.name;

/** The employer's links by the sort keys and search text copied onto them (migrations 0024, 0026). */
const linkSortable = {
  name: employerEmployees.sortName,
  email: employerEmployees.sortEmail,
  employeeSince: employerEmployees.createdAt,
};

export async function listEmployees(db: Database, employerId: number, query: ListQuery) {
  const order = orderBy(query, sortable, 'name', users.id);
  const rows = (pageIds: SQLWrapper) =>
    db
      .select(columns)
      .from(employerEmployees)
      .innerJoin(users, eq(users.id, employerEmployees.userId))
      .where(and(eq(employerEmployees.employerId, employerId), inArray(users.id, pageIds)))
      .orderBy(...order);
  // A search reads the employer's links alone: their search text (null while the account is deleted) has a
  // GIN index with the employer (migration 0026), and the links hold the sort keys too.
  const searched = query.search
    ? and(
        eq(employerEmployees.employerId, employerId),
        isNotNull(employerEmployees.searchText),
        searchLike(employerEmployees.searchText, query.search),
      )
    : undefined;
  if (searched && query.counts !== false) {
    const once = await searchOnce(
      db,
      query,
      db
        .select(matchFields(employerEmployees.userId, sortKey(query, linkSortable, 'name')))
        .from(employerEmployees)
        .where(searched),
    );
    if (once) return { items: await rows(idList(once.ids)), ...pagedTotal(once.counts.all) };
  }
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      // The page's ids first (walks of the employer's links, or of the users by a sort key), then the rows
      // of those 25: a deep page skips index entries, not rows.
      const key = query.sort === 'email' ? employerEmployees.sortEmail : employerEmployees.sortName;
      const pageIds = searched
        ? db
            .select({ id: employerEmployees.userId })
            .from(employerEmployees)
            .where(searched)
            .orderBy(...orderBy(query, linkSortable, 'name', employerEmployees.userId))
            .limit(limit)
            .offset(offset)
        : query.sort !== 'employeeSince'
          ? // By name or e-mail: a walk of the employer's links by the user's sort keys copied onto them
            // (migration 0024; null while the account is deleted), no user read.
            db
              .select({ id: employerEmployees.userId })
              .from(employerEmployees)
              .where(and(eq(employerEmployees.employerId, employerId), isNotNull(key)))
              .orderBy(
                ...orderBy(
                  query,
                  { name: employerEmployees.sortName, email: employerEmployees.sortEmail },
                  'name',
                  employerEmployees.userId,
                ),
              )
              .limit(limit)
              .offset(offset)
          : db
              .select({ id: users.id })
              .from(employerEmployees)
              .innerJoin(users, eq(users.id, employerEmployees.userId))
              .where(and(eq(employerEmployees.employerId, employerId), notDeleted))
              .orderBy(...order)
              .limit(limit)
              .offset(offset);
      return rows(pageIds);
    },
    // Without a search the count is the employer's trigger-kept counter (migration 0022): the same rows.
    searched
      ? db.select({ one: sql`1` }).from(employerEmployees).where(searched)
      : async () =>
          (
            await db
              .select({ n: employers.employeeCount })
              .from(employers)
              .where(eq(employers.id, employerId))
          )[0]?.n ?? 0,
  );
}

export const findEmployee = async (db: Database, employerId: number, userId: number) =>
  (
    await db
      .select(columns)
      .from(employerEmployees)
      .innerJoin(users, eq(users.id, employerEmployees.userId))
      .where(
        and(eq(employerEmployees.employerId, employerId), eq(employerEmployees.userId, userId), notDeleted),
      )
  )[0];

export const removeEmployee = (db: Database, employerId: number, userId: number) =>
  db
    .delete(employerEmployees)
    .where(and(eq(employerEmployees.employerId, employerId), eq(employerEmployees.userId, userId)));

/** Of these lower-cased addresses, those of the employer's employees. */
export async function employeeEmails(db: Database, employerId: number, emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(employerEmployees)
    .innerJoin(users, eq(users.id, employerEmployees.userId))
    .where(and(eq(employerEmployees.employerId, employerId), inArray(sql`lower(${users.email})`, emails)));
  return new Set(rows.map((row) => row.email));
}

/** Of these lower-cased addresses, those with an open invitation of the employer (as the unique index). */
export async function invitedEmails(db: Database, employerId: number, emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: sql<string>`lower(${invitations.email})` })
    .from(invitations)
    .where(
      and(
        eq(invitations.kind, 'employerEmployee'),
        eq(invitations.employerId, employerId),
        sql`${invitations.status} in ('pending', 'registered')`,
        inArray(sql`lower(${invitations.email})`, emails),
      ),
    );
  return new Set(rows.map((row) => row.email));
}
