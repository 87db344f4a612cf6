import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { users } from '../user/user.tables.ts';
import { gymEmployees, locationEmployees, locationRightGrants } from './organisation.tables.ts';

/**
 * Who counts as staff: conditions on `users.id` shared by the employee and rights screens, and the
 * membership checks of the session and the gym's open screens (dashboard and locations are open to every
 * employee of the gym, with or without rights).
 *
 * The staff of a location: linked to it with `NewEmployees`, or holding a right on it, so that whoever
 * holds rights there can also be seen and removed. Both sides are read by their location index.
 */
export const locationStaff = (locationId: number) =>
  sql`${users.id} IN (SELECT ${locationEmployees.userId} FROM ${locationEmployees} WHERE ${locationEmployees.locationId} = ${locationId} UNION SELECT ${locationRightGrants.userId} FROM ${locationRightGrants} WHERE ${locationRightGrants.locationId} = ${locationId})`;

/**
 * Locks the user's row for the rest of the transaction (not its key, so rows referring to the user can still
 * be added meanwhile). Every change of a user's rights and of their links to gyms, locations and employers
 * takes it first, so that for one user they run one after the other: a replace of their rights (delete, then
 * insert) never meets another one halfway, and a removal happens once and leaves no rights behind.
 */
export const lockUserLinks = async (db: Database, userId: number) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update'))[0];

/** The staff of a gym: its employees. */
export const gymStaff = (gymId: number) =>
  sql`${users.id} IN (SELECT ${gymEmployees.userId} FROM ${gymEmployees} WHERE ${gymEmployees.gymId} = ${gymId})`;

/** The user is an employee of the gym (with or without rights there). */
export const isGymEmployee = async (db: Database, gymId: number, userId: number) =>
  (
    await db
      .select({ userId: gymEmployees.userId })
      .from(gymEmployees)
      .where(and(eq(gymEmployees.gymId, gymId), eq(gymEmployees.userId, userId)))
  ).length > 0;

/** The gyms the user is an employee of, in id order. */
export const gymIdsOfEmployee = async (db: Database, userId: number) =>
  (
    await db
      .select({ gymId: gymEmployees.gymId })
      .from(gymEmployees)
      .where(eq(gymEmployees.userId, userId))
      .orderBy(asc(gymEmployees.gymId))
  ).map((row) => row.gymId);
