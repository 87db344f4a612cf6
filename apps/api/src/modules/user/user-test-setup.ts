import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { loadConfig } from '../../platform/config.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { createUser as makeUser, type UserSpec } from '../../test/factories.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { employers, gyms, locations, suppliers } from '../organisation/organisation.tables.ts';
import { emailChanges, type UserRow, users } from './user.tables.ts';

export { expectData, expectFailure } from '../../test/expect.ts';

export let t: TestApp;
/** The demo users as seeded, restored after every test so that no test depends on another. */
export let seededUsers: UserRow[] = [];
export const userIds: Record<string, number> = {};
export const org = { gym: 0, location: 0, employer: 0, supplier: 0 };
/** The address links in mails start with (the harness leaves PUBLIC_URL unset). */
export const publicUrl = loadConfig(
  { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  { webDist: '/nonexistent' },
).publicUrl;

export const ADMIN = 'admin@example.com';
export const NON_ADMINS = [
  'gym@example.com',
  'locatie@example.com',
  'werkgever@example.com',
  'leverancier@example.com',
  'content@example.com',
];

/** Every sign-in from its own address, so the per-address login limit never interferes. */
export let addressCount = 0;
export const nextAddress = () => `10.50.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

export const loginRequest = (email: string, password = DEMO_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });

export async function signIn(email: string) {
  const response = await loginRequest(email);
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

export const request = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export const api = {
  profile: (cookie: string) => request('GET', '/api/User/CurrentProfileInfo', cookie),
  update: (cookie: string, body: unknown) => request('PUT', '/api/User', cookie, body),
  confirmEmail: (body: unknown, cookie = '') => request('PUT', '/api/Account/ConfirmEmail', cookie, body),
  list: (cookie: string, query = '') => request('GET', `/api/user${query}`, cookie),
  deleteAccount: (cookie: string, body: unknown) =>
    request('DELETE', '/api/account/deleteAccount', cookie, body),
  requestDeletion: (cookie: string, body: unknown) =>
    request('POST', '/api/account/requestAccountDeletion', cookie, body),
  revoke: (cookie: string, id: number | string) => request('PUT', `/api/Admin/Admins/${id}/revoke`, cookie),
  refresh: (cookie: string) => request('POST', '/api/account/cookierefresh', cookie),
};

/** A new user of its own with the demo password, for tests that change or close an account. */
export const createUser = (spec: UserSpec = {}) => makeUser(t, spec);

export const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

export const mailsTo = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${to})`)
    .orderBy(asc(mailOutbox.id));

export const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'User'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

/** The token in the confirmation link of an email-change mail. */
export function tokenOf(mail: { text: string; html: string }) {
  const prefix = `${publicUrl}/account/confirm-email?token=`;
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([A-Za-z0-9%_-]+)`).exec(
    mail.text,
  );
  expect(match, mail.text).not.toBeNull();
  expect(mail.html).toContain(`${prefix}${match![1]}`);
  return decodeURIComponent(match![1]!);
}

/** A valid profile update for the given user, with overrides. */
export const profileOf = (user: Pick<UserRow, 'email' | 'firstName' | 'lastName'>, overrides = {}) => ({
  email: user.email,
  firstName: user.firstName,
  insertion: null,
  lastName: user.lastName,
  phoneNumber: null,
  language: 'nl',
  isTfaEnabled: false,
  ...overrides,
});

export const makeAdmin = (email: string) =>
  t.db.update(users).set({ role: 'Admin' }).where(eq(users.email, email));

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    seededUsers = await t.db.select().from(users).orderBy(asc(users.id));
    for (const row of seededUsers) userIds[row.email] = row.id;
    org.gym = (
      await t.db.select({ id: gyms.id }).from(gyms).where(eq(gyms.name, 'Vitaal Sportcentra'))
    )[0]!.id;
    org.location = (
      await t.db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.name, 'Vitaal Utrecht Centrum'))
    )[0]!.id;
    org.employer = (
      await t.db
        .select({ id: employers.id })
        .from(employers)
        .where(eq(employers.name, 'Bakkerij Jansen B.V.'))
    )[0]!.id;
    org.supplier = (
      await t.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, 'FitSupply Nederland'))
    )[0]!.id;
  });
  afterEach(async () => {
    const ids = seededUsers.map((row) => row.id);
    await t.db.delete(users).where(notInArray(users.id, ids));
    await t.db.delete(emailChanges).where(inArray(emailChanges.userId, ids));
    await t.db.delete(auditLog);
    await t.db.delete(mailOutbox);
    // The stored search text is generated: written back with the row's other values, it follows them.
    for (const { id, searchText: _searchText, ...values } of seededUsers) {
      await t.db.update(users).set(values).where(eq(users.id, id));
    }
  });
  afterAll(() => t.close());
}
