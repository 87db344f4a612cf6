import type { Association, AssociationLocation } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectRefusedFor } from '../../test/expect.ts';
import { locations } from '../organisation/organisation.tables.ts';
import {
  addAssociation,
  api,
  association,
  associationOf,
  associationRow,
  cookies,
  expectData,
  location,
  names,
  nonAdmins,
  type Page,
  t,
  text,
  useTestApp,
} from './association-test-setup.ts';

useTestApp();

describe('who may call', () => {
  it('refuses every endpoint without a session (401) and for every role but Admin (403)', async () => {
    const calls = [
      (cookie: string) => api.list(cookie),
      (cookie: string) => api.get(cookie, association.sportbond),
      (cookie: string) => api.locations(cookie, association.sportbond),
      (cookie: string) => api.free(cookie),
      (cookie: string) => api.active(cookie),
      (cookie: string) => api.activeLocations(cookie),
      (cookie: string) => api.create(cookie, [text('name', 'Nieuw')]),
      (cookie: string) => api.update(cookie, [text('id', association.sportbond), text('name', 'Nieuw')]),
      (cookie: string) => api.remove(cookie, association.zwolle),
      (cookie: string) => api.add(cookie, { associationId: association.zwolle, locationId: location.zwolle }),
      (cookie: string) =>
        api.release(cookie, { associationId: association.sportbond, locationId: location.utrecht }),
    ];
    for (const call of calls) {
      await expectRefusedFor(
        call,
        nonAdmins.map((role) => cookies[role]),
      );
    }
    // Nothing changed.
    expect(await associationRow(association.zwolle)).toMatchObject({ name: 'Gezond Zwolle' });
    expect(await associationOf(location.utrecht)).toBe(association.sportbond);
    expect(await associationOf(location.zwolle)).toBeNull();
  });
});

describe('GET /association', () => {
  it('lists the associations with their numbers of locations, by name', async () => {
    const page = expectData<Page<Association>>(await api.list(cookies.admin));
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      { id: association.zwolle, name: 'Gezond Zwolle', bannerHash: null, locationCount: 0 },
      { id: association.sportbond, name: 'Sportbond Midden-Nederland', bannerHash: null, locationCount: 2 },
    ]);
  });

  it('searches, sorts and pages in SQL', async () => {
    for (const name of ['Alpha bond', 'beta bond', 'Gamma bond']) await addAssociation(name);
    expect(names(await api.list(cookies.admin, '?search=BOND'))).toEqual([
      'Alpha bond',
      'beta bond',
      'Gamma bond',
      'Sportbond Midden-Nederland',
    ]);
    expect(names(await api.list(cookies.admin, '?search=50%25'))).toEqual([]);
    expect(names(await api.list(cookies.admin, '?sort=locationCount&direction=desc&pageSize=1'))).toEqual([
      'Sportbond Midden-Nederland',
    ]);
    const second = expectData<Page<Association>>(await api.list(cookies.admin, '?pageSize=2&page=2'));
    expect(second.total).toBe(5);
    expect(second.items.map((item) => item.name)).toEqual(['Gamma bond', 'Gezond Zwolle']);
  });

  it('refuses a bad query with field errors', async () => {
    expectFailure(await api.list(cookies.admin, '?sort=banner'), 400, 'sort', 'validation.invalidValue');
    const response = await api.list(cookies.admin, '?pageSize=1000');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('pageSize');
  });
});

describe('GET /association/{id}', () => {
  it('answers one association, 404 for an unknown one', async () => {
    expect(expectData(await api.get(cookies.admin, association.sportbond))).toEqual({
      id: association.sportbond,
      name: 'Sportbond Midden-Nederland',
      bannerHash: null,
      locationCount: 2,
    });
    expectFailure(await api.get(cookies.admin, 999999), 404, 'general', 'association.errors.notFound');
    expect((await api.get(cookies.admin, 'abc')).statusCode).toBe(400);
  });
});

describe('GET /association/locations/{id}', () => {
  it('lists the locations of the association with gym and city, searched and sorted', async () => {
    const page = expectData<Page<AssociationLocation>>(
      await api.locations(cookies.admin, association.sportbond),
    );
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.name, item.gymName, item.city])).toEqual([
      ['Vitaal Amersfoort', 'Vitaal Sportcentra', 'Amersfoort'],
      ['Vitaal Utrecht Centrum', 'Vitaal Sportcentra', 'Utrecht'],
    ]);
    expect(names(await api.locations(cookies.admin, association.sportbond, '?search=utrecht'))).toEqual([
      'Vitaal Utrecht Centrum',
    ]);
    expect(
      names(await api.locations(cookies.admin, association.sportbond, '?search=sportcentra')),
    ).toHaveLength(2);
    expect(
      names(await api.locations(cookies.admin, association.sportbond, '?sort=city&direction=desc')),
    ).toEqual(['Vitaal Utrecht Centrum', 'Vitaal Amersfoort']);
    expect(
      expectData<Page<AssociationLocation>>(await api.locations(cookies.admin, association.zwolle)),
    ).toEqual({
      items: [],
      total: 0,
    });
  });

  it('answers 404 for an unknown association and 400 for a bad query', async () => {
    expectFailure(await api.locations(cookies.admin, 999999), 404, 'general', 'association.errors.notFound');
    expectFailure(
      await api.locations(cookies.admin, association.sportbond, '?sort=street'),
      400,
      'sort',
      'validation.invalidValue',
    );
  });
});

describe('GET /association/noAssociationLocations', () => {
  it('lists only locations in no association, with their gym, searchable', async () => {
    const page = expectData<Page<AssociationLocation>>(await api.free(cookies.admin));
    expect(page.items.map((item) => [item.name, item.gymName, item.city])).toEqual([
      ['De Brug Zwolle', 'Sportschool De Brug', 'Zwolle'],
    ]);
    expect(names(await api.free(cookies.admin, '?search=brug'))).toEqual(['De Brug Zwolle']);
    expect(names(await api.free(cookies.admin, '?search=utrecht'))).toEqual([]);
    await t.db.update(locations).set({ associationId: null }).where(eq(locations.id, location.utrecht));
    expect(names(await api.free(cookies.admin, '?search=utrecht'))).toEqual(['Vitaal Utrecht Centrum']);
  });
});
