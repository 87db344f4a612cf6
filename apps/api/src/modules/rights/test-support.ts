import type { GymRight, LocationRight } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { expectFailure, signInFrom } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { cookieHeader, type TestApp } from '../../test/harness.ts';
import { users } from '../user/user.tables.ts';

/** Ids of the seeded gyms, locations and demo users. */
export { seededIds } from '../../test/factories.ts';

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
  const user = await createUser(t, {
    email: options.email,
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? options.email.split('@')[0]!,
    ...(options.gymId === undefined
      ? {}
      : { gym: { gymId: options.gymId, rights: options.gymRights ?? [] } }),
    locations: options.locations ?? [],
  });
  return user.id;
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
