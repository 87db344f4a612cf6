import { type Claims, Environment, gymRights, locationRights } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieHeader, DEMO_PASSWORD } from '../../test/harness.ts';
import { users } from '../user/user.tables.ts';
import {
  createUser,
  expectFailure,
  expectSmallAccessCookie,
  ids,
  loginRequest,
  put,
  refresh,
  signIn,
  t,
  userIds,
  useTestApp,
} from './account-test-setup.ts';

useTestApp();

describe('cookierefresh', () => {
  it('rotates the refresh token and revokes the family on reuse', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email: 'gym@example.com', password: 'demo-2026-welkom' },
    });
    const first = cookieHeader(login.cookies);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookierefresh',
      headers: { cookie: first },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.claims.role).toBe('Employee');
    const second = cookieHeader(refreshed.cookies, first);
    expect(second).not.toBe(first);
    // Using the rotated token again (outside the short grace period) is theft: the family dies.
    await t.db.execute(
      sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookierefresh',
      headers: { cookie: first },
    });
    expect(reused.statusCode).toBe(401);
    const afterTheft = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookierefresh',
      headers: { cookie: second },
    });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('answers the claims and new cookies; the old refresh token works only within the grace period', async () => {
    const first = await signIn('locatie@example.com');
    const refreshed = await refresh(first);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.claims).toMatchObject({ role: 'Employee', activeLocationId: ids.utrecht });
    const names = refreshed.cookies.map((cookie) => cookie.name).sort();
    expect(names).toEqual(['xp_access', 'xp_refresh']);
    expectSmallAccessCookie(refreshed);
    // Two tabs refreshing at once: the second use right after rotation is a race, not a theft; it renews
    // the access cookie only, since the first answer set the successor refresh token.
    const racing = await refresh(first);
    expect(racing.statusCode).toBe(200);
    expect(racing.cookies.map((cookie) => cookie.name)).toEqual(['xp_access']);
    const second = cookieHeader(refreshed.cookies, first);
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('answers 401 auth.refreshFailed and clears the cookies without or with an unknown refresh token', async () => {
    for (const cookie of ['', 'xp_refresh=unknown-token', 'xp_access=x; xp_refresh=']) {
      const response = await refresh(cookie);
      expectFailure(response, 401, 'general', 'auth.refreshFailed');
      const cleared = response.cookies.filter((item) => item.value === '').map((item) => item.name);
      expect(cleared.sort()).toEqual(['xp_access', 'xp_refresh']);
    }
  });

  it('refuses to refresh a session of a user deleted after signing in', async () => {
    const email = await createUser();
    const cookie = await signIn(email);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, email));
    expectFailure(await refresh(cookie), 401, 'general', 'auth.refreshFailed');
  });
});

describe('restore (start-up of the app)', () => {
  const restore = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/restore', headers: { cookie } });

  it('answers claims null with 200, and sets no cookie, for a visitor without a session', async () => {
    const response = await restore('');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, data: { claims: null }, errors: [] });
    expect(response.cookies).toEqual([]);
  });

  it('answers claims null with 200 and clears the cookies for an unknown or ended session', async () => {
    const cookie = await signIn('content@example.com');
    await t.app.inject({ method: 'POST', url: '/api/account/cookielogout', headers: { cookie } });
    for (const presented of ['xp_refresh=unknown-token', cookie]) {
      const response = await restore(presented);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ claims: null });
      const cleared = response.cookies.filter((item) => item.value === '').map((item) => item.name);
      expect(cleared.sort()).toEqual(['xp_access', 'xp_refresh']);
    }
  });

  it('renews a live session like cookierefresh', async () => {
    const cookie = await signIn('werkgever@example.com');
    const response = await restore(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.claims).toMatchObject({ role: 'Employer' });
    expect(response.cookies.map((item) => item.name).sort()).toEqual(['xp_access', 'xp_refresh']);
    expectSmallAccessCookie(response);
  });
});

describe('cookielogout', () => {
  it('revokes the session and clears the cookies', async () => {
    const cookie = await signIn('content@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogout',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, data: null, errors: [] });
    const cleared = response.cookies.filter((item) => item.value === '');
    expect(cleared.map((item) => item.name).sort()).toEqual(['xp_access', 'xp_refresh']);
    for (const item of cleared) expect(item.expires!.getTime()).toBeLessThan(Date.now());

    expectFailure(await refresh(cookie), 401, 'general', 'auth.refreshFailed');
    // Switching needs a live session, so it is refused at once.
    expectFailure(
      await put('/api/Account/SwitchActiveEnvironment', { Environment: Environment.TipsAndTricks }, cookie),
      401,
      'general',
      'auth.signInRequired',
    );
  });

  it('revokes through the refresh token alone (access token already gone)', async () => {
    const cookie = await signIn('leverancier@example.com');
    const refreshOnly = cookie
      .split('; ')
      .filter((pair) => pair.startsWith('xp_refresh='))
      .join('; ');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogout',
      headers: { cookie: refreshOnly },
    });
    expect(response.statusCode).toBe(200);
    expectFailure(await refresh(cookie), 401, 'general', 'auth.refreshFailed');
  });

  it('answers 200 when nobody is signed in', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/account/cookielogout' });
    expect(response.statusCode).toBe(200);
    expect(response.json().ok).toBe(true);
  });
});

describe('claims of the demo users', () => {
  const cases: { email: string; expected: () => Partial<Claims> }[] = [
    {
      email: 'admin@example.com',
      expected: () => ({
        role: 'Admin',
        rights: ['Admin'],
        activeEnvironment: Environment.Admin,
        activeGymId: ids.vitaal,
        activeLocationId: null,
        gymRights: [],
        locationRights: [],
        name: 'Sanne de Vries',
      }),
    },
    {
      email: 'gym@example.com',
      expected: () => ({
        role: 'Employee',
        rights: [],
        activeEnvironment: Environment.Gym,
        activeGymId: ids.vitaal,
        activeLocationId: null,
        gymRights: gymRights.map((right) => `${ids.vitaal}:${right}`),
        locationRights: [],
        name: 'Jeroen Bakker',
      }),
    },
    {
      email: 'locatie@example.com',
      expected: () => ({
        role: 'Employee',
        rights: [],
        activeEnvironment: Environment.Location,
        activeGymId: ids.vitaal,
        activeLocationId: ids.utrecht,
        gymRights: [],
        locationRights: locationRights.map((right) => `${ids.utrecht}:${right}`),
        name: 'Fatima el Amrani',
      }),
    },
    {
      email: 'werkgever@example.com',
      expected: () => ({
        role: 'Employer',
        activeEnvironment: Environment.Employer,
        activeEmployerId: ids.jansen,
        activeGymId: null,
        name: 'Pieter van den Berg',
      }),
    },
    {
      email: 'leverancier@example.com',
      expected: () => ({
        role: 'Supplier',
        activeEnvironment: Environment.Supplier,
        activeSupplierId: ids.fitSupply,
        activeGymId: null,
        name: 'Lotte Visser',
      }),
    },
    {
      email: 'content@example.com',
      expected: () => ({
        role: 'ContentCreator',
        activeEnvironment: Environment.TipsAndTricks,
        activeGymId: null,
        name: 'Daan Smit',
      }),
    },
  ];

  it.each(cases)('$email', async ({ email, expected }) => {
    const response = await loginRequest({ email, password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const claims: Claims = response.json().data.claims;
    const none = {
      activeGymId: null,
      activeLocationId: null,
      activeEmployerId: null,
      activeAssociationId: null,
      activeContentEnvironmentId: null,
      activeSupplierId: null,
      rights: [],
      gymRights: [],
      locationRights: [],
    };
    // Rights are a set: their order carries no meaning.
    const sorted = (value: Partial<Claims>) => ({
      ...value,
      gymRights: [...(value.gymRights ?? [])].sort(),
      locationRights: [...(value.locationRights ?? [])].sort(),
    });
    expect(sorted(claims)).toEqual(
      sorted({ ...none, userId: userIds[email], language: 'nl', ...expected() }),
    );
    expectSmallAccessCookie(response);
  });
});
