import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect.ts';
import { locations } from '../organisation/organisation.tables.ts';
import { locationStatusRequirements } from './location.tables.ts';
import {
  api,
  employeeWith,
  expectData,
  id,
  names,
  signIn,
  switchGym,
  t,
  useTestApp,
} from './location-test-setup.ts';

useTestApp();

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
