import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { cookieHeader, DEMO_PASSWORD, type TestApp } from './harness.ts';

/** A refused call: this status, the envelope without data, and this error among its errors. */
export function expectFailure(
  response: LightMyRequestResponse,
  status: number,
  key: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.ok).toBe(false);
  expect(body.data).toBeNull();
  expect(body.errors).toContainEqual({ key, message });
}

/** A successful call (200, no errors); its data. */
export function expectData<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.ok).toBe(true);
  expect(body.errors).toEqual([]);
  return body.data;
}

/** Signs a demo account in (demo password) from this address; the session's cookie header. */
export async function signInFrom(t: TestApp, email: string, remoteAddress: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

/**
 * `signIn(email)` with the demo password, giving the session's cookie header. Every sign-in comes from its
 * own address in `10.{subnet}.x.y`, so the per-address login limit never interferes; give each test file
 * its own subnet.
 */
export function demoSignIn(app: () => TestApp, subnet: number) {
  let addressCount = 0;
  return (email: string) =>
    signInFrom(app(), email, `10.${subnet}.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`);
}

/** Refused for lack of rights or role: 403 'auth.forbidden'. */
export function expectForbidden(response: LightMyRequestResponse) {
  expectFailure(response, 403, 'general', 'auth.forbidden');
}

/** Refused without a session: 401 'auth.signInRequired'. */
export function expectSignInRequired(response: LightMyRequestResponse) {
  expectFailure(response, 401, 'general', 'auth.signInRequired');
}

/** `call` is refused (403) for each of these sessions' cookies, and (401) without a session. */
export async function expectRefusedFor(
  call: (cookie: string) => Promise<LightMyRequestResponse>,
  cookies: readonly string[],
) {
  for (const cookie of cookies) expectForbidden(await call(cookie));
  expectSignInRequired(await call(''));
}
