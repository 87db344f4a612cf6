import type { AssociationLocation } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { files } from '../../platform/files/files.tables.ts';
import { expectFailure } from '../../test/expect.ts';
import { associations } from '../organisation/organisation.tables.ts';
import {
  addAssociation,
  adminInAssociation,
  api,
  association,
  associationOf,
  associationRow,
  auditRows,
  cookies,
  expectData,
  image,
  json,
  location,
  names,
  type Page,
  signIn,
  t,
  text,
  useTestApp,
} from './association-test-setup.ts';

useTestApp();

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
