import { type BodyOf, endpointGroups, type LocationArea } from '@xp/contracts';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { type Invalid, invalid } from '../../test/client.ts';
import { demoSignIn, expectData as expectOk } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { locationAreas } from './location-area.tables.ts';

/*
 * Rooms (location areas): the app, the seeded rooms and locations, and the calls by contract of the
 * location-area test files (read, write, access); each file builds its own app (useTestApp).
 */

export let t: TestApp;
export const location = { utrecht: 0, amersfoort: 0, zwolle: 0 };
/** The seeded rooms by name. */
export const seeded: Record<string, LocationArea> = {};
export const userIds: Record<string, number> = {};

/** Every sign-in from its own address, so the per-address login limit never interferes. */
export const signIn = demoSignIn(() => t, 40);

const { locationArea: endpoints } = endpointGroups;

/** A query as the tests write it (`?page=two`): sent as it is, also what the schema refuses. */
const queryOf = (query: string) => invalid(Object.fromEntries(new URLSearchParams(query)));
/** An id as the path carries it (`abc`, `0`: refused ones too). */
const idOf = (id: number | string) => (typeof id === 'number' ? id : invalid(id));

/** The endpoints by contract: the URLs come from the contract's paths (test/client.ts). */
export const api = {
  list: (cookie: string, query = '') => t.call(endpoints.list, { cookie, query: queryOf(query) }),
  get: (cookie: string, id: number | string) => t.call(endpoints.get, { cookie, params: { id: idOf(id) } }),
  create: (cookie: string, body: BodyOf<typeof endpoints.create> | Invalid) =>
    t.call(endpoints.create, { cookie, body }),
  update: (cookie: string, body: BodyOf<typeof endpoints.update> | Invalid) =>
    t.call(endpoints.update, { cookie, body }),
  remove: (cookie: string, id: number | string) =>
    t.call(endpoints.remove, { cookie, params: { id: idOf(id) } }),
};

export const expectData = <T = LocationArea>(response: LightMyRequestResponse): T => expectOk<T>(response);

export const names = (response: LightMyRequestResponse) =>
  expectData<{ items: LocationArea[] }>(response).items.map((item) => item.name);

/** A room's body: at the location's address, or at this one. */
export const room = (name: string, address?: Partial<LocationArea>) => ({
  name,
  sameAddressAsLocation: !address,
  ...address,
});
export const ownAddress = {
  street: 'Lange Nieuwstraat',
  houseNumber: '12a',
  postalCode: '3512 PH',
  city: 'Utrecht',
};

export const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'LocationArea'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

export const rowExists = async (id: number) =>
  (await t.db.select({ id: locationAreas.id }).from(locationAreas).where(eq(locationAreas.id, id))).length ===
  1;

/**
 * Registers the test app of these files (each file builds its own), reads the seeded rooms, locations and
 * users, and puts the seeded rooms back after each test, so the tests do not depend on their order.
 */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    const locationRows = await t.db.select({ id: locations.id, name: locations.name }).from(locations);
    const locationId = (name: string) => locationRows.find((row) => row.name === name)!.id;
    location.utrecht = locationId('Vitaal Utrecht Centrum');
    location.amersfoort = locationId('Vitaal Amersfoort');
    location.zwolle = locationId('De Brug Zwolle');
    const areas = await t.db
      .select({
        id: locationAreas.id,
        locationId: locationAreas.locationId,
        name: locationAreas.name,
        sameAddressAsLocation: locationAreas.sameAddressAsLocation,
        street: locationAreas.street,
        houseNumber: locationAreas.houseNumber,
        postalCode: locationAreas.postalCode,
        city: locationAreas.city,
      })
      .from(locationAreas);
    for (const area of areas) seeded[area.name] = area;
    for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) {
      userIds[row.email] = row.id;
    }
  });
  afterEach(async () => {
    const ids = Object.values(seeded).map((area) => area.id);
    await t.db.delete(locationAreas).where(notInArray(locationAreas.id, ids));
    for (const area of Object.values(seeded)) {
      const { id, ...values } = area;
      await t.db.update(locationAreas).set(values).where(eq(locationAreas.id, id));
    }
  });
  afterAll(() => t.close());
}
