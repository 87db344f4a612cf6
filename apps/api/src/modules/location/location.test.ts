import { randomUUID } from 'node:crypto';
import type { GymRight, LocationDetail, LocationRight } from '@xp/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { createSecretBox, parseSecretsKey } from '../../platform/crypto/secrets.ts';
import { appSettings } from '../../platform/db/settings.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import {
  demoSignIn,
  expectFailure,
  expectForbidden,
  expectData as expectOk,
  expectRefusedFor,
  expectSignInRequired,
  signInFrom,
} from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../employee/employee.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import {
  locationOpeningHours,
  locationPaymentProviders,
  locationStatusRequirements,
} from './location.tables.ts';

let t: TestApp;
const id = { vitaal: 0, brug: 0, utrecht: 0, amersfoort: 0, zwolle: 0 };
let seededRows: (typeof locations.$inferSelect)[] = [];
let seededHours: (typeof locationOpeningHours.$inferInsert)[] = [];
let seededStatuses: (typeof locationStatusRequirements.$inferInsert)[] = [];
const createdUsers: number[] = [];

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
// Every test leaves the seeded locations and their settings as they were and removes what it added.
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

/** Every sign-in from its own address, so the per-address login limit never interferes. */
const signIn = demoSignIn(() => t, 41);

/** A new employee holding exactly these rights, signed in. */
async function employeeWith(rights: { gym?: string[]; utrecht?: string[] }) {
  const user = await createUser(t, {
    firstName: 'Mees',
    lastName: 'Medewerker',
    gymRights: [{ gymId: id.vitaal, rights: (rights.gym ?? []) as GymRight[] }],
    locationRights: [{ locationId: id.utrecht, rights: (rights.utrecht ?? []) as LocationRight[] }],
  });
  createdUsers.push(user.id);
  return signIn(user.email);
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const api = {
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

const expectData = <T = LocationDetail>(response: LightMyRequestResponse): T => expectOk<T>(response);

const names = (response: LightMyRequestResponse) =>
  expectData<{ items: { name: string }[] }>(response).items.map((item) => item.name);

const newLocation = (overrides: Record<string, unknown> = {}) => ({
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

const asUpdate = (row: (typeof seededRows)[number], overrides: Record<string, unknown> = {}) => ({
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
const seeded = (locationId: number) => seededRows.find((row) => row.id === locationId)!;

const auditRows = (entity: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));

async function switchGym(cookie: string, gymId: number) {
  const response = await inject('PUT', '/api/Account/SwitchActiveGym', cookie, { gymId });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies, cookie);
}

describe('GET /Location', () => {
  it('answers the locations of the active gym by name, to gym staff and admins', async () => {
    for (const email of ['gym@example.com', 'admin@example.com']) {
      const data = expectData<{ items: Record<string, unknown>[]; total: number }>(
        await api.list(await signIn(email)),
      );
      expect(data.total).toBe(2);
      expect(data.items.map((item) => item.name)).toEqual(['Vitaal Amersfoort', 'Vitaal Utrecht Centrum']);
      expect(data.items[1]).toEqual({
        id: id.utrecht,
        name: 'Vitaal Utrecht Centrum',
        slug: 'vitaal-utrecht-centrum',
        email: 'utrecht@vitaal.example.com',
        street: 'Oudegracht',
        houseNumber: '120',
        postalCode: '3511 AZ',
        city: 'Utrecht',
        visibleOnRegistrationPage: true,
      });
    }
  });

  it("an admin sees another gym's locations after switching to it", async () => {
    const cookie = await switchGym(await signIn('admin@example.com'), id.brug);
    expect(names(await api.list(cookie))).toEqual(['De Brug Zwolle']);
  });

  it('someone with only location rights sees just those locations', async () => {
    const cookie = await employeeWith({ utrecht: ['ManageLessons'] });
    expect(names(await api.list(cookie))).toEqual(['Vitaal Utrecht Centrum']);
  });

  it('an employee of the gym sees all its locations, also with rights on one only (spec section 6)', async () => {
    expect(names(await api.list(await signIn('locatie@example.com')))).toEqual([
      'Vitaal Amersfoort',
      'Vitaal Utrecht Centrum',
    ]);
  });

  it('an employee with any gym right sees the whole gym', async () => {
    const cookie = await employeeWith({ gym: ['ManageMembers'] });
    expect(names(await api.list(cookie))).toEqual(['Vitaal Amersfoort', 'Vitaal Utrecht Centrum']);
  });

  it('searches name, city and postal code (with or without its space), sorts and pages', async () => {
    const cookie = await signIn('gym@example.com');
    expect(names(await api.list(cookie, '?search=amersFOORT'))).toEqual(['Vitaal Amersfoort']);
    expect(names(await api.list(cookie, '?search=centrum'))).toEqual(['Vitaal Utrecht Centrum']);
    expect(names(await api.list(cookie, '?search=3818%20LE'))).toEqual(['Vitaal Amersfoort']);
    expect(names(await api.list(cookie, '?search=3511az'))).toEqual(['Vitaal Utrecht Centrum']);
    expect(names(await api.list(cookie, '?search=zwolle'))).toEqual([]);
    expect(names(await api.list(cookie, '?search=%25'))).toEqual([]);
    expect(names(await api.list(cookie, '?sort=city&direction=desc'))).toEqual([
      'Vitaal Utrecht Centrum',
      'Vitaal Amersfoort',
    ]);
    expect(names(await api.list(cookie, '?sort=postalCode'))).toEqual([
      'Vitaal Utrecht Centrum',
      'Vitaal Amersfoort',
    ]);
    expect(expectData(await api.list(cookie, '?pageSize=1&page=2'))).toMatchObject({
      items: [{ name: 'Vitaal Utrecht Centrum' }],
      total: 2,
    });
  });

  it('refuses bad paging and sorting with 400 and the field key', async () => {
    const cookie = await signIn('gym@example.com');
    expectFailure(await api.list(cookie, '?pageSize=101'), 400, 'pageSize', 'validation.tooBig');
    expectFailure(await api.list(cookie, '?sort=email'), 400, 'sort', 'validation.invalidValue');
  });
});

describe('GET /Location/Public', () => {
  it('answers the visible locations of a gym by slug or id, with public fields only', async () => {
    await t.db
      .update(locations)
      .set({ visibleOnRegistrationPage: false })
      .where(eq(locations.id, id.amersfoort));
    const data = expectData<{ items: Record<string, unknown>[]; total: number }>(
      await api.publicList('?gymSlug=VITAAL'),
    );
    expect(data).toEqual({
      items: [
        {
          id: id.utrecht,
          name: 'Vitaal Utrecht Centrum',
          slug: 'vitaal-utrecht-centrum',
          street: 'Oudegracht',
          houseNumber: '120',
          postalCode: '3511 AZ',
          city: 'Utrecht',
          gym: { id: id.vitaal, name: 'Vitaal Sportcentra', slug: 'vitaal', bannerHash: null },
        },
      ],
      total: 1,
    });
    expect(names(await api.publicList('?gymSlug=vitaal&locationSlug=Vitaal-Utrecht-Centrum'))).toEqual([
      'Vitaal Utrecht Centrum',
    ]);
    expect(names(await api.publicList('?gymSlug=vitaal&locationSlug=de-brug-zwolle'))).toEqual([]);
    expect(names(await api.publicList(`?gymId=${id.brug}`))).toEqual(['De Brug Zwolle']);
    expect(names(await api.publicList(`?gymId=${id.brug}&search=8011MC`))).toEqual(['De Brug Zwolle']);
    expect(names(await api.publicList(`?gymId=${id.brug}&search=utrecht`))).toEqual([]);
  });

  it('needs a gym, and answers 404 for an unknown one', async () => {
    expectFailure(await api.publicList(), 400, 'gymSlug', 'validation.required');
    expectFailure(
      await api.publicList('?gymSlug=bestaat-niet'),
      404,
      'general',
      'location.errors.gymNotFound',
    );
    expectFailure(await api.publicList('?gymId=999999'), 404, 'general', 'location.errors.gymNotFound');
    expectFailure(await api.publicList('?gymId=abc'), 400, 'gymId', 'validation.invalidType');
  });
});

describe('GET /Location/{id}', () => {
  it('answers the location with its status requirements and QR code', async () => {
    const data = expectData(await api.get(await signIn('gym@example.com'), id.utrecht));
    expect(data).toMatchObject({
      id: id.utrecht,
      gymId: id.vitaal,
      name: 'Vitaal Utrecht Centrum',
      memberExpectedInsideTime: 90,
      visibleOnRegistrationPage: true,
      qrCode: expect.stringMatching(/^[\w-]{24}$/),
      qrCodeIssuedAt: expect.any(String),
      statusRequirements: [
        { memberStatus: 1, requiredDaysOfAbsence: 30 },
        { memberStatus: 2, requiredDaysOfAbsence: 90 },
      ],
    });
    expect(expectData(await api.get(await signIn('locatie@example.com'), id.utrecht)).id).toBe(id.utrecht);
    expect(expectData(await api.get(await signIn('admin@example.com'), id.zwolle)).name).toBe(
      'De Brug Zwolle',
    );
  });

  it('shows no status requirements as empty days', async () => {
    await t.db
      .delete(locationStatusRequirements)
      .where(eq(locationStatusRequirements.locationId, id.amersfoort));
    expect(
      expectData(await api.get(await signIn('gym@example.com'), id.amersfoort)).statusRequirements,
    ).toEqual([
      { memberStatus: 1, requiredDaysOfAbsence: null },
      { memberStatus: 2, requiredDaysOfAbsence: null },
    ]);
  });

  it("answers 404 for another gym's location, a location without rights, or an unknown id", async () => {
    const gym = await signIn('gym@example.com');
    expectFailure(await api.get(gym, id.zwolle), 404, 'general', 'location.errors.notFound');
    expectFailure(await api.get(gym, 999_999), 404, 'general', 'location.errors.notFound');
    const outsider = await employeeWith({ utrecht: ['ManageLessons'] });
    expectFailure(await api.get(outsider, id.amersfoort), 404, 'general', 'location.errors.notFound');
    const local = await signIn('locatie@example.com');
    expect((await api.get(local, id.amersfoort)).statusCode).toBe(200);
    expectFailure(await api.get(local, id.zwolle), 404, 'general', 'location.errors.notFound');
    expectFailure(await api.get(gym, 'abc'), 400, 'id', 'validation.invalidType');
  });
});

describe('POST /Location', () => {
  it('adds a location to the active gym, normalised, and audits it', async () => {
    const cookie = await signIn('gym@example.com');
    const input = newLocation({ name: '  Vitaal Nieuwegein ', email: '' });
    const created = expectData(await api.create(cookie, input));
    expect(created).toEqual({
      id: expect.any(Number),
      gymId: id.vitaal,
      name: 'Vitaal Nieuwegein',
      slug: input.slug,
      email: null,
      street: 'Stadsplein',
      houseNumber: '1',
      postalCode: '3431 AB',
      city: 'Nieuwegein',
      memberExpectedInsideTime: 75,
      visibleOnRegistrationPage: true,
      qrCode: null,
      qrCodeIssuedAt: null,
      statusRequirements: [
        { memberStatus: 1, requiredDaysOfAbsence: null },
        { memberStatus: 2, requiredDaysOfAbsence: null },
      ],
    });
    expect(expectData(await api.get(cookie, created.id))).toEqual(created);
    expect(names(await api.list(cookie))).toContain('Vitaal Nieuwegein');
    const [entry] = await auditRows('Location', created.id);
    expect(entry).toMatchObject({
      action: 'create',
      changes: { name: { old: null, new: 'Vitaal Nieuwegein' } },
    });
  });

  it('validates every field with its key and writes nothing', async () => {
    const cookie = await signIn('gym@example.com');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'validation.required'],
      [{ name: 'x'.repeat(129) }, 'name', 'validation.tooLong'],
      [{ slug: 'Vitaal Utrecht' }, 'slug', 'location.errors.slugFormat'],
      [{ slug: 'vitaal--utrecht' }, 'slug', 'location.errors.slugFormat'],
      [{ slug: 'vitaal-' }, 'slug', 'location.errors.slugFormat'],
      [{ email: 'geen-adres' }, 'email', 'validation.email'],
      [{ street: ' ' }, 'street', 'validation.required'],
      [{ houseNumber: undefined }, 'houseNumber', 'validation.required'],
      [{ postalCode: '1234' }, 'postalCode', 'validation.postalCode'],
      [{ postalCode: '0123 AB' }, 'postalCode', 'validation.postalCode'],
      [{ postalCode: '3511 SS' }, 'postalCode', 'validation.postalCode'],
      [{ city: '' }, 'city', 'validation.required'],
      [{ memberExpectedInsideTime: 0 }, 'memberExpectedInsideTime', 'validation.tooSmall'],
      [{ memberExpectedInsideTime: 1441 }, 'memberExpectedInsideTime', 'validation.tooBig'],
      [{ memberExpectedInsideTime: 1.5 }, 'memberExpectedInsideTime', 'validation.invalidType'],
      [{ visibleOnRegistrationPage: 'ja' }, 'visibleOnRegistrationPage', 'validation.invalidType'],
    ];
    for (const [override, key, message] of cases) {
      expectFailure(await api.create(cookie, newLocation(override)), 400, key, message);
    }
    expect((await t.db.select().from(locations)).length).toBe(seededRows.length);
  });

  it('answers 409 on slug for a slug in use (in any gym), also when sent twice at once', async () => {
    const cookie = await signIn('gym@example.com');
    for (const slug of ['vitaal-amersfoort', 'de-brug-zwolle']) {
      expectFailure(
        await api.create(cookie, newLocation({ slug })),
        409,
        'slug',
        'location.errors.slugTaken',
      );
    }
    const same = newLocation();
    const responses = await Promise.all([1, 2, 3].map(() => api.create(cookie, same)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('is only for AlterGymInformation in the active gym', async () => {
    const body = newLocation();
    await expectRefusedFor(
      (cookie) => api.create(cookie, body),
      [
        await signIn('locatie@example.com'),
        await employeeWith({ gym: ['ManageMembers'] }),
        await signIn('werkgever@example.com'),
        await signIn('leverancier@example.com'),
      ],
    );
    expect((await t.db.select().from(locations)).length).toBe(seededRows.length);
  });
});

describe('PUT /Location', () => {
  it('changes a location for AlterGymInformation in its gym and audits the change', async () => {
    const cookie = await signIn('gym@example.com');
    const updated = expectData(
      await api.update(
        cookie,
        asUpdate(seeded(id.amersfoort), { name: 'Vitaal Amersfoort Centraal', postalCode: '3818le' }),
      ),
    );
    expect(updated).toMatchObject({
      name: 'Vitaal Amersfoort Centraal',
      postalCode: '3818 LE',
      slug: 'vitaal-amersfoort',
    });
    const [entry] = await auditRows('Location', id.amersfoort);
    expect(entry!.changes).toEqual({ name: { old: 'Vitaal Amersfoort', new: 'Vitaal Amersfoort Centraal' } });
  });

  it('changes a location for AlterLocationInformation on it', async () => {
    const cookie = await signIn('locatie@example.com');
    const updated = expectData(
      await api.update(
        cookie,
        asUpdate(seeded(id.utrecht), { memberExpectedInsideTime: 120, visibleOnRegistrationPage: false }),
      ),
    );
    expect(updated).toMatchObject({ memberExpectedInsideTime: 120, visibleOnRegistrationPage: false });
  });

  it("answers 404 for another gym's location or one without rights, and 403 without the right to change", async () => {
    const gym = await signIn('gym@example.com');
    expectFailure(
      await api.update(gym, asUpdate(seeded(id.zwolle), { name: 'Overgenomen' })),
      404,
      'general',
      'location.errors.notFound',
    );
    expectFailure(
      await api.update(await employeeWith({ utrecht: ['ManageLessons'] }), asUpdate(seeded(id.amersfoort))),
      404,
      'general',
      'location.errors.notFound',
    );
    // An employee of the gym reads its other locations but changes only where the rights say so.
    expectForbidden(await api.update(await signIn('locatie@example.com'), asUpdate(seeded(id.amersfoort))));
    for (const cookie of [
      await employeeWith({ gym: ['ManageMembers'] }),
      await employeeWith({ utrecht: ['ManageLessons'] }),
    ]) {
      expectForbidden(await api.update(cookie, asUpdate(seeded(id.utrecht), { name: 'Niet' })));
    }
    expectForbidden(await api.update(await signIn('content@example.com'), asUpdate(seeded(id.utrecht))));
    const rows = await t.db
      .select()
      .from(locations)
      .where(inArray(locations.id, [id.zwolle, id.utrecht]));
    expect(rows.map((row) => row.name).sort()).toEqual(['De Brug Zwolle', 'Vitaal Utrecht Centrum']);
  });

  it('answers 409 for the slug of another location, and validates', async () => {
    const cookie = await signIn('gym@example.com');
    expectFailure(
      await api.update(cookie, asUpdate(seeded(id.utrecht), { slug: 'vitaal-amersfoort' })),
      409,
      'slug',
      'location.errors.slugTaken',
    );
    expectFailure(
      await api.update(cookie, asUpdate(seeded(id.utrecht), { postalCode: 'ABCD 12' })),
      400,
      'postalCode',
      'validation.postalCode',
    );
    expectFailure(
      await api.update(cookie, { ...asUpdate(seeded(id.utrecht)), id: undefined }),
      400,
      'id',
      'validation.required',
    );
  });
});

describe('PUT /Location/{id}/QrCode', () => {
  it('issues a new random code; the old one is gone', async () => {
    const cookie = await signIn('locatie@example.com');
    const old = seeded(id.utrecht).qrCode;
    const auditedBefore = (await auditRows('Location', id.utrecht)).length;
    const first = expectData<{ qrCode: string; qrCodeIssuedAt: string }>(
      await api.qrCode(cookie, id.utrecht),
    );
    const second = expectData<{ qrCode: string }>(await api.qrCode(cookie, id.utrecht));
    expect(first.qrCode).toMatch(/^[\w-]{24}$/);
    expect(new Set([old, first.qrCode, second.qrCode]).size).toBe(3);
    expect(expectData(await api.get(cookie, id.utrecht)).qrCode).toBe(second.qrCode);
    expect((await auditRows('Location', id.utrecht)).length).toBe(auditedBefore + 2);
  });

  it('needs the right to change the location', async () => {
    expectForbidden(await api.qrCode(await employeeWith({ utrecht: ['ManageLessons'] }), id.utrecht));
    expectFailure(
      await api.qrCode(await signIn('gym@example.com'), id.zwolle),
      404,
      'general',
      'location.errors.notFound',
    );
    expectForbidden(await api.qrCode(await signIn('werkgever@example.com'), id.utrecht));
    const [row] = await t.db.select().from(locations).where(eq(locations.id, id.zwolle));
    expect(row!.qrCode).toBe(seeded(id.zwolle).qrCode);
  });
});

describe('PUT /Location/{id}/EditStatusRequirements', () => {
  const body = (nonActive: number | null, sleeping: number | null) => ({
    statusRequirements: [
      { memberStatus: 1, requiredDaysOfAbsence: nonActive },
      { memberStatus: 2, requiredDaysOfAbsence: sleeping },
    ],
  });

  it('sets, changes and clears the days, shown in GET /Location/{id}', async () => {
    const cookie = await signIn('gym@example.com');
    expect(expectData(await api.statuses(cookie, id.amersfoort, body(14, 45)))).toEqual(
      body(14, 45).statusRequirements,
    );
    expect(expectData(await api.get(cookie, id.amersfoort)).statusRequirements).toEqual(
      body(14, 45).statusRequirements,
    );
    expect(expectData(await api.statuses(cookie, id.amersfoort, body(null, 60)))).toEqual(
      body(null, 60).statusRequirements,
    );
    expect(expectData(await api.statuses(cookie, id.amersfoort, { statusRequirements: [] }))).toEqual(
      body(null, null).statusRequirements,
    );
    const entries = await auditRows('LocationStatusRequirements', id.amersfoort);
    expect(entries[0]!.changes).toEqual({ status1: { old: 21, new: 14 }, status2: { old: 60, new: 45 } });
  });

  it('needs Sleeping to take more days than Non-active, within 1..3650, each status once', async () => {
    const cookie = await signIn('locatie@example.com');
    const sleepingKey = 'statusRequirements[1].requiredDaysOfAbsence';
    expectFailure(
      await api.statuses(cookie, id.utrecht, body(30, 30)),
      400,
      sleepingKey,
      'location.errors.sleepingAfterNonActive',
    );
    expectFailure(
      await api.statuses(cookie, id.utrecht, body(30, 10)),
      400,
      sleepingKey,
      'location.errors.sleepingAfterNonActive',
    );
    expectFailure(
      await api.statuses(cookie, id.utrecht, body(0, 10)),
      400,
      'statusRequirements[0].requiredDaysOfAbsence',
      'validation.tooSmall',
    );
    expectFailure(
      await api.statuses(cookie, id.utrecht, body(1, 3651)),
      400,
      sleepingKey,
      'validation.tooBig',
    );
    expectFailure(
      await api.statuses(cookie, id.utrecht, {
        statusRequirements: [{ memberStatus: 3, requiredDaysOfAbsence: 5 }],
      }),
      400,
      'statusRequirements[0].memberStatus',
      'validation.invalidValue',
    );
    expectFailure(
      await api.statuses(cookie, id.utrecht, {
        statusRequirements: [
          { memberStatus: 1, requiredDaysOfAbsence: 5 },
          { memberStatus: 1, requiredDaysOfAbsence: 9 },
        ],
      }),
      400,
      'statusRequirements[1].memberStatus',
      'location.errors.statusTwice',
    );
    expect(expectData(await api.get(cookie, id.utrecht)).statusRequirements).toEqual(
      body(30, 90).statusRequirements,
    );
  });

  it('needs the right to change the location', async () => {
    expectForbidden(
      await api.statuses(await employeeWith({ gym: ['ManageMembers'] }), id.utrecht, body(1, 2)),
    );
    expectFailure(
      await api.statuses(await signIn('locatie@example.com'), id.zwolle, body(1, 2)),
      404,
      'general',
      'location.errors.notFound',
    );
    expectSignInRequired(await api.statuses('', id.utrecht, body(1, 2)));
  });
});

describe('payment provider', () => {
  const testKey = `test_${'a1B2c3D4e5'.repeat(3)}wxyz`;
  const liveKey = `live_${'Z9y8X7w6V5'.repeat(3)}9876`;

  it('adds a Mollie key, stored encrypted, and never answers it in full', async () => {
    const cookie = await signIn('gym@example.com');
    expect(expectData(await api.provider(cookie, id.amersfoort))).toBeNull();
    const added = await api.addProvider(cookie, id.amersfoort, { kind: 0, apiKey: ` ${testKey} ` });
    expect(added.body).not.toContain(testKey);
    const provider = expectData<{ id: number; kind: number; apiKeyMasked: string }>(added);
    expect(provider).toEqual({ id: expect.any(Number), kind: 0, apiKeyMasked: 'test_••••••••wxyz' });
    const read = await api.provider(cookie, id.amersfoort);
    expect(read.body).not.toContain(testKey);
    expect(expectData(read)).toEqual(provider);

    const [row] = await t.db
      .select()
      .from(locationPaymentProviders)
      .where(eq(locationPaymentProviders.id, provider.id));
    expect(row!.apiKeyEncrypted).toMatch(/^v1\./);
    expect(row!.apiKeyEncrypted).not.toContain(testKey.slice(5, 20));
    expect(row!.apiKeyLastChars).toBe('test_wxyz');

    // Nothing of the key in the audit log either.
    const [entry] = await auditRows('LocationPaymentProvider', provider.id);
    expect(entry).toMatchObject({ action: 'create', changes: { apiKeyChanged: { old: null, new: true } } });
    expect(JSON.stringify(entry)).not.toContain('a1B2c3D4e5');
  });

  it('decrypts with the generated key of the database and only in its own row', async () => {
    const cookie = await signIn('gym@example.com');
    const provider = expectData<{ id: number }>(
      await api.addProvider(cookie, id.utrecht, { kind: 0, apiKey: liveKey }),
    );
    const [stored] = await t.db
      .select()
      .from(locationPaymentProviders)
      .where(eq(locationPaymentProviders.id, provider.id));
    const [setting] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'secrets_key'));
    const secret = stored!.apiKeyEncrypted;
    const key = setting!.value;
    const box = createSecretBox(parseSecretsKey(key));
    expect(box.decrypt(secret, `location-payment-provider:${id.utrecht}`)).toBe(liveKey);
    expect(() => box.decrypt(secret, `location-payment-provider:${id.amersfoort}`)).toThrow();
  });

  it('allows one provider per location (409), replaced with PUT /LocationPaymentProvider/{id}', async () => {
    const cookie = await signIn('gym@example.com');
    const provider = expectData<{ id: number }>(
      await api.addProvider(cookie, id.utrecht, { kind: 0, apiKey: testKey }),
    );
    expectFailure(
      await api.addProvider(cookie, id.utrecht, { kind: 0, apiKey: liveKey }),
      409,
      'general',
      'location.errors.paymentProviderExists',
    );
    const replaced = await api.updateProvider(cookie, provider.id, { kind: 0, apiKey: liveKey });
    expect(replaced.body).not.toContain(liveKey);
    expect(expectData(replaced)).toEqual({ id: provider.id, kind: 0, apiKeyMasked: 'live_••••••••9876' });
    expect(expectData(await api.provider(cookie, id.utrecht))).toEqual({
      id: provider.id,
      kind: 0,
      apiKeyMasked: 'live_••••••••9876',
    });
    const entries = await auditRows('LocationPaymentProvider', provider.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]!.changes).toEqual({ apiKeyChanged: { old: false, new: true } });
  });

  it('refuses a key that is not a Mollie key, and kinds other than Mollie', async () => {
    const cookie = await signIn('gym@example.com');
    for (const apiKey of [
      'test_short',
      `prod_${'a'.repeat(30)}`,
      `test_${'a'.repeat(29)}`,
      `live_${'a'.repeat(29)}!`,
    ]) {
      expectFailure(
        await api.addProvider(cookie, id.amersfoort, { kind: 0, apiKey }),
        400,
        'apiKey',
        'location.errors.apiKeyFormat',
      );
    }
    expectFailure(
      await api.addProvider(cookie, id.amersfoort, { kind: 0, apiKey: '' }),
      400,
      'apiKey',
      'validation.required',
    );
    expectFailure(
      await api.addProvider(cookie, id.amersfoort, { kind: 1, apiKey: testKey }),
      400,
      'kind',
      'validation.invalidValue',
    );
    expect(expectData(await api.provider(cookie, id.amersfoort))).toBeNull();
  });

  it('needs the right to change the location, and hides other gyms', async () => {
    const owner = await signIn('admin@example.com');
    const zwolle = expectData<{ id: number }>(
      await api.addProvider(owner, id.zwolle, { kind: 0, apiKey: testKey }),
    );
    const gym = await signIn('gym@example.com');
    expectFailure(await api.provider(gym, id.zwolle), 404, 'general', 'location.errors.notFound');
    expectFailure(
      await api.addProvider(gym, id.zwolle, { kind: 0, apiKey: liveKey }),
      404,
      'general',
      'location.errors.notFound',
    );
    expectFailure(
      await api.updateProvider(gym, zwolle.id, { kind: 0, apiKey: liveKey }),
      404,
      'general',
      'location.errors.paymentProviderNotFound',
    );
    expectFailure(
      await api.updateProvider(gym, 999_999, { kind: 0, apiKey: liveKey }),
      404,
      'general',
      'location.errors.paymentProviderNotFound',
    );
    const lessons = await employeeWith({ utrecht: ['ManageLessons'] });
    expectForbidden(await api.provider(lessons, id.utrecht));
    expectForbidden(await api.addProvider(lessons, id.utrecht, { kind: 0, apiKey: testKey }));
    expectForbidden(await api.provider(await signIn('leverancier@example.com'), id.utrecht));
    expect(expectData(await api.provider(owner, id.zwolle))).toMatchObject({
      apiKeyMasked: 'test_••••••••wxyz',
    });
  });
});

describe('who sets a payment key, and who hears of it', () => {
  const testKey = `test_${'a1B2c3D4e5'.repeat(3)}wxyz`;
  const liveKey = `live_${'Z9y8X7w6V5'.repeat(3)}9876`;
  const keyMails = () =>
    t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'paymentKeyChanged'))
      .orderBy(asc(mailOutbox.id));
  afterEach(async () => {
    await t.db.delete(mailOutbox).where(eq(mailOutbox.template, 'paymentKeyChanged'));
  });

  /** A new employee of Vitaal (linked to the gym) with these gym rights, in this language. */
  async function gymEmployee(rights: string[], language: 'nl' | 'en' = 'nl') {
    const user = await createUser(t, {
      firstName: 'Olga',
      lastName: 'Owner',
      language,
      gym: { gymId: id.vitaal, rights: rights as GymRight[] },
    });
    createdUsers.push(user.id);
    return { email: user.email, userId: user.id };
  }

  it('needs the gym right: AlterLocationInformation alone sees the key masked but neither sets nor replaces it', async () => {
    const locationOnly = await employeeWith({ utrecht: ['AlterLocationInformation'] });
    expect(expectData(await api.provider(locationOnly, id.utrecht))).toBeNull();
    expectForbidden(await api.addProvider(locationOnly, id.utrecht, { kind: 0, apiKey: liveKey }));
    expect(await t.db.select().from(locationPaymentProviders)).toEqual([]);

    const admin = await signIn('admin@example.com');
    const provider = expectData<{ id: number }>(
      await api.addProvider(admin, id.utrecht, { kind: 0, apiKey: liveKey }),
    );
    expect(expectData(await api.provider(locationOnly, id.utrecht))).toMatchObject({
      apiKeyMasked: 'live_••••••••9876',
    });
    const mailsBefore = (await keyMails()).length;
    expectForbidden(await api.updateProvider(locationOnly, provider.id, { kind: 0, apiKey: testKey }));
    // Nothing changed: the admin's key stays, one audit row (the admin's), no mail.
    expect(expectData(await api.provider(admin, id.utrecht))).toMatchObject({
      apiKeyMasked: 'live_••••••••9876',
    });
    expect((await auditRows('LocationPaymentProvider', provider.id)).map((entry) => entry.action)).toEqual([
      'create',
    ]);
    expect((await keyMails()).length).toBe(mailsBefore);

    // The gym right, directly or at the gym level, does set it (so does the admin above).
    const gymRight = await employeeWith({ gym: ['AlterGymInformation'] });
    expect(
      expectData(await api.updateProvider(gymRight, provider.id, { kind: 0, apiKey: testKey })),
    ).toMatchObject({
      apiKeyMasked: 'test_••••••••wxyz',
    });
  });

  it("audits every change without the key, and mails each of the gym's owners in their language", async () => {
    // Owners: the gym's employees holding AlterGymInformation, directly or through a rights group.
    const direct = await gymEmployee(['AlterGymInformation'], 'en');
    const byGroup = await gymEmployee([]);
    const [group] = await t.db
      .insert(gymRightsGroups)
      .values({ gymId: id.vitaal, name: `Eigenaren ${randomUUID()}`, rights: ['AlterGymInformation'] })
      .returning();
    await t.db.insert(gymRightsGroupMembers).values({ groupId: group!.id, userId: byGroup.userId });
    const notOwner = await gymEmployee(['ManageMembers']);
    await t.db.delete(mailOutbox).where(eq(mailOutbox.template, 'paymentKeyChanged'));

    const admin = await signIn('admin@example.com');
    const provider = expectData<{ id: number }>(
      await api.addProvider(admin, id.utrecht, { kind: 0, apiKey: testKey }),
    );
    const owner = await signIn('gym@example.com');
    expectData(await api.updateProvider(owner, provider.id, { kind: 0, apiKey: liveKey }));

    const entries = await auditRows('LocationPaymentProvider', provider.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    for (const fragment of ['a1B2c3D4e5', 'Z9y8X7w6V5', 'wxyz', '9876'])
      expect(JSON.stringify(entries)).not.toContain(fragment);

    const mails = await keyMails();
    const to = (address: string) => mails.filter((mail) => mail.to === address);
    expect(to(notOwner.email)).toEqual([]);
    expect(to('admin@example.com')).toEqual([]);
    // gym@example.com holds every gym right of Vitaal: an owner too.
    for (const address of [direct.email, byGroup.email, 'gym@example.com'])
      expect(to(address)).toHaveLength(2);
    const [added, replaced] = to(byGroup.email);
    expect(added!.subject).toBe('Betaalsleutel van Vitaal Utrecht Centrum ingesteld');
    expect(added!.text).toContain('testsleutel die eindigt op wxyz');
    expect(replaced!.subject).toBe('Betaalsleutel van Vitaal Utrecht Centrum vervangen');
    expect(replaced!.text).toContain('livesleutel die eindigt op 9876');
    expect(replaced!.text).toContain('Vitaal Sportcentra');
    expect(to(direct.email)[1]!.subject).toBe('Payment key of Vitaal Utrecht Centrum replaced');
    expect(to(direct.email)[1]!.text).toContain('live key ending in 9876');
    for (const mail of mails) {
      expect(mail.text).not.toContain(testKey.slice(5, 30));
      expect(mail.text).not.toContain(liveKey.slice(5, 30));
      expect(mail.html).not.toContain(liveKey.slice(5, 30));
    }
    await t.db.delete(gymRightsGroups).where(eq(gymRightsGroups.id, group!.id));
  });

  it('refuses a test key in production (400, nothing changed); a test key stored before collects nothing there', async () => {
    const production = await createTestApp({ isProduction: true });
    try {
      const admin = await signInFrom(production, 'admin@example.com', '10.41.250.1');
      const call = (method: 'POST' | 'PUT', url: string, apiKey: string) =>
        production.app.inject({ method, url, headers: { cookie: admin }, payload: { kind: 0, apiKey } });
      expectFailure(
        await call('POST', `/api/Location/${id.utrecht}/AddPaymentProvider`, testKey),
        400,
        'apiKey',
        'location.errors.testKeyInProduction',
      );
      expect(await production.db.select().from(locationPaymentProviders)).toEqual([]);
      const provider = expectData<{ id: number }>(
        await call('POST', `/api/Location/${id.utrecht}/AddPaymentProvider`, liveKey),
      );
      expectFailure(
        await call('PUT', `/api/LocationPaymentProvider/${provider.id}`, testKey),
        400,
        'apiKey',
        'location.errors.testKeyInProduction',
      );
      const [kept] = await production.db.select().from(locationPaymentProviders);
      expect(kept!.apiKeyLastChars).toBe('live_9876');
      // With the live key, the location collects through Mollie.
      expect((await production.payments.gatewayFor(id.utrecht)).provider).toBe('mollie');

      // A test key stored while the server ran as development: never used to collect in production.
      const [setting] = await production.db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, 'secrets_key'));
      const box = createSecretBox(parseSecretsKey(setting!.value));
      await production.db
        .update(locationPaymentProviders)
        .set({
          apiKeyEncrypted: box.encrypt(testKey, `location-payment-provider:${id.utrecht}`),
          apiKeyLastChars: 'test_wxyz',
        })
        .where(eq(locationPaymentProviders.id, provider.id));
      await expect(production.payments.gatewayFor(id.utrecht)).rejects.toMatchObject({
        status: 409,
        errors: [{ key: 'general', message: 'payment.errors.noProvider' }],
      });
    } finally {
      await production.close();
    }
  });
});

describe('opening hours', () => {
  type Day = { weekday: number; closed: boolean; ranges: { from: string; to: string }[] };
  const week = (days: Day[]) => ({ locationId: id.amersfoort, days });
  const open = (weekday: number, ...ranges: [string, string][]): Day => ({
    weekday,
    closed: false,
    ranges: ranges.map(([from, to]) => ({ from, to })),
  });

  it('answers all seven weekdays, Sunday first, closed days without ranges', async () => {
    const data = expectData<{ locationId: number; days: Day[] }>(
      await api.hours(await signIn('gym@example.com'), id.amersfoort),
    );
    expect(data.locationId).toBe(id.amersfoort);
    expect(data.days.map((day) => day.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(data.days[0]).toEqual({ weekday: 0, closed: true, ranges: [] });
    expect(data.days[1]).toEqual(open(1, ['07:00', '12:30'], ['13:30', '22:00']));
  });

  it('replaces the week; weekdays left out are closed', async () => {
    const cookie = await signIn('gym@example.com');
    const saved = expectData<{ days: Day[] }>(
      await api.saveHours(
        cookie,
        week([open(2, ['13:00', '17:00'], ['08:00', '12:00']), { weekday: 0, closed: true, ranges: [] }]),
      ),
    );
    expect(saved.days.filter((day) => !day.closed)).toEqual([
      open(2, ['08:00', '12:00'], ['13:00', '17:00']),
    ]);
    expect(expectData(await api.hours(cookie, id.amersfoort))).toEqual(saved);
    const [entry] = await auditRows('LocationOpeningHours', id.amersfoort);
    expect(entry!.changes.weekday2).toEqual({
      old: '07:00-12:30, 13:30-22:00',
      new: '08:00-12:00, 13:00-17:00',
    });
  });

  it('checks HH:mm, order, overlap and closed days, on the exact field, and keeps the week', async () => {
    const cookie = await signIn('gym@example.com');
    const before = expectData<{ days: Day[] }>(await api.hours(cookie, id.amersfoort));
    const cases: [Day[], string, string][] = [
      [[open(1, ['24:00', '25:00'])], 'days[0].ranges[0].from', 'validation.time'],
      [[open(1, ['09:00', '9:30'])], 'days[0].ranges[0].to', 'validation.time'],
      [[open(1, ['09:60', '10:00'])], 'days[0].ranges[0].from', 'validation.time'],
      [[open(1, ['12:00', '09:00'])], 'days[0].ranges[0].to', 'location.errors.rangeOrder'],
      [[open(1, ['09:00', '09:00'])], 'days[0].ranges[0].to', 'location.errors.rangeOrder'],
      [
        [open(0, ['08:00', '10:00']), open(3, ['08:00', '12:00'], ['11:30', '14:00'])],
        'days[1].ranges[1].from',
        'location.errors.rangesOverlap',
      ],
      [
        [open(3, ['13:00', '18:00'], ['09:00', '13:30'])],
        'days[0].ranges[0].from',
        'location.errors.rangesOverlap',
      ],
      [
        [{ weekday: 4, closed: true, ranges: [{ from: '09:00', to: '10:00' }] }],
        'days[0].ranges',
        'location.errors.closedDayHasRanges',
      ],
      [[open(4)], 'days[0].ranges', 'location.errors.openDayNeedsRange'],
      [
        [open(5, ['09:00', '10:00']), open(5, ['11:00', '12:00'])],
        'days[1].weekday',
        'location.errors.weekdayTwice',
      ],
      [[open(7, ['09:00', '10:00'])], 'days[0].weekday', 'validation.tooBig'],
    ];
    for (const [days, key, message] of cases) {
      expectFailure(await api.saveHours(cookie, week(days)), 400, key, message);
    }
    // Touching ranges do not overlap.
    expectData(await api.saveHours(cookie, week([open(1, ['08:00', '12:00'], ['12:00', '13:00'])])));
    expectData(await api.saveHours(cookie, week(before.days as never)));
    expect(expectData(await api.hours(cookie, id.amersfoort))).toEqual(before);
  });

  it('reads with any access to the location, changes only with the right to change it', async () => {
    const lessons = await employeeWith({ utrecht: ['ManageLessons'] });
    expect(expectData<{ days: Day[] }>(await api.hours(lessons, id.utrecht)).days).toHaveLength(7);
    const body = { locationId: id.utrecht, days: [open(1, ['09:00', '10:00'])] };
    expectForbidden(await api.saveHours(lessons, body));
    expectFailure(await api.hours(lessons, id.amersfoort), 404, 'general', 'location.errors.notFound');
    const gym = await signIn('gym@example.com');
    expectFailure(await api.hours(gym, id.zwolle), 404, 'general', 'location.errors.notFound');
    expectFailure(
      await api.saveHours(gym, { ...body, locationId: id.zwolle }),
      404,
      'general',
      'location.errors.notFound',
    );
    expectForbidden(await api.saveHours(await signIn('werkgever@example.com'), body));
    expect(expectData<{ days: Day[] }>(await api.hours(gym, id.utrecht)).days[1]).toEqual(
      open(1, ['06:30', '23:00']),
    );
  });
});
