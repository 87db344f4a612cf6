import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { createUser as makeUser } from '../../test/factories.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { employerEmployees, employers, employerUsers } from '../organisation/organisation.tables.ts';
import { expectFailure, ok, request, signIn } from '../rights/test-support.ts';

/*
 * An employer's employees: the list, one employee, removing one, inviting (one, many, from a workbook).
 * The app, the employees of Bakkerij Jansen and Van den Berg Logistiek, the sessions and the helpers of the
 * employer-employee test files (list, invitations); each file builds its own app (useTestApp).
 */

export let t: TestApp;
export let call: ReturnType<typeof request>;
/** Bakkerij Jansen (werkgever@example.com's) and Van den Berg Logistiek (a test employer user's). */
export let jansen: number;
export let logistiek: number;
/** Employees created below, by email. */
export const employeeIds: Record<string, number> = {};
export const cookies: Record<string, string> = {};

export const unique = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const login = (email: string) => signIn(t, email, '10.72');

async function createUser(
  email: string,
  role: 'Employee' | 'Employer',
  names: { firstName: string; lastName: string },
  phoneNumber: string | null = null,
) {
  return (await makeUser(t, { email, role, ...names, phoneNumber })).id;
}

/** An employee of the employer since `daysAgo` days. */
export async function addEmployee(
  employerId: number,
  email: string,
  names: { firstName: string; lastName: string },
  daysAgo: number,
  phone: string | null = null,
) {
  const userId = await createUser(email, 'Employee', names, phone);
  await t.db
    .insert(employerEmployees)
    .values({ employerId, userId, createdAt: new Date(Date.now() - daysAgo * 86_400_000) });
  employeeIds[email] = userId;
  return userId;
}

type Response = LightMyRequestResponse;
export const list = <T>(response: Response) => ok<{ items: T[]; total: number }>(response);
export const emails = (response: Response) =>
  list<{ email: string }>(response).items.map((item) => item.email);

const forbiddenRoles = () => [cookies.gym!, cookies.supplier!, cookies.content!];
/** Refused (403) for the other roles and for an admin without an active employer; 401 without a session. */
export async function expectEmployerOnly(send: (cookie: string) => Promise<Response>) {
  for (const cookie of forbiddenRoles()) expectForbidden(await send(cookie));
  expectFailure(await send(cookies.admin!), 403, 'general', 'auth.noActive.employer');
  expectSignInRequired(await send(''));
}

/** Registers the test app of these files (each file builds its own): the employees, the sessions. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    call = request(t);
    const rows = await t.db.select().from(employers);
    jansen = rows.find((row) => row.name === 'Bakkerij Jansen B.V.')!.id;
    logistiek = rows.find((row) => row.name === 'Van den Berg Logistiek')!.id;
    const logistiekUser = await createUser('logistiek@example.com', 'Employer', {
      firstName: 'Lars',
      lastName: 'Logistiek',
    });
    await t.db.insert(employerUsers).values({ employerId: logistiek, userId: logistiekUser });

    await addEmployee(
      jansen,
      'bert.bos@example.com',
      { firstName: 'Bert', lastName: 'Bos' },
      10,
      '0611111111',
    );
    await addEmployee(jansen, 'anna.aalders@example.com', { firstName: 'Anna', lastName: 'Aalders' }, 5);
    await addEmployee(jansen, 'zoe.zwart@example.com', { firstName: 'Zoë', lastName: 'Zwart' }, 30);
    await addEmployee(
      logistiek,
      'carla.chauffeur@example.com',
      { firstName: 'Carla', lastName: 'Chauffeur' },
      3,
    );

    cookies.employer = await login('werkgever@example.com');
    cookies.logistiek = await login('logistiek@example.com');
    cookies.admin = await login('admin@example.com');
    cookies.gym = await login('gym@example.com');
    cookies.supplier = await login('leverancier@example.com');
    cookies.content = await login('content@example.com');
    // An admin in the employer environment of Bakkerij Jansen: a session of its own, since a switch changes
    // the session it is made in (the admin above stays without an active employer).
    const adminAtJansen = await login('admin@example.com');
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/Account/SwitchActiveEmployer',
      headers: { cookie: adminAtJansen },
      payload: { employerId: jansen },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    cookies.adminAtJansen = cookieHeader(switched.cookies, adminAtJansen);
  });
  afterAll(() => t.close());
}
