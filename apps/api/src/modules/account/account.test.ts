import { randomUUID } from 'node:crypto';
import { type Claims, Environment, gymRights, locationRights } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../../platform/http/rate-limit.tables.ts';
import { createUser as makeUser, type UserSpec } from '../../test/factories.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import {
  associations,
  contentEnvironments,
  employers,
  gyms,
  locations,
  suppliers,
} from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { sessions } from './account.tables.ts';

let t: TestApp;
/** Ids of the demo data, looked up by name. */
const ids = {
  vitaal: 0,
  brug: 0,
  utrecht: 0,
  amersfoort: 0,
  zwolle: 0,
  jansen: 0,
  vandenBerg: 0,
  sportbond: 0,
  gezondZwolle: 0,
  kennisbank: 0,
  fitSupply: 0,
};
const userIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ loginSlowdownMs: 200 });
  const idOf = async (
    table:
      | typeof gyms
      | typeof employers
      | typeof suppliers
      | typeof associations
      | typeof contentEnvironments,
    name: string,
  ) => {
    const [row] = await t.db.select({ id: table.id }).from(table).where(eq(table.name, name));
    if (!row) throw new Error(`demo row ${name} missing`);
    return row.id;
  };
  const locationId = async (name: string) => {
    const [row] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.name, name));
    return row!.id;
  };
  ids.vitaal = await idOf(gyms, 'Vitaal Sportcentra');
  ids.brug = await idOf(gyms, 'Sportschool De Brug');
  ids.utrecht = await locationId('Vitaal Utrecht Centrum');
  ids.amersfoort = await locationId('Vitaal Amersfoort');
  ids.zwolle = await locationId('De Brug Zwolle');
  ids.jansen = await idOf(employers, 'Bakkerij Jansen B.V.');
  ids.vandenBerg = await idOf(employers, 'Van den Berg Logistiek');
  ids.sportbond = await idOf(associations, 'Sportbond Midden-Nederland');
  ids.gezondZwolle = await idOf(associations, 'Gezond Zwolle');
  ids.kennisbank = await idOf(contentEnvironments, 'Vitaal Kennisbank');
  ids.fitSupply = await idOf(suppliers, 'FitSupply Nederland');
  for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) {
    userIds[row.email] = row.id;
  }
});
afterAll(() => t.close());

/** Every sign-in from its own address, so the per-address login limit never interferes. */
let addressCount = 0;
const nextAddress = () => `10.30.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

const loginRequest = (
  payload: unknown,
  remoteAddress = nextAddress(),
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: payload as object,
    remoteAddress,
    headers,
  });

async function signIn(email: string) {
  const response = await loginRequest({ email, password: DEMO_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

const put = (url: string, payload: unknown, cookie = '') =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/cookierefresh', headers: { cookie } });

function expectFailure(response: LightMyRequestResponse, status: number, key: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.ok).toBe(false);
  expect(body.data).toBeNull();
  expect(body.errors).toContainEqual({ key, message });
}

/**
 * The access cookie names the session and carries no claims (they are read with the session on every
 * request), so it stays small whatever the number of rights.
 */
function expectSmallAccessCookie(response: LightMyRequestResponse) {
  const access = response.cookies.find((cookie) => cookie.name === 'xp_access');
  expect(access?.value).toBeTruthy();
  const payload = JSON.parse(Buffer.from(access!.value.split('.')[1]!, 'base64url').toString('utf8'));
  expect(payload.claims).toBeUndefined();
  expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
  expect(access!.value.length).toBeLessThan(300);
}

/** A new Employee of its own with the demo password, for tests that lock or change an account. */
async function createUser(overrides: UserSpec = {}) {
  return (await makeUser(t, overrides)).email;
}

describe('cookielogin', () => {
  it('signs in and answers the claims', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email: 'LOCATIE@example.com', password: 'demo-2026-welkom' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(body.data.requiresTfa).toBe(false);
    expect(body.data.claims.role).toBe('Employee');
    expect(body.data.claims.activeEnvironment).toBe(Environment.Location);
    const names = response.cookies.map((cookie) => cookie.name);
    expect(names).toEqual(expect.arrayContaining(['xp_access', 'xp_refresh']));
    expect(response.cookies.every((cookie) => cookie.httpOnly)).toBe(true);
  });

  it('answers the same for an unknown email and a wrong password', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email: 'nobody@example.com', password: 'whatever-123' },
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email: 'gym@example.com', password: 'whatever-123' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(wrong.json().errors);
    expect(unknown.json().errors[0].message).toBe('auth.invalidCredentials');
  });

  it('sets the session cookies HttpOnly, SameSite=Lax, the refresh token only for /api/account', async () => {
    const response = await loginRequest({ email: '  Werkgever@Example.com ', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const access = response.cookies.find((cookie) => cookie.name === 'xp_access');
    const refreshCookie = response.cookies.find((cookie) => cookie.name === 'xp_refresh');
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/account' });
    expect(access!.value).not.toBe(refreshCookie!.value);
    expectSmallAccessCookie(response);
  });

  it('answers exactly the same body for an unknown email, a wrong password, a deleted and an invited account', async () => {
    const deleted = await createUser({ deletedAt: new Date() });
    const invited = await createUser({ password: null });
    const answers = await Promise.all(
      [
        { email: `nobody-${randomUUID()}@example.com`, password: DEMO_PASSWORD },
        { email: 'content@example.com', password: 'not-the-password' },
        { email: deleted, password: DEMO_PASSWORD },
        { email: invited, password: DEMO_PASSWORD },
      ].map((payload) => loginRequest(payload)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        ok: false,
        data: null,
        errors: [{ key: 'general', message: 'auth.invalidCredentials' }],
      });
      expect(answer.cookies).toEqual([]);
    }
  });

  it('answers 400 with field keys for a missing or invalid email and password', async () => {
    const missing = await loginRequest({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { key: 'email', message: 'validation.required' },
        { key: 'password', message: 'validation.required' },
      ]),
    );
    expectFailure(
      await loginRequest({ email: 'not-an-email', password: DEMO_PASSWORD }),
      400,
      'email',
      'validation.email',
    );
    expectFailure(
      await loginRequest({ email: '', password: DEMO_PASSWORD }),
      400,
      'email',
      'validation.required',
    );
    expectFailure(
      await loginRequest({ email: 42, password: DEMO_PASSWORD }),
      400,
      'email',
      'validation.invalidType',
    );
    expectFailure(
      await loginRequest({ email: 'admin@example.com', password: '' }),
      400,
      'password',
      'validation.required',
    );
    expectFailure(
      await loginRequest({ email: 'admin@example.com', password: 'x'.repeat(201) }),
      400,
      'password',
      'validation.tooLong',
    );
  });
});

describe('login rate limits', () => {
  it('answers 429 with Retry-After on the 11th attempt for one account from one address, even with the right password', async () => {
    const email = await createUser();
    const address = nextAddress();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await loginRequest({ email, password: 'wrong-password' }, address);
      expectFailure(response, 400, 'general', 'auth.invalidCredentials');
    }
    const blocked = await loginRequest({ email: email.toUpperCase(), password: DEMO_PASSWORD }, address);
    expectFailure(blocked, 429, 'general', 'auth.tooManyAttempts');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.cookies).toEqual([]);
  });

  it('never locks the owner out: wrong passwords from elsewhere slow the account down, the owner still signs in', async () => {
    const email = await createUser();
    // Eleven wrong passwords, each from another address (an attacker spreading its attempts).
    for (let attempt = 1; attempt <= 11; attempt++) {
      expectFailure(
        await loginRequest({ email, password: 'wrong-password' }),
        400,
        'general',
        'auth.invalidCredentials',
      );
    }
    // The owner, from their own address, is slowed down (the test app's step is 200 ms: the 12th attempt
    // waits 2 x 200 ms) but not refused.
    const started = performance.now();
    const owner = await loginRequest({ email, password: DEMO_PASSWORD });
    expect(owner.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(395);
    // Signing in starts the account's count again.
    const counters = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:account:${email.toLowerCase()}`));
    expect(counters).toEqual([]);
  });

  it('limits an unknown email the same way as a known one', async () => {
    const email = `unknown-${randomUUID()}@example.com`;
    const address = nextAddress();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await loginRequest({ email, password: 'wrong-password' }, address)).statusCode).toBe(400);
    }
    const blocked = await loginRequest({ email, password: 'wrong-password' }, address);
    expectFailure(blocked, 429, 'general', 'auth.tooManyAttempts');
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('starts counting again after a successful login and after the window', async () => {
    const email = await createUser();
    const address = nextAddress();
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await loginRequest({ email, password: 'wrong-password' }, address)).statusCode).toBe(400);
    }
    expect((await loginRequest({ email, password: DEMO_PASSWORD }, address)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await loginRequest({ email, password: 'wrong-password' }, address)).statusCode).toBe(400);
    }
    expect((await loginRequest({ email, password: DEMO_PASSWORD }, address)).statusCode).toBe(429);
    // The window (15 minutes) has passed.
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '16 minutes' where key like ${`login:account%${email}%`}`,
    );
    expect((await loginRequest({ email, password: DEMO_PASSWORD }, address)).statusCode).toBe(200);
  });

  it('counts the wrong attempts of an address, not its sign-ins: a club behind one address signs in all day', async () => {
    const address = '192.0.2.78';
    const email = await createUser();
    for (let attempt = 1; attempt <= 60; attempt++) {
      const response = await loginRequest({ email, password: DEMO_PASSWORD }, address);
      expect(response.statusCode, `sign-in ${attempt}`).toBe(200);
    }
    // Its wrong attempts still count to 50, the sign-ins between them taking back only their own.
    for (let attempt = 1; attempt <= 50; attempt++) {
      const wrong = await loginRequest(
        { email: `spray-b-${attempt}-${randomUUID()}@example.com`, password: 'wrong-password' },
        address,
      );
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      if (attempt % 10 === 0 && attempt < 50)
        expect((await loginRequest({ email, password: DEMO_PASSWORD }, address)).statusCode).toBe(200);
    }
    expectFailure(
      await loginRequest({ email: 'leverancier@example.com', password: DEMO_PASSWORD }, address),
      429,
      'general',
      'auth.tooManyAttempts',
    );
  });

  it('answers 429 after 50 attempts from one address, whatever X-Forwarded-For says', async () => {
    const address = '192.0.2.77';
    for (let attempt = 1; attempt <= 50; attempt++) {
      const response = await loginRequest(
        { email: `spray-${attempt}-${randomUUID()}@example.com`, password: 'wrong-password' },
        address,
        { 'x-forwarded-for': `198.51.100.${attempt}` },
      );
      expect(response.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const blocked = await loginRequest(
      { email: 'leverancier@example.com', password: DEMO_PASSWORD },
      address,
    );
    expectFailure(blocked, 429, 'general', 'auth.tooManyAttempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected, and neither is the account.
    expect(
      (await loginRequest({ email: 'leverancier@example.com', password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('access token', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 401 with Token-Expired: true once the access token expired, and refresh renews it', async () => {
    const cookie = await signIn('gym@example.com');
    expect((await t.app.inject({ url: '/api/Account/SwitchOptions', headers: { cookie } })).statusCode).toBe(
      200,
    );

    // 16 minutes later (the access token lives 15); only Date is faked, the database keeps its own clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const expired = await t.app.inject({ url: '/api/Account/SwitchOptions', headers: { cookie } });
    expectFailure(expired, 401, 'general', 'auth.sessionExpired');
    expect(expired.headers['token-expired']).toBe('true');

    const renewed = await refresh(cookie);
    expect(renewed.statusCode).toBe(200);
    const next = cookieHeader(renewed.cookies, cookie);
    const again = await t.app.inject({ url: '/api/Account/SwitchOptions', headers: { cookie: next } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['token-expired']).toBeUndefined();
  });

  it('answers 401 without Token-Expired when there is no cookie, or a bad or forged token', async () => {
    const none = await t.app.inject({ url: '/api/Account/SwitchOptions' });
    expectFailure(none, 401, 'general', 'auth.signInRequired');
    expect(none.headers['token-expired']).toBeUndefined();

    const garbage = await t.app.inject({
      url: '/api/Account/SwitchOptions',
      headers: { cookie: 'xp_access=not.a.token' },
    });
    expectFailure(garbage, 401, 'general', 'auth.signInRequired');
    expect(garbage.headers['token-expired']).toBeUndefined();

    // Admin claims signed with a key that is not the server's.
    const login = await loginRequest({ email: 'content@example.com', password: DEMO_PASSWORD });
    const claims = { ...login.json().data.claims, role: 'Admin', rights: ['Admin'] };
    const forged = createSigner({
      key: Buffer.from('x'.repeat(64)),
      algorithm: 'HS256',
      iss: 'xp-backoffice',
      expiresIn: 15 * 60 * 1000,
    })({ claims, jti: randomUUID() });
    const withForged = await t.app.inject({
      url: '/api/LocationArea?locationId=1',
      headers: { cookie: `xp_access=${forged}` },
    });
    expectFailure(withForged, 401, 'general', 'auth.signInRequired');

    // The real token with its claims changed keeps a signature that no longer matches.
    const real = login.cookies.find((cookie) => cookie.name === 'xp_access')!.value;
    const [header, , signature] = real.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ claims, iss: 'xp-backoffice', jti: randomUUID(), exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    const withTampered = await t.app.inject({
      url: '/api/LocationArea?locationId=1',
      headers: { cookie: `xp_access=${tampered}` },
    });
    expectFailure(withTampered, 401, 'general', 'auth.signInRequired');
  });
});

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

describe('switching', () => {
  /** Switches and checks the answer, the new access cookie and a later refresh all carry the switch. */
  async function switchAndCheck(cookie: string, url: string, body: unknown, expected: Partial<Claims>) {
    const response = await put(url, body, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const claims: Claims = response.json().data.claims;
    expect(claims).toMatchObject(expected);
    expectSmallAccessCookie(response);
    const next = cookieHeader(response.cookies, cookie);
    const refreshed = await refresh(next);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.claims).toEqual(claims);
    return { claims, cookie: cookieHeader(refreshed.cookies, next) };
  }

  /** The session's claims as a refresh rebuilds them from the database. */
  const currentClaims = async (cookie: string) => (await refresh(cookie)).json().data.claims as Claims;

  const switchEndpoints = [
    { url: '/api/Account/SwitchActiveGym', field: 'gymId', area: 'gym' },
    { url: '/api/Account/SwitchActiveLocation', field: 'locationId', area: 'location' },
    { url: '/api/Account/SwitchActiveEmployer', field: 'employerId', area: 'employer' },
    { url: '/api/Account/SwitchActiveAssociation', field: 'associationId', area: 'association' },
    {
      url: '/api/Account/SwitchActiveContentEnvironment',
      field: 'contentEnvironmentId',
      area: 'contentEnvironment',
    },
    { url: '/api/Account/SwitchActiveSupplierEnvironment', field: 'supplierEnvironmentId', area: 'supplier' },
    { url: '/api/Account/SwitchActiveEnvironment', field: 'Environment', area: 'environment' },
  ];

  describe('validation and authentication of every switch endpoint', () => {
    it.each(switchEndpoints)('$url', async ({ url, field }) => {
      const cookie = await signIn('admin@example.com');
      expectFailure(await put(url, {}, cookie), 400, field, 'validation.required');
      expectFailure(await put(url, { [field]: 'abc' }, cookie), 400, field, 'validation.invalidType');
      expectFailure(await put(url, { [field]: 1.5 }, cookie), 400, field, 'validation.invalidType');
      expectFailure(await put(url, { [field]: -1 }, cookie), 400, field, 'validation.tooSmall');
      // The field name is spelled as in the spec: another spelling is a missing field.
      const otherSpelling = field === 'Environment' ? 'environment' : field.toUpperCase();
      expectFailure(await put(url, { [otherSpelling]: 1 }, cookie), 400, field, 'validation.required');
      // Nothing changed.
      expect((await currentClaims(cookie)).activeEnvironment).toBe(Environment.Admin);

      const anonymous = await put(url, { [field]: 1 });
      expectFailure(anonymous, 401, 'general', 'auth.signInRequired');
      expect(anonymous.headers['token-expired']).toBeUndefined();
    });

    it('SwitchActiveEnvironment refuses values outside the environments', async () => {
      const cookie = await signIn('admin@example.com');
      expectFailure(
        await put('/api/Account/SwitchActiveEnvironment', { Environment: 9 }, cookie),
        400,
        'Environment',
        'validation.tooBig',
      );
    });

    it('SwitchActiveLocation takes null but not a missing locationId', async () => {
      const cookie = await signIn('admin@example.com');
      expectFailure(
        await put('/api/Account/SwitchActiveLocation', { locationId: undefined }, cookie),
        400,
        'locationId',
        'validation.required',
      );
    });

    it('SwitchOptions needs a session', async () => {
      expectFailure(
        await t.app.inject({ url: '/api/Account/SwitchOptions' }),
        401,
        'general',
        'auth.signInRequired',
      );
    });
  });

  describe('as admin', () => {
    it('SwitchActiveGym', async () => {
      const cookie = await signIn('admin@example.com');
      const { cookie: next } = await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveGym',
        { gymId: ids.brug },
        { activeGymId: ids.brug, activeLocationId: null, activeEnvironment: Environment.Gym },
      );
      const options = await t.app.inject({ url: '/api/Account/SwitchOptions', headers: { cookie: next } });
      expect(options.json().data.locations).toEqual([{ id: ids.zwolle, name: 'De Brug Zwolle' }]);
    });

    it('SwitchActiveLocation, and back to the whole gym with null (Hoofdlocatie)', async () => {
      const cookie = await signIn('admin@example.com');
      const { cookie: atZwolle } = await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveLocation',
        { locationId: ids.zwolle },
        { activeGymId: ids.brug, activeLocationId: ids.zwolle, activeEnvironment: Environment.Location },
      );
      const rooms = await t.app.inject({ url: '/api/LocationArea', headers: { cookie: atZwolle } });
      expect(rooms.json().data.items.map((item: { name: string }) => item.name)).toEqual(['Krachthonk']);
      await switchAndCheck(
        atZwolle,
        '/api/Account/SwitchActiveLocation',
        { locationId: null },
        { activeGymId: ids.brug, activeLocationId: null, activeEnvironment: Environment.Gym },
      );
    });

    it('SwitchActiveEmployer', async () => {
      await switchAndCheck(
        await signIn('admin@example.com'),
        '/api/Account/SwitchActiveEmployer',
        { employerId: ids.vandenBerg },
        { activeEmployerId: ids.vandenBerg, activeEnvironment: Environment.Employer },
      );
    });

    it('SwitchActiveAssociation', async () => {
      await switchAndCheck(
        await signIn('admin@example.com'),
        '/api/Account/SwitchActiveAssociation',
        { associationId: ids.gezondZwolle },
        { activeAssociationId: ids.gezondZwolle, activeEnvironment: Environment.Association },
      );
    });

    it('SwitchActiveContentEnvironment', async () => {
      await switchAndCheck(
        await signIn('admin@example.com'),
        '/api/Account/SwitchActiveContentEnvironment',
        { contentEnvironmentId: ids.kennisbank },
        { activeContentEnvironmentId: ids.kennisbank, activeEnvironment: Environment.Content },
      );
    });

    it('SwitchActiveSupplierEnvironment', async () => {
      await switchAndCheck(
        await signIn('admin@example.com'),
        '/api/Account/SwitchActiveSupplierEnvironment',
        { supplierEnvironmentId: ids.fitSupply },
        { activeSupplierId: ids.fitSupply, activeEnvironment: Environment.Supplier },
      );
    });

    it('SwitchActiveEnvironment to every environment, filling in a first organisation', async () => {
      const expectations: [number, Partial<Claims>][] = [
        [Environment.Gym, { activeGymId: ids.vitaal, activeLocationId: null }],
        [Environment.Location, { activeGymId: ids.vitaal, activeLocationId: ids.utrecht }],
        [Environment.Customer, { activeGymId: ids.vitaal, activeLocationId: null }],
        [Environment.Employer, { activeEmployerId: ids.jansen }],
        [Environment.Association, { activeAssociationId: ids.gezondZwolle }],
        [Environment.TipsAndTricks, {}],
        [Environment.Content, { activeContentEnvironmentId: ids.kennisbank }],
        [Environment.Supplier, { activeSupplierId: ids.fitSupply }],
        [Environment.Admin, {}],
      ];
      let cookie = await signIn('admin@example.com');
      for (const [environment, expected] of expectations) {
        ({ cookie } = await switchAndCheck(
          cookie,
          '/api/Account/SwitchActiveEnvironment',
          { Environment: environment },
          { activeEnvironment: environment, ...expected },
        ));
      }
    });

    it('refuses unknown ids with 403', async () => {
      const cookie = await signIn('admin@example.com');
      const unknown = 999_999;
      for (const { url, field, area } of switchEndpoints.filter(({ field }) => field !== 'Environment')) {
        expectFailure(await put(url, { [field]: unknown }, cookie), 403, 'general', `${area}.switch.error`);
      }
      expect((await currentClaims(cookie)).activeEnvironment).toBe(Environment.Admin);
    });
  });

  describe('forbidden role or other tenant', () => {
    it('gym@ may switch within its own gym, not to De Brug', async () => {
      const cookie = await signIn('gym@example.com');
      expectFailure(
        await put('/api/Account/SwitchActiveGym', { gymId: ids.brug }, cookie),
        403,
        'general',
        'gym.switch.error',
      );
      expectFailure(
        await put('/api/Account/SwitchActiveLocation', { locationId: ids.zwolle }, cookie),
        403,
        'general',
        'location.switch.error',
      );
      expect(await currentClaims(cookie)).toMatchObject({ activeGymId: ids.vitaal, activeLocationId: null });
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveGym',
        { gymId: ids.vitaal },
        { activeGymId: ids.vitaal, activeEnvironment: Environment.Gym },
      );
      // Its gym right covers every location of the gym, and null goes back to the whole gym.
      const { cookie: atAmersfoort } = await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveLocation',
        { locationId: ids.amersfoort },
        {
          activeGymId: ids.vitaal,
          activeLocationId: ids.amersfoort,
          activeEnvironment: Environment.Location,
        },
      );
      await switchAndCheck(
        atAmersfoort,
        '/api/Account/SwitchActiveLocation',
        { locationId: null },
        { activeGymId: ids.vitaal, activeLocationId: null, activeEnvironment: Environment.Gym },
      );
    });

    it('locatie@ may only use Utrecht, and the main location of its gym', async () => {
      const cookie = await signIn('locatie@example.com');
      for (const locationId of [ids.amersfoort, ids.zwolle]) {
        expectFailure(
          await put('/api/Account/SwitchActiveLocation', { locationId }, cookie),
          403,
          'general',
          'location.switch.error',
        );
      }
      expectFailure(
        await put('/api/Account/SwitchActiveGym', { gymId: ids.brug }, cookie),
        403,
        'general',
        'gym.switch.error',
      );
      expect(await currentClaims(cookie)).toMatchObject({
        activeLocationId: ids.utrecht,
        activeEnvironment: Environment.Location,
      });
      // An employee of the gym may go to 'Hoofdlocatie' (the gym level: dashboard and locations).
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveLocation',
        { locationId: null },
        { activeGymId: ids.vitaal, activeLocationId: null, activeEnvironment: Environment.Gym },
      );
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveLocation',
        { locationId: ids.utrecht },
        { activeGymId: ids.vitaal, activeLocationId: ids.utrecht, activeEnvironment: Environment.Location },
      );
      // Switching to its gym lands on the location it may use.
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveGym',
        { gymId: ids.vitaal },
        { activeGymId: ids.vitaal, activeLocationId: ids.utrecht, activeEnvironment: Environment.Location },
      );
    });

    it('werkgever@ may only use its own employer', async () => {
      const cookie = await signIn('werkgever@example.com');
      expectFailure(
        await put('/api/Account/SwitchActiveEmployer', { employerId: ids.vandenBerg }, cookie),
        403,
        'general',
        'employer.switch.error',
      );
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveEmployer',
        { employerId: ids.jansen },
        { activeEmployerId: ids.jansen, activeEnvironment: Environment.Employer },
      );
      expectFailure(
        await put('/api/Account/SwitchActiveGym', { gymId: ids.vitaal }, cookie),
        403,
        'general',
        'gym.switch.error',
      );
      expectFailure(
        await put(
          '/api/Account/SwitchActiveSupplierEnvironment',
          { supplierEnvironmentId: ids.fitSupply },
          cookie,
        ),
        403,
        'general',
        'supplier.switch.error',
      );
    });

    it('leverancier@ may only use its own supplier', async () => {
      const cookie = await signIn('leverancier@example.com');
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveSupplierEnvironment',
        { supplierEnvironmentId: ids.fitSupply },
        { activeSupplierId: ids.fitSupply, activeEnvironment: Environment.Supplier },
      );
      expectFailure(
        await put('/api/Account/SwitchActiveEmployer', { employerId: ids.jansen }, cookie),
        403,
        'general',
        'employer.switch.error',
      );
    });

    it.each([
      'gym@example.com',
      'locatie@example.com',
      'werkgever@example.com',
      'leverancier@example.com',
      'content@example.com',
    ])('%s may not switch to an association or content environment', async (email) => {
      const cookie = await signIn(email);
      const before = await currentClaims(cookie);
      expectFailure(
        await put('/api/Account/SwitchActiveAssociation', { associationId: ids.sportbond }, cookie),
        403,
        'general',
        'association.switch.error',
      );
      expectFailure(
        await put(
          '/api/Account/SwitchActiveContentEnvironment',
          { contentEnvironmentId: ids.kennisbank },
          cookie,
        ),
        403,
        'general',
        'contentEnvironment.switch.error',
      );
      expect(await currentClaims(cookie)).toEqual(before);
    });

    it('SwitchActiveEnvironment allows only the environments of the role', async () => {
      const environment = (value: number, cookie: string) =>
        put('/api/Account/SwitchActiveEnvironment', { Environment: value }, cookie);

      const location = await signIn('locatie@example.com');
      for (const value of [
        Environment.Admin,
        Environment.Gym,
        Environment.Employer,
        Environment.Association,
      ]) {
        expectFailure(await environment(value, location), 403, 'general', 'environment.switch.error');
      }
      await switchAndCheck(
        location,
        '/api/Account/SwitchActiveEnvironment',
        { Environment: Environment.Location },
        { activeEnvironment: Environment.Location, activeLocationId: ids.utrecht },
      );

      const gym = await signIn('gym@example.com');
      expectFailure(await environment(Environment.Admin, gym), 403, 'general', 'environment.switch.error');
      await switchAndCheck(
        gym,
        '/api/Account/SwitchActiveEnvironment',
        { Environment: Environment.Location },
        { activeEnvironment: Environment.Location, activeGymId: ids.vitaal, activeLocationId: ids.utrecht },
      );

      for (const email of ['werkgever@example.com', 'leverancier@example.com', 'content@example.com']) {
        const cookie = await signIn(email);
        expectFailure(
          await environment(Environment.Location, cookie),
          403,
          'general',
          'environment.switch.locationError',
        );
        expectFailure(
          await environment(Environment.Admin, cookie),
          403,
          'general',
          'environment.switch.error',
        );
        expectFailure(await environment(Environment.Gym, cookie), 403, 'general', 'environment.switch.error');
      }
    });

    it('an Employee without any right may not enter the Location environment', async () => {
      const cookie = await signIn(await createUser());
      expectFailure(
        await put('/api/Account/SwitchActiveEnvironment', { Environment: Environment.Location }, cookie),
        403,
        'general',
        'environment.switch.locationError',
      );
    });

    it('a rights change shows in the next refresh (claims are rebuilt from the database)', async () => {
      const email = await createUser();
      const cookie = await signIn(email);
      expect((await currentClaims(cookie)).locationRights).toEqual([]);
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await t.db.execute(
        sql`insert into location_right_grants (user_id, location_id, "right") values (${user!.id}, ${ids.zwolle}, 'ManageLocationAreas')`,
      );
      expect((await currentClaims(cookie)).locationRights).toEqual([`${ids.zwolle}:ManageLocationAreas`]);
    });

    it('a switch of a revoked session is refused', async () => {
      const cookie = await signIn('werkgever@example.com');
      const token = cookie
        .split('; ')
        .find((pair) => pair.startsWith('xp_access='))!
        .slice('xp_access='.length);
      const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
      await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, jti));
      expectFailure(
        await put('/api/Account/SwitchActiveEmployer', { employerId: ids.jansen }, cookie),
        401,
        'general',
        'auth.signInRequired',
      );
    });
  });

  describe('SwitchOptions', () => {
    const options = async (email: string) => {
      const response = await t.app.inject({
        url: '/api/Account/SwitchOptions',
        headers: { cookie: await signIn(email) },
      });
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    const empty = {
      gyms: [],
      locations: [],
      employers: [],
      associations: [],
      contentEnvironments: [],
      suppliers: [],
    };

    it('admin sees everything, and the locations of its active gym', async () => {
      expect(await options('admin@example.com')).toEqual({
        gyms: [
          { id: ids.brug, name: 'Sportschool De Brug' },
          { id: ids.vitaal, name: 'Vitaal Sportcentra' },
        ],
        locations: [
          { id: ids.amersfoort, name: 'Vitaal Amersfoort' },
          { id: ids.utrecht, name: 'Vitaal Utrecht Centrum' },
        ],
        employers: [
          { id: ids.jansen, name: 'Bakkerij Jansen B.V.' },
          { id: ids.vandenBerg, name: 'Van den Berg Logistiek' },
        ],
        associations: [
          { id: ids.gezondZwolle, name: 'Gezond Zwolle' },
          { id: ids.sportbond, name: 'Sportbond Midden-Nederland' },
        ],
        contentEnvironments: [{ id: ids.kennisbank, name: 'Vitaal Kennisbank' }],
        // Every supplier, the Pending demo one too (seed/suppliers.ts).
        suppliers: [
          { id: ids.fitSupply, name: 'FitSupply Nederland' },
          { id: expect.any(Number), name: 'HomeGym Direct' },
        ],
      });
    });

    it('gym@ sees only Vitaal and both its locations', async () => {
      expect(await options('gym@example.com')).toEqual({
        ...empty,
        gyms: [{ id: ids.vitaal, name: 'Vitaal Sportcentra' }],
        locations: [
          { id: ids.amersfoort, name: 'Vitaal Amersfoort' },
          { id: ids.utrecht, name: 'Vitaal Utrecht Centrum' },
        ],
      });
    });

    it('locatie@ sees only Vitaal and Utrecht', async () => {
      expect(await options('locatie@example.com')).toEqual({
        ...empty,
        gyms: [{ id: ids.vitaal, name: 'Vitaal Sportcentra' }],
        locations: [{ id: ids.utrecht, name: 'Vitaal Utrecht Centrum' }],
      });
    });

    it('werkgever@ sees only its employer', async () => {
      expect(await options('werkgever@example.com')).toEqual({
        ...empty,
        employers: [{ id: ids.jansen, name: 'Bakkerij Jansen B.V.' }],
      });
    });

    it('leverancier@ sees only its supplier; content@ nothing', async () => {
      expect(await options('leverancier@example.com')).toEqual({
        ...empty,
        suppliers: [{ id: ids.fitSupply, name: 'FitSupply Nederland' }],
      });
      expect(await options('content@example.com')).toEqual(empty);
    });
  });
});
