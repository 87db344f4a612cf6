import { type Gym, type GymRight, gymRights } from '@xp/contracts';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { files } from '../../platform/files/files.tables.ts';
import {
  demoSignIn,
  expectFailure,
  expectForbidden,
  expectData as expectOk,
  expectRefusedFor,
} from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

let t: TestApp;
const gym = { vitaal: 0, brug: 0 };
const seeded: { id: number; name: string; slug: string; registrationBannerHash: string | null }[] = [];
const userIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.db
    .select({
      id: gyms.id,
      name: gyms.name,
      slug: gyms.slug,
      registrationBannerHash: gyms.registrationBannerHash,
    })
    .from(gyms)) {
    seeded.push(row);
  }
  gym.vitaal = seeded.find((row) => row.slug === 'vitaal')!.id;
  gym.brug = seeded.find((row) => row.slug === 'de-brug')!.id;
  for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) {
    userIds[row.email] = row.id;
  }
});
// Every test leaves the seeded gyms as they were, so the tests do not depend on their order.
afterEach(async () => {
  const ids = seeded.map((row) => row.id);
  const extra = (await t.db.select({ id: gyms.id }).from(gyms).where(notInArray(gyms.id, ids))).map(
    (row) => row.id,
  );
  if (extra.length > 0) {
    await t.db.delete(locations).where(inArray(locations.gymId, extra));
    await t.db.delete(gyms).where(inArray(gyms.id, extra));
  }
  for (const { id, ...values } of seeded) await t.db.update(gyms).set(values).where(eq(gyms.id, id));
  await t.db.delete(auditLog).where(eq(auditLog.entity, 'Gym'));
});
afterAll(() => t.close());

/** Every sign-in from its own address, so the per-address login limit never interferes. */
const signIn = demoSignIn(() => t, 41);

let employeeCount = 0;
/** A new employee holding these gym rights (in gym order: the first gym becomes the active one). */
async function employeeWith(grants: { gymId: number; rights: readonly GymRight[] }[]) {
  const email = `medewerker${++employeeCount}@example.com`;
  const user = await createUser(t, { email, firstName: 'Mo', lastName: 'Medewerker', gymRights: grants });
  return { id: user.id, cookie: await signIn(email) };
}

const json = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const api = {
  list: (cookie: string, query = '') => json('GET', `/api/Gym${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/Gym/${id}`, cookie),
  getPublic: (id: number | string) => t.app.inject({ method: 'GET', url: `/api/Gym/public/${id}` }),
  create: (cookie: string, body: unknown) => json('POST', '/api/Gym', cookie, body),
  update: (cookie: string, body: unknown) => json('PUT', '/api/Gym', cookie, body),
  remove: (cookie: string, body: unknown) => json('DELETE', '/api/Gym', cookie, body),
  settings: (cookie: string, id: number | string) =>
    json('GET', `/api/Gym/${id}/registrationSettings`, cookie),
  removeBanner: (cookie: string, id: number | string) => json('DELETE', `/api/Gym/${id}/banner`, cookie),
};

const expectData = <T = Gym>(response: LightMyRequestResponse): T => expectOk<T>(response);

type GymList = { items: Gym[]; total: number };
const slugs = (response: LightMyRequestResponse) =>
  expectData<GymList>(response).items.map((item) => item.slug);

const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'Gym'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

const gymRow = async (id: number) => (await t.db.select().from(gyms).where(eq(gyms.id, id)))[0];

async function addGym(name: string, slug: string) {
  const [row] = await t.db.insert(gyms).values({ name, slug }).returning();
  return row!;
}

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

describe('POST /Gym', () => {
  it('adds a gym, trimming the name and lowering the slug, and audits it', async () => {
    const cookie = await signIn('admin@example.com');
    const created = expectData(await api.create(cookie, { name: '  Fitlab Eindhoven ', slug: 'FitLab-040' }));
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Fitlab Eindhoven',
      slug: 'fitlab-040',
      bannerHash: null,
      locationCount: 0,
      employeeCount: 0,
      createdAt: expect.any(String),
    });
    expect(expectData(await api.get(cookie, created.id))).toEqual(created);
    const [entry, ...more] = await auditRows(created.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'create', userId: userIds['admin@example.com'] });
    expect(entry!.changes).toMatchObject({
      name: { old: null, new: 'Fitlab Eindhoven' },
      slug: { old: null, new: 'fitlab-040' },
    });
  });

  it('refuses a missing name and a slug that is not lowercase letters, digits and dashes', async () => {
    const cookie = await signIn('admin@example.com');
    const cases: [unknown, string, string][] = [
      [{ name: '', slug: 'goed' }, 'name', 'validation.required'],
      [{ name: 'x'.repeat(101), slug: 'goed' }, 'name', 'validation.tooLong'],
      [{ slug: 'goed' }, 'name', 'validation.required'],
      [{ name: 'Gym' }, 'slug', 'validation.required'],
      [{ name: 'Gym', slug: 'a' }, 'slug', 'validation.tooShort'],
      [{ name: 'Gym', slug: 'a'.repeat(65) }, 'slug', 'validation.tooLong'],
      [{ name: 'Gym', slug: 'met spatie' }, 'slug', 'gym.errors.slugFormat'],
      [{ name: 'Gym', slug: 'café' }, 'slug', 'gym.errors.slugFormat'],
      [{ name: 'Gym', slug: 'afronden' }, 'slug', 'gym.errors.slugReserved'],
      [{ name: 'Gym', slug: '-voor' }, 'slug', 'gym.errors.slugFormat'],
      [{ name: 'Gym', slug: 'na-' }, 'slug', 'gym.errors.slugFormat'],
      [{ name: 'Gym', slug: 'dubbel--streepje' }, 'slug', 'gym.errors.slugFormat'],
      [{ name: 'Gym', slug: 'slash/pad' }, 'slug', 'gym.errors.slugFormat'],
      [{ name: 'Gym', slug: 12 }, 'slug', 'validation.invalidType'],
    ];
    for (const [body, key, message] of cases) {
      expectFailure(await api.create(cookie, body), 400, key, message);
    }
    expect((await t.db.select().from(gyms)).length).toBe(2);
  });

  it('refuses a slug in use, whatever its case, with 409 on slug — also when two arrive at once', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(
      await api.create(cookie, { name: 'Nog een', slug: 'VITAAL' }),
      409,
      'slug',
      'gym.errors.slugTaken',
    );
    const [first, second] = await Promise.all([
      api.create(cookie, { name: 'Een', slug: 'tegelijk' }),
      api.create(cookie, { name: 'Twee', slug: 'tegelijk' }),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const loser = first!.statusCode === 409 ? first! : second!;
    expect(loser.json().errors).toEqual([{ key: 'slug', message: 'gym.errors.slugTaken' }]);
    expect((await t.db.select().from(gyms)).length).toBe(3);
  });

  it('is for admins only', async () => {
    for (const email of ['gym@example.com', 'locatie@example.com', 'werkgever@example.com']) {
      expectForbidden(await api.create(await signIn(email), { name: 'X', slug: 'xx' }));
    }
    expect((await t.db.select().from(gyms)).length).toBe(2);
  });
});

describe('PUT /Gym', () => {
  it('lets an admin change any gym, and audits old and new', async () => {
    const cookie = await signIn('admin@example.com');
    const saved = expectData(
      await api.update(cookie, { id: gym.brug, name: 'De Brug Sport', slug: 'brug-sport' }),
    );
    expect(saved).toMatchObject({
      id: gym.brug,
      name: 'De Brug Sport',
      slug: 'brug-sport',
      locationCount: 1,
    });
    const [entry] = await auditRows(gym.brug);
    expect(entry).toMatchObject({ action: 'update', userId: userIds['admin@example.com'] });
    expect(entry!.changes).toEqual({
      name: { old: 'Sportschool De Brug', new: 'De Brug Sport' },
      slug: { old: 'de-brug', new: 'brug-sport' },
    });
  });

  it('lets an employee with AlterGymInformation change the active gym, keeping its own slug', async () => {
    const cookie = await signIn('gym@example.com');
    expect(
      expectData(await api.update(cookie, { id: gym.vitaal, name: 'Vitaal Sport', slug: 'Vitaal' })),
    ).toMatchObject({ name: 'Vitaal Sport', slug: 'vitaal' });
    expect((await gymRow(gym.vitaal))!.name).toBe('Vitaal Sport');
  });

  it('answers another gym than the active one 404 (not yours), even with the right there', async () => {
    const { cookie } = await employeeWith([
      { gymId: gym.vitaal, rights: ['AlterGymInformation'] },
      { gymId: gym.brug, rights: ['AlterGymInformation'] },
    ]);
    const hijack = { id: gym.brug, name: 'Gekaapt', slug: 'gekaapt' };
    expectFailure(await api.update(cookie, hijack), 404, 'general', 'gym.errors.notFound');
    expect((await gymRow(gym.brug))!.name).toBe('Sportschool De Brug');
    const gymUser = await signIn('gym@example.com');
    expectFailure(await api.update(gymUser, hijack), 404, 'general', 'gym.errors.notFound');
  });

  it('refuses an employee without AlterGymInformation and other roles', async () => {
    const { cookie } = await employeeWith([
      { gymId: gym.vitaal, rights: gymRights.filter((right) => right !== 'AlterGymInformation') },
    ]);
    const body = { id: gym.vitaal, name: 'Anders', slug: 'anders' };
    expectForbidden(await api.update(cookie, body));
    for (const email of ['locatie@example.com', 'werkgever@example.com']) {
      expectForbidden(await api.update(await signIn(email), body));
    }
    expect((await gymRow(gym.vitaal))!.slug).toBe('vitaal');
  });

  it('refuses a slug of another gym with 409, bad input with 400, and an unknown gym with 404', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(
      await api.update(cookie, { id: gym.brug, name: 'De Brug', slug: 'Vitaal' }),
      409,
      'slug',
      'gym.errors.slugTaken',
    );
    expectFailure(
      await api.update(cookie, { id: gym.brug, name: ' ', slug: 'x!' }),
      400,
      'name',
      'validation.required',
    );
    expectFailure(
      await api.update(cookie, { id: gym.brug, name: 'A', slug: 'x!' }),
      400,
      'slug',
      'gym.errors.slugFormat',
    );
    expectFailure(await api.update(cookie, { name: 'A', slug: 'abc' }), 400, 'id', 'validation.required');
    expectFailure(
      await api.update(cookie, { id: 999_999, name: 'A', slug: 'abc' }),
      404,
      'general',
      'gym.errors.notFound',
    );
    expect(await gymRow(gym.brug)).toMatchObject({ name: 'Sportschool De Brug', slug: 'de-brug' });
    expect(await auditRows(gym.brug)).toEqual([]);
  });
});

describe('DELETE /Gym', () => {
  it('deletes a gym without locations and audits it', async () => {
    const cookie = await signIn('admin@example.com');
    const added = await addGym('Tijdelijk', 'tijdelijk');
    expect(expectData(await api.remove(cookie, { id: added.id }))).toBeNull();
    expect(await gymRow(added.id)).toBeUndefined();
    const [entry] = await auditRows(added.id);
    expect(entry).toMatchObject({ action: 'delete', changes: { name: { old: 'Tijdelijk', new: null } } });
  });

  it('refuses a gym that still has locations with 409 and changes nothing', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.remove(cookie, { id: gym.brug }), 409, 'general', 'gym.errors.hasLocations');
    expect(await gymRow(gym.brug)).toBeDefined();
    expect(await auditRows(gym.brug)).toEqual([]);
  });

  it('answers 404 for an unknown gym and 400 without a valid id', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.remove(cookie, { id: 999_999 }), 404, 'general', 'gym.errors.notFound');
    expectFailure(await api.remove(cookie, {}), 400, 'id', 'validation.required');
    expectFailure(await api.remove(cookie, { id: 'een' }), 400, 'id', 'validation.invalidType');
  });

  it('is for admins only', async () => {
    const added = await addGym('Tijdelijk', 'tijdelijk');
    for (const email of ['gym@example.com', 'werkgever@example.com']) {
      expectForbidden(await api.remove(await signIn(email), { id: added.id }));
    }
    expect(await gymRow(added.id)).toBeDefined();
  });
});

describe('registration settings and banner', () => {
  const hash = 'a'.repeat(64);
  async function withBanner(gymId: number) {
    await t.db
      .insert(files)
      .values({ hash, mimeType: 'image/webp', byteSize: 10, width: 1, height: 1 })
      .onConflictDoNothing();
    await t.db.update(gyms).set({ registrationBannerHash: hash }).where(eq(gyms.id, gymId));
  }

  it('answers the banner of the active gym to who may alter it, and any gym to an admin', async () => {
    await withBanner(gym.vitaal);
    expect(expectData(await api.settings(await signIn('gym@example.com'), gym.vitaal))).toEqual({
      id: gym.vitaal,
      bannerHash: hash,
    });
    expect(expectData(await api.settings(await signIn('admin@example.com'), gym.brug))).toEqual({
      id: gym.brug,
      bannerHash: null,
    });
    expect(expectData(await api.getPublic(gym.vitaal))).toMatchObject({ bannerHash: hash });
  });

  it('removes the banner and audits it', async () => {
    await withBanner(gym.vitaal);
    const cookie = await signIn('gym@example.com');
    expect(expectData(await api.removeBanner(cookie, gym.vitaal))).toEqual({
      id: gym.vitaal,
      bannerHash: null,
    });
    expect((await gymRow(gym.vitaal))!.registrationBannerHash).toBeNull();
    const [entry] = await auditRows(gym.vitaal);
    expect(entry!.changes).toEqual({ bannerHash: { old: hash, new: null } });
  });

  it('refuses another gym (404), a missing right, other roles, unknown gyms and bad ids', async () => {
    await withBanner(gym.brug);
    const gymUser = await signIn('gym@example.com');
    expectFailure(await api.settings(gymUser, gym.brug), 404, 'general', 'gym.errors.notFound');
    expectFailure(await api.removeBanner(gymUser, gym.brug), 404, 'general', 'gym.errors.notFound');
    const { cookie } = await employeeWith([{ gymId: gym.vitaal, rights: ['ManageMembers'] }]);
    expectForbidden(await api.settings(cookie, gym.vitaal));
    expectForbidden(await api.removeBanner(cookie, gym.vitaal));
    const employer = await signIn('werkgever@example.com');
    expectForbidden(await api.settings(employer, gym.vitaal));
    const admin = await signIn('admin@example.com');
    expectFailure(await api.settings(admin, 999_999), 404, 'general', 'gym.errors.notFound');
    expectFailure(await api.removeBanner(admin, 999_999), 404, 'general', 'gym.errors.notFound');
    expect((await api.settings(admin, 'x')).statusCode).toBe(400);
    expect((await gymRow(gym.brug))!.registrationBannerHash).toBe(hash);
  });
});

describe('PUT /Gym/Registration (multipart)', () => {
  /** A multipart body as a browser sends it. */
  async function multipart(fields: Record<string, string | { bytes: Buffer; name: string; type: string }>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([value.bytes], { type: value.type }), value.name);
    }
    const request = new Request('http://localhost/', { method: 'PUT', body: form });
    return {
      payload: Buffer.from(await request.arrayBuffer()),
      contentType: request.headers.get('content-type')!,
    };
  }
  const upload = async (cookie: string, fields: Parameters<typeof multipart>[0]) => {
    const { payload, contentType } = await multipart(fields);
    return t.app.inject({
      method: 'PUT',
      url: '/api/Gym/Registration',
      headers: { cookie, 'content-type': contentType },
      payload,
    });
  };
  const png = () =>
    sharp({ create: { width: 64, height: 16, channels: 3, background: '#1c7ed6' } })
      .png()
      .toBuffer();

  it('stores the banner as an image, links it to the active gym and audits it', async () => {
    const cookie = await signIn('gym@example.com');
    const data = expectData<{ id: number; bannerHash: string }>(
      await upload(cookie, {
        id: String(gym.vitaal),
        banner: { bytes: await png(), name: 'banner.png', type: 'image/png' },
      }),
    );
    expect(data).toEqual({ id: gym.vitaal, bannerHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await gymRow(gym.vitaal))!.registrationBannerHash).toBe(data.bannerHash);
    const [file] = await t.db.select().from(files).where(eq(files.hash, data.bannerHash));
    expect(file).toMatchObject({ mimeType: 'image/png', width: 64, height: 16 });
    expect(expectData(await api.settings(cookie, gym.vitaal))).toEqual(data);
    expect(expectData(await api.getPublic(gym.vitaal))).toMatchObject({ bannerHash: data.bannerHash });
    const [entry] = await auditRows(gym.vitaal);
    expect(entry!.changes).toEqual({ bannerHash: { old: null, new: data.bannerHash } });
    const image = await t.app.inject({ method: 'GET', url: `/cdn/${data.bannerHash}` });
    expect(image.statusCode).toBe(200);
  });

  it('changes nothing without a banner', async () => {
    const cookie = await signIn('admin@example.com');
    expect(expectData(await upload(cookie, { id: String(gym.brug) }))).toEqual({
      id: gym.brug,
      bannerHash: null,
    });
    expect(await auditRows(gym.brug)).toEqual([]);
  });

  it('refuses a file that is not an image, and a missing or bad id, changing nothing', async () => {
    const cookie = await signIn('gym@example.com');
    expectFailure(
      await upload(cookie, {
        id: String(gym.vitaal),
        banner: {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          name: 'x.png',
          type: 'image/png',
        },
      }),
      400,
      'banner',
      'files.errors.notAnImage',
    );
    expectFailure(
      await upload(cookie, { banner: { bytes: await png(), name: 'b.png', type: 'image/png' } }),
      400,
      'id',
      'validation.required',
    );
    expectFailure(await upload(cookie, { id: 'abc' }), 400, 'id', 'validation.invalidType');
    expectFailure(
      await upload(cookie, { id: String(gym.vitaal), banner: 'geen bestand' }),
      400,
      'banner',
      'files.errors.notAFile',
    );
    expect((await gymRow(gym.vitaal))!.registrationBannerHash).toBeNull();
    expect(await auditRows(gym.vitaal)).toEqual([]);
  });

  it('refuses another gym (404), a missing right and other roles before storing anything, and 404 for an unknown gym', async () => {
    const fileCount = async () => (await t.db.select().from(files)).length;
    const before = await fileCount();
    const banner = { bytes: await png(), name: 'b.png', type: 'image/png' };
    expectFailure(
      await upload(await signIn('gym@example.com'), { id: String(gym.brug), banner }),
      404,
      'general',
      'gym.errors.notFound',
    );
    const { cookie } = await employeeWith([{ gymId: gym.vitaal, rights: ['ManageMembers'] }]);
    expectForbidden(await upload(cookie, { id: String(gym.vitaal), banner }));
    expectForbidden(await upload(await signIn('werkgever@example.com'), { id: String(gym.vitaal), banner }));
    expectFailure(
      await upload(await signIn('admin@example.com'), { id: '999999', banner }),
      404,
      'general',
      'gym.errors.notFound',
    );
    expect(await fileCount()).toBe(before);
    expect((await gymRow(gym.brug))!.registrationBannerHash).toBeNull();
  });
});
