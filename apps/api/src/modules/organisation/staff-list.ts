import { and, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { searchLike } from '../../platform/http/paging.ts';
import { userSortName, users } from '../user/user.tables.ts';
import { gymEmployees, locationEmployees, locationRightGrants } from './organisation.tables.ts';

/** The ids of a gym's employees (see `gymStaff`), for `staffSet`. */
export const gymStaffIds = (gymId: number) =>
  sql`SELECT ${gymEmployees.userId} FROM ${gymEmployees} WHERE ${gymEmployees.gymId} = ${gymId}`;

/** The ids of a location's staff: linked to it or holding a right there (see `locationStaff`). */
export const locationStaffIds = (locationId: number) =>
  sql`SELECT ${locationEmployees.userId} FROM ${locationEmployees} WHERE ${locationEmployees.locationId} = ${locationId} UNION SELECT ${locationRightGrants.userId} FROM ${locationRightGrants} WHERE ${locationRightGrants.locationId} = ${locationId}`;

/**
 * The live users among `ids` (a select of user ids: `gymStaffIds`, `locationStaffIds`) that also meet
 * `also`, with their sort keys and search text: what the lists of a gym's or a location's people page, sort
 * and search (decision 009).
 *
 * A staff set holds hundreds or thousands of people among a million users, so its lists read the set first
 * (its membership index, then each user by primary key) and sort or search those rows. Walking the users'
 * name index and probing the membership per user visits about 500 users per employee of a gym, and the
 * trigram index finds tens of thousands of users for a common name of whom only a few are staff; the
 * planner, which cannot tell how many users a set holds, picked those walks or a sequential scan of the
 * users. Hence `id = ANY (ARRAY(...))` (which the planner answers with the primary key, for any size) and
 * `OFFSET 0`, which keeps the subquery from being merged into the outer select (where the sort index would
 * compete again) and the search from being pushed into it (where the trigram index would).
 */
export const staffSet = (db: Database, ids: SQL, also?: SQL) =>
  db
    .select({
      id: users.id,
      name: userSortName(users).as('sort_name'),
      email: sql<string>`lower(${users.email})`.as('sort_email'),
      searchText: sql<string>`${users.searchText}`.as('search_text'),
    })
    .from(users)
    .where(and(sql`${users.id} = ANY (ARRAY(${ids}))`, sql`${users.deletedAt} IS NULL`, also))
    // drizzle leaves out `offset 0`; the fence needs it written.
    .offset(sql`0` as unknown as number)
    .as('staff');

export type StaffSet = ReturnType<typeof staffSet>;

/** The staff set's rows matching the search (the users' stored `search_text`). */
export const staffSearch = (staff: StaffSet, search: string | undefined) =>
  search ? searchLike(sql`${staff.searchText}`, search) : undefined;

/** The staff set's sort keys, as the users' sort keys of the same name. */
export const staffSortable = (staff: StaffSet) => ({ name: sql`${staff.name}`, email: sql`${staff.email}` });
