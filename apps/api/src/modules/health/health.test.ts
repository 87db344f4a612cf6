import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers ok when the database is reachable, without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ ok: true, data: { status: 'ok', database: 'ok' }, errors: [] });
  });

  it('answers HEAD and any spelling of the path', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
    const upper = await t.app.inject({ method: 'GET', url: '/API/HEALTH' });
    expect(upper.json().data).toEqual({ status: 'ok', database: 'ok' });
  });

  it('ignores a stale or bad session cookie: the endpoint is public', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: 'xp_access=not.a.token; xp_refresh=nothing' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.database).toBe('ok');
  });
});
