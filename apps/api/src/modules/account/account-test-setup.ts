import type { Claims } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createUser as makeUser, type UserSpec } from '../../test/factories.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import {
  associations,
  contentEnvironments,
  employers,
  gyms,
  locations,
  suppliers,
} from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

export { expectFailure } from '../../test/expect.ts';

export let t: TestApp;
/** Ids of the demo data, looked up by name. */
export const ids = {
  vitaal: 0,
  brug: 0,
  utrecht: 0,
  amersfoort: 0,
  zwolle: 0,
  jansen: 0,
  vandenBerg: 0,
  sportbond: 0,
  gezondZwolle: 0,
  kennisbank: 0,
  fitSupply: 0,
};
export const userIds: Record<string, number> = {};

/** Every sign-in from its own address, so the per-address login limit never interferes. */
export let addressCount = 0;
export const nextAddress = () => `10.30.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

export const loginRequest = (
  payload: unknown,
  remoteAddress = nextAddress(),
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: payload as object,
    remoteAddress,
    headers,
  });

export async function signIn(email: string) {
  const response = await loginRequest({ email, password: DEMO_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

export const put = (url: string, payload: unknown, cookie = '') =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: cookie ? { cookie } : {} });
export const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/cookierefresh', headers: { cookie } });

/**
 * The access cookie names the session and carries no claims (they are read with the session on every
 * request), so it stays small whatever the number of rights.
 */
export function expectSmallAccessCookie(response: LightMyRequestResponse) {
  const access = response.cookies.find((cookie) => cookie.name === 'xp_access');
  expect(access?.value).toBeTruthy();
  const payload = JSON.parse(Buffer.from(access!.value.split('.')[1]!, 'base64url').toString('utf8'));
  expect(payload.claims).toBeUndefined();
  expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
  expect(access!.value.length).toBeLessThan(300);
}

/** A new Employee of its own with the demo password, for tests that lock or change an account. */
export async function createUser(overrides: UserSpec = {}) {
  return (await makeUser(t, overrides)).email;
}

/** The switch endpoints and their checks (the switching tests). */
/** Switches and checks the answer, the new access cookie and a later refresh all carry the switch. */
export async function switchAndCheck(cookie: string, url: string, body: unknown, expected: Partial<Claims>) {
  const response = await put(url, body, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const claims: Claims = response.json().data.claims;
  expect(claims).toMatchObject(expected);
  expectSmallAccessCookie(response);
  const next = cookieHeader(response.cookies, cookie);
  const refreshed = await refresh(next);
  expect(refreshed.statusCode).toBe(200);
  expect(refreshed.json().data.claims).toEqual(claims);
  return { claims, cookie: cookieHeader(refreshed.cookies, next) };
}

/** The session's claims as a refresh rebuilds them from the database. */
export const currentClaims = async (cookie: string) => (await refresh(cookie)).json().data.claims as Claims;

export const switchEndpoints = [
  { url: '/api/Account/SwitchActiveGym', field: 'gymId', area: 'gym' },
  { url: '/api/Account/SwitchActiveLocation', field: 'locationId', area: 'location' },
  { url: '/api/Account/SwitchActiveEmployer', field: 'employerId', area: 'employer' },
  { url: '/api/Account/SwitchActiveAssociation', field: 'associationId', area: 'association' },
  {
    url: '/api/Account/SwitchActiveContentEnvironment',
    field: 'contentEnvironmentId',
    area: 'contentEnvironment',
  },
  { url: '/api/Account/SwitchActiveSupplierEnvironment', field: 'supplierEnvironmentId', area: 'supplier' },
  { url: '/api/Account/SwitchActiveEnvironment', field: 'Environment', area: 'environment' },
];

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp({ loginSlowdownMs: 200 });
    const idOf = async (
      table:
        | typeof gyms
        | typeof employers
        | typeof suppliers
        | typeof associations
        | typeof contentEnvironments,
      name: string,
    ) => {
      const [row] = await t.db.select({ id: table.id }).from(table).where(eq(table.name, name));
      if (!row) throw new Error(`demo row ${name} missing`);
      return row.id;
    };
    const locationId = async (name: string) => {
      const [row] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.name, name));
      return row!.id;
    };
    ids.vitaal = await idOf(gyms, 'Vitaal Sportcentra');
    ids.brug = await idOf(gyms, 'Sportschool De Brug');
    ids.utrecht = await locationId('Vitaal Utrecht Centrum');
    ids.amersfoort = await locationId('Vitaal Amersfoort');
    ids.zwolle = await locationId('De Brug Zwolle');
    ids.jansen = await idOf(employers, 'Bakkerij Jansen B.V.');
    ids.vandenBerg = await idOf(employers, 'Van den Berg Logistiek');
    ids.sportbond = await idOf(associations, 'Sportbond Midden-Nederland');
    ids.gezondZwolle = await idOf(associations, 'Gezond Zwolle');
    ids.kennisbank = await idOf(contentEnvironments, 'Vitaal Kennisbank');
    ids.fitSupply = await idOf(suppliers, 'FitSupply Nederland');
    for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) {
      userIds[row.email] = row.id;
    }
  });
  afterAll(() => t.close());
}
