import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden, expectRefusedFor } from '../../test/expect.ts';
import { users } from '../user/user.tables.ts';
import {
  addGym,
  api,
  expectData,
  type GymList,
  gym,
  signIn,
  slugs,
  t,
  userIds,
  useTestApp,
} from './gym-test-setup.ts';

useTestApp();

describe('GET /Gym (admin list)', () => {
  it('answers every gym by name with its numbers of locations and employees', async () => {
    const cookie = await signIn('admin@example.com');
    // The demo seed makes the gym and location accounts staff of Vitaal.
    try {
      const data = expectData<GymList>(await api.list(cookie));
      expect(data.total).toBe(2);
      expect(data.items).toEqual([
        {
          id: gym.brug,
          name: 'Sportschool De Brug',
          slug: 'de-brug',
          bannerHash: null,
          locationCount: 1,
          employeeCount: 0,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
        {
          id: gym.vitaal,
          name: 'Vitaal Sportcentra',
          slug: 'vitaal',
          bannerHash: null,
          locationCount: 2,
          employeeCount: 2,
          createdAt: expect.any(String),
        },
      ]);
      // A deleted account is no employee any more.
      await t.db
        .update(users)
        .set({ deletedAt: new Date() })
        .where(eq(users.id, userIds['locatie@example.com']!));
      expect(expectData(await api.get(cookie, gym.vitaal)).employeeCount).toBe(1);
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, userIds['locatie@example.com']!));
    }
  });

  it('searches name and slug case-insensitively, with LIKE wildcards taken literally', async () => {
    const cookie = await signIn('admin@example.com');
    await addGym('Fitlab Eindhoven', 'fit_lab');
    expect(slugs(await api.list(cookie, '?search=BRUG'))).toEqual(['de-brug']);
    expect(slugs(await api.list(cookie, '?search=sportcentra'))).toEqual(['vitaal']);
    expect(slugs(await api.list(cookie, '?search=de-b'))).toEqual(['de-brug']);
    expect(slugs(await api.list(cookie, '?search=_'))).toEqual(['fit_lab']);
    expect(slugs(await api.list(cookie, '?search=%25'))).toEqual([]);
  });

  it('sorts by name, slug and creation, both directions, and pages with the total', async () => {
    const cookie = await signIn('admin@example.com');
    await addGym('Aerobics Amsterdam', 'zz-aerobics');
    expect(slugs(await api.list(cookie, '?sort=name'))).toEqual(['zz-aerobics', 'de-brug', 'vitaal']);
    expect(slugs(await api.list(cookie, '?sort=name&direction=desc'))).toEqual([
      'vitaal',
      'de-brug',
      'zz-aerobics',
    ]);
    expect(slugs(await api.list(cookie, '?sort=slug'))).toEqual(['de-brug', 'vitaal', 'zz-aerobics']);
    expect(slugs(await api.list(cookie, '?sort=createdAt&direction=desc'))[0]).toBe('zz-aerobics');
    expect(expectData<GymList>(await api.list(cookie, '?sort=slug&pageSize=1&page=2'))).toMatchObject({
      items: [{ slug: 'vitaal' }],
      total: 3,
    });
    expect(expectData<GymList>(await api.list(cookie, '?pageSize=2&page=5'))).toEqual({
      items: [],
      total: 3,
    });
  });

  it('refuses bad paging, sorting and search with 400 and the field key', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.list(cookie, '?pageSize=101'), 400, 'pageSize', 'validation.tooBig');
    expectFailure(await api.list(cookie, '?page=0'), 400, 'page', 'validation.tooSmall');
    expectFailure(await api.list(cookie, '?sort=locationCount'), 400, 'sort', 'validation.invalidValue');
    expectFailure(await api.list(cookie, '?direction=up'), 400, 'direction', 'validation.invalidValue');
    expectFailure(await api.list(cookie, `?search=${'a'.repeat(201)}`), 400, 'search', 'validation.tooLong');
  });

  it('is for admins only', async () => {
    const emails = ['gym@example.com', 'locatie@example.com', 'werkgever@example.com'];
    await expectRefusedFor((cookie) => api.list(cookie), await Promise.all(emails.map(signIn)));
  });
});

describe('GET /Gym/{id}', () => {
  it('answers any gym to an admin', async () => {
    const cookie = await signIn('admin@example.com');
    expect(expectData(await api.get(cookie, gym.brug))).toMatchObject({
      id: gym.brug,
      name: 'Sportschool De Brug',
      locationCount: 1,
    });
  });

  it('answers a gym to an employee with gym rights there, and 404 for another gym', async () => {
    const cookie = await signIn('gym@example.com');
    expect(expectData(await api.get(cookie, gym.vitaal))).toMatchObject({
      id: gym.vitaal,
      slug: 'vitaal',
      locationCount: 2,
    });
    expectFailure(await api.get(cookie, gym.brug), 404, 'general', 'gym.errors.notFound');
    expectFailure(await api.get(cookie, 999_999), 404, 'general', 'gym.errors.notFound');
  });

  it('counts a location right as a right in the location’s gym', async () => {
    const cookie = await signIn('locatie@example.com');
    expect(expectData(await api.get(cookie, gym.vitaal)).id).toBe(gym.vitaal);
    expectFailure(await api.get(cookie, gym.brug), 404, 'general', 'gym.errors.notFound');
  });

  it('refuses other roles and bad ids', async () => {
    expectForbidden(await api.get(await signIn('werkgever@example.com'), gym.vitaal));
    const cookie = await signIn('admin@example.com');
    for (const id of ['abc', '0', '-1', '1.5']) {
      expect((await api.get(cookie, id)).statusCode).toBe(400);
    }
  });
});

describe('GET /Gym/public/{id}', () => {
  it('answers id, name, slug and banner to anyone, and nothing private', async () => {
    const response = await api.getPublic(gym.vitaal);
    expect(expectData(response)).toEqual({
      id: gym.vitaal,
      name: 'Vitaal Sportcentra',
      slug: 'vitaal',
      bannerHash: null,
    });
  });

  it('answers 404 for an unknown gym and 400 for a bad id', async () => {
    expectFailure(await api.getPublic(999_999), 404, 'general', 'gym.errors.notFound');
    expect((await api.getPublic('vitaal')).statusCode).toBe(400);
  });
});
