import { randomUUID } from 'node:crypto';
import { type LocationArea, locationRights } from '@xp/contracts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { cookieHeader } from '../../test/harness.ts';
import { users } from '../user/user.tables.ts';
import { locationAreas } from './location-area.tables.ts';
import {
  api,
  auditRows,
  expectData,
  location,
  names,
  room,
  rowExists,
  seeded,
  signIn,
  t,
  userIds,
  useTestApp,
} from './location-area-test-setup.ts';

useTestApp();

describe('access', () => {
  /** One call of every endpoint with valid input, aimed at the given room. */
  const everyEndpoint = (cookie: string, area: LocationArea) => ({
    list: () => api.list(cookie),
    listOfLocation: () => api.list(cookie, `?locationId=${area.locationId}`),
    get: () => api.get(cookie, area.id),
    create: () => api.create(cookie, room(`Nieuw ${randomUUID()}`)),
    update: () => api.update(cookie, { id: area.id, ...room('Overgenomen') }),
    remove: () => api.remove(cookie, area.id),
  });

  it('answers 401 on every endpoint without a session', async () => {
    for (const [name, call] of Object.entries(everyEndpoint('', seeded['Grote zaal']!))) {
      const response = await call();
      expect(response.statusCode, name).toBe(401);
      expectSignInRequired(response);
    }
    expect(await rowExists(seeded['Grote zaal']!.id)).toBe(true);
  });

  it.each(['werkgever@example.com', 'leverancier@example.com', 'content@example.com'])(
    '%s gets 403 on every endpoint',
    async (email) => {
      const cookie = await signIn(email);
      for (const [name, call] of Object.entries(everyEndpoint(cookie, seeded['Grote zaal']!))) {
        const response = await call();
        expect(response.statusCode, name).toBe(403);
        expectForbidden(response);
      }
      expect(
        await t.db.select().from(locationAreas).where(eq(locationAreas.id, seeded['Grote zaal']!.id)),
      ).toEqual([expect.objectContaining({ name: 'Grote zaal' })]);
      expect(await auditRows(seeded['Grote zaal']!.id)).toEqual([]);
    },
  );

  it('an employee with another right on the location (not ManageLocationAreas) gets 403', async () => {
    const user = await createUser(t, {
      firstName: 'Lies',
      lastName: 'de Lesgever',
      locationRights: [
        {
          locationId: location.utrecht,
          rights: locationRights.filter((right) => right !== 'ManageLocationAreas'),
        },
      ],
    });
    const cookie = await signIn(user.email);
    for (const [name, call] of Object.entries(everyEndpoint(cookie, seeded['Grote zaal']!))) {
      expect((await call()).statusCode, name).toBe(403);
    }
    await t.db.delete(users).where(inArray(users.id, [user.id]));
  });

  it('gym@ without an active location holds no location right: every call is forbidden', async () => {
    const cookie = await signIn('gym@example.com');
    const area = seeded['Grote zaal']!;
    expectForbidden(await api.list(cookie));
    expectForbidden(await api.create(cookie, room('Nergens')));
    expectForbidden(await api.get(cookie, area.id));
    expectForbidden(await api.update(cookie, { id: area.id, ...room('Overgenomen') }));
    expectForbidden(await api.remove(cookie, area.id));
    // A gym right counts for the active location only.
    expectForbidden(await api.list(cookie, `?locationId=${location.utrecht}`));
    expect(await rowExists(area.id)).toBe(true);
  });

  it('gym@ after switching to Utrecht manages its rooms through its gym right', async () => {
    const login = await signIn('gym@example.com');
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/Account/SwitchActiveLocation',
      headers: { cookie: login },
      payload: { locationId: location.utrecht },
    });
    expect(switched.statusCode).toBe(200);
    const cookie = cookieHeader(switched.cookies, login);

    expect(names(await api.list(cookie))).toEqual(['Bootcamp Griftpark', 'Grote zaal', 'Spinningzaal']);
    const created = expectData(await api.create(cookie, room('Squashbaan')));
    expect(created.locationId).toBe(location.utrecht);
    expect(expectData(await api.update(cookie, { id: created.id, ...room('Squashbaan 1') })).name).toBe(
      'Squashbaan 1',
    );
    expect((await api.remove(cookie, created.id)).statusCode).toBe(200);
    expect((await auditRows(created.id)).map((entry) => [entry.action, entry.userId])).toEqual([
      ['create', userIds['gym@example.com']],
      ['update', userIds['gym@example.com']],
      ['delete', userIds['gym@example.com']],
    ]);

    // Other locations stay out of reach, in its own gym too.
    expectFailure(
      await api.get(cookie, seeded.Yogastudio!.id),
      404,
      'general',
      'locationArea.errors.notFound',
    );
    expectForbidden(await api.list(cookie, `?locationId=${location.amersfoort}`));
  });
});
