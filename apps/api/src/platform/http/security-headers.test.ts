import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testImage } from '../../test/multipart.ts';
import { createDiskFileStore } from '../files/file-store.ts';
import { saveFile } from '../files/images.ts';

const CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';frame-ancestors 'none';" +
  "form-action 'self';object-src 'none';base-uri 'self'";

/** A built SPA in miniature: an index, a hashed asset and its source map. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)\n//# sourceMappingURL=x');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.map'), '{"version":3,"sources":[]}');
  return dir;
}

function expectSecurityHeaders(response: LightMyRequestResponse, csp = CSP) {
  expect(response.headers['content-security-policy']).toBe(csp);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
}

const webDist = fakeWebDist();
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist });
  });
  afterAll(() => t?.close());

  it('an API answer has the security headers and is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('so does an answer with personal data, whatever the case of its path', async () => {
    const cookie = await t.login('admin@example.com');
    for (const url of ['/api/account/cookierefresh', '/API/Account/CookieRefresh']) {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('error answers have them too: a 404, a 400, and a 403 from the origin check', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email: 'not-an-email', password: 'x' },
    });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      headers: { origin: 'https://evil.example.net' },
      payload: { email: 'admin@example.com', password: 'x' },
    });
    for (const [response, status] of [
      [notFound, 404],
      [invalid, 400],
      [crossSite, 403],
    ] as const) {
      expect(response.statusCode).toBe(status);
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('the SPA has them and keeps its caching; source maps are served in development', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/admin/users' });
    expect(index.statusCode).toBe(200);
    expectSecurityHeaders(index);
    expect(index.headers['cache-control']).toBe('no-cache');
    // A build without the login entry's page (login.html) serves the app on the login page too.
    const login = await t.app.inject({ method: 'GET', url: '/account/login/%2Fadmin' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<div id="root">');
    expectSecurityHeaders(login);
    expect(login.headers['cache-control']).toBe('no-cache');
    // And so does a build without the public pages' entry (public.html).
    const signUp = await t.app.inject({ method: 'GET', url: '/inschrijven/vitaal' });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.body).toContain('<div id="root">');
    expectSecurityHeaders(signUp);

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expectSecurityHeaders(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js.map' })).statusCode).toBe(
      200,
    );
  });

  it('images keep their immutable caching', async () => {
    const stored = await saveFile(
      { db: t.db, store: createDiskFileStore(t.filesDir) },
      await testImage('png', { width: 4, height: 4 }),
      { mimeType: 'image/png', width: 4, height: 4 },
    );
    const response = await t.app.inject({ method: 'GET', url: `/cdn/${stored.hash}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the API docs are served under the same policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page);
    // Scripts from this origin only: the page has no inline script the policy would block.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' })).statusCode,
    ).toBe(200);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist, isProduction: true });
  });
  afterAll(() => t?.close());

  it('adds HSTS and upgrade-insecure-requests', async () => {
    for (const url of ['/api/health', '/admin/users']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectSecurityHeaders(response, `${CSP};upgrade-insecure-requests`);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('serves no source maps', async () => {
    const map = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('"sources"');
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })).statusCode).toBe(200);
  });
});
