import type { GymRight, LocationRight } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { hashPassword } from '../../platform/auth/password.ts';
import { expectFailure, signInFrom } from '../../test/expect.ts';
import { cookieHeader, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import {
  gymEmployees,
  gymRightGrants,
  gyms,
  locationEmployees,
  locationRightGrants,
  locations,
} from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

/** Ids of the seeded gyms, locations and demo users. */
export async function seededIds(t: TestApp) {
  const gymRows = await t.db.select({ id: gyms.id, slug: gyms.slug }).from(gyms);
  const locationRows = await t.db.select({ id: locations.id, slug: locations.slug }).from(locations);
  const userRows = await t.db.select({ id: users.id, email: users.email }).from(users);
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

let passwordHash: string | undefined;

/** An employee with the given rights; a gym employee of `gymId` unless left out. */
export async function createEmployee(
  t: TestApp,
  options: {
    email: string;
    firstName?: string;
    lastName?: string;
    gymId?: number;
    gymRights?: GymRight[];
    locations?: { locationId: number; rights: LocationRight[] }[];
  },
) {
  passwordHash ??= await hashPassword(DEMO_PASSWORD);
  const [user] = await t.db
    .insert(users)
    .values({
      email: options.email,
      role: 'Employee',
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? options.email.split('@')[0]!,
      passwordHash,
    })
    .returning({ id: users.id });
  const userId = user!.id;
  if (options.gymId !== undefined) {
    await t.db.insert(gymEmployees).values({ gymId: options.gymId, userId });
    for (const right of options.gymRights ?? []) {
      await t.db.insert(gymRightGrants).values({ gymId: options.gymId, userId, right });
    }
  }
  for (const entry of options.locations ?? []) {
    await t.db.insert(locationEmployees).values({ locationId: entry.locationId, userId });
    for (const right of entry.rights) {
      await t.db.insert(locationRightGrants).values({ locationId: entry.locationId, userId, right });
    }
  }
  return userId;
}

export const deleteUser = (t: TestApp, id: number) => t.db.delete(users).where(eq(users.id, id));

let addressCount = 0;
/** Signs in from an address of its own, so the per-address login limit never interferes. */
export const signIn = (t: TestApp, email: string, prefix = '10.61') =>
  signInFrom(t, email, `${prefix}.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`);

export { expectFailure };

export const ok = <T = unknown>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json().data as T;
};

/** `{method, url, cookie, payload}` through the app. */
export const request =
  (t: TestApp) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** The cookie of a session switched to a location (the Location environment). */
export async function switchToLocation(t: TestApp, cookie: string, locationId: number) {
  const switched = await t.app.inject({
    method: 'PUT',
    url: '/api/Account/SwitchActiveLocation',
    headers: { cookie },
    payload: { locationId },
  });
  expect(switched.statusCode, switched.body).toBe(200);
  return cookieHeader(switched.cookies, cookie);
}
