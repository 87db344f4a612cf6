import { randomUUID } from 'node:crypto';
import { Environment } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../../platform/http/rate-limit.tables.ts';
import { cookieHeader, DEMO_PASSWORD } from '../../test/harness.ts';
import {
  createUser,
  expectFailure,
  expectSmallAccessCookie,
  loginRequest,
  nextAddress,
  refresh,
  signIn,
  t,
  useTestApp,
} from './account-test-setup.ts';

useTestApp();

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
