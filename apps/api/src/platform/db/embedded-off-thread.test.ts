import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The embedded database runs in a thread of its own (decision 011): while lists of 100,000 users are read
 * one after the other, over real HTTP, /api/health keeps answering quickly. On the API's thread, every
 * list query stalled all requests (health p50 839 ms, decision 011).
 */
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const USERS = 100_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const LISTS = [
  '/api/user',
  '/api/user?page=40&pageSize=25',
  '/api/user?search=Achternaam12',
  '/api/user?sort=email&direction=desc',
  '/api/user?search=user777',
  '/api/user?role=Employee&page=3',
];

interface ClientResult {
  listMs: number[];
  healthMs: number[];
  statuses: number[];
}

/**
 * The clients, in a thread of their own: on the API's thread their clocks would stop whenever it is
 * blocked, and every request would seem fast. One list request after another (the database is always
 * reading one) and, meanwhile, /api/health every 20 ms.
 */
const CLIENT = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, cookie, lists } = workerData;
const get = (path, headers = {}) => new Promise((resolve, reject) => {
  const started = performance.now();
  http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
    response.resume();
    response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - started }));
  }).on('error', reject);
});
(async () => {
  const listMs = [];
  const healthMs = [];
  const statuses = new Set();
  let isReading = true;
  const reader = (async () => {
    for (let i = 0; isReading; i++) {
      const answer = await get(lists[i % lists.length], { cookie });
      listMs.push(answer.ms);
      statuses.add(answer.status);
    }
  })();
  const deadline = performance.now() + 20000;
  while ((healthMs.length < 100 || listMs.length < 30) && performance.now() < deadline) {
    const answer = await get('/api/health');
    healthMs.push(answer.ms);
    statuses.add(answer.status);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  isReading = false;
  await reader;
  parentPort.postMessage({ listMs, healthMs, statuses: [...statuses] });
})();
`;

describe.skipIf(isPostgres)('the embedded database off the API thread', () => {
  let t: TestApp;
  let port: number;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Inserting into the indexes row by row takes minutes in WASM: the indexes are dropped, the rows
    // inserted, and the same indexes built again (the trigram one takes most of the time).
    const indexes = (await t.db.execute(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'users' and indexname <> 'users_pkey'`)) as unknown as {
      rows: { name: string; definition: string }[];
    };
    for (const index of indexes.rows) await t.db.execute(sql.raw(`drop index "${index.name}"`));
    await t.db.execute(sql`
      insert into users (email, role, first_name, insertion, last_name, created_at)
      select 'user' || i || '@scale.example.com',
             (array['Admin','Employee','ContentCreator','Employer','Supplier'])[1 + i % 5],
             'Voornaam' || i, case when i % 7 = 0 then 'van' end, 'Achternaam' || (i % 997),
             now() - i * interval '1 minute'
      from generate_series(1, ${USERS}) as i`);
    for (const index of indexes.rows) await t.db.execute(sql.raw(index.definition));
    await t.db.execute(sql`analyze users`);
    admin = await t.login('admin@example.com');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 240_000);
  afterAll(() => t?.close());

  it('answers /api/health within 50 ms (p95) while a list of 100,000 users is read', async () => {
    const figures = (values: number[]) =>
      `n=${values.length} p50=${percentile(values, 50).toFixed(1)} p95=${percentile(values, 95).toFixed(1)} max=${Math.max(...values).toFixed(1)} ms`;
    // Up to three rounds, the best counts: on a shared two-core machine other processes take the CPU
    // for tens of milliseconds at times. On the API's thread the database made every round fail
    // (health p50 120 ms, p95 391 ms).
    const p95s: number[] = [];
    for (let round = 1; round <= 3; round++) {
      // How long the API's own thread is kept from answering (the database's thread is another one).
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const worker = new Worker(CLIENT, { eval: true, workerData: { port, cookie: admin, lists: LISTS } });
      const { listMs, healthMs, statuses } = await new Promise<ClientResult>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      lag.disable();
      console.log(
        `embedded database, ${USERS} users, round ${round}: health ${figures(healthMs)}; list ${figures(listMs)}; ` +
          `event loop delay p50=${(lag.percentile(50) / 1e6).toFixed(1)} p99=${(lag.percentile(99) / 1e6).toFixed(1)} ms`,
      );
      expect(statuses).toEqual([200]);
      expect(listMs.length).toBeGreaterThanOrEqual(10);
      p95s.push(percentile(healthMs, 95));
      if (p95s.at(-1)! <= 50) break;
    }
    expect(Math.min(...p95s)).toBeLessThanOrEqual(50);
  }, 120_000);
});
