import { Environment } from '@xp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
});

describe('cookierefresh', () => {
  it('rotates the refresh token and revokes the family on reuse', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email: 'gym@example.com', password: 'demo-2026-welkom' },
    });
    const first = cookieHeader(login.cookies);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/account/cookierefresh', headers: { cookie: first } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data.claims.role).toBe('Employee');
    const second = cookieHeader(refreshed.cookies, first);
    expect(second).not.toBe(first);
    // Using the rotated token again (outside the short grace period) is theft: the family dies.
    await t.db.execute(
      (await import('drizzle-orm')).sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    const reused = await t.app.inject({ method: 'POST', url: '/api/account/cookierefresh', headers: { cookie: first } });
    expect(reused.statusCode).toBe(401);
    const afterTheft = await t.app.inject({ method: 'POST', url: '/api/account/cookierefresh', headers: { cookie: second } });
    expect(afterTheft.statusCode).toBe(401);
  });
});
