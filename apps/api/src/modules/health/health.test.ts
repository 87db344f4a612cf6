import { sql } from 'drizzle-orm';
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

describe('database connections', () => {
  it('keeps serving when the database ends idle connections (restart, failover, idle timeout)', async () => {
    // Several requests at once, so that a PostgreSQL pool holds more than one connection.
    const warm = await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject({ method: 'GET', url: '/api/health' })),
    );
    expect(warm.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    // An error nobody listens for would end the server process.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // Every other session of this database ends, as on a server restart (none exist on PGlite).
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught.map((error) => String(error))).toEqual([]);
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ status: 'ok', database: 'ok' });
    }
  });
});
