import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import { type ListQuery, orderBy, pagedList, searchLike } from '../../platform/http/paging.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../employee/employee.tables.ts';
import {
  gymEmployees,
  gymRightGrants,
  locationRightGrants,
  locations,
} from '../organisation/organisation.tables.ts';
import { locationStaff } from '../organisation/staff.ts';
import { locationStaffIds, staffSearch, staffSet, staffSortable } from '../organisation/staff-list.ts';
import { userSortName, users } from '../user/user.tables.ts';

const userFullName = fullNameSql(users);

export const employeeColumns = {
  employeeId: users.id,
  name: userFullName,
  email: users.email,
};

/** Name or email contains the search text (the trigram-indexed `users.search_text`). */
export const employeeSearch = (search: string | undefined): SQL | undefined =>
  search ? searchLike(users.searchText, search) : undefined;

/** Indexed sort keys of live users (`users_sort_name_idx`, `users_list_email_idx`). */
export const employeeSort = { name: userSortName(users), email: sql`lower(${users.email})` };

/** An employee of the gym (a `gym_employees` row of a user that is not deleted). */
export async function findGymEmployee(db: Database, gymId: number, userId: number) {
  const [row] = await db
    .select(employeeColumns)
    .from(gymEmployees)
    .innerJoin(users, eq(users.id, gymEmployees.userId))
    .where(
      and(eq(gymEmployees.gymId, gymId), eq(gymEmployees.userId, userId), sql`${users.deletedAt} IS NULL`),
    );
  return row;
}

/** Of the given users, those that are employees of the gym. */
export async function gymEmployeeIds(db: Database, gymId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: gymEmployees.userId })
    .from(gymEmployees)
    .innerJoin(users, eq(users.id, gymEmployees.userId))
    .where(
      and(
        eq(gymEmployees.gymId, gymId),
        inArray(gymEmployees.userId, userIds),
        sql`${users.deletedAt} IS NULL`,
      ),
    );
  return rows.map((row) => row.userId);
}

export const findLocation = async (db: Database, id: number) =>
  (
    await db
      .select({ id: locations.id, gymId: locations.gymId, name: locations.name })
      .from(locations)
      .where(eq(locations.id, id))
  )[0];

export const locationsOfGym = (db: Database, gymId: number) =>
  db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.gymId, gymId))
    .orderBy(asc(locations.name), asc(locations.id));

export async function directGymRights(db: Database, gymId: number, userId: number): Promise<string[]> {
  const rows = await db
    .select({ right: gymRightGrants.right })
    .from(gymRightGrants)
    .where(and(eq(gymRightGrants.gymId, gymId), eq(gymRightGrants.userId, userId)));
  return rows.map((row) => row.right);
}

/** The groups of the gym the user is in. */
export const groupsOfEmployee = (db: Database, gymId: number, userId: number) =>
  db
    .select({ id: gymRightsGroups.id, name: gymRightsGroups.name, rights: gymRightsGroups.rights })
    .from(gymRightsGroupMembers)
    .innerJoin(gymRightsGroups, eq(gymRightsGroups.id, gymRightsGroupMembers.groupId))
    .where(and(eq(gymRightsGroups.gymId, gymId), eq(gymRightsGroupMembers.userId, userId)))
    .orderBy(asc(sql`lower(${gymRightsGroups.name})`), asc(gymRightsGroups.id));

/** `locationId -> rights` of the user on the given locations. */
export async function locationRightsOf(db: Database, userId: number, locationIds: number[]) {
  const result = new Map<number, string[]>();
  if (locationIds.length === 0) return result;
  const rows = await db
    .select({ locationId: locationRightGrants.locationId, right: locationRightGrants.right })
    .from(locationRightGrants)
    .where(and(eq(locationRightGrants.userId, userId), inArray(locationRightGrants.locationId, locationIds)));
  for (const row of rows) result.set(row.locationId, [...(result.get(row.locationId) ?? []), row.right]);
  return result;
}

export async function replaceGymRights(db: Database, gymId: number, userId: number, rights: string[]) {
  await db
    .delete(gymRightGrants)
    .where(and(eq(gymRightGrants.gymId, gymId), eq(gymRightGrants.userId, userId)));
  if (rights.length > 0) {
    await db.insert(gymRightGrants).values(rights.map((right) => ({ gymId, userId, right })));
  }
}

export async function replaceLocationRights(
  db: Database,
  locationId: number,
  userId: number,
  rights: string[],
) {
  await db
    .delete(locationRightGrants)
    .where(and(eq(locationRightGrants.locationId, locationId), eq(locationRightGrants.userId, userId)));
  if (rights.length > 0) {
    await db.insert(locationRightGrants).values(rights.map((right) => ({ locationId, userId, right })));
  }
}

export async function isLocationEmployee(db: Database, locationId: number, userId: number) {
  const [row] = await db
    .select(employeeColumns)
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} IS NULL`, locationStaff(locationId)));
  return row;
}

/**
 * The rights matrix of a location: its employees (paged, searched, sorted) with their rights there. The
 * location's staff (hundreds) is read first, then sorted or searched (`staffSet`).
 */
export async function locationMatrix(db: Database, locationId: number, query: ListQuery) {
  const staff = staffSet(db, locationStaffIds(locationId));
  const where = staffSearch(staff, query.search);
  const rights = sql<
    string[]
  >`coalesce((SELECT array_agg(${locationRightGrants.right} ORDER BY ${locationRightGrants.right}) FROM ${locationRightGrants} WHERE ${locationRightGrants.locationId} = ${locationId} AND ${locationRightGrants.userId} = ${users.id}), '{}'::text[])`;
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      // The page's ids first, then the rows and rights of those 25.
      const pageIds = db
        .select({ id: staff.id })
        .from(staff)
        .where(where)
        .orderBy(...orderBy(query, staffSortable(staff), 'name', staff.id))
        .limit(limit)
        .offset(offset);
      return db
        .select({ ...employeeColumns, rights })
        .from(users)
        .where(inArray(users.id, pageIds))
        .orderBy(...orderBy(query, employeeSort, 'name', users.id));
    },
    db.select({ one: sql`1` }).from(staff).where(where),
  );
}
