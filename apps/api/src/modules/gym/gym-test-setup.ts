import type { Gym, GymRight } from '@xp/contracts';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { requestJson } from '../../test/client.ts';
import { demoSignIn, expectData as expectOk } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

export let t: TestApp;
export const gym = { vitaal: 0, brug: 0 };
export const seeded: { id: number; name: string; slug: string; registrationBannerHash: string | null }[] = [];
export const userIds: Record<string, number> = {};

// Every test leaves the seeded gyms as they were, so the tests do not depend on their order.

/** Every sign-in from its own address, so the per-address login limit never interferes. */
export const signIn = demoSignIn(() => t, 41);

export let employeeCount = 0;
/** A new employee holding these gym rights (in gym order: the first gym becomes the active one). */
export async function employeeWith(grants: { gymId: number; rights: readonly GymRight[] }[]) {
  const email = `medewerker${++employeeCount}@example.com`;
  const user = await createUser(t, { email, firstName: 'Mo', lastName: 'Medewerker', gymRights: grants });
  return { id: user.id, cookie: await signIn(email) };
}

export const json = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  body?: unknown,
) => requestJson(t.app, method, url, cookie, body);

export const api = {
  list: (cookie: string, query = '') => json('GET', `/api/Gym${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/Gym/${id}`, cookie),
  getPublic: (id: number | string) => t.app.inject({ method: 'GET', url: `/api/Gym/public/${id}` }),
  create: (cookie: string, body: unknown) => json('POST', '/api/Gym', cookie, body),
  update: (cookie: string, body: unknown) => json('PUT', '/api/Gym', cookie, body),
  remove: (cookie: string, body: unknown) => json('DELETE', '/api/Gym', cookie, body),
  settings: (cookie: string, id: number | string) =>
    json('GET', `/api/Gym/${id}/registrationSettings`, cookie),
  removeBanner: (cookie: string, id: number | string) => json('DELETE', `/api/Gym/${id}/banner`, cookie),
};

export const expectData = <T = Gym>(response: LightMyRequestResponse): T => expectOk<T>(response);

export type GymList = { items: Gym[]; total: number };
export const slugs = (response: LightMyRequestResponse) =>
  expectData<GymList>(response).items.map((item) => item.slug);

export const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'Gym'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

export const gymRow = async (id: number) => (await t.db.select().from(gyms).where(eq(gyms.id, id)))[0];

export async function addGym(name: string, slug: string) {
  const [row] = await t.db.insert(gyms).values({ name, slug }).returning();
  return row!;
}

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    for (const row of await t.db
      .select({
        id: gyms.id,
        name: gyms.name,
        slug: gyms.slug,
        registrationBannerHash: gyms.registrationBannerHash,
      })
      .from(gyms)) {
      seeded.push(row);
    }
    gym.vitaal = seeded.find((row) => row.slug === 'vitaal')!.id;
    gym.brug = seeded.find((row) => row.slug === 'de-brug')!.id;
    for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) {
      userIds[row.email] = row.id;
    }
  });
  afterEach(async () => {
    const ids = seeded.map((row) => row.id);
    const extra = (await t.db.select({ id: gyms.id }).from(gyms).where(notInArray(gyms.id, ids))).map(
      (row) => row.id,
    );
    if (extra.length > 0) {
      await t.db.delete(locations).where(inArray(locations.gymId, extra));
      await t.db.delete(gyms).where(inArray(gyms.id, extra));
    }
    for (const { id, ...values } of seeded) await t.db.update(gyms).set(values).where(eq(gyms.id, id));
    await t.db.delete(auditLog).where(eq(auditLog.entity, 'Gym'));
  });
  afterAll(() => t.close());
}
