import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CLAIMS_TAG_HEADER, endpoint, policy } from '@xp/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testImage } from '../../test/multipart.ts';
import { createDiskFileStore } from '../files/file-store.ts';
import { saveFile } from '../files/images.ts';
import { route } from './route.ts';

/** A signed-in answer of a few KB, like a page of a list. */
const longList = endpoint({
  method: 'GET',
  path: '/test-only/long-list',
  policy: policy.signedIn,
  summary: 'Test: a list of 100 rows',
  tags: ['test'],
  response: z.array(z.object({ id: z.number(), name: z.string() })),
});
const extraRoutes = [
  route(longList, async () =>
    Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `Lid nummer ${i + 1}` })),
  ),
];

const ASSET = 'assets/index-Ab12Cd34.js';
const script = `${'export const greeting = "hallo wereld";\n'.repeat(200)}`;
const LOGIN_HTML = `<!doctype html><div id="root" data-entry="login"></div>${'<!-- padding -->'.repeat(100)}`;
const PUBLIC_HTML = `<!doctype html><div id="root" data-entry="public"></div>${'<!-- padding -->'.repeat(100)}`;

/** A built SPA in miniature, with the .br and .gz the build writes beside each asset. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const index = `<!doctype html><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
  const files: [string, string][] = [
    ['index.html', index],
    ['login.html', LOGIN_HTML],
    ['public.html', PUBLIC_HTML],
    [ASSET, script],
  ];
  for (const [file, content] of files) {
    fs.writeFileSync(path.join(dir, file), content);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(content));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(content));
  }
  return dir;
}

function decoded(response: LightMyRequestResponse): string {
  const body = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

const webDist = fakeWebDist();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist }, { extraRoutes });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the SPA', () => {
  it('sends the pre-compressed file the client accepts, with its caching and security headers', async () => {
    for (const [accept, encoding, file] of [
      ['br, gzip', 'br', `${ASSET}.br`],
      ['gzip, deflate', 'gzip', `${ASSET}.gz`],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/${ASSET}`,
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      // The bytes of the build's file, not compressed again.
      expect(response.rawPayload.equals(fs.readFileSync(path.join(webDist, file))), accept).toBe(true);
      expect(decoded(response)).toBe(script);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/${ASSET}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('sends the index of a client route compressed, never cached', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/users',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded(response)).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('the login page', () => {
  it("sends the login entry's page for a first visit of /account/login[/…], compressed, never cached", async () => {
    for (const url of [
      '/account/login',
      '/account/login/',
      '/Account/Login',
      '/account/login/%2Flocation%2Fareas',
      '/account/login/%2Fadmin%2Fusers%3Fpage%3D2?x=1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(decoded(response), url).toBe(LOGIN_HTML);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/account/login',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(LOGIN_HTML);
    expect((await t.app.inject({ method: 'GET', url: '/account/login' })).body).toBe(LOGIN_HTML);
  });

  it('sends the app for every other page, the other account pages too', async () => {
    for (const url of ['/account/tfa', '/account/password-forgotten', '/account/loginx', '/admin/login']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
      expect(response.body, url).not.toContain('data-entry="login"');
    }
  });
});

describe('the public pages', () => {
  it("send the public entry's page for a first visit of a sign-up, pay or cancel link, compressed, never cached", async () => {
    for (const url of [
      '/inschrijven',
      '/inschrijven/',
      '/Inschrijven/vitaal',
      '/inschrijven/vitaal/vitaal-utrecht-centrum/kiosk',
      '/inschrijven/afronden/AB12CD',
      '/inschrijven/bevestigen/a-token',
      '/inschrijven/resultaat/a-token?terug=%2Finschrijven%2Fvitaal',
      '/betalen/a-token',
      '/afmelden/a-token',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(decoded(response), url).toBe(PUBLIC_HTML);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('leave every other page to the app', async () => {
    for (const url of ['/inschrijvenx', '/location/inschrijven', '/location/invoices', '/betalenx/a']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
      expect(response.body, url).not.toContain('data-entry');
    }
  });
});

describe('the API', () => {
  it('compresses an answer above 1 KB and keeps its X-Claims-Tag and no-store', async () => {
    const cookie = await t.login('admin@example.com');
    const plain = await t.app.inject({ method: 'GET', url: '/api/test-only/long-list', headers: { cookie } });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    for (const encoding of ['br', 'gzip']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/test-only/long-list',
        headers: { cookie, 'accept-encoding': encoding },
      });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-encoding'], encoding).toBe(encoding);
      expect(response.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(response))).toEqual(JSON.parse(plain.body));
      expect(response.headers[CLAIMS_TAG_HEADER.toLowerCase()]).toBe(
        plain.headers[CLAIMS_TAG_HEADER.toLowerCase()],
      );
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves small answers and small errors as they are', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().ok).toBe(true);

    const notFound = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-encoding']).toBeUndefined();
    expect(notFound.json().errors[0].message).toBe('errors.notFound');
  });

  it('sends images as they are (already compressed)', async () => {
    const stored = await saveFile(
      { db: t.db, store: createDiskFileStore(t.filesDir) },
      await testImage('png', { width: 64, height: 64 }),
      { mimeType: 'image/png', width: 64, height: 64 },
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/cdn/${stored.hash}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
