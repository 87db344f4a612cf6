import { randomUUID } from 'node:crypto';
import type { GymRight, LocationDetail, LocationRight } from '@xp/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { requestJson } from '../../test/client.ts';
import { demoSignIn, expectData as expectOk } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import {
  locationOpeningHours,
  locationPaymentProviders,
  locationStatusRequirements,
} from './location.tables.ts';

export let t: TestApp;
export const id = { vitaal: 0, brug: 0, utrecht: 0, amersfoort: 0, zwolle: 0 };
export let seededRows: (typeof locations.$inferSelect)[] = [];
export let seededHours: (typeof locationOpeningHours.$inferInsert)[] = [];
export let seededStatuses: (typeof locationStatusRequirements.$inferInsert)[] = [];
export const createdUsers: number[] = [];

// Every test leaves the seeded locations and their settings as they were and removes what it added.

/** Every sign-in from its own address, so the per-address login limit never interferes. */
export const signIn = demoSignIn(() => t, 41);

/** A new employee holding exactly these rights, signed in. */
export async function employeeWith(rights: { gym?: string[]; utrecht?: string[] }) {
  const user = await createUser(t, {
    firstName: 'Mees',
    lastName: 'Medewerker',
    gymRights: [{ gymId: id.vitaal, rights: (rights.gym ?? []) as GymRight[] }],
    locationRights: [{ locationId: id.utrecht, rights: (rights.utrecht ?? []) as LocationRight[] }],
  });
  createdUsers.push(user.id);
  return signIn(user.email);
}

export const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: unknown) =>
  requestJson(t.app, method, url, cookie, body);

export const api = {
  list: (cookie: string, query = '') => inject('GET', `/api/Location${query}`, cookie),
  publicList: (query = '') => inject('GET', `/api/Location/Public${query}`, ''),
  get: (cookie: string, locationId: number | string) => inject('GET', `/api/Location/${locationId}`, cookie),
  create: (cookie: string, body: unknown) => inject('POST', '/api/Location', cookie, body),
  update: (cookie: string, body: unknown) => inject('PUT', '/api/Location', cookie, body),
  qrCode: (cookie: string, locationId: number) => inject('PUT', `/api/Location/${locationId}/QrCode`, cookie),
  statuses: (cookie: string, locationId: number, body: unknown) =>
    inject('PUT', `/api/Location/${locationId}/EditStatusRequirements`, cookie, body),
  provider: (cookie: string, locationId: number) =>
    inject('GET', `/api/Location/${locationId}/PaymentProvider`, cookie),
  addProvider: (cookie: string, locationId: number, body: unknown) =>
    inject('POST', `/api/Location/${locationId}/AddPaymentProvider`, cookie, body),
  updateProvider: (cookie: string, providerId: number, body: unknown) =>
    inject('PUT', `/api/LocationPaymentProvider/${providerId}`, cookie, body),
  hours: (cookie: string, locationId: number) =>
    inject('GET', `/api/LocationOpeningHours/openingHours/${locationId}`, cookie),
  saveHours: (cookie: string, body: unknown) =>
    inject('POST', '/api/LocationOpeningHours/openingHours', cookie, body),
};

export const expectData = <T = LocationDetail>(response: LightMyRequestResponse): T => expectOk<T>(response);

export const names = (response: LightMyRequestResponse) =>
  expectData<{ items: { name: string }[] }>(response).items.map((item) => item.name);

export const newLocation = (overrides: Record<string, unknown> = {}) => ({
  name: 'Vitaal Nieuwegein',
  slug: `vitaal-nieuwegein-${randomUUID().slice(0, 8)}`,
  email: 'nieuwegein@vitaal.example.com',
  street: 'Stadsplein',
  houseNumber: '1',
  postalCode: '3431ab',
  city: 'Nieuwegein',
  memberExpectedInsideTime: 75,
  visibleOnRegistrationPage: true,
  ...overrides,
});

export const asUpdate = (row: (typeof seededRows)[number], overrides: Record<string, unknown> = {}) => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  email: row.email,
  street: row.street,
  houseNumber: row.houseNumber,
  postalCode: row.postalCode,
  city: row.city,
  memberExpectedInsideTime: row.memberExpectedInsideTime,
  visibleOnRegistrationPage: row.visibleOnRegistrationPage,
  ...overrides,
});
export const seeded = (locationId: number) => seededRows.find((row) => row.id === locationId)!;

export const auditRows = (entity: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));

export async function switchGym(cookie: string, gymId: number) {
  const response = await inject('PUT', '/api/Account/SwitchActiveGym', cookie, { gymId });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies, cookie);
}

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    seededRows = await t.db.select().from(locations);
    const bySlug = (slug: string) => seededRows.find((row) => row.slug === slug)!.id;
    id.utrecht = bySlug('vitaal-utrecht-centrum');
    id.amersfoort = bySlug('vitaal-amersfoort');
    id.zwolle = bySlug('de-brug-zwolle');
    const gymRows = await t.db.select().from(gyms);
    id.vitaal = gymRows.find((row) => row.slug === 'vitaal')!.id;
    id.brug = gymRows.find((row) => row.slug === 'de-brug')!.id;
    seededHours = (await t.db.select().from(locationOpeningHours)).map(({ id: _id, ...row }) => row);
    seededStatuses = await t.db.select().from(locationStatusRequirements);
  });
  afterEach(async () => {
    await t.db.delete(locationPaymentProviders);
    await t.db.delete(locationOpeningHours);
    await t.db.insert(locationOpeningHours).values(seededHours);
    await t.db.delete(locationStatusRequirements);
    await t.db.insert(locationStatusRequirements).values(seededStatuses);
    await t.db.delete(locations).where(
      inArray(
        locations.id,
        (await t.db.select({ id: locations.id }).from(locations))
          .map((row) => row.id)
          .filter((rowId) => !seededRows.some((seeded) => seeded.id === rowId)),
      ),
    );
    for (const { id: rowId, createdAt: _c, updatedAt: _u, ...values } of seededRows) {
      await t.db.update(locations).set(values).where(eq(locations.id, rowId));
    }
  });
  afterAll(async () => {
    if (createdUsers.length > 0) await t.db.delete(users).where(inArray(users.id, createdUsers));
    await t.close();
  });
}
