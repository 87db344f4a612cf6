import type { Association } from '@xp/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { requestJson } from '../../test/client.ts';
import { demoSignIn, expectData as expectOk } from '../../test/expect.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { associations, locations } from '../organisation/organisation.tables.ts';

export let t: TestApp;
export const association = { sportbond: 0, zwolle: 0 };
export const location = { utrecht: 0, amersfoort: 0, zwolle: 0 };
/** The seeded associations and the association of each seeded location, restored after every test. */
export let seededAssociations: { id: number; name: string; bannerHash: string | null }[] = [];
export let seededLinks: { id: number; associationId: number | null }[] = [];
export const cookies: Record<'admin' | 'gym' | 'location' | 'employer' | 'supplier' | 'content', string> = {
  admin: '',
  gym: '',
  location: '',
  employer: '',
  supplier: '',
  content: '',
};

/** Every sign-in from its own address, so the per-address login limit never interferes. */
export const signIn = demoSignIn(() => t, 44);

// Every test leaves the seeded data as it was, so the tests do not depend on their order.

export const json = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  body?: unknown,
) => requestJson(t.app, method, url, cookie, body);

export type Part = Parameters<typeof multipart>[0][number];
export const form = (method: 'POST' | 'PUT', cookie: string, parts: Part[]) => {
  const body = multipart(parts, { cookie });
  return t.app.inject({ method, url: '/api/association', payload: body.payload, headers: body.headers });
};
export const text = (name: string, value: string | number | boolean): Part => ({
  name,
  value: String(value),
});
export const image = async (
  format: 'png' | 'jpeg' = 'png',
  color = { r: 20, g: 120, b: 200 },
): Promise<Part> => ({
  name: 'banner',
  filename: `banner.${format}`,
  contentType: `image/${format}`,
  data: await testImage(format, { width: 600, height: 200, color }),
});

export const api = {
  list: (cookie: string, query = '') => json('GET', `/api/association${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/association/${id}`, cookie),
  locations: (cookie: string, id: number | string, query = '') =>
    json('GET', `/api/association/locations/${id}${query}`, cookie),
  free: (cookie: string, query = '') =>
    json('GET', `/api/association/noAssociationLocations${query}`, cookie),
  active: (cookie: string) => json('GET', '/api/association/active', cookie),
  activeLocations: (cookie: string, query = '') =>
    json('GET', `/api/association/active/locations${query}`, cookie),
  create: (cookie: string, parts: Part[]) => form('POST', cookie, parts),
  update: (cookie: string, parts: Part[]) => form('PUT', cookie, parts),
  remove: (cookie: string, id: number | string) => json('DELETE', `/api/association/${id}`, cookie),
  add: (cookie: string, body: unknown) => json('PUT', '/api/association/addLocation', cookie, body),
  release: (cookie: string, body: unknown) => json('PUT', '/api/association/removeLocation', cookie, body),
};

export const expectData = <T = Association>(response: LightMyRequestResponse): T => expectOk<T>(response);

export type Page<T> = { items: T[]; total: number };
export const names = (response: LightMyRequestResponse) =>
  expectData<Page<{ name: string }>>(response).items.map((item) => item.name);

export const associationRow = async (id: number) =>
  (await t.db.select().from(associations).where(eq(associations.id, id)))[0];
export const associationOf = async (locationId: number) =>
  (await t.db.select({ id: locations.associationId }).from(locations).where(eq(locations.id, locationId)))[0]
    ?.id ?? null;
export const auditRows = (entity: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
export const addAssociation = async (name: string) =>
  (await t.db.insert(associations).values({ name }).returning())[0]!;

/** Signs the admin in again and switches to the association environment of `associationId`. */
export async function adminInAssociation(associationId: number) {
  const cookie = await signIn('admin@example.com');
  const response = await json('PUT', '/api/Account/SwitchActiveAssociation', cookie, { associationId });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies, cookie);
}

export const nonAdmins = ['gym', 'location', 'employer', 'supplier', 'content'] as const;

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    seededAssociations = await t.db
      .select({ id: associations.id, name: associations.name, bannerHash: associations.bannerHash })
      .from(associations);
    association.sportbond = seededAssociations.find((row) => row.name === 'Sportbond Midden-Nederland')!.id;
    association.zwolle = seededAssociations.find((row) => row.name === 'Gezond Zwolle')!.id;
    const locationRows = await t.db
      .select({ id: locations.id, name: locations.name, associationId: locations.associationId })
      .from(locations);
    seededLinks = locationRows.map(({ id, associationId }) => ({ id, associationId }));
    const locationId = (name: string) => locationRows.find((row) => row.name === name)!.id;
    location.utrecht = locationId('Vitaal Utrecht Centrum');
    location.amersfoort = locationId('Vitaal Amersfoort');
    location.zwolle = locationId('De Brug Zwolle');
    cookies.admin = await signIn('admin@example.com');
    cookies.gym = await signIn('gym@example.com');
    cookies.location = await signIn('locatie@example.com');
    cookies.employer = await signIn('werkgever@example.com');
    cookies.supplier = await signIn('leverancier@example.com');
    cookies.content = await signIn('content@example.com');
  });
  afterEach(async () => {
    const ids = seededAssociations.map((row) => row.id);
    await t.db.delete(associations).where(notInArray(associations.id, ids));
    for (const { id, name, bannerHash } of seededAssociations) {
      // A test may have deleted it: put it back under its own id.
      await t.db.execute(
        sql`insert into "associations" ("id", "name", "banner_hash") overriding system value values (${id}, ${name}, ${bannerHash}) on conflict ("id") do update set "name" = excluded."name", "banner_hash" = excluded."banner_hash"`,
      );
    }
    for (const { id, associationId } of seededLinks) {
      await t.db.update(locations).set({ associationId }).where(eq(locations.id, id));
    }
    await t.db.delete(auditLog).where(inArray(auditLog.entity, ['Association', 'Location']));
  });
  afterAll(() => t.close());
}
