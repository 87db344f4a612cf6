import type { EmployerSettings } from '@xp/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { demoSignIn, expectData } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { type MultipartPart, multipart } from '../../test/multipart.ts';
import { employerAddresses, employerContacts } from '../employer/employer.tables.ts';
import { employers, employerUsers } from '../organisation/organisation.tables.ts';

/*
 * An employer's settings (general data, addresses, contacts, logo, the financial settings) and the
 * employer's pickers and involvements: the app, the sessions, the demo settings of Bakkerij Jansen and the
 * calls of the employer-settings test files (read, write); each file builds its own app (useTestApp).
 */

export let t: TestApp;
/** Bakkerij Jansen (werkgever@example.com's, with demo settings) and Van den Berg Logistiek. */
export let jansen: number;
export let logistiek: number;
export const cookies = { employer: '', admin: '', gym: '', supplier: '', adminAtJansen: '' };
/** The demo settings of Bakkerij Jansen, put back before each test. */
export let demo: EmployerSettings;

const signIn = demoSignIn(() => t, 91);

export const api = {
  get: (cookie: string, id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/employer/settings/${id}`, headers: { cookie } }),
  update: (cookie: string, parts: MultipartPart[]) => {
    const body = multipart(parts, { cookie });
    return t.app.inject({
      method: 'PUT',
      url: '/api/employer/settings',
      payload: body.payload,
      headers: body.headers,
    });
  },
  financial: (cookie: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/employer/financialSettings',
      headers: { cookie },
      payload: body as object,
    }),
  sort: (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/employer/sort${query}`, headers: { cookie } }),
  locations: (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/employer/locations${query}`, headers: { cookie } }),
  involvements: (cookie: string, id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/employer/involvements/${id}`, headers: { cookie } }),
};

/** Settings without the ids of their rows (the lists are written anew before each test). */
export const withoutIds = ({ addresses, contacts, ...rest }: EmployerSettings) => ({
  ...rest,
  addresses: addresses.map(({ id: _, ...row }) => row),
  contacts: contacts.map(({ id: _, ...row }) => row),
});
export const current = async () =>
  withoutIds(expectData<EmployerSettings>(await api.get(cookies.employer, jansen)));

export const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'EmployerSettings'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));

async function switchTo(cookie: string, employerId: number) {
  const switched = await t.app.inject({
    method: 'PUT',
    url: '/api/Account/SwitchActiveEmployer',
    headers: { cookie },
    payload: { employerId },
  });
  expect(switched.statusCode, switched.body).toBe(200);
  return cookieHeader(switched.cookies, cookie);
}

/**
 * Registers the test app of these files (each file builds its own): an employer user of Van den Berg
 * Logistiek beside the demo's, the sessions, the demo settings; and every test starts from them.
 */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.db.select().from(employers);
    jansen = rows.find((row) => row.name === 'Bakkerij Jansen B.V.')!.id;
    logistiek = rows.find((row) => row.name === 'Van den Berg Logistiek')!.id;
    const lars = await createUser(t, {
      email: 'lars.settings@example.com',
      role: 'Employer',
      firstName: 'Lars',
      lastName: 'Logistiek',
      password: null,
    });
    await t.db.insert(employerUsers).values({ employerId: logistiek, userId: lars.id });

    cookies.employer = await signIn('werkgever@example.com');
    cookies.admin = await signIn('admin@example.com');
    cookies.gym = await signIn('gym@example.com');
    cookies.supplier = await signIn('leverancier@example.com');
    cookies.adminAtJansen = await switchTo(await signIn('admin@example.com'), jansen);
    demo = expectData<EmployerSettings>(await api.get(cookies.employer, jansen));
  });

  // Every test starts from the demo settings of Bakkerij Jansen.
  beforeEach(async () => {
    const { addresses, contacts, financial: money, id, ...general } = demo;
    await t.db
      .update(employers)
      .set({
        ...general,
        contractType: money.contractType,
        contractDuration: money.contractDuration,
        extensionYears: money.extensionYears,
        contributionCents: money.contributionAmount,
      })
      .where(eq(employers.id, id));
    await t.db.delete(employerAddresses).where(eq(employerAddresses.employerId, id));
    await t.db.delete(employerContacts).where(eq(employerContacts.employerId, id));
    await t.db
      .insert(employerAddresses)
      .values(addresses.map(({ id: _, ...row }) => ({ ...row, employerId: id })));
    await t.db
      .insert(employerContacts)
      .values(contacts.map(({ id: _, ...row }) => ({ ...row, employerId: id })));
  });
  afterAll(() => t.close());
}
