import { randomUUID } from 'node:crypto';
import type { GymRight, LocationRight } from '@xp/contracts';
import {
  employerEmployees,
  gymEmployees,
  gymRightGrants,
  gyms,
  locationEmployees,
  locationRightGrants,
  locations,
} from '../modules/organisation/organisation.tables.ts';
import { users } from '../modules/user/user.tables.ts';
import { hashPassword } from '../platform/auth/password.ts';
import type { Database } from '../platform/db/client.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

/**
 * The rows API tests make beside the demo data: users with their roles, rights and memberships, and the
 * ids of the seeded gyms, locations and users. One place for them, so a column added to `users` is one
 * change here and not one in every test file.
 */

type UserRow = typeof users.$inferInsert;
type Db = Database | { db: Database };

const dbOf = (db: Db): Database => ('db' in db ? db.db : db);

/** The demo password's hash, computed once per worker (argon2 takes a while, on purpose). */
let demoHash: Promise<string> | undefined;
const demoPasswordHash = () => {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
};

let serial = 0;

/** A unique address for a made user: `prefix-<n>-<random>@example.com`. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${++serial}-${randomUUID().slice(0, 8)}@example.com`;

export interface UserSpec extends Partial<Omit<UserRow, 'passwordHash'>> {
  /** Signs in with this password (default DEMO_PASSWORD, so `t.login(email)` works); null: none. */
  password?: string | null;
  /** A gym employee of the gym, with these gym rights. */
  gym?: { gymId: number; rights?: readonly GymRight[] };
  /** Rights at gyms without being one of their employees (the grants alone). */
  gymRights?: { gymId: number; rights: readonly GymRight[] }[];
  /** A location employee of each, with its rights. */
  locations?: { locationId: number; rights?: readonly LocationRight[] }[];
  /** Rights at a location without being one of its employees (the grants alone). */
  locationRights?: { locationId: number; rights: readonly LocationRight[] }[];
  /** An employee of each employer. */
  employerIds?: number[];
}

/** One user (an Employee named Test Gebruiker with the demo password unless told otherwise), with what it belongs to. */
export async function createUser(target: Db, spec: UserSpec = {}) {
  const db = dbOf(target);
  const { password, gym, gymRights, locations: at, locationRights, employerIds, ...columns } = spec;
  const passwordHash =
    password === null
      ? null
      : password === undefined || password === DEMO_PASSWORD
        ? await demoPasswordHash()
        : await hashPassword(password);
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(),
      role: 'Employee',
      firstName: 'Test',
      lastName: 'Gebruiker',
      ...columns,
      passwordHash,
    })
    .returning();
  const userId = user!.id;
  if (gym) {
    await db.insert(gymEmployees).values({ gymId: gym.gymId, userId });
  }
  for (const grant of [gym, ...(gymRights ?? [])]) {
    if (grant?.rights?.length) {
      await db
        .insert(gymRightGrants)
        .values(grant.rights.map((right) => ({ gymId: grant.gymId, userId, right })));
    }
  }
  for (const entry of at ?? []) {
    await db.insert(locationEmployees).values({ locationId: entry.locationId, userId });
  }
  for (const grant of [...(at ?? []), ...(locationRights ?? [])]) {
    if (grant.rights?.length) {
      await db
        .insert(locationRightGrants)
        .values(grant.rights.map((right) => ({ locationId: grant.locationId, userId, right })));
    }
  }
  if (employerIds?.length) {
    await db.insert(employerEmployees).values(employerIds.map((employerId) => ({ employerId, userId })));
  }
  return user!;
}

/**
 * Many users in one statement, without passwords (they do not sign in): `make(i)` gives the columns of
 * the i-th (0-based); unset: Employee, Test Gebruiker, a unique address.
 */
export async function createUsers(
  target: Db,
  count: number,
  make: (i: number) => Partial<UserRow> = () => ({}),
) {
  const rows = await dbOf(target)
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: uniqueEmail(),
        role: 'Employee' as const,
        firstName: 'Test',
        lastName: 'Gebruiker',
        ...make(i),
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/** Ids of the seeded gyms, locations and demo users. */
export async function seededIds(target: Db) {
  const db = dbOf(target);
  const gymRows = await db.select({ id: gyms.id, slug: gyms.slug }).from(gyms);
  const locationRows = await db.select({ id: locations.id, slug: locations.slug }).from(locations);
  const userRows = await db.select({ id: users.id, email: users.email }).from(users);
  const gym = (slug: string) => gymRows.find((row) => row.slug === slug)!.id;
  const location = (slug: string) => locationRows.find((row) => row.slug === slug)!.id;
  const user = (email: string) => userRows.find((row) => row.email === email)!.id;
  return {
    vitaal: gym('vitaal'),
    brug: gym('de-brug'),
    utrecht: location('vitaal-utrecht-centrum'),
    amersfoort: location('vitaal-amersfoort'),
    zwolle: location('de-brug-zwolle'),
    gymUser: user('gym@example.com'),
    locationUser: user('locatie@example.com'),
    admin: user('admin@example.com'),
  };
}
