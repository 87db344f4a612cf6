import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden, expectRefusedFor, expectSignInRequired } from '../../test/expect.ts';
import { locations } from '../organisation/organisation.tables.ts';
import {
  api,
  asUpdate,
  auditRows,
  employeeWith,
  expectData,
  id,
  names,
  newLocation,
  seeded,
  seededRows,
  signIn,
  t,
  useTestApp,
} from './location-test-setup.ts';

useTestApp();

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
