import { type AnyColumn, and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
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
import {
  gymEmployees,
  gymRightGrants,
  gyms,
  locationEmployees,
  locationRightGrants,
  locations,
} from '../organisation/organisation.tables.ts';
import { locationStaff } from '../organisation/staff.ts';
import {
  gymStaffIds,
  locationStaffIds,
  type StaffSet,
  staffSearch,
  staffSet,
  staffSortable,
} from '../organisation/staff-list.ts';
import { userSortName, users } from '../user/user.tables.ts';
import { gymRightsGroupMembers, gymRightsGroups } from './employee.tables.ts';

const fullName = fullNameSql(users);

const summaryColumns = {
  employeeId: users.id,
  name: fullName,
  email: users.email,
  phoneNumber: users.phoneNumber,
};

const notDeleted = sql`${users.deletedAt} IS NULL`;

/** Indexed sort keys of live users (`users_sort_name_idx`, `users_list_email_idx`). */
const sortable = { name: userSortName(users), email: sql`lower(${users.email})` };

/** The user of the row works at the location of the (outer) row `locationId`. */
const worksAt = (locationId: SQL, userId: SQL | number) =>
  sql`(EXISTS (SELECT 1 FROM ${locationEmployees} WHERE ${locationEmployees.locationId} = ${locationId} AND ${locationEmployees.userId} = ${userId}) OR EXISTS (SELECT 1 FROM ${locationRightGrants} WHERE ${locationRightGrants.locationId} = ${locationId} AND ${locationRightGrants.userId} = ${userId}))`;

/**
 * A page of a staff set (`staffSet`: read the set, then sort or search it): the page's ids, then their rows
 * (`select`), and the capped count of the set's matches (or `counter`, its exact size without a search).
 */
async function pagedStaff<T>(
  db: Database,
  query: ListQuery,
  staff: StaffSet,
  select: (pageIds: SQL) => Promise<T[]>,
  counter?: () => Promise<number>,
  /** The page's ids without a search, when an index walk gives them (`gymLinksPage`). */
  linksPage?: (limit: number, offset: number) => SQL,
) {
  const where = staffSearch(staff, query.search);
  if (where && query.counts !== false) {
    // A search reads the set's matches once for the page and the count (`searchOnce`).
    const once = await searchOnce(
      db,
      query,
      db
        .select(matchFields(staff.id, sortKey(query, staffSortable(staff), 'name')))
        .from(staff)
        .where(where),
    );
    if (once) return { items: await select(idList(once.ids)), ...pagedTotal(once.counts.all) };
  }
  return pagedList(
    db,
    query,
    (limit, offset) =>
      select(
        linksPage && !query.search
          ? linksPage(limit, offset)
          : sql`${db
              .select({ id: staff.id })
              .from(staff)
              .where(where)
              .orderBy(...orderBy(query, staffSortable(staff), 'name', staff.id))
              .limit(limit)
              .offset(offset)}`,
      ),
    counter && !query.search ? counter : db.select({ one: sql`1` }).from(staff).where(where),
  );
}

// ---------------------------------------------------------------------------------------------- the gym

/**
 * The gym's employees with at how many of its locations each works (linked or holding a right there), a
 * count kept on the gym's link by triggers (migration 0029, `gym_employees.location_count`).
 */
export async function listGymEmployees(db: Database, gymId: number, query: ListQuery) {
  const links = {
    name: gymEmployees.sortName,
    email: gymEmployees.sortEmail,
    locationCount: gymEmployees.locationCount,
  };
  const rows = (pageIds: SQL) =>
    db
      .select({ ...summaryColumns, locationCount: gymEmployees.locationCount })
      .from(users)
      .innerJoin(gymEmployees, and(eq(gymEmployees.gymId, gymId), eq(gymEmployees.userId, users.id)))
      .where(inArray(users.id, pageIds))
      .orderBy(
        ...orderBy(query, { ...sortable, locationCount: gymEmployees.locationCount }, 'name', users.id),
      );
  // A search reads the gym's links alone: their search text (null while the account is deleted) has a GIN
  // index with the gym (migration 0026), and they hold the sort keys.
  const matches = query.search
    ? and(
        eq(gymEmployees.gymId, gymId),
        isNotNull(gymEmployees.searchText),
        searchLike(gymEmployees.searchText, query.search),
      )
    : undefined;
  if (matches && query.counts !== false) {
    // One statement for the page and the count (`searchOnce`).
    const once = await searchOnce(
      db,
      query,
      db
        .select(matchFields(gymEmployees.userId, sortKey(query, links, 'name')))
        .from(gymEmployees)
        .where(matches),
    );
    if (once) return { items: await rows(idList(once.ids)), ...pagedTotal(once.counts.all) };
  }
  return pagedList(
    db,
    query,
    // The page's ids first (a walk of the gym's links in the sort's order), then the rows of those 25 only.
    (limit, offset) => rows(gymLinksPage(db, gymId, query, limit, offset, matches, links)),
    // Without a search the count is the gym's trigger-kept counter (migration 0022): the same rows.
    matches
      ? db.select({ one: sql`1` }).from(gymEmployees).where(matches)
      : () => gymEmployeeCount(db, gymId),
  );
}

/**
 * The ids of a page of the gym's live employees by name or e-mail (`query.sort`; by name otherwise), with
 * no search: a walk of the gym's links in the order of the user's sort keys copied onto them (migration
 * 0024, `gym_employees_{name,email}_idx`; null while the account is deleted), so a page reads 25 index
 * entries instead of every employee of the gym. `also`: a further condition on `gym_employees.user_id`.
 * `columns`: the sorts offered, the gym employees' also by location count (migration 0029,
 * `gym_employees_location_count_idx`, the live links as well).
 */
const gymLinksPage = (
  db: Database,
  gymId: number,
  query: ListQuery,
  limit: number,
  offset: number,
  also?: SQL,
  columns: Record<string, AnyColumn> = { name: gymEmployees.sortName, email: gymEmployees.sortEmail },
) => {
  const key = query.sort === 'email' ? gymEmployees.sortEmail : gymEmployees.sortName;
  return sql`${db
    .select({ id: gymEmployees.userId })
    .from(gymEmployees)
    .where(and(eq(gymEmployees.gymId, gymId), isNotNull(key), also))
    .orderBy(...orderBy(query, columns, 'name', gymEmployees.userId))
    .limit(limit)
    .offset(offset)}`;
};

/** The gym's live employees, kept by triggers (migration 0022). */
const gymEmployeeCount = async (db: Database, gymId: number) =>
  (await db.select({ n: gyms.employeeCount }).from(gyms).where(eq(gyms.id, gymId)))[0]?.n ?? 0;

export async function findGymEmployee(db: Database, gymId: number, userId: number) {
  const [row] = await db
    .select({ ...summaryColumns, employeeSince: gymEmployees.createdAt })
    .from(gymEmployees)
    .innerJoin(users, eq(users.id, gymEmployees.userId))
    .where(and(eq(gymEmployees.gymId, gymId), eq(gymEmployees.userId, userId), notDeleted));
  return row;
}

/** The locations of the gym the user works at, by name. */
export const locationsOfEmployee = (db: Database, gymId: number, userId: number) =>
  db
    .select({ locationId: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.gymId, gymId), worksAt(sql`${locations.id}`, userId)))
    .orderBy(asc(sql`lower(${locations.name})`), asc(locations.id));

/** Everything that makes the user staff of the gym: its rights, locations, rights groups and the link. */
export async function removeFromGym(db: Database, gymId: number, userId: number) {
  const gymLocations = db.select({ id: locations.id }).from(locations).where(eq(locations.gymId, gymId));
  const gymGroups = db
    .select({ id: gymRightsGroups.id })
    .from(gymRightsGroups)
    .where(eq(gymRightsGroups.gymId, gymId));
  await db
    .delete(gymRightGrants)
    .where(and(eq(gymRightGrants.gymId, gymId), eq(gymRightGrants.userId, userId)));
  await db
    .delete(locationRightGrants)
    .where(
      and(eq(locationRightGrants.userId, userId), inArray(locationRightGrants.locationId, gymLocations)),
    );
  await db
    .delete(locationEmployees)
    .where(and(eq(locationEmployees.userId, userId), inArray(locationEmployees.locationId, gymLocations)));
  await db
    .delete(gymRightsGroupMembers)
    .where(and(eq(gymRightsGroupMembers.userId, userId), inArray(gymRightsGroupMembers.groupId, gymGroups)));
  await db.delete(gymEmployees).where(and(eq(gymEmployees.gymId, gymId), eq(gymEmployees.userId, userId)));
}

// ------------------------------------------------------------------------------------------ a location

export const findLocation = async (db: Database, id: number) =>
  (
    await db
      .select({ id: locations.id, gymId: locations.gymId, name: locations.name })
      .from(locations)
      .where(eq(locations.id, id))
  )[0];

export const listLocationEmployees = (db: Database, locationId: number, query: ListQuery) =>
  pagedStaff(db, query, staffSet(db, locationStaffIds(locationId)), (pageIds) =>
    db
      .select(summaryColumns)
      .from(users)
      .where(inArray(users.id, pageIds))
      .orderBy(...orderBy(query, sortable, 'name', users.id)),
  );

export async function findLocationEmployee(db: Database, locationId: number, userId: number) {
  const [row] = await db
    .select({ ...summaryColumns, employeeSince: locationEmployees.createdAt })
    .from(users)
    .leftJoin(
      locationEmployees,
      and(eq(locationEmployees.userId, users.id), eq(locationEmployees.locationId, locationId)),
    )
    .where(and(eq(users.id, userId), notDeleted, locationStaff(locationId)));
  return row;
}

/** Employees of the gym who do not work at the location yet. */
export const listKnownUsers = (db: Database, gymId: number, locationId: number, query: ListQuery) =>
  pagedStaff(
    db,
    query,
    staffSet(db, gymStaffIds(gymId), sql`NOT ${locationStaff(locationId)}`),
    (pageIds) =>
      db
        .select(summaryColumns)
        .from(users)
        .where(inArray(users.id, pageIds))
        .orderBy(...orderBy(query, sortable, 'name', users.id)),
    // Without a search: the gym's kept count of live employees less those of them on the location's staff
    // (hundreds, read by id), instead of reading the gym's thousands.
    async () => {
      const [row] = await db
        .select({
          n: sql<number>`(${db.select({ n: gyms.employeeCount }).from(gyms).where(eq(gyms.id, gymId))}) - (${db
            .select({ n: sql<number>`count(*)::int` })
            .from(users)
            .where(
              and(
                sql`${users.id} = ANY (ARRAY(${locationStaffIds(locationId)}))`,
                notDeleted,
                sql`EXISTS (SELECT 1 FROM ${gymEmployees} WHERE ${gymEmployees.gymId} = ${gymId} AND ${gymEmployees.userId} = ${users.id})`,
              ),
            )})`,
        })
        .from(sql`(select 1) as one`);
      return Number(row?.n ?? 0);
    },
    (limit, offset) =>
      gymLinksPage(
        db,
        gymId,
        query,
        limit,
        offset,
        sql`${gymEmployees.userId} NOT IN (${locationStaffIds(locationId)})`,
      ),
  );

/** Of the given users, those that are (not deleted) employees of the gym. */
export async function gymEmployeeIds(db: Database, gymId: number, userIds: number[]) {
  const rows = await db
    .select({ userId: gymEmployees.userId })
    .from(gymEmployees)
    .innerJoin(users, eq(users.id, gymEmployees.userId))
    .where(and(eq(gymEmployees.gymId, gymId), inArray(gymEmployees.userId, userIds), notDeleted));
  return rows.map((row) => row.userId);
}

/** Links the users to the location; answers those that were not linked yet. */
export const addToLocation = async (db: Database, locationId: number, userIds: number[]) =>
  (
    await db
      .insert(locationEmployees)
      .values(userIds.map((userId) => ({ locationId, userId })))
      .onConflictDoNothing()
      .returning({ userId: locationEmployees.userId })
  ).map((row) => row.userId);

export async function removeFromLocation(db: Database, locationId: number, userId: number) {
  await db
    .delete(locationRightGrants)
    .where(and(eq(locationRightGrants.locationId, locationId), eq(locationRightGrants.userId, userId)));
  await db
    .delete(locationEmployees)
    .where(and(eq(locationEmployees.locationId, locationId), eq(locationEmployees.userId, userId)));
}
