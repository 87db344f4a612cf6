import { type PictureBankItem, Theme } from '@xp/contracts';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { files } from '../../platform/files/files.tables.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import * as repository from './picture-bank.repository.ts';
import { pictureBankItems } from './picture-bank.tables.ts';

let t: TestApp;
const cookies: Record<'admin' | 'gym' | 'location' | 'employer' | 'supplier' | 'content', string> = {
  admin: '',
  gym: '',
  location: '',
  employer: '',
  supplier: '',
  content: '',
};

let addressCount = 0;
const nextAddress = () => `10.57.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

async function signIn(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

let seededIds: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  seededIds = (await t.db.select({ id: pictureBankItems.id }).from(pictureBankItems)).map((row) => row.id);
  cookies.admin = await signIn('admin@example.com');
  cookies.gym = await signIn('gym@example.com');
  cookies.location = await signIn('locatie@example.com');
  cookies.employer = await signIn('werkgever@example.com');
  cookies.supplier = await signIn('leverancier@example.com');
  cookies.content = await signIn('content@example.com');
});
// Every test starts from the seeded pictures (none unless the seed adds some).
afterEach(async () => {
  await t.db.delete(challengeTemplates).where(isNotNull(challengeTemplates.pictureBankItemId));
  await t.db.execute(
    seededIds.length
      ? sql`delete from "picture_bank_items" where "id" not in (${sql.join(seededIds, sql`, `)})`
      : sql`delete from "picture_bank_items"`,
  );
  await t.db.delete(auditLog).where(eq(auditLog.entity, 'PictureBankItem'));
});
afterAll(() => t.close());

type Part = Parameters<typeof multipart>[0][number];
const form = (method: 'POST' | 'PUT', cookie: string, parts: Part[]) => {
  const body = multipart(parts, { cookie });
  return t.app.inject({ method, url: '/api/PictureBankItem', payload: body.payload, headers: body.headers });
};
const json = (method: 'GET' | 'DELETE', url: string, cookie: string) =>
  t.app.inject({ method, url, headers: { cookie } });
const text = (name: string, value: string | number | boolean): Part => ({ name, value: String(value) });
const picture = async (
  format: 'png' | 'jpeg' = 'png',
  filename = `picture.${format}`,
  color = { r: 20, g: 120, b: 200 },
): Promise<Part> => ({
  name: 'picture',
  filename,
  contentType: `image/${format}`,
  data: await testImage(format, { width: 320, height: 200, color }),
});

const api = {
  list: (cookie: string, query = '') => json('GET', `/api/PictureBankItem/all${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/PictureBankItem/${id}`, cookie),
  create: (cookie: string, parts: Part[]) => form('POST', cookie, parts),
  update: (cookie: string, parts: Part[]) => form('PUT', cookie, parts),
  remove: (cookie: string, id: number | string) => json('DELETE', `/api/PictureBankItem/${id}`, cookie),
};

function expectFailure(response: LightMyRequestResponse, status: number, key: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.ok).toBe(false);
  expect(body.errors).toContainEqual({ key, message });
}

function expectData<T = PictureBankItem>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.ok).toBe(true);
  return body.data;
}

type Page = { items: PictureBankItem[]; total: number; tabCounts: Record<string, number> };
const count = async () => (await t.db.select({ id: pictureBankItems.id }).from(pictureBankItems)).length;

async function add(filename: string, category: number, isActive = true, format: 'png' | 'jpeg' = 'png') {
  const color = { r: (filename.length * 37) % 255, g: (category * 80) % 255, b: isActive ? 200 : 40 };
  return expectData(
    await api.create(cookies.admin, [
      await picture(format, filename, color),
      text('category', category),
      text('isActive', isActive),
    ]),
  );
}

describe('POST /PictureBankItem', () => {
  it('adds a png with its file name, category, active flag and stored size', async () => {
    const created = await add('hardlopen.png', Theme.Movement);
    expect(created).toMatchObject({
      fileName: 'hardlopen.png',
      category: Theme.Movement,
      isActive: true,
      width: 320,
      height: 200,
    });
    expect(created.pictureHash).toMatch(/^[0-9a-f]{64}$/);
    const [file] = await t.db.select().from(files).where(eq(files.hash, created.pictureHash));
    expect(file).toMatchObject({ mimeType: 'image/png', byteSize: created.byteSize });
    const cdn = await t.app.inject({ method: 'GET', url: `/cdn/${created.pictureHash}?fit=thumbnail` });
    expect(cdn.statusCode).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'PictureBankItem'));
    expect(entry).toMatchObject({ entityId: String(created.id) });
  });

  it('adds a jpeg, inactive', async () => {
    const created = await add('salade.jpg', Theme.Nutrition, false, 'jpeg');
    expect(created).toMatchObject({ fileName: 'salade.jpg', category: Theme.Nutrition, isActive: false });
    const [file] = await t.db.select().from(files).where(eq(files.hash, created.pictureHash));
    expect(file?.mimeType).toBe('image/jpeg');
  });

  it('refuses a missing picture, a non-image, an oversized file and a bad category, adding nothing', async () => {
    const before = await count();
    expectFailure(
      await api.create(cookies.admin, [text('category', 0), text('isActive', true)]),
      400,
      'picture',
      'validation.required',
    );
    expectFailure(
      await api.create(cookies.admin, [
        { name: 'picture', filename: 'x.png', contentType: 'image/png', data: 'not an image at all' },
        text('category', 0),
      ]),
      400,
      'picture',
      'files.errors.notAnImage',
    );
    expectFailure(
      await api.create(cookies.admin, [
        {
          name: 'picture',
          filename: 'huge.png',
          contentType: 'image/png',
          data: Buffer.alloc(6 * 1024 * 1024, 1),
        },
        text('category', 0),
      ]),
      413,
      'picture',
      'files.errors.tooLarge',
    );
    expectFailure(
      await api.create(cookies.admin, [await picture(), text('category', 7)]),
      400,
      'category',
      'pictureBank.errors.category',
    );
    expect(await count()).toBe(before);
  });
});

describe('GET /PictureBankItem/all and /{id}', () => {
  it('filters on category and active flag, searches the file name, pages and counts per category', async () => {
    await add('fietsen.png', Theme.Movement);
    await add('zwemmen.png', Theme.Movement, false);
    await add('ontbijt.png', Theme.Nutrition);
    await add('yoga-ontspanning.png', Theme.Relaxation);

    const all = expectData<Page>(await api.list(cookies.admin));
    expect(all.items.map((item) => item.fileName)).toEqual([
      'fietsen.png',
      'ontbijt.png',
      'yoga-ontspanning.png',
      'zwemmen.png',
    ]);
    expect(all.total).toBe(4);
    expect(all.tabCounts).toEqual({ all: 4, '0': 2, '1': 1, '2': 1 });

    // An empty category filter is every category, not Movement (0).
    expect(expectData<Page>(await api.list(cookies.admin, '?category=')).total).toBe(all.total);
    const movement = expectData<Page>(await api.list(cookies.admin, `?category=${Theme.Movement}`));
    expect(movement.items.map((item) => item.fileName)).toEqual(['fietsen.png', 'zwemmen.png']);
    expect(movement.tabCounts).toEqual({ all: 4, '0': 2, '1': 1, '2': 1 });

    const active = expectData<Page>(await api.list(cookies.admin, '?isActive=true'));
    expect(active.items.map((item) => item.fileName)).toEqual([
      'fietsen.png',
      'ontbijt.png',
      'yoga-ontspanning.png',
    ]);
    expect(active.tabCounts).toEqual({ all: 3, '0': 1, '1': 1, '2': 1 });
    const inactive = expectData<Page>(await api.list(cookies.admin, '?isActive=false'));
    expect(inactive.items.map((item) => item.fileName)).toEqual(['zwemmen.png']);

    const search = expectData<Page>(await api.list(cookies.admin, '?search=MEN'));
    expect(search.items.map((item) => item.fileName)).toEqual(['zwemmen.png']);
    const wildcard = expectData<Page>(await api.list(cookies.admin, '?search=%25'));
    expect(wildcard.total).toBe(0);

    const page2 = expectData<Page>(await api.list(cookies.admin, '?pageSize=3&page=2'));
    expect(page2.items.map((item) => item.fileName)).toEqual(['zwemmen.png']);
    expect(page2.total).toBe(4);
    const desc = expectData<Page>(await api.list(cookies.admin, '?sort=fileName&direction=desc&pageSize=1'));
    expect(desc.items[0]?.fileName).toBe('zwemmen.png');
  });

  it('refuses bad filters with translated errors', async () => {
    expectFailure(
      await api.list(cookies.admin, '?category=9'),
      400,
      'category',
      'pictureBank.errors.category',
    );
    expectFailure(await api.list(cookies.admin, '?sort=colour'), 400, 'sort', 'validation.invalidValue');
  });

  it('answers one picture, and 404 for one that does not exist', async () => {
    const created = await add('stretch.png', Theme.Relaxation);
    expect(expectData(await api.get(cookies.admin, created.id))).toEqual(created);
    expectFailure(await api.get(cookies.admin, 999_999), 404, 'general', 'pictureBank.errors.notFound');
  });
});

describe('PUT /PictureBankItem', () => {
  it('changes category and active flag and keeps the picture without a new one', async () => {
    const created = await add('wandelen.png', Theme.Movement);
    const updated = expectData(
      await api.update(cookies.admin, [
        text('id', created.id),
        text('category', Theme.Relaxation),
        text('isActive', false),
      ]),
    );
    expect(updated).toMatchObject({
      id: created.id,
      fileName: 'wandelen.png',
      pictureHash: created.pictureHash,
      category: Theme.Relaxation,
      isActive: false,
    });
  });

  it('sorts by the file size, which follows a replaced picture (the copy the database keeps)', async () => {
    const small = await add('klein.png', Theme.Movement);
    const jpeg = await add('foto.jpg', Theme.Movement, true, 'jpeg');
    const sizes = async (direction: 'asc' | 'desc') =>
      expectData<Page>(await api.list(cookies.admin, `?sort=byteSize&direction=${direction}`)).items.map(
        (item) => [item.fileName, item.byteSize],
      );
    const byFile = async () =>
      Object.fromEntries(
        (await t.db.select().from(pictureBankItems)).map((row) => [row.fileName, row.byteSize]),
      );
    expect(await byFile()).toEqual({ 'klein.png': small.byteSize, 'foto.jpg': jpeg.byteSize });
    const ascending = [small, jpeg]
      .sort((a, b) => a.byteSize - b.byteSize || a.id - b.id)
      .map((item) => [item.fileName, item.byteSize]);
    expect(await sizes('asc')).toEqual(ascending);
    expect(await sizes('desc')).toEqual([...ascending].reverse());
    // A new picture brings its own file and size; a direct write of the copy is overruled by the file.
    const replaced = expectData(
      await api.update(cookies.admin, [
        text('id', small.id),
        text('category', Theme.Movement),
        text('isActive', true),
        await picture('jpeg', 'groot.jpg', { r: 1, g: 2, b: 3 }),
      ]),
    );
    await t.db.update(pictureBankItems).set({ byteSize: 1 }).where(eq(pictureBankItems.id, jpeg.id));
    expect(await byFile()).toEqual({ 'groot.jpg': replaced.byteSize, 'foto.jpg': jpeg.byteSize });
    const after = [replaced, jpeg]
      .sort((a, b) => a.byteSize - b.byteSize || a.id - b.id)
      .map((item) => [item.fileName, item.byteSize]);
    expect(await sizes('asc')).toEqual(after);
  });

  it('replaces the picture and its file name with a new one', async () => {
    const created = await add('oud.png', Theme.Movement);
    const updated = expectData(
      await api.update(cookies.admin, [
        text('id', created.id),
        text('category', Theme.Movement),
        text('isActive', true),
        await picture('jpeg', 'nieuw.jpg', { r: 250, g: 250, b: 10 }),
      ]),
    );
    expect(updated.fileName).toBe('nieuw.jpg');
    expect(updated.pictureHash).not.toBe(created.pictureHash);
  });

  it('refuses a non-image and an unknown id, changing nothing', async () => {
    const created = await add('blijft.png', Theme.Movement);
    expectFailure(
      await api.update(cookies.admin, [
        text('id', created.id),
        text('category', Theme.Nutrition),
        text('isActive', false),
        { name: 'picture', filename: 'x.txt', contentType: 'text/plain', data: 'hello' },
      ]),
      400,
      'picture',
      'files.errors.notAnImage',
    );
    expect(expectData(await api.get(cookies.admin, created.id))).toEqual(created);
    expectFailure(
      await api.update(cookies.admin, [text('id', 999_999), text('category', 0), text('isActive', true)]),
      404,
      'general',
      'pictureBank.errors.notFound',
    );
    expectFailure(
      await api.update(cookies.admin, [text('id', created.id), text('category', 0)]),
      400,
      'isActive',
      'validation.required',
    );
  });
});

describe('DELETE /PictureBankItem/{id}', () => {
  it('deletes a picture that nothing uses', async () => {
    const created = await add('weg.png', Theme.Nutrition);
    expect(expectData<null>(await api.remove(cookies.admin, created.id))).toBeNull();
    expectFailure(await api.get(cookies.admin, created.id), 404, 'general', 'pictureBank.errors.notFound');
    expectFailure(await api.remove(cookies.admin, created.id), 404, 'general', 'pictureBank.errors.notFound');
  });

  it('refuses (409) to delete a picture a challenge template uses, deleting nothing', async () => {
    const used = await add('in-gebruik.png', Theme.Movement);
    await t.db.insert(challengeTemplates).values({
      name: 'Wandelen',
      description: 'Elke dag wandelen',
      theme: Theme.Movement,
      measurement: 0,
      measurementUnit: 0,
      activity: 0,
      difficulty: 0,
      completionPeriod: 1,
      completionAmount: 1,
      frequencyPeriod: 1,
      frequencyAmount: 1,
      frequencyPeriodAmount: 1,
      measurementAmount: 1,
      entreoPointsReward: 0,
      pictureBankItemId: used.id,
    });
    expect(await repository.countReferences(t.db, used.id)).toBe(1);
    expectFailure(await api.remove(cookies.admin, used.id), 409, 'general', 'pictureBank.errors.inUse');
    expect(expectData(await api.get(cookies.admin, used.id))).toEqual(used);

    // Its category stays the template's theme; the active flag may still change.
    expectFailure(
      await api.update(cookies.admin, [
        text('id', used.id),
        text('category', Theme.Nutrition),
        text('isActive', true),
      ]),
      409,
      'category',
      'pictureBank.errors.categoryInUse',
    );
    expect(expectData(await api.get(cookies.admin, used.id))).toEqual(used);
    const deactivated = await api.update(cookies.admin, [
      text('id', used.id),
      text('category', Theme.Movement),
      text('isActive', false),
    ]);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
  });
});

describe('access', () => {
  it('refuses every non-admin demo account (403) and anonymous callers (401), changing nothing', async () => {
    const created = await add('alleen-admin.png', Theme.Movement);
    for (const role of ['gym', 'location', 'employer', 'supplier', 'content'] as const) {
      const cookie = cookies[role];
      expect((await api.list(cookie)).statusCode, role).toBe(403);
      expect((await api.get(cookie, created.id)).statusCode, role).toBe(403);
      expect((await api.create(cookie, [await picture(), text('category', 0)])).statusCode, role).toBe(403);
      expect(
        (await api.update(cookie, [text('id', created.id), text('category', 2), text('isActive', false)]))
          .statusCode,
        role,
      ).toBe(403);
      expect((await api.remove(cookie, created.id)).statusCode, role).toBe(403);
    }
    expect((await api.list('')).statusCode).toBe(401);
    expect((await api.get('', created.id)).statusCode).toBe(401);
    expect((await api.create('', [await picture(), text('category', 0)])).statusCode).toBe(401);
    expect((await api.remove('', created.id)).statusCode).toBe(401);
    expect(expectData(await api.get(cookies.admin, created.id))).toEqual(created);
  });
});
