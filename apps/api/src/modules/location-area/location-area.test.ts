import { randomUUID } from 'node:crypto';
import { type BodyOf, endpointGroups, type LocationArea, locationRights } from '@xp/contracts';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { type Invalid, invalid } from '../../test/client.ts';
import {
  demoSignIn,
  expectFailure,
  expectForbidden,
  expectData as expectOk,
  expectSignInRequired,
} from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { locationAreas } from './location-area.tables.ts';

let t: TestApp;
const location = { utrecht: 0, amersfoort: 0, zwolle: 0 };
/** The seeded rooms by name. */
const seeded: Record<string, LocationArea> = {};
const userIds: Record<string, number> = {};

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
// Every test leaves the seeded rooms as they were, so the tests do not depend on their order.
afterEach(async () => {
  const ids = Object.values(seeded).map((area) => area.id);
  await t.db.delete(locationAreas).where(notInArray(locationAreas.id, ids));
  for (const area of Object.values(seeded)) {
    const { id, ...values } = area;
    await t.db.update(locationAreas).set(values).where(eq(locationAreas.id, id));
  }
});
afterAll(() => t.close());

/** Every sign-in from its own address, so the per-address login limit never interferes. */
const signIn = demoSignIn(() => t, 40);

const { locationArea: endpoints } = endpointGroups;

/** A query as the tests write it (`?page=two`): sent as it is, also what the schema refuses. */
const queryOf = (query: string) => invalid(Object.fromEntries(new URLSearchParams(query)));
/** An id as the path carries it (`abc`, `0`: refused ones too). */
const idOf = (id: number | string) => (typeof id === 'number' ? id : invalid(id));

/** The endpoints by contract: the URLs come from the contract's paths (test/client.ts). */
const api = {
  list: (cookie: string, query = '') => t.call(endpoints.list, { cookie, query: queryOf(query) }),
  get: (cookie: string, id: number | string) => t.call(endpoints.get, { cookie, params: { id: idOf(id) } }),
  create: (cookie: string, body: BodyOf<typeof endpoints.create> | Invalid) =>
    t.call(endpoints.create, { cookie, body }),
  update: (cookie: string, body: BodyOf<typeof endpoints.update> | Invalid) =>
    t.call(endpoints.update, { cookie, body }),
  remove: (cookie: string, id: number | string) =>
    t.call(endpoints.remove, { cookie, params: { id: idOf(id) } }),
};

const expectData = <T = LocationArea>(response: LightMyRequestResponse): T => expectOk<T>(response);

const names = (response: LightMyRequestResponse) =>
  expectData<{ items: LocationArea[] }>(response).items.map((item) => item.name);

const room = (name: string, address?: Partial<LocationArea>) => ({
  name,
  sameAddressAsLocation: !address,
  ...address,
});
const ownAddress = {
  street: 'Lange Nieuwstraat',
  houseNumber: '12a',
  postalCode: '3512 PH',
  city: 'Utrecht',
};

const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'LocationArea'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

const rowExists = async (id: number) =>
  (await t.db.select({ id: locationAreas.id }).from(locationAreas).where(eq(locationAreas.id, id))).length ===
  1;

describe('list', () => {
  it('answers the rooms of the active location only, by name', async () => {
    const data = expectData<{ items: LocationArea[]; total: number }>(
      await api.list(await signIn('locatie@example.com')),
    );
    expect(data).toEqual({
      items: [seeded['Bootcamp Griftpark'], seeded['Grote zaal'], seeded.Spinningzaal],
      total: 3,
    });
    expect(seeded['Bootcamp Griftpark']).toMatchObject({
      locationId: location.utrecht,
      sameAddressAsLocation: false,
      street: 'Griftpark',
      houseNumber: '1',
      postalCode: '3514 EZ',
      city: 'Utrecht',
    });
    expect(seeded['Grote zaal']).toMatchObject({
      locationId: location.utrecht,
      sameAddressAsLocation: true,
      street: null,
      postalCode: null,
    });
  });

  it('searches name, street and city, case-insensitively, with LIKE wildcards taken literally', async () => {
    const cookie = await signIn('locatie@example.com');
    const zaal = expectData<{ items: LocationArea[]; total: number }>(await api.list(cookie, '?search=zaal'));
    expect(zaal.items.map((item) => item.name)).toEqual(['Grote zaal', 'Spinningzaal']);
    expect(zaal.total).toBe(2);
    expect(names(await api.list(cookie, '?search=ZAAL'))).toEqual(['Grote zaal', 'Spinningzaal']);
    expect(names(await api.list(cookie, '?search=%20spinning%20'))).toEqual(['Spinningzaal']);
    expect(names(await api.list(cookie, '?search=griftPARK'))).toEqual(['Bootcamp Griftpark']);
    expect(names(await api.list(cookie, '?search=utrecht'))).toEqual(['Bootcamp Griftpark']);
    for (const wildcard of ['%25', '_', '%5C']) {
      expect(expectData<{ total: number }>(await api.list(cookie, `?search=${wildcard}`)).total).toBe(0);
    }
    // Another location's room is never found.
    expect(expectData<{ total: number }>(await api.list(cookie, '?search=Krachthonk')).total).toBe(0);
  });

  it('sorts by name and by address, both directions', async () => {
    const cookie = await signIn('locatie@example.com');
    expect(names(await api.list(cookie, '?sort=name&direction=desc'))).toEqual([
      'Spinningzaal',
      'Grote zaal',
      'Bootcamp Griftpark',
    ]);
    expect(names(await api.list(cookie, '?sort=name&direction=asc'))).toEqual([
      'Bootcamp Griftpark',
      'Grote zaal',
      'Spinningzaal',
    ]);
    // The location's own address sorts first; ties by id.
    expect(names(await api.list(cookie, '?sort=address'))).toEqual([
      'Grote zaal',
      'Spinningzaal',
      'Bootcamp Griftpark',
    ]);
    expect(names(await api.list(cookie, '?sort=address&direction=desc'))).toEqual([
      'Bootcamp Griftpark',
      'Spinningzaal',
      'Grote zaal',
    ]);
  });

  it('pages with the total of all matches', async () => {
    const cookie = await signIn('locatie@example.com');
    expect(expectData(await api.list(cookie, '?pageSize=1&page=2'))).toEqual({
      items: [seeded['Grote zaal']],
      total: 3,
    });
    expect(expectData(await api.list(cookie, '?pageSize=2&page=2'))).toEqual({
      items: [seeded.Spinningzaal],
      total: 3,
    });
    expect(expectData(await api.list(cookie, '?pageSize=1&page=9'))).toEqual({ items: [], total: 3 });
    expect(expectData(await api.list(cookie, '?pageSize=100&search=zaal&page=1'))).toMatchObject({
      total: 2,
    });
  });

  it('refuses bad paging, sorting and search with 400 and the field key', async () => {
    const cookie = await signIn('locatie@example.com');
    expectFailure(await api.list(cookie, '?pageSize=101'), 400, 'pageSize', 'validation.tooBig');
    expectFailure(await api.list(cookie, '?pageSize=0'), 400, 'pageSize', 'validation.tooSmall');
    expectFailure(await api.list(cookie, '?page=0'), 400, 'page', 'validation.tooSmall');
    expectFailure(await api.list(cookie, '?page=two'), 400, 'page', 'validation.invalidType');
    expectFailure(await api.list(cookie, '?sort=street'), 400, 'sort', 'validation.invalidValue');
    expectFailure(await api.list(cookie, '?direction=up'), 400, 'direction', 'validation.invalidValue');
    expectFailure(await api.list(cookie, `?search=${'a'.repeat(201)}`), 400, 'search', 'validation.tooLong');
    expectFailure(await api.list(cookie, '?locationId=abc'), 400, 'locationId', 'validation.invalidType');
  });

  it('takes another location only where the user holds the right there', async () => {
    const cookie = await signIn('locatie@example.com');
    expect(
      expectData<{ total: number }>(await api.list(cookie, `?locationId=${location.utrecht}`)).total,
    ).toBe(3);
    expectForbidden(await api.list(cookie, `?locationId=${location.amersfoort}`));
    expectForbidden(await api.list(cookie, `?locationId=${location.zwolle}`));
  });

  it('answers an admin without active location 403 auth.noActive.location, unless ?locationId= is given', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.list(cookie), 403, 'general', 'auth.noActive.location');
    expect(expectData(await api.list(cookie, `?locationId=${location.zwolle}`))).toEqual({
      items: [seeded.Krachthonk],
      total: 1,
    });
    expect(names(await api.list(cookie, `?locationId=${location.amersfoort}`))).toEqual(['Yogastudio']);
  });
});

describe('get', () => {
  it('answers a room of the active location', async () => {
    const cookie = await signIn('locatie@example.com');
    expect(expectData(await api.get(cookie, seeded['Bootcamp Griftpark']!.id))).toEqual(
      seeded['Bootcamp Griftpark'],
    );
  });

  it("answers 404 for another location's room (other gym or same gym) and for an unknown id", async () => {
    const cookie = await signIn('locatie@example.com');
    for (const id of [seeded.Krachthonk!.id, seeded.Yogastudio!.id, 999_999]) {
      expectFailure(await api.get(cookie, id), 404, 'general', 'locationArea.errors.notFound');
    }
  });

  it('answers any room to an admin', async () => {
    const cookie = await signIn('admin@example.com');
    expect(expectData(await api.get(cookie, seeded.Krachthonk!.id))).toEqual(seeded.Krachthonk);
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const id of ['abc', '0', '-3', '2.5']) {
      expectFailure(await api.get(cookie, id), 400, 'id', expect.stringMatching(/^validation\./) as never);
    }
  });
});

describe('create', () => {
  it('adds a room at the location address, dropping any address sent along, and audits it', async () => {
    const cookie = await signIn('locatie@example.com');
    const created = expectData(
      await api.create(cookie, { ...room('  Danszaal  '), ...ownAddress, sameAddressAsLocation: true }),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      locationId: location.utrecht,
      name: 'Danszaal',
      sameAddressAsLocation: true,
      street: null,
      houseNumber: null,
      postalCode: null,
      city: null,
    });
    expect(expectData(await api.get(cookie, created.id))).toEqual(created);
    expect(names(await api.list(cookie))).toContain('Danszaal');

    const [entry, ...more] = await auditRows(created.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      entity: 'LocationArea',
      entityId: String(created.id),
      action: 'create',
      userId: userIds['locatie@example.com'],
    });
    expect(entry!.changes.name).toEqual({ old: null, new: 'Danszaal' });
    expect(entry!.requestId).toEqual(expect.any(String));
  });

  it('adds a room with its own address, normalising the postal code', async () => {
    const cookie = await signIn('locatie@example.com');
    const created = expectData(
      await api.create(cookie, room('Buitenbad', { ...ownAddress, postalCode: '3511az', city: ' Utrecht ' })),
    );
    expect(created).toMatchObject({
      name: 'Buitenbad',
      sameAddressAsLocation: false,
      street: 'Lange Nieuwstraat',
      houseNumber: '12a',
      postalCode: '3511 AZ',
      city: 'Utrecht',
    });
    const other = expectData(
      await api.create(cookie, room('Dakterras', { ...ownAddress, postalCode: ' 3511 az ' })),
    );
    expect(other.postalCode).toBe('3511 AZ');
  });

  it('requires street, house number, postal code and city unless the address is the location’s', async () => {
    const cookie = await signIn('locatie@example.com');
    const response = await api.create(cookie, room('Sporthal', { street: '', city: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { key: 'street', message: 'validation.required' },
        { key: 'houseNumber', message: 'validation.required' },
        { key: 'postalCode', message: 'validation.required' },
        { key: 'city', message: 'validation.required' },
      ]),
    );
    expect(response.json().errors).toHaveLength(4);
  });

  it('refuses a postal code that is not Dutch with validation.postalCode', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const postalCode of [
      '1234',
      '0123 AB',
      '12345 AB',
      '3511 A1',
      '3511  AZ',
      '3511 SA',
      '3511 SS',
      '3511 SD',
    ]) {
      const response = await api.create(cookie, room(`Zaal ${postalCode}`, { ...ownAddress, postalCode }));
      expectFailure(response, 400, 'postalCode', 'validation.postalCode');
    }
    expect(expectData<{ total: number }>(await api.list(cookie)).total).toBe(3);
  });

  it('refuses the excluded letter pairs SA, SD and SS also when typed in lower case', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const postalCode of ['3511 sa', '3511sd', '3511 ss']) {
      const response = await api.create(cookie, room(`Zaal ${postalCode}`, { ...ownAddress, postalCode }));
      expectFailure(response, 400, 'postalCode', 'validation.postalCode');
    }
  });

  it('validates name and sameAddressAsLocation with field keys', async () => {
    const cookie = await signIn('locatie@example.com');
    expectFailure(
      await api.create(cookie, invalid({ sameAddressAsLocation: true })),
      400,
      'name',
      'validation.required',
    );
    expectFailure(await api.create(cookie, room('   ')), 400, 'name', 'validation.required');
    expectFailure(await api.create(cookie, room('x'.repeat(101))), 400, 'name', 'validation.tooLong');
    expectFailure(
      await api.create(cookie, invalid({ name: 'Zaal' })),
      400,
      'sameAddressAsLocation',
      'validation.required',
    );
    expectFailure(
      await api.create(cookie, invalid({ name: 'Zaal', sameAddressAsLocation: 'true' })),
      400,
      'sameAddressAsLocation',
      'validation.invalidType',
    );
    expectFailure(
      await api.create(cookie, room('Zaal', { ...ownAddress, street: 'x'.repeat(121) })),
      400,
      'street',
      'validation.tooLong',
    );
    expect(expectData<{ total: number }>(await api.list(cookie)).total).toBe(3);
  });

  it('answers 409 on the name key for a name the location already has, in any case', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const name of ['Grote zaal', 'GROTE ZAAL', '  grote zaal ']) {
      expectFailure(await api.create(cookie, room(name)), 409, 'name', 'locationArea.errors.nameTaken');
    }
    // Another location's name is free here.
    expect(expectData(await api.create(cookie, room('Yogastudio'))).locationId).toBe(location.utrecht);
  });

  it('answers 409, never 500, when the same new name is sent several times at once', async () => {
    const cookie = await signIn('locatie@example.com');
    const responses = await Promise.all(Array.from({ length: 6 }, () => api.create(cookie, room('Sauna'))));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expectFailure(response, 409, 'name', 'locationArea.errors.nameTaken');
    }
  });

  it('needs an active location: an admin without one gets 403 auth.noActive.location', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.create(cookie, room('Zaal 9')), 403, 'general', 'auth.noActive.location');
  });
});

describe('update', () => {
  it('changes a room of the active location and audits the change', async () => {
    const cookie = await signIn('locatie@example.com');
    const created = expectData(await api.create(cookie, room('Kleine zaal')));
    const updated = expectData(
      await api.update(cookie, {
        id: created.id,
        ...room('Kleine zaal boven', { ...ownAddress, postalCode: '3512ph' }),
      }),
    );
    expect(updated).toEqual({
      id: created.id,
      locationId: location.utrecht,
      name: 'Kleine zaal boven',
      sameAddressAsLocation: false,
      ...ownAddress,
      postalCode: '3512 PH',
    });
    expect(expectData(await api.get(cookie, created.id))).toEqual(updated);

    const back = expectData(await api.update(cookie, { id: created.id, ...room('KLEINE ZAAL BOVEN') }));
    expect(back).toMatchObject({ name: 'KLEINE ZAAL BOVEN', sameAddressAsLocation: true, street: null });

    const entries = await auditRows(created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
    expect(entries[1]).toMatchObject({ userId: userIds['locatie@example.com'], entity: 'LocationArea' });
    expect(entries[1]!.changes).toMatchObject({
      name: { old: 'Kleine zaal', new: 'Kleine zaal boven' },
      sameAddressAsLocation: { old: true, new: false },
      postalCode: { old: null, new: '3512 PH' },
    });
  });

  it('answers 409 when renaming to another room of the location', async () => {
    const cookie = await signIn('locatie@example.com');
    expectFailure(
      await api.update(cookie, { id: seeded.Spinningzaal!.id, ...room('grote zaal') }),
      409,
      'name',
      'locationArea.errors.nameTaken',
    );
    expect(expectData(await api.get(cookie, seeded.Spinningzaal!.id)).name).toBe('Spinningzaal');
  });

  it("answers 404 for another location's room and leaves it unchanged", async () => {
    const cookie = await signIn('locatie@example.com');
    for (const area of [seeded.Krachthonk!, seeded.Yogastudio!]) {
      expectFailure(
        await api.update(cookie, { id: area.id, ...room('Overgenomen') }),
        404,
        'general',
        'locationArea.errors.notFound',
      );
      const [row] = await t.db.select().from(locationAreas).where(eq(locationAreas.id, area.id));
      expect(row!.name).toBe(area.name);
      expect(await auditRows(area.id)).toEqual([]);
    }
    expectFailure(
      await api.update(cookie, { id: 999_999, ...room('Niets') }),
      404,
      'general',
      'locationArea.errors.notFound',
    );
  });

  it('validates the id and the fields', async () => {
    const cookie = await signIn('locatie@example.com');
    const id = seeded['Grote zaal']!.id;
    expectFailure(await api.update(cookie, invalid(room('Zonder id'))), 400, 'id', 'validation.required');
    expectFailure(
      await api.update(cookie, invalid({ id: 'een', ...room('Zaal') })),
      400,
      'id',
      'validation.invalidType',
    );
    expectFailure(await api.update(cookie, { id: 0, ...room('Zaal') }), 400, 'id', 'validation.tooSmall');
    expectFailure(await api.update(cookie, { id, ...room('') }), 400, 'name', 'validation.required');
    expectFailure(
      await api.update(cookie, { id, ...room('Grote zaal', { ...ownAddress, postalCode: 'ABCD 12' }) }),
      400,
      'postalCode',
      'validation.postalCode',
    );
    expectFailure(
      await api.update(cookie, { id, ...room('Grote zaal', { ...ownAddress, houseNumber: null }) }),
      400,
      'houseNumber',
      'validation.required',
    );
    expect(expectData(await api.get(cookie, id))).toEqual(seeded['Grote zaal']);
  });

  it('lets an admin change any room', async () => {
    const cookie = await signIn('admin@example.com');
    const [area] = await t.db
      .insert(locationAreas)
      .values({ locationId: location.zwolle, name: 'Cardiozaal', sameAddressAsLocation: true })
      .returning();
    const updated = expectData(await api.update(cookie, { id: area!.id, ...room('Cardio & fitness') }));
    expect(updated).toMatchObject({ name: 'Cardio & fitness', locationId: location.zwolle });
    expect((await auditRows(area!.id))[0]).toMatchObject({
      action: 'update',
      userId: userIds['admin@example.com'],
    });
  });
});

describe('delete', () => {
  it('deletes a room of the active location and audits it', async () => {
    const cookie = await signIn('locatie@example.com');
    const created = expectData(await api.create(cookie, room('Tijdelijke zaal')));
    const response = await api.remove(cookie, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, data: null, errors: [] });
    expectFailure(await api.get(cookie, created.id), 404, 'general', 'locationArea.errors.notFound');
    expectFailure(await api.remove(cookie, created.id), 404, 'general', 'locationArea.errors.notFound');

    const entries = await auditRows(created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'delete']);
    expect(entries[1]).toMatchObject({ userId: userIds['locatie@example.com'], entity: 'LocationArea' });
    expect(entries[1]!.changes.name).toEqual({ old: 'Tijdelijke zaal', new: null });
  });

  it("answers 404 for another location's room, which stays", async () => {
    const cookie = await signIn('locatie@example.com');
    for (const area of [seeded.Krachthonk!, seeded.Yogastudio!]) {
      expectFailure(await api.remove(cookie, area.id), 404, 'general', 'locationArea.errors.notFound');
      expect(await rowExists(area.id)).toBe(true);
    }
    expectFailure(await api.remove(cookie, 999_999), 404, 'general', 'locationArea.errors.notFound');
    expectFailure(await api.remove(cookie, 'abc'), 400, 'id', 'validation.invalidType');
  });
});

describe('access', () => {
  /** One call of every endpoint with valid input, aimed at the given room. */
  const everyEndpoint = (cookie: string, area: LocationArea) => ({
    list: () => api.list(cookie),
    listOfLocation: () => api.list(cookie, `?locationId=${area.locationId}`),
    get: () => api.get(cookie, area.id),
    create: () => api.create(cookie, room(`Nieuw ${randomUUID()}`)),
    update: () => api.update(cookie, { id: area.id, ...room('Overgenomen') }),
    remove: () => api.remove(cookie, area.id),
  });

  it('answers 401 on every endpoint without a session', async () => {
    for (const [name, call] of Object.entries(everyEndpoint('', seeded['Grote zaal']!))) {
      const response = await call();
      expect(response.statusCode, name).toBe(401);
      expectSignInRequired(response);
    }
    expect(await rowExists(seeded['Grote zaal']!.id)).toBe(true);
  });

  it.each(['werkgever@example.com', 'leverancier@example.com', 'content@example.com'])(
    '%s gets 403 on every endpoint',
    async (email) => {
      const cookie = await signIn(email);
      for (const [name, call] of Object.entries(everyEndpoint(cookie, seeded['Grote zaal']!))) {
        const response = await call();
        expect(response.statusCode, name).toBe(403);
        expectForbidden(response);
      }
      expect(
        await t.db.select().from(locationAreas).where(eq(locationAreas.id, seeded['Grote zaal']!.id)),
      ).toEqual([expect.objectContaining({ name: 'Grote zaal' })]);
      expect(await auditRows(seeded['Grote zaal']!.id)).toEqual([]);
    },
  );

  it('an employee with another right on the location (not ManageLocationAreas) gets 403', async () => {
    const user = await createUser(t, {
      firstName: 'Lies',
      lastName: 'de Lesgever',
      locationRights: [
        {
          locationId: location.utrecht,
          rights: locationRights.filter((right) => right !== 'ManageLocationAreas'),
        },
      ],
    });
    const cookie = await signIn(user.email);
    for (const [name, call] of Object.entries(everyEndpoint(cookie, seeded['Grote zaal']!))) {
      expect((await call()).statusCode, name).toBe(403);
    }
    await t.db.delete(users).where(inArray(users.id, [user.id]));
  });

  it('gym@ without an active location holds no location right: every call is forbidden', async () => {
    const cookie = await signIn('gym@example.com');
    const area = seeded['Grote zaal']!;
    expectForbidden(await api.list(cookie));
    expectForbidden(await api.create(cookie, room('Nergens')));
    expectForbidden(await api.get(cookie, area.id));
    expectForbidden(await api.update(cookie, { id: area.id, ...room('Overgenomen') }));
    expectForbidden(await api.remove(cookie, area.id));
    // A gym right counts for the active location only.
    expectForbidden(await api.list(cookie, `?locationId=${location.utrecht}`));
    expect(await rowExists(area.id)).toBe(true);
  });

  it('gym@ after switching to Utrecht manages its rooms through its gym right', async () => {
    const login = await signIn('gym@example.com');
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/Account/SwitchActiveLocation',
      headers: { cookie: login },
      payload: { locationId: location.utrecht },
    });
    expect(switched.statusCode).toBe(200);
    const cookie = cookieHeader(switched.cookies, login);

    expect(names(await api.list(cookie))).toEqual(['Bootcamp Griftpark', 'Grote zaal', 'Spinningzaal']);
    const created = expectData(await api.create(cookie, room('Squashbaan')));
    expect(created.locationId).toBe(location.utrecht);
    expect(expectData(await api.update(cookie, { id: created.id, ...room('Squashbaan 1') })).name).toBe(
      'Squashbaan 1',
    );
    expect((await api.remove(cookie, created.id)).statusCode).toBe(200);
    expect((await auditRows(created.id)).map((entry) => [entry.action, entry.userId])).toEqual([
      ['create', userIds['gym@example.com']],
      ['update', userIds['gym@example.com']],
      ['delete', userIds['gym@example.com']],
    ]);

    // Other locations stay out of reach, in its own gym too.
    expectFailure(
      await api.get(cookie, seeded.Yogastudio!.id),
      404,
      'general',
      'locationArea.errors.notFound',
    );
    expectForbidden(await api.list(cookie, `?locationId=${location.amersfoort}`));
  });
});
