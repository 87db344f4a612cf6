import { SWITCH_OPTIONS_PAGE_SIZE, SWITCH_OPTIONS_PREVIEW } from '@xp/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seed/demo.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { employers, gyms, locations } from '../organisation/organisation.tables.ts';

/**
 * The header's switchers at scale (decision 003): `GET /Account/SwitchOptions/{kind}` answers a page of what
 * the user may switch to, searched and ordered by name, scoped as switching itself; `GET
 * /Account/SwitchOptions` only the first few of each kind and the active one.
 */
let t: TestApp;
let admin: string;
let vitaalId: number;
let brugId: number;

const EXTRA_GYMS = 120;
const EXTRA_LOCATIONS = 45;

interface Page {
  items: { id: number; name: string }[];
  total: number;
  totalIsCapped?: boolean;
}

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const page = async (cookie: string, url: string): Promise<Page> => {
  const response = await get(cookie, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Page;
};
/** The order the API promises: by lower-cased name, then id. */
const byName = (rows: { id: number; name: string }[]) =>
  [...rows].sort((a, b) => {
    const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select({ id: gyms.id, slug: gyms.slug }).from(gyms);
  vitaalId = rows.find((row) => row.slug === 'vitaal')!.id;
  brugId = rows.find((row) => row.slug === 'de-brug')!.id;
  // Names that sort apart from the demo gyms in several places, with mixed case.
  await t.db.execute(sql`
    insert into gyms (name, slug)
    select case when i % 2 = 0 then 'Testgym ' else 'testGYM ' end || lpad(i::text, 3, '0'), 'testgym-' || i
    from generate_series(1, ${EXTRA_GYMS}) as i`);
  await t.db.execute(sql`
    insert into locations (gym_id, name, slug)
    select ${vitaalId}, 'Vitaal filiaal ' || lpad(i::text, 2, '0'), 'vitaal-filiaal-' || i
    from generate_series(1, ${EXTRA_LOCATIONS}) as i`);
  await t.db.execute(sql`
    insert into locations (gym_id, name, slug)
    select ${brugId}, 'Brug filiaal ' || lpad(i::text, 2, '0'), 'brug-filiaal-' || i
    from generate_series(1, 5) as i`);
  admin = await t.login(demoAccounts.admin);
});
afterAll(() => t.close());

describe('an admin', () => {
  it('pages through every gym, by name, each once', async () => {
    const all = byName(await t.db.select({ id: gyms.id, name: gyms.name }).from(gyms));
    expect(all.length).toBe(EXTRA_GYMS + 2);
    const first = await page(admin, '/api/Account/SwitchOptions/gym');
    expect(first.total).toBe(all.length);
    expect(first.totalIsCapped).toBeUndefined();
    expect(first.items).toHaveLength(SWITCH_OPTIONS_PAGE_SIZE);
    const seen: Page['items'] = [];
    const pages = Math.ceil(all.length / SWITCH_OPTIONS_PAGE_SIZE);
    for (let number = 1; number <= pages; number++) {
      seen.push(...(await page(admin, `/api/Account/SwitchOptions/gym?page=${number}`)).items);
    }
    expect(seen).toEqual(all);
    const past = await page(admin, `/api/Account/SwitchOptions/gym?page=${pages + 1}`);
    expect(past).toEqual({ items: [], total: all.length });
  });

  it('searches by part of the name, case-insensitively, the wildcards taken literally', async () => {
    const found = await page(
      admin,
      `/api/Account/SwitchOptions/gym?search=${encodeURIComponent(' TESTgym 11 ')}`,
    );
    expect(found.total).toBe(10);
    expect(found.items.map((gym) => gym.name.toLowerCase())).toEqual(
      Array.from({ length: 10 }, (_, i) => `testgym 11${i}`),
    );
    expect(
      (await page(admin, '/api/Account/SwitchOptions/gym?search=brug')).items.map((gym) => gym.id),
    ).toEqual([brugId]);
    for (const wildcard of ['%', '_', '\\']) {
      expect(
        await page(admin, `/api/Account/SwitchOptions/gym?search=${encodeURIComponent(wildcard)}`),
      ).toEqual({
        items: [],
        total: 0,
      });
    }
    // An empty search is no search.
    expect((await page(admin, '/api/Account/SwitchOptions/gym?search=%20')).total).toBe(EXTRA_GYMS + 2);
  });

  it('gets only a preview of each kind from SwitchOptions, with the active gym', async () => {
    const activeGym = (await page(admin, '/api/Account/SwitchOptions/gym?search=testgym 120')).items[0]!;
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/Account/SwitchActiveGym',
      headers: { cookie: admin },
      payload: { gymId: activeGym.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const cookie = cookieHeader(switched.cookies, admin);
    const options = (await get(cookie, '/api/Account/SwitchOptions')).json().data;
    const firstGyms = (await page(cookie, '/api/Account/SwitchOptions/gym')).items.slice(
      0,
      SWITCH_OPTIONS_PREVIEW,
    );
    expect(options.gyms).toEqual([...firstGyms, activeGym]);
    expect(options.employers.length).toBeLessThanOrEqual(SWITCH_OPTIONS_PREVIEW);
    expect(options.associations.length).toBeGreaterThan(0);
  });

  it('pages the locations of the active gym only', async () => {
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/Account/SwitchActiveGym',
      headers: { cookie: admin },
      payload: { gymId: vitaalId },
    });
    const cookie = cookieHeader(switched.cookies, admin);
    const all = byName(
      await t.db
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .where(eq(locations.gymId, vitaalId)),
    );
    expect(all.length).toBe(EXTRA_LOCATIONS + 2);
    const first = await page(cookie, '/api/Account/SwitchOptions/location');
    const second = await page(cookie, '/api/Account/SwitchOptions/location?page=2');
    expect(first.total).toBe(all.length);
    expect([...first.items, ...second.items]).toEqual(all);
    expect((await page(cookie, '/api/Account/SwitchOptions/location?search=brug')).total).toBe(0);
  });

  it('pages the other kinds by name', async () => {
    const all = await t.db
      .select({ id: employers.id, name: employers.name })
      .from(employers)
      .orderBy(asc(employers.id));
    expect(await page(admin, '/api/Account/SwitchOptions/employer')).toEqual({
      items: byName(all),
      total: all.length,
    });
    for (const kind of ['association', 'contentEnvironment', 'supplier']) {
      const result = await page(admin, `/api/Account/SwitchOptions/${kind}`);
      expect(result.total).toBeGreaterThan(0);
      expect(result.items).toEqual(byName(result.items));
    }
  });
});

describe('others see only what they may switch to', () => {
  it('a gym employee: their gym, its locations; no employers, associations or suppliers', async () => {
    const cookie = await t.login(demoAccounts.gym);
    expect(await page(cookie, '/api/Account/SwitchOptions/gym')).toEqual({
      items: [{ id: vitaalId, name: 'Vitaal Sportcentra' }],
      total: 1,
    });
    expect((await page(cookie, '/api/Account/SwitchOptions/gym?search=testgym')).total).toBe(0);
    expect((await page(cookie, '/api/Account/SwitchOptions/gym?search=brug')).total).toBe(0);
    expect((await page(cookie, '/api/Account/SwitchOptions/location')).total).toBe(EXTRA_LOCATIONS + 2);
    for (const kind of ['employer', 'association', 'contentEnvironment', 'supplier']) {
      const response = await get(cookie, `/api/Account/SwitchOptions/${kind}`);
      expect(response.statusCode, kind).toBe(403);
    }
    const options = (await get(cookie, '/api/Account/SwitchOptions')).json().data;
    expect(options.gyms).toEqual([{ id: vitaalId, name: 'Vitaal Sportcentra' }]);
    expect(options.locations.length).toBe(SWITCH_OPTIONS_PREVIEW);
    expect(options.employers).toEqual([]);
  });

  it('a location employee: the gym of the location and that location only', async () => {
    const cookie = await t.login(demoAccounts.location);
    const gymsPage = await page(cookie, '/api/Account/SwitchOptions/gym');
    expect(gymsPage.items.map((gym) => gym.id)).toEqual([vitaalId]);
    const locationsPage = await page(cookie, '/api/Account/SwitchOptions/location');
    expect(locationsPage.items.map((location) => location.name)).toEqual(['Vitaal Utrecht Centrum']);
  });

  it("an employer's user: their own employer only", async () => {
    const cookie = await t.login(demoAccounts.employer);
    const own = await page(cookie, '/api/Account/SwitchOptions/employer');
    expect(own.total).toBe(1);
    expect((await page(cookie, '/api/Account/SwitchOptions/employer?search=Bakkerij')).total).toBe(
      own.items[0]!.name.startsWith('Bakkerij') ? 1 : 0,
    );
    expect((await page(cookie, '/api/Account/SwitchOptions/gym')).total).toBe(0);
    expect((await get(cookie, '/api/Account/SwitchOptions/supplier')).statusCode).toBe(403);
    expect((await get(cookie, '/api/Account/SwitchOptions/association')).statusCode).toBe(403);
  });

  it("a supplier's user: their own supplier only", async () => {
    const cookie = await t.login(demoAccounts.supplier);
    expect((await page(cookie, '/api/Account/SwitchOptions/supplier')).total).toBe(1);
    expect((await get(cookie, '/api/Account/SwitchOptions/employer')).statusCode).toBe(403);
  });

  it('no one signed in: 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/Account/SwitchOptions/gym' });
    expect(response.statusCode).toBe(401);
  });
});

describe('bad input answers 400, never 500', () => {
  it.each([
    ['page 0', '/gym?page=0'],
    ['a negative page', '/gym?page=-1'],
    ['a page that is no number', '/gym?page=abc'],
    ['a page beyond int4', '/gym?page=99999999999'],
    ['a page past the deepest offset', '/gym?page=400'],
    ['a NUL byte in the search', `/gym?search=${encodeURIComponent('test\u0000gym')}`],
    ['a search of 201 characters', `/gym?search=${'a'.repeat(201)}`],
    ['an unknown kind', '/environment'],
  ])('%s', async (_, path) => {
    const response = await get(admin, `/api/Account/SwitchOptions${path}`);
    expect(response.statusCode, response.body).toBe(400);
  });
});
