import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * `counts=false` on a list (decision 009): the page alone, no count statement, and an answer without
 * `total` and tab counts; the items are the same as with the counts. The SQL the app sends is recorded
 * at the database client (node-postgres or PGlite: both are called through `query`).
 */
let t: TestApp;
let admin: string;
let recorded: string[] = [];

/** The capped counts' statement (`cappedCounts`), with or without tabs. */
const isCount = (text: string) => /^select \(select count\(\*\)::int from \(/.test(text);

beforeAll(async () => {
  t = await createTestApp();
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
    .$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string };
    recorded.push(typeof first === 'string' ? first : first.text);
    return query(...args);
  };
  admin = await t.login('admin@example.com');
}, 60_000);
afterAll(() => t?.close());

async function list(url: string) {
  recorded = [];
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  // The answer's envelope: `{ ok: true, data }`.
  return { response, body: response.json().data, counts: recorded.filter(isCount).length };
}

describe('list counts=false', () => {
  it('GET /api/user (tabs): page 2 without counts runs no count statement, same items', async () => {
    const withCounts = await list('/api/user?page=2&pageSize=2&sort=email');
    expect(withCounts.response.statusCode, withCounts.response.body).toBe(200);
    expect(withCounts.counts).toBe(1);
    expect(withCounts.body.total).toBeGreaterThan(2);
    expect(withCounts.body.tabCounts.all).toBe(withCounts.body.total);
    expect(withCounts.body.items).toHaveLength(2);

    const without = await list('/api/user?page=2&pageSize=2&sort=email&counts=false');
    expect(without.response.statusCode, without.response.body).toBe(200);
    expect(without.counts).toBe(0);
    expect(recorded.length).toBeGreaterThan(0);
    expect(without.body).toEqual({ items: withCounts.body.items });
  });

  it('GET /api/user?role=… (a tab) with counts=false: the tab page, no counts', async () => {
    const withCounts = await list('/api/user?role=Employee&pageSize=1');
    const without = await list('/api/user?role=Employee&pageSize=1&counts=false');
    expect(withCounts.counts).toBe(1);
    expect(without.counts).toBe(0);
    expect(without.body).toEqual({ items: withCounts.body.items });
  });

  it('GET /api/Gym (one total, pagedList): page 2 without counts runs no count statement, same items', async () => {
    const withCounts = await list('/api/Gym?page=2&pageSize=1');
    expect(withCounts.response.statusCode, withCounts.response.body).toBe(200);
    expect(withCounts.counts).toBe(1);
    expect(withCounts.body.total).toBeGreaterThanOrEqual(2);
    expect(withCounts.body.items).toHaveLength(1);

    const without = await list('/api/Gym?page=2&pageSize=1&counts=false');
    expect(without.response.statusCode, without.response.body).toBe(200);
    expect(without.counts).toBe(0);
    expect(without.body).toEqual({ items: withCounts.body.items });
    expect('total' in without.body).toBe(false);
  });

  it('counts=true is the default: the same answer as without the flag', async () => {
    const explicit = await list('/api/Gym?counts=true');
    const implicit = await list('/api/Gym');
    expect(explicit.counts).toBe(1);
    expect(explicit.body).toEqual(implicit.body);
  });

  it.each(['maybe', '0', '', 'FALSE'])('counts=%s is a 400, not a 500', async (value) => {
    const { response } = await list(`/api/Gym?counts=${value}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain('counts');
  });
});
