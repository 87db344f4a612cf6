import { gt, max } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { contractEndpoints } from '../../test/contract-walk.ts';
import { demoSignIn } from '../../test/expect.ts';
import { seededIds } from '../../test/factories.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { oncePerApp } from '../../test/once-per-app.ts';
import { auditLog } from '../audit/audit.tables.ts';

/*
 * Many saves of one thing at once, as double clicks, retries and two people do: each save is one consistent
 * operation (200, or a clear 409), never a 500, and the end state is one of the saved ones. Many deletes of
 * one thing at once: it is deleted once (200, the others 404) and audited once. Meant for PostgreSQL, where
 * the requests really run side by side (the pool has 10 connections); PGlite runs them one by one.
 * The app, the sessions and the helpers of these files; each file builds its own app (useTestApp).
 */

export const PARALLEL_SAVES = 50;
export const PARALLEL_DELETES = 10;

export let t: TestApp;
export let ids: Awaited<ReturnType<typeof seededIds>>;
export let admin = '';
export const signIn = demoSignIn(() => t, 72);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
export const data = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};

/** The sessions only some cases use: made on first use, once per file. locatie@ (Utrecht's staff). */
export const location = oncePerApp(
  () => t,
  () => signIn('locatie@example.com'),
);
/** locatie@ in the Location environment of Utrecht (all location rights there). */
export const utrechtDesk = oncePerApp(
  () => t,
  async () => {
    const cookie = await location();
    const switched = await call(cookie, 'PUT', '/Account/SwitchActiveLocation', { locationId: ids.utrecht });
    expect(switched.statusCode, switched.body).toBe(200);
    return cookieHeader(switched.cookies, cookie);
  },
);
/** werkgever@ and the id of its active employer. */
export const employer = oncePerApp(
  () => t,
  async () => {
    const cookie = await signIn('werkgever@example.com');
    const refreshed = await call(cookie, 'POST', '/account/cookierefresh');
    return { cookie, id: refreshed.json().data.claims.activeEmployerId as number };
  },
);
/** leverancier@ (FitSupply Nederland). */
export const supplierCookie = oncePerApp(
  () => t,
  () => signIn('leverancier@example.com'),
);

/** `count` calls at once; their statuses, counted. */
export async function atOnce(count: number, send: (index: number) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  const statuses: Record<number, number> = {};
  for (const response of responses) statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  return { responses, statuses };
}

let uniqueCount = 0;
export const unique = (prefix: string) => `${prefix}-${++uniqueCount}`;

/** The id of the newest audit row, to count what a burst of calls wrote. */
export const lastAuditId = async () =>
  (await t.db.select({ value: max(auditLog.id) }).from(auditLog))[0]?.value ?? 0;
export const auditSince = (id: number) => t.db.select().from(auditLog).where(gt(auditLog.id, id));

/**
 * `PARALLEL_DELETES` deletes of one thing at once: one is done (200), the others find nothing (404), and
 * the audit log has one row for it.
 */
export async function expectDeletedOnce(
  send: () => Promise<LightMyRequestResponse>,
  others: number[] = [404],
) {
  const before = await lastAuditId();
  const { statuses } = await atOnce(PARALLEL_DELETES, send);
  expect(statuses[200], JSON.stringify(statuses)).toBe(1);
  const otherStatuses = Object.keys(statuses)
    .map(Number)
    .filter((status) => status !== 200);
  expect(
    otherStatuses.filter((status) => !others.includes(status)),
    JSON.stringify(statuses),
  ).toEqual([]);
  const audited = await auditSince(before);
  expect(audited.length, JSON.stringify(audited)).toBe(1);
  return audited[0]!;
}

/** A case of the deletes: it makes the thing to delete and answers the delete call. */
export interface DeleteCase {
  name: string;
  prepare: () => Promise<() => Promise<LightMyRequestResponse>>;
  /** What the calls that come too late answer, when not 404. */
  others?: number[];
}

/**
 * The deletes of people (their employments, invitations, the own account) are in one file, those of things
 * in another: every DELETE endpoint of the contracts is the one or the other, and each file checks it covers
 * its own (the banner's has a test of its own).
 */
export const isOfPeople = (path: string) => /Employee|Invitation|account/.test(path);

/** Each DELETE endpoint of the contracts has a case among these (of people, or of things). */
export function expectEveryDeleteCovered(cases: DeleteCase[], ofPeople: boolean) {
  const covered = cases.map((entry) => entry.name.match(/\(DELETE (\S+)\)/)![1]);
  const deletes = contractEndpoints
    .filter(({ endpoint }) => endpoint.method === 'DELETE')
    .map(({ endpoint }) => endpoint.path)
    .filter((path) => path !== '/Gym/{id}/banner' && isOfPeople(path) === ofPeople);
  expect(covered.sort()).toEqual(deletes.sort());
}

/** Registers the test app of these files (each file builds its own) and its cleanup. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    ids = await seededIds(t);
    admin = await signIn('admin@example.com');
  });
  afterAll(() => t.close());
}
