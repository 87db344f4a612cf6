import { gymRights } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden } from '../../test/expect.ts';
import { gyms } from '../organisation/organisation.tables.ts';
import {
  addGym,
  api,
  auditRows,
  employeeWith,
  expectData,
  gym,
  gymRow,
  signIn,
  t,
  userIds,
  useTestApp,
} from './gym-test-setup.ts';

useTestApp();

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
