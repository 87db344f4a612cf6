import type { LocationArea } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden } from '../../test/expect.ts';
import { api, expectData, location, names, seeded, signIn, useTestApp } from './location-area-test-setup.ts';

useTestApp();

describe('list', () => {
  it('answers the rooms of the active location only, by name', async () => {
    const data = expectData<{ items: LocationArea[]; total: number }>(
      await api.list(await signIn('locatie@example.com')),
    );
    expect(data).toEqual({
      items: [seeded['Bootcamp Griftpark'], seeded['Grote zaal'], seeded.Spinningzaal],
      total: 3,
    });
    expect(seeded['Bootcamp Griftpark']).toMatchObject({
      locationId: location.utrecht,
      sameAddressAsLocation: false,
      street: 'Griftpark',
      houseNumber: '1',
      postalCode: '3514 EZ',
      city: 'Utrecht',
    });
    expect(seeded['Grote zaal']).toMatchObject({
      locationId: location.utrecht,
      sameAddressAsLocation: true,
      street: null,
      postalCode: null,
    });
  });

  it('searches name, street and city, case-insensitively, with LIKE wildcards taken literally', async () => {
    const cookie = await signIn('locatie@example.com');
    const zaal = expectData<{ items: LocationArea[]; total: number }>(await api.list(cookie, '?search=zaal'));
    expect(zaal.items.map((item) => item.name)).toEqual(['Grote zaal', 'Spinningzaal']);
    expect(zaal.total).toBe(2);
    expect(names(await api.list(cookie, '?search=ZAAL'))).toEqual(['Grote zaal', 'Spinningzaal']);
    expect(names(await api.list(cookie, '?search=%20spinning%20'))).toEqual(['Spinningzaal']);
    expect(names(await api.list(cookie, '?search=griftPARK'))).toEqual(['Bootcamp Griftpark']);
    expect(names(await api.list(cookie, '?search=utrecht'))).toEqual(['Bootcamp Griftpark']);
    for (const wildcard of ['%25', '_', '%5C']) {
      expect(expectData<{ total: number }>(await api.list(cookie, `?search=${wildcard}`)).total).toBe(0);
    }
    // Another location's room is never found.
    expect(expectData<{ total: number }>(await api.list(cookie, '?search=Krachthonk')).total).toBe(0);
  });

  it('sorts by name and by address, both directions', async () => {
    const cookie = await signIn('locatie@example.com');
    expect(names(await api.list(cookie, '?sort=name&direction=desc'))).toEqual([
      'Spinningzaal',
      'Grote zaal',
      'Bootcamp Griftpark',
    ]);
    expect(names(await api.list(cookie, '?sort=name&direction=asc'))).toEqual([
      'Bootcamp Griftpark',
      'Grote zaal',
      'Spinningzaal',
    ]);
    // The location's own address sorts first; ties by id.
    expect(names(await api.list(cookie, '?sort=address'))).toEqual([
      'Grote zaal',
      'Spinningzaal',
      'Bootcamp Griftpark',
    ]);
    expect(names(await api.list(cookie, '?sort=address&direction=desc'))).toEqual([
      'Bootcamp Griftpark',
      'Spinningzaal',
      'Grote zaal',
    ]);
  });

  it('pages with the total of all matches', async () => {
    const cookie = await signIn('locatie@example.com');
    expect(expectData(await api.list(cookie, '?pageSize=1&page=2'))).toEqual({
      items: [seeded['Grote zaal']],
      total: 3,
    });
    expect(expectData(await api.list(cookie, '?pageSize=2&page=2'))).toEqual({
      items: [seeded.Spinningzaal],
      total: 3,
    });
    expect(expectData(await api.list(cookie, '?pageSize=1&page=9'))).toEqual({ items: [], total: 3 });
    expect(expectData(await api.list(cookie, '?pageSize=100&search=zaal&page=1'))).toMatchObject({
      total: 2,
    });
  });

  it('refuses bad paging, sorting and search with 400 and the field key', async () => {
    const cookie = await signIn('locatie@example.com');
    expectFailure(await api.list(cookie, '?pageSize=101'), 400, 'pageSize', 'validation.tooBig');
    expectFailure(await api.list(cookie, '?pageSize=0'), 400, 'pageSize', 'validation.tooSmall');
    expectFailure(await api.list(cookie, '?page=0'), 400, 'page', 'validation.tooSmall');
    expectFailure(await api.list(cookie, '?page=two'), 400, 'page', 'validation.invalidType');
    expectFailure(await api.list(cookie, '?sort=street'), 400, 'sort', 'validation.invalidValue');
    expectFailure(await api.list(cookie, '?direction=up'), 400, 'direction', 'validation.invalidValue');
    expectFailure(await api.list(cookie, `?search=${'a'.repeat(201)}`), 400, 'search', 'validation.tooLong');
    expectFailure(await api.list(cookie, '?locationId=abc'), 400, 'locationId', 'validation.invalidType');
  });

  it('takes another location only where the user holds the right there', async () => {
    const cookie = await signIn('locatie@example.com');
    expect(
      expectData<{ total: number }>(await api.list(cookie, `?locationId=${location.utrecht}`)).total,
    ).toBe(3);
    expectForbidden(await api.list(cookie, `?locationId=${location.amersfoort}`));
    expectForbidden(await api.list(cookie, `?locationId=${location.zwolle}`));
  });

  it('answers an admin without active location 403 auth.noActive.location, unless ?locationId= is given', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.list(cookie), 403, 'general', 'auth.noActive.location');
    expect(expectData(await api.list(cookie, `?locationId=${location.zwolle}`))).toEqual({
      items: [seeded.Krachthonk],
      total: 1,
    });
    expect(names(await api.list(cookie, `?locationId=${location.amersfoort}`))).toEqual(['Yogastudio']);
  });
});

describe('get', () => {
  it('answers a room of the active location', async () => {
    const cookie = await signIn('locatie@example.com');
    expect(expectData(await api.get(cookie, seeded['Bootcamp Griftpark']!.id))).toEqual(
      seeded['Bootcamp Griftpark'],
    );
  });

  it("answers 404 for another location's room (other gym or same gym) and for an unknown id", async () => {
    const cookie = await signIn('locatie@example.com');
    for (const id of [seeded.Krachthonk!.id, seeded.Yogastudio!.id, 999_999]) {
      expectFailure(await api.get(cookie, id), 404, 'general', 'locationArea.errors.notFound');
    }
  });

  it('answers any room to an admin', async () => {
    const cookie = await signIn('admin@example.com');
    expect(expectData(await api.get(cookie, seeded.Krachthonk!.id))).toEqual(seeded.Krachthonk);
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const id of ['abc', '0', '-3', '2.5']) {
      expectFailure(await api.get(cookie, id), 400, 'id', expect.stringMatching(/^validation\./) as never);
    }
  });
});
