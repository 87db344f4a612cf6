import { endpoint, policy } from '@xp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { loadConfig } from './config.ts';
import { rateLimits } from './http/rate-limit.tables.ts';
import { route } from './http/route.ts';

const whoAmI = endpoint({
  method: 'GET',
  path: '/test-only/client-address',
  policy: policy.public,
  summary: 'Test: the address the server attributes the request to',
  tags: ['test'],
  response: z.object({ ip: z.string() }),
});
const extraRoutes = [route(whoAmI, async ({ request }) => ({ ip: request.ip }))];

/** A client that sends its own X-Forwarded-For through one proxy, which appends the client's real address. */
const spoofed = { 'x-forwarded-for': '203.0.113.77, 198.51.100.9' };
const fromProxy = '127.0.0.1';

const trustProxyOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('takes a number of hops or proxy addresses, and refuses `true` with a reason', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf(' 10.0.0.0/8, 192.168.1.5 ,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY=true would trust every X-Forwarded-For entry/);
    expect(() => trustProxyOf('TRUE')).toThrow(/set the number of proxies/);
    for (const wrong of ['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', '11']) {
      expect(() => trustProxyOf(wrong), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.each([
  ['1', '198.51.100.9'],
  ['127.0.0.1', '198.51.100.9'],
  // Both proxies named: the chain is believed up to the first address that is not a proxy.
  ['127.0.0.1, 198.51.100.0/24', '203.0.113.77'],
  ['false', fromProxy],
])('with TRUST_PROXY=%s', (value, expected) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: trustProxyOf(value) }, { extraRoutes });
  });
  afterAll(() => t?.close());

  it(`counts a request from ${fromProxy} with a forged X-Forwarded-For as ${expected}`, async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test-only/client-address',
      headers: spoofed,
      remoteAddress: fromProxy,
    });
    expect(response.json().data).toEqual({ ip: expected });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email: 'admin@example.com', password: 'not-the-password' },
      headers: spoofed,
      remoteAddress: fromProxy,
    });
    expect(login.statusCode).toBe(400);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.endsWith(`:${expected}`))).toBe(true);
    if (expected !== '203.0.113.77') expect(keys.join(' ')).not.toContain('203.0.113.77');
  });
});
