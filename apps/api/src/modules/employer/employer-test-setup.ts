import type { Employer } from '@xp/contracts';
import { and, desc, eq, like, notInArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { requestJson } from '../../test/client.ts';
import { demoSignIn, expectData } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { employers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

export let t: TestApp;
export const seeded: { id: number; name: string }[] = [];
export const employer = { jansen: 0, vandenBerg: 0 };

// Every test leaves the seeded employers as they were, so the tests do not depend on their order.

/** Every sign-in from its own address, so the per-address login limit never interferes. */
export const signIn = demoSignIn(() => t, 83);
export const nonAdmins = [
  'gym@example.com',
  'locatie@example.com',
  'werkgever@example.com',
  'leverancier@example.com',
  'content@example.com',
];

export const json = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  body?: unknown,
) => requestJson(t.app, method, url, cookie, body);

export const api = {
  list: (cookie: string, query = '') => json('GET', `/api/Employer${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/Employer/${id}`, cookie),
  create: (cookie: string, body: unknown) => json('POST', '/api/Employer', cookie, body),
  rename: (cookie: string, body: unknown) => json('PUT', '/api/Employer', cookie, body),
  remove: (cookie: string, id: number | string) => json('DELETE', `/api/Employer/${id}`, cookie),
  invite: (cookie: string, id: number | string, body: unknown) =>
    json('POST', `/api/Employer/${id}/Invitation`, cookie, body),
  resend: (cookie: string, id: number | string, invitationId: number | string) =>
    json('POST', `/api/Employer/${id}/Invitation/${invitationId}/resend`, cookie),
  cancel: (cookie: string, id: number | string, invitationId: number | string) =>
    json('DELETE', `/api/Employer/${id}/Invitation/${invitationId}`, cookie),
};

export type EmployerList = { items: Employer[]; total: number; tabCounts: Record<string, number> };
export const names = (response: LightMyRequestResponse) =>
  expectData<EmployerList>(response).items.map((item) => item.name);

export let counter = 0;
/** Addresses of this file's own accounts and invitations; the accounts go after each test. */
export const unique = (prefix: string) => `employer-test-${prefix}-${++counter}@example.com`;

/** An employee of the employer (an account with the role Employee, linked to it). */
export async function addEmployee(employerId: number) {
  return createUser(t, {
    email: unique('werknemer'),
    firstName: 'Wim',
    lastName: 'Werknemer',
    password: null,
    employerIds: [employerId],
  });
}

/** The registration code in the newest invitation mail to an address. */
export async function mailedCode(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(sql`lower(${mailOutbox.to}) = lower(${to})`, eq(mailOutbox.template, 'invitation')))
    .orderBy(desc(mailOutbox.id));
  expect(mail, `no invitation mail to ${to}`).toBeDefined();
  const match = /\/account\/register\/employer\/(\S+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return { mail: mail!, code: match![1]! };
}

export const register = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/CompleteRegistration',
    remoteAddress: `10.84.0.${(counter % 250) + 1}`,
    payload: {
      code,
      firstName: 'Wendy',
      lastName: 'Werkgever',
      password: 'Zonnige-dinsdag-77',
      confirmPassword: 'Zonnige-dinsdag-77',
    },
  });

export async function create(cookie: string, name: string, email = unique('contact')) {
  return { employer: expectData<Employer>(await api.create(cookie, { name, email })), email };
}

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    seeded.push(...(await t.db.select({ id: employers.id, name: employers.name }).from(employers)));
    employer.jansen = seeded.find((row) => row.name === 'Bakkerij Jansen B.V.')!.id;
    employer.vandenBerg = seeded.find((row) => row.name === 'Van den Berg Logistiek')!.id;
  });
  afterEach(async () => {
    const ids = seeded.map((row) => row.id);
    await t.db.delete(employers).where(notInArray(employers.id, ids));
    for (const { id, name } of seeded) await t.db.update(employers).set({ name }).where(eq(employers.id, id));
    await t.db.delete(auditLog).where(eq(auditLog.entity, 'Employer'));
    await t.db.delete(users).where(like(users.email, 'employer-test-%'));
  });
  afterAll(() => t.close());
}
