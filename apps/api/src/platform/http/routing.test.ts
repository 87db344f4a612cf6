import { describe, expect, it } from 'vitest';
import { contractEndpoints } from '../../test/contract-walk.ts';
import { cookieHeader, DEMO_PASSWORD } from '../../test/harness.ts';
import { concreteUrl, expectFailure, nextAddress, signIn, t, useTestApp } from './platform-test-setup.ts';

useTestApp();

describe('routing', () => {
  it('is case-insensitive', async () => {
    const cookie = await signIn('locatie@example.com');
    const list = await t.app.inject({ method: 'GET', url: '/API/LOCATIONAREA', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(3);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/COOKIELOGIN',
      payload: { email: 'gym@example.com', password: DEMO_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.claims.role).toBe('Employee');

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/Api/Account/CookieRefresh',
      headers: { cookie: cookieHeader(login.cookies) },
    });
    expect(refresh.statusCode).toBe(200);

    const switchGym = await t.app.inject({
      method: 'GET',
      url: '/api/account/switchoptions',
      headers: { cookie: cookieHeader(login.cookies) },
    });
    expect(switchGym.statusCode).toBe(200);
  });

  it('answers an unknown API path with a 404 envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist/42', payload: {} });
      expectFailure(response, 404, 'errors.notFound');
    }
    expectFailure(await t.app.inject({ method: 'GET', url: '/api' }), 404, 'errors.notFound');
  });

  it('answers a method the path does not have with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/LocationArea', payload: {} });
    expectFailure(response, 404, 'errors.notFound');
  });

  it('answers bad path and query parameters with 400, not 500', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const url of [
      '/api/LocationArea/abc',
      '/api/LocationArea/0',
      '/api/LocationArea/-1',
      '/api/LocationArea/1.5',
      '/api/LocationArea/99999999999999999999999',
      '/api/LocationArea?page=abc',
      '/api/LocationArea?pageSize=1e9',
      '/api/LocationArea?sort=password',
      '/api/LocationArea?direction=sideways',
      `/api/LocationArea?search=${'x'.repeat(201)}`,
    ]) {
      expectFailure(await t.app.inject({ method: 'GET', url, headers: { cookie } }), 400);
    }
  });
});

describe('request ids', () => {
  it('puts an x-request-id on every answer, also on errors', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope' });
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/LocationArea' });
    for (const response of [ok, notFound, unauthorized]) {
      expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,64}$/);
    }
    expect(unauthorized.statusCode).toBe(401);
    expect(ok.headers['x-request-id']).not.toBe(notFound.headers['x-request-id']);
  });

  it('echoes a valid incoming id and replaces an invalid one', async () => {
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-1234abcd');

    const invalid = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\u0007<script>' },
    });
    expect(invalid.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('cross-origin requests', () => {
  const login = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      headers: { host: 'backoffice.example.nl', ...headers },
      payload: { email: 'content@example.com', password: DEMO_PASSWORD },
      remoteAddress: nextAddress(),
    });

  it('refuses unsafe methods from another origin with 403 auth.crossOrigin', async () => {
    const response = await login({ origin: 'http://evil.example' });
    expectFailure(response, 403, 'auth.crossOrigin');
    expect(response.cookies).toEqual([]);
  });

  it('refuses every unsafe method of the API from another origin, before anything else', async () => {
    const cookie = await signIn('locatie@example.com');
    for (const { endpoint } of contractEndpoints.filter(({ endpoint }) => endpoint.method !== 'GET')) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: concreteUrl(endpoint),
        headers: { cookie, origin: 'http://evil.example', host: 'localhost:3000' },
        payload: {},
      });
      expectFailure(response, 403, 'auth.crossOrigin');
    }
  });

  it('refuses a foreign port, scheme look-alike, an opaque (null) and an unparsable origin', async () => {
    for (const origin of [
      'http://backoffice.example.nl:8080',
      'http://backoffice.example.nl.evil.example',
      'null',
      'not a url',
    ]) {
      expectFailure(await login({ origin }), 403, 'auth.crossOrigin');
    }
  });

  it('refuses Sec-Fetch-Site cross-site and same-site', async () => {
    expectFailure(await login({ 'sec-fetch-site': 'cross-site' }), 403, 'auth.crossOrigin');
    expectFailure(await login({ 'sec-fetch-site': 'same-site' }), 403, 'auth.crossOrigin');
  });

  it('lets same-origin requests and requests without Origin pass', async () => {
    expect((await login({ origin: 'https://backoffice.example.nl' })).statusCode).toBe(200);
    expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(
      (await login({ origin: 'https://backoffice.example.nl', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(200);
    expect((await login({})).statusCode).toBe(200);
  });

  it('does not block safe methods from another origin', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
