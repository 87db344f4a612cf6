import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invalid } from '../../test/client.ts';
import { expectFailure } from '../../test/expect.ts';
import { locationAreas } from './location-area.tables.ts';
import {
  api,
  auditRows,
  expectData,
  location,
  names,
  ownAddress,
  room,
  rowExists,
  seeded,
  signIn,
  t,
  userIds,
  useTestApp,
} from './location-area-test-setup.ts';

useTestApp();

describe('create', () => {
  it('adds a room at the location address, dropping any address sent along, and audits it', async () => {
    const cookie = await signIn('locatie@example.com');
    const created = expectData(
      await api.create(cookie, { ...room('  Danszaal  '), ...ownAddress, sameAddressAsLocation: true }),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      locationId: location.utrecht,
      name: 'Danszaal',
      sameAddressAsLocation: true,
      street: null,
      houseNumber: null,
      postalCode: null,
      city: null,
    });
    expect(expectData(await api.get(cookie, created.id))).toEqual(created);
    expect(names(await api.list(cookie))).toContain('Danszaal');

    const [entry, ...more] = await auditRows(created.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      entity: 'LocationArea',
      entityId: String(created.id),
      action: 'create',
      userId: userIds['locatie@example.com'],
    });
    expect(entry!.changes.name).toEqual({ old: null, new: 'Danszaal' });
    expect(entry!.requestId).toEqual(expect.any(String));
  });

  it('adds a room with its own address, normalising the postal code', async () => {
    const cookie = await signIn('locatie@example.com');
    const created = expectData(
      await api.create(cookie, room('Buitenbad', { ...ownAddress, postalCode: '3511az', city: ' Utrecht ' })),
    );
    expect(created).toMatchObject({
      name: 'Buitenbad',
      sameAddressAsLocation: false,
      street: 'Lange Nieuwstraat',
      houseNumber: '12a',
      postalCode: '3511 AZ',
      city: 'Utrecht',
    });
    const other = expectData(
      await api.create(cookie, room('Dakterras', { ...ownAddress, postalCode: ' 3511 az ' })),
    );
    expect(other.postalCode).toBe('3511 AZ');
  });

  it('requires street, house number, postal code and city unless the address is the location’s', async () => {
    const cookie = await signIn('locatie@example.com');
    const response = await api.create(cookie, room('Sporthal', { street: '', city: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { key: 'street', message: 'validation.required' },
        { key: 'houseNumber', message: 'validation.required' },
        { key: 'postalCode', message: 'validation.required' },
        { key: 'city', message: 'validation.required' },
      ]),
    );
    expect(response.json().errors).toHaveLength(4);
  });

  it('refuses a postal code that is not Dutch with validation.postalCode', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const postalCode of [
      '1234',
      '0123 AB',
      '12345 AB',
      '3511 A1',
      '3511  AZ',
      '3511 SA',
      '3511 SS',
      '3511 SD',
    ]) {
      const response = await api.create(cookie, room(`Zaal ${postalCode}`, { ...ownAddress, postalCode }));
      expectFailure(response, 400, 'postalCode', 'validation.postalCode');
    }
    expect(expectData<{ total: number }>(await api.list(cookie)).total).toBe(3);
  });

  it('refuses the excluded letter pairs SA, SD and SS also when typed in lower case', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const postalCode of ['3511 sa', '3511sd', '3511 ss']) {
      const response = await api.create(cookie, room(`Zaal ${postalCode}`, { ...ownAddress, postalCode }));
      expectFailure(response, 400, 'postalCode', 'validation.postalCode');
    }
  });

  it('validates name and sameAddressAsLocation with field keys', async () => {
    const cookie = await signIn('locatie@example.com');
    expectFailure(
      await api.create(cookie, invalid({ sameAddressAsLocation: true })),
      400,
      'name',
      'validation.required',
    );
    expectFailure(await api.create(cookie, room('   ')), 400, 'name', 'validation.required');
    expectFailure(await api.create(cookie, room('x'.repeat(101))), 400, 'name', 'validation.tooLong');
    expectFailure(
      await api.create(cookie, invalid({ name: 'Zaal' })),
      400,
      'sameAddressAsLocation',
      'validation.required',
    );
    expectFailure(
      await api.create(cookie, invalid({ name: 'Zaal', sameAddressAsLocation: 'true' })),
      400,
      'sameAddressAsLocation',
      'validation.invalidType',
    );
    expectFailure(
      await api.create(cookie, room('Zaal', { ...ownAddress, street: 'x'.repeat(121) })),
      400,
      'street',
      'validation.tooLong',
    );
    expect(expectData<{ total: number }>(await api.list(cookie)).total).toBe(3);
  });

  it('answers 409 on the name key for a name the location already has, in any case', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const name of ['Grote zaal', 'GROTE ZAAL', '  grote zaal ']) {
      expectFailure(await api.create(cookie, room(name)), 409, 'name', 'locationArea.errors.nameTaken');
    }
    // Another location's name is free here.
    expect(expectData(await api.create(cookie, room('Yogastudio'))).locationId).toBe(location.utrecht);
  });

  it('answers 409, never 500, when the same new name is sent several times at once', async () => {
    const cookie = await signIn('locatie@example.com');
    const responses = await Promise.all(Array.from({ length: 6 }, () => api.create(cookie, room('Sauna'))));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expectFailure(response, 409, 'name', 'locationArea.errors.nameTaken');
    }
  });

  it('needs an active location: an admin without one gets 403 auth.noActive.location', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.create(cookie, room('Zaal 9')), 403, 'general', 'auth.noActive.location');
  });
});

describe('update', () => {
  it('changes a room of the active location and audits the change', async () => {
    const cookie = await signIn('locatie@example.com');
    const created = expectData(await api.create(cookie, room('Kleine zaal')));
    const updated = expectData(
      await api.update(cookie, {
        id: created.id,
        ...room('Kleine zaal boven', { ...ownAddress, postalCode: '3512ph' }),
      }),
    );
    expect(updated).toEqual({
      id: created.id,
      locationId: location.utrecht,
      name: 'Kleine zaal boven',
      sameAddressAsLocation: false,
      ...ownAddress,
      postalCode: '3512 PH',
    });
    expect(expectData(await api.get(cookie, created.id))).toEqual(updated);

    const back = expectData(await api.update(cookie, { id: created.id, ...room('KLEINE ZAAL BOVEN') }));
    expect(back).toMatchObject({ name: 'KLEINE ZAAL BOVEN', sameAddressAsLocation: true, street: null });

    const entries = await auditRows(created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
    expect(entries[1]).toMatchObject({ userId: userIds['locatie@example.com'], entity: 'LocationArea' });
    expect(entries[1]!.changes).toMatchObject({
      name: { old: 'Kleine zaal', new: 'Kleine zaal boven' },
      sameAddressAsLocation: { old: true, new: false },
      postalCode: { old: null, new: '3512 PH' },
    });
  });

  it('answers 409 when renaming to another room of the location', async () => {
    const cookie = await signIn('locatie@example.com');
    expectFailure(
      await api.update(cookie, { id: seeded.Spinningzaal!.id, ...room('grote zaal') }),
      409,
      'name',
      'locationArea.errors.nameTaken',
    );
    expect(expectData(await api.get(cookie, seeded.Spinningzaal!.id)).name).toBe('Spinningzaal');
  });

  it("answers 404 for another location's room and leaves it unchanged", async () => {
    const cookie = await signIn('locatie@example.com');
    for (const area of [seeded.Krachthonk!, seeded.Yogastudio!]) {
      expectFailure(
        await api.update(cookie, { id: area.id, ...room('Overgenomen') }),
        404,
        'general',
        'locationArea.errors.notFound',
      );
      const [row] = await t.db.select().from(locationAreas).where(eq(locationAreas.id, area.id));
      expect(row!.name).toBe(area.name);
      expect(await auditRows(area.id)).toEqual([]);
    }
    expectFailure(
      await api.update(cookie, { id: 999_999, ...room('Niets') }),
      404,
      'general',
      'locationArea.errors.notFound',
    );
  });

  it('validates the id and the fields', async () => {
    const cookie = await signIn('locatie@example.com');
    const id = seeded['Grote zaal']!.id;
    expectFailure(await api.update(cookie, invalid(room('Zonder id'))), 400, 'id', 'validation.required');
    expectFailure(
      await api.update(cookie, invalid({ id: 'een', ...room('Zaal') })),
      400,
      'id',
      'validation.invalidType',
    );
    expectFailure(await api.update(cookie, { id: 0, ...room('Zaal') }), 400, 'id', 'validation.tooSmall');
    expectFailure(await api.update(cookie, { id, ...room('') }), 400, 'name', 'validation.required');
    expectFailure(
      await api.update(cookie, { id, ...room('Grote zaal', { ...ownAddress, postalCode: 'ABCD 12' }) }),
      400,
      'postalCode',
      'validation.postalCode',
    );
    expectFailure(
      await api.update(cookie, { id, ...room('Grote zaal', { ...ownAddress, houseNumber: null }) }),
      400,
      'houseNumber',
      'validation.required',
    );
    expect(expectData(await api.get(cookie, id))).toEqual(seeded['Grote zaal']);
  });

  it('lets an admin change any room', async () => {
    const cookie = await signIn('admin@example.com');
    const [area] = await t.db
      .insert(locationAreas)
      .values({ locationId: location.zwolle, name: 'Cardiozaal', sameAddressAsLocation: true })
      .returning();
    const updated = expectData(await api.update(cookie, { id: area!.id, ...room('Cardio & fitness') }));
    expect(updated).toMatchObject({ name: 'Cardio & fitness', locationId: location.zwolle });
    expect((await auditRows(area!.id))[0]).toMatchObject({
      action: 'update',
      userId: userIds['admin@example.com'],
    });
  });
});

describe('delete', () => {
  it('deletes a room of the active location and audits it', async () => {
    const cookie = await signIn('locatie@example.com');
    const created = expectData(await api.create(cookie, room('Tijdelijke zaal')));
    const response = await api.remove(cookie, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, data: null, errors: [] });
    expectFailure(await api.get(cookie, created.id), 404, 'general', 'locationArea.errors.notFound');
    expectFailure(await api.remove(cookie, created.id), 404, 'general', 'locationArea.errors.notFound');

    const entries = await auditRows(created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'delete']);
    expect(entries[1]).toMatchObject({ userId: userIds['locatie@example.com'], entity: 'LocationArea' });
    expect(entries[1]!.changes.name).toEqual({ old: 'Tijdelijke zaal', new: null });
  });

  it("answers 404 for another location's room, which stays", async () => {
    const cookie = await signIn('locatie@example.com');
    for (const area of [seeded.Krachthonk!, seeded.Yogastudio!]) {
      expectFailure(await api.remove(cookie, area.id), 404, 'general', 'locationArea.errors.notFound');
      expect(await rowExists(area.id)).toBe(true);
    }
    expectFailure(await api.remove(cookie, 999_999), 404, 'general', 'locationArea.errors.notFound');
    expectFailure(await api.remove(cookie, 'abc'), 400, 'id', 'validation.invalidType');
  });
});
