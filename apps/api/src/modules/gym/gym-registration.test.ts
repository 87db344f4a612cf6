import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { files } from '../../platform/files/files.tables.ts';
import { expectFailure, expectForbidden } from '../../test/expect.ts';
import { gyms } from '../organisation/organisation.tables.ts';
import {
  api,
  auditRows,
  employeeWith,
  expectData,
  gym,
  gymRow,
  signIn,
  t,
  useTestApp,
} from './gym-test-setup.ts';

useTestApp();

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
