import type { Association, AssociationLocation } from '@xp/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { files } from '../../platform/files/files.tables.ts';
import { demoSignIn, expectFailure, expectData as expectOk, expectRefusedFor } from '../../test/expect.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { associations, locations } from '../organisation/organisation.tables.ts';

let t: TestApp;
const association = { sportbond: 0, zwolle: 0 };
const location = { utrecht: 0, amersfoort: 0, zwolle: 0 };
/** The seeded associations and the association of each seeded location, restored after every test. */
let seededAssociations: { id: number; name: string; bannerHash: string | null }[] = [];
let seededLinks: { id: number; associationId: number | null }[] = [];
const cookies: Record<'admin' | 'gym' | 'location' | 'employer' | 'supplier' | 'content', string> = {
  admin: '',
  gym: '',
  location: '',
  employer: '',
  supplier: '',
  content: '',
};

/** Every sign-in from its own address, so the per-address login limit never interferes. */
const signIn = demoSignIn(() => t, 44);

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
// Every test leaves the seeded data as it was, so the tests do not depend on their order.
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

const json = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(body === undefined ? {} : { payload: body as object }),
  });

type Part = Parameters<typeof multipart>[0][number];
const form = (method: 'POST' | 'PUT', cookie: string, parts: Part[]) => {
  const body = multipart(parts, { cookie });
  return t.app.inject({ method, url: '/api/association', payload: body.payload, headers: body.headers });
};
const text = (name: string, value: string | number | boolean): Part => ({ name, value: String(value) });
const image = async (format: 'png' | 'jpeg' = 'png', color = { r: 20, g: 120, b: 200 }): Promise<Part> => ({
  name: 'banner',
  filename: `banner.${format}`,
  contentType: `image/${format}`,
  data: await testImage(format, { width: 600, height: 200, color }),
});

const api = {
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

const expectData = <T = Association>(response: LightMyRequestResponse): T => expectOk<T>(response);

type Page<T> = { items: T[]; total: number };
const names = (response: LightMyRequestResponse) =>
  expectData<Page<{ name: string }>>(response).items.map((item) => item.name);

const associationRow = async (id: number) =>
  (await t.db.select().from(associations).where(eq(associations.id, id)))[0];
const associationOf = async (locationId: number) =>
  (await t.db.select({ id: locations.associationId }).from(locations).where(eq(locations.id, locationId)))[0]
    ?.id ?? null;
const auditRows = (entity: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
const addAssociation = async (name: string) =>
  (await t.db.insert(associations).values({ name }).returning())[0]!;

/** Signs the admin in again and switches to the association environment of `associationId`. */
async function adminInAssociation(associationId: number) {
  const cookie = await signIn('admin@example.com');
  const response = await json('PUT', '/api/Account/SwitchActiveAssociation', cookie, { associationId });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies, cookie);
}

const nonAdmins = ['gym', 'location', 'employer', 'supplier', 'content'] as const;

describe('who may call', () => {
  it('refuses every endpoint without a session (401) and for every role but Admin (403)', async () => {
    const calls = [
      (cookie: string) => api.list(cookie),
      (cookie: string) => api.get(cookie, association.sportbond),
      (cookie: string) => api.locations(cookie, association.sportbond),
      (cookie: string) => api.free(cookie),
      (cookie: string) => api.active(cookie),
      (cookie: string) => api.activeLocations(cookie),
      (cookie: string) => api.create(cookie, [text('name', 'Nieuw')]),
      (cookie: string) => api.update(cookie, [text('id', association.sportbond), text('name', 'Nieuw')]),
      (cookie: string) => api.remove(cookie, association.zwolle),
      (cookie: string) => api.add(cookie, { associationId: association.zwolle, locationId: location.zwolle }),
      (cookie: string) =>
        api.release(cookie, { associationId: association.sportbond, locationId: location.utrecht }),
    ];
    for (const call of calls) {
      await expectRefusedFor(
        call,
        nonAdmins.map((role) => cookies[role]),
      );
    }
    // Nothing changed.
    expect(await associationRow(association.zwolle)).toMatchObject({ name: 'Gezond Zwolle' });
    expect(await associationOf(location.utrecht)).toBe(association.sportbond);
    expect(await associationOf(location.zwolle)).toBeNull();
  });
});

describe('GET /association', () => {
  it('lists the associations with their numbers of locations, by name', async () => {
    const page = expectData<Page<Association>>(await api.list(cookies.admin));
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      { id: association.zwolle, name: 'Gezond Zwolle', bannerHash: null, locationCount: 0 },
      { id: association.sportbond, name: 'Sportbond Midden-Nederland', bannerHash: null, locationCount: 2 },
    ]);
  });

  it('searches, sorts and pages in SQL', async () => {
    for (const name of ['Alpha bond', 'beta bond', 'Gamma bond']) await addAssociation(name);
    expect(names(await api.list(cookies.admin, '?search=BOND'))).toEqual([
      'Alpha bond',
      'beta bond',
      'Gamma bond',
      'Sportbond Midden-Nederland',
    ]);
    expect(names(await api.list(cookies.admin, '?search=50%25'))).toEqual([]);
    expect(names(await api.list(cookies.admin, '?sort=locationCount&direction=desc&pageSize=1'))).toEqual([
      'Sportbond Midden-Nederland',
    ]);
    const second = expectData<Page<Association>>(await api.list(cookies.admin, '?pageSize=2&page=2'));
    expect(second.total).toBe(5);
    expect(second.items.map((item) => item.name)).toEqual(['Gamma bond', 'Gezond Zwolle']);
  });

  it('refuses a bad query with field errors', async () => {
    expectFailure(await api.list(cookies.admin, '?sort=banner'), 400, 'sort', 'validation.invalidValue');
    const response = await api.list(cookies.admin, '?pageSize=1000');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('pageSize');
  });
});

describe('GET /association/{id}', () => {
  it('answers one association, 404 for an unknown one', async () => {
    expect(expectData(await api.get(cookies.admin, association.sportbond))).toEqual({
      id: association.sportbond,
      name: 'Sportbond Midden-Nederland',
      bannerHash: null,
      locationCount: 2,
    });
    expectFailure(await api.get(cookies.admin, 999999), 404, 'general', 'association.errors.notFound');
    expect((await api.get(cookies.admin, 'abc')).statusCode).toBe(400);
  });
});

describe('GET /association/locations/{id}', () => {
  it('lists the locations of the association with gym and city, searched and sorted', async () => {
    const page = expectData<Page<AssociationLocation>>(
      await api.locations(cookies.admin, association.sportbond),
    );
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.name, item.gymName, item.city])).toEqual([
      ['Vitaal Amersfoort', 'Vitaal Sportcentra', 'Amersfoort'],
      ['Vitaal Utrecht Centrum', 'Vitaal Sportcentra', 'Utrecht'],
    ]);
    expect(names(await api.locations(cookies.admin, association.sportbond, '?search=utrecht'))).toEqual([
      'Vitaal Utrecht Centrum',
    ]);
    expect(
      names(await api.locations(cookies.admin, association.sportbond, '?search=sportcentra')),
    ).toHaveLength(2);
    expect(
      names(await api.locations(cookies.admin, association.sportbond, '?sort=city&direction=desc')),
    ).toEqual(['Vitaal Utrecht Centrum', 'Vitaal Amersfoort']);
    expect(
      expectData<Page<AssociationLocation>>(await api.locations(cookies.admin, association.zwolle)),
    ).toEqual({
      items: [],
      total: 0,
    });
  });

  it('answers 404 for an unknown association and 400 for a bad query', async () => {
    expectFailure(await api.locations(cookies.admin, 999999), 404, 'general', 'association.errors.notFound');
    expectFailure(
      await api.locations(cookies.admin, association.sportbond, '?sort=street'),
      400,
      'sort',
      'validation.invalidValue',
    );
  });
});

describe('GET /association/noAssociationLocations', () => {
  it('lists only locations in no association, with their gym, searchable', async () => {
    const page = expectData<Page<AssociationLocation>>(await api.free(cookies.admin));
    expect(page.items.map((item) => [item.name, item.gymName, item.city])).toEqual([
      ['De Brug Zwolle', 'Sportschool De Brug', 'Zwolle'],
    ]);
    expect(names(await api.free(cookies.admin, '?search=brug'))).toEqual(['De Brug Zwolle']);
    expect(names(await api.free(cookies.admin, '?search=utrecht'))).toEqual([]);
    await t.db.update(locations).set({ associationId: null }).where(eq(locations.id, location.utrecht));
    expect(names(await api.free(cookies.admin, '?search=utrecht'))).toEqual(['Vitaal Utrecht Centrum']);
  });
});

describe('POST /association (multipart)', () => {
  it('adds an association with a name only, audited', async () => {
    const created = expectData(await api.create(cookies.admin, [text('name', '  Fit Friesland  ')]));
    expect(created).toMatchObject({ name: 'Fit Friesland', bannerHash: null, locationCount: 0 });
    expect(await associationRow(created.id)).toMatchObject({ name: 'Fit Friesland', bannerHash: null });
    const [row] = await auditRows('Association', created.id);
    expect(row).toMatchObject({ action: 'create', changes: { name: { old: null, new: 'Fit Friesland' } } });
  });

  it('stores a banner image, re-encoded, and links it', async () => {
    const created = expectData(
      await api.create(cookies.admin, [text('name', 'Met banner'), await image('jpeg')]),
    );
    expect(created.bannerHash).toMatch(/^[0-9a-f]{64}$/);
    const [file] = await t.db.select().from(files).where(eq(files.hash, created.bannerHash!));
    expect(file).toMatchObject({ mimeType: 'image/jpeg', width: 600, height: 200 });
    const cdn = await t.app.inject({ method: 'GET', url: `/cdn/${created.bannerHash}` });
    expect(cdn.statusCode).toBe(200);
    expect((await sharp(cdn.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses an empty or too long name, and a banner that is no image, changing nothing', async () => {
    expectFailure(await api.create(cookies.admin, [text('name', '   ')]), 400, 'name', 'validation.required');
    const tooLong = await api.create(cookies.admin, [text('name', 'x'.repeat(129))]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].key).toBe('name');
    expectFailure(await api.create(cookies.admin, []), 400, 'name', 'validation.required');
    expectFailure(
      await api.create(cookies.admin, [
        text('name', 'Geen plaatje'),
        { name: 'banner', filename: 'banner.png', contentType: 'image/png', data: 'not an image at all' },
      ]),
      400,
      'banner',
      'files.errors.notAnImage',
    );
    expect((await t.db.select().from(associations)).length).toBe(2);
  });

  it('refuses a name in use, whatever its case (409)', async () => {
    expectFailure(
      await api.create(cookies.admin, [text('name', 'gezond zwolle')]),
      409,
      'name',
      'association.errors.nameTaken',
    );
    expect((await t.db.select().from(associations)).length).toBe(2);
  });

  it('refuses a JSON body (415)', async () => {
    const response = await json('POST', '/api/association', cookies.admin, { name: 'JSON' });
    expect(response.statusCode).toBe(415);
    expect((await t.db.select().from(associations)).length).toBe(2);
  });
});

describe('PUT /association (multipart)', () => {
  it('renames, keeping the banner when none is sent', async () => {
    const withBanner = expectData(await api.create(cookies.admin, [text('name', 'Oud'), await image()]));
    const renamed = expectData(
      await api.update(cookies.admin, [text('id', withBanner.id), text('name', 'Nieuw')]),
    );
    expect(renamed).toEqual({ ...withBanner, name: 'Nieuw' });
    const rows = await auditRows('Association', withBanner.id);
    expect(rows.at(-1)).toMatchObject({ action: 'update', changes: { name: { old: 'Oud', new: 'Nieuw' } } });
  });

  it('replaces the banner with a new one, and removes it with removeBanner', async () => {
    const first = expectData(
      await api.update(cookies.admin, [
        text('id', association.zwolle),
        text('name', 'Gezond Zwolle'),
        await image('png'),
      ]),
    );
    expect(first.bannerHash).toMatch(/^[0-9a-f]{64}$/);
    const second = expectData(
      await api.update(cookies.admin, [
        text('id', association.zwolle),
        text('name', 'Gezond Zwolle'),
        await image('png', { r: 250, g: 200, b: 0 }),
      ]),
    );
    expect(second.bannerHash).not.toBe(first.bannerHash);
    const removed = expectData(
      await api.update(cookies.admin, [
        text('id', association.zwolle),
        text('name', 'Gezond Zwolle'),
        text('removeBanner', true),
      ]),
    );
    expect(removed.bannerHash).toBeNull();
    expect((await associationRow(association.zwolle))!.bannerHash).toBeNull();
  });

  it('refuses bad input, a name in use and an unknown association, changing nothing', async () => {
    const parts = (id: number | string, name: string) => [text('id', id), text('name', name)];
    expectFailure(
      await api.update(cookies.admin, parts(association.zwolle, 'SPORTBOND MIDDEN-NEDERLAND')),
      409,
      'name',
      'association.errors.nameTaken',
    );
    expectFailure(
      await api.update(cookies.admin, parts(association.zwolle, '')),
      400,
      'name',
      'validation.required',
    );
    expect((await api.update(cookies.admin, parts('abc', 'Naam'))).json().errors[0].key).toBe('id');
    expectFailure(
      await api.update(cookies.admin, [
        ...parts(association.zwolle, 'Gezond Zwolle'),
        text('removeBanner', 'misschien'),
      ]),
      400,
      'removeBanner',
      'validation.invalidType',
    );
    expectFailure(
      await api.update(cookies.admin, [
        ...parts(association.zwolle, 'Gezond Zwolle'),
        text('removeBanner', true),
        await image(),
      ]),
      400,
      'banner',
      'association.errors.bannerConflict',
    );
    expectFailure(
      await api.update(cookies.admin, parts(999999, 'Naam')),
      404,
      'general',
      'association.errors.notFound',
    );
    expect(await associationRow(association.zwolle)).toMatchObject({
      name: 'Gezond Zwolle',
      bannerHash: null,
    });
  });
});

describe('DELETE /association/{id}', () => {
  it('deletes the association and releases its locations, which stay', async () => {
    expectData<null>(await api.remove(cookies.admin, association.sportbond));
    expect(await associationRow(association.sportbond)).toBeUndefined();
    expect(await associationOf(location.utrecht)).toBeNull();
    expect(await associationOf(location.amersfoort)).toBeNull();
    expect(names(await api.free(cookies.admin))).toEqual([
      'De Brug Zwolle',
      'Vitaal Amersfoort',
      'Vitaal Utrecht Centrum',
    ]);
    const [row] = await auditRows('Association', association.sportbond);
    expect(row).toMatchObject({ action: 'delete' });
  });

  it('answers 404 for an unknown association', async () => {
    expectFailure(await api.remove(cookies.admin, 999999), 404, 'general', 'association.errors.notFound');
    expect((await api.remove(cookies.admin, 'x')).statusCode).toBe(400);
  });
});

describe('PUT /association/addLocation and /removeLocation', () => {
  it('adds a free location and removes it again, audited on the location', async () => {
    const added = expectData(
      await api.add(cookies.admin, { associationId: association.zwolle, locationId: location.zwolle }),
    );
    expect(added).toMatchObject({ id: association.zwolle, locationCount: 1 });
    expect(await associationOf(location.zwolle)).toBe(association.zwolle);
    expect(names(await api.free(cookies.admin))).toEqual([]);

    const removed = expectData(
      await api.release(cookies.admin, { associationId: association.zwolle, locationId: location.zwolle }),
    );
    expect(removed.locationCount).toBe(0);
    expect(await associationOf(location.zwolle)).toBeNull();
    const rows = await auditRows('Location', location.zwolle);
    expect(rows.map((row) => row.changes)).toEqual([
      { associationId: { old: null, new: association.zwolle } },
      { associationId: { old: association.zwolle, new: null } },
    ]);
  });

  it('adding a location to its own association again changes nothing', async () => {
    const same = expectData(
      await api.add(cookies.admin, { associationId: association.sportbond, locationId: location.utrecht }),
    );
    expect(same.locationCount).toBe(2);
    expect(await auditRows('Location', location.utrecht)).toEqual([]);
  });

  it('refuses a location that belongs to another association (409)', async () => {
    expectFailure(
      await api.add(cookies.admin, { associationId: association.zwolle, locationId: location.utrecht }),
      409,
      'locationId',
      'association.errors.locationInOtherAssociation',
    );
    expect(await associationOf(location.utrecht)).toBe(association.sportbond);
  });

  it('removing a location that is not in the association is 404', async () => {
    expectFailure(
      await api.release(cookies.admin, { associationId: association.zwolle, locationId: location.utrecht }),
      404,
      'general',
      'association.errors.locationNotInAssociation',
    );
    expectFailure(
      await api.release(cookies.admin, { associationId: association.zwolle, locationId: location.zwolle }),
      404,
      'general',
      'association.errors.locationNotInAssociation',
    );
    expect(await associationOf(location.utrecht)).toBe(association.sportbond);
  });

  it('answers 404 for an unknown association or location, 400 for bad input', async () => {
    expectFailure(
      await api.add(cookies.admin, { associationId: 999999, locationId: location.zwolle }),
      404,
      'general',
      'association.errors.notFound',
    );
    expectFailure(
      await api.add(cookies.admin, { associationId: association.zwolle, locationId: 999999 }),
      404,
      'general',
      'association.errors.locationNotFound',
    );
    expectFailure(
      await api.release(cookies.admin, { associationId: 999999, locationId: location.utrecht }),
      404,
      'general',
      'association.errors.notFound',
    );
    expectFailure(
      await api.add(cookies.admin, { associationId: association.zwolle }),
      400,
      'locationId',
      'validation.required',
    );
    expect((await api.add(cookies.admin, { associationId: 'een', locationId: 1 })).statusCode).toBe(400);
    expect((await api.release(cookies.admin, { associationId: -1, locationId: 1 })).statusCode).toBe(400);
    expect(await associationOf(location.zwolle)).toBeNull();
  });
});

describe('association environment', () => {
  it('reads only the active association of the session', async () => {
    const sportbond = await adminInAssociation(association.sportbond);
    expect(expectData(await api.active(sportbond))).toMatchObject({
      id: association.sportbond,
      name: 'Sportbond Midden-Nederland',
      locationCount: 2,
    });
    expect(names(await api.activeLocations(sportbond))).toEqual([
      'Vitaal Amersfoort',
      'Vitaal Utrecht Centrum',
    ]);
    expect(names(await api.activeLocations(sportbond, '?search=amers'))).toEqual(['Vitaal Amersfoort']);

    const zwolle = await adminInAssociation(association.zwolle);
    expect(expectData(await api.active(zwolle))).toMatchObject({ id: association.zwolle, locationCount: 0 });
    expect(expectData<Page<AssociationLocation>>(await api.activeLocations(zwolle)).total).toBe(0);
    // Another association's locations never show, whatever the query.
    expect(names(await api.activeLocations(zwolle, '?search=utrecht'))).toEqual([]);
  });

  it('asks for an association when none is active (403), 404 once the active one is deleted', async () => {
    const fresh = await signIn('admin@example.com');
    expectFailure(await api.active(fresh), 403, 'general', 'auth.noActive.association');
    expectFailure(await api.activeLocations(fresh), 403, 'general', 'auth.noActive.association');

    const extra = await addAssociation('Tijdelijk');
    const cookie = await adminInAssociation(extra.id);
    await t.db.delete(associations).where(eq(associations.id, extra.id));
    expectFailure(await api.active(cookie), 404, 'general', 'association.errors.notFound');
    expectFailure(await api.activeLocations(cookie), 404, 'general', 'association.errors.notFound');
  });
});
