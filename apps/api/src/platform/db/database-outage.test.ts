import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import {
  type ChildServer,
  cookiesOf,
  type HttpAnswer,
  httpRequest,
  sleep,
  startChildServer,
} from '../../test/child-server.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';

const database = inject('database');
const serverUrl = database.kind === 'postgres' ? database.serverUrl : undefined;

/**
 * The real server process on PostgreSQL behind a proxy the test can cut: transactions whose connections
 * the database ends, and the database gone for two seconds, while a stream of audited writes goes on.
 */
describe.skipIf(!serverUrl)('a database outage during writes (PostgreSQL)', () => {
  const name = `xp_outage_${randomUUID().replaceAll('-', '')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-outage-'));
  let admin: pg.Client;
  let testDb: pg.Client;
  let proxy: TcpProxy;
  let server: ChildServer;

  beforeAll(async () => {
    if (database.kind !== 'postgres') return;
    admin = new pg.Client({ connectionString: database.serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${database.templateName}`);
    const direct = new URL(database.serverUrl);
    direct.pathname = `/${name}`;
    testDb = new pg.Client({ connectionString: direct.toString() });
    await testDb.connect();
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startChildServer({
      env: {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: proxied.toString(),
      },
    });
  });

  afterAll(async () => {
    await server?.kill();
    await proxy?.close();
    await testDb?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lives on, answers 503 with Retry-After meanwhile, recovers within a second and loses no answered write', async () => {
    const { port } = server;
    const login = await httpRequest(port, {
      method: 'POST',
      path: '/api/account/cookielogin',
      body: { email: 'locatie@example.com', password: DEMO_PASSWORD },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const cookie = cookiesOf(login);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

    type Outcome = { name: string; at: number; answer: HttpAnswer | undefined; doneAt?: number };
    const writes: Outcome[] = [];
    const healths: Outcome[] = [];
    let isRunning = true;

    async function writer(index: number) {
      for (let count = 0; isRunning && server.isRunning(); count++) {
        const areaName = `Outage ${index}-${count}`;
        const answer = await httpRequest(port, {
          method: 'POST',
          path: '/api/LocationArea',
          body: { name: areaName, sameAddressAsLocation: true },
          cookie,
          agent,
        }).catch(() => undefined);
        writes.push({ name: areaName, at: Date.now(), answer });
        await sleep(answer?.status === 200 ? 5 : 50);
      }
    }
    async function healthPoller() {
      while (isRunning && server.isRunning()) {
        const at = Date.now();
        const answer = await httpRequest(port, { path: '/api/health' }).catch(() => undefined);
        healths.push({ name: 'health', at, answer, doneAt: Date.now() });
        await sleep(100);
      }
    }
    const load = [...[0, 1, 2, 3].map(writer), healthPoller()];

    await sleep(1000);
    // (a) The database ends the connections of running transactions (not only idle ones).
    let terminated = 0;
    for (const until = Date.now() + 5000; Date.now() < until && terminated < 3; ) {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and xact_start is not null`,
        [name],
      );
      terminated += rows.filter((row) => row.ended).length;
      await sleep(20);
    }
    await sleep(1000);

    // (b) The database is gone for two seconds: connections drop mid-flight, new ones are refused.
    const cutAt = Date.now();
    proxy.cut();
    await sleep(2000);
    const restoredAt = Date.now();
    proxy.restore();
    let healthyAt: number | undefined;
    while (!healthyAt && Date.now() - restoredAt < 5000 && server.isRunning()) {
      const answer = await httpRequest(port, { path: '/api/health' }).catch(() => undefined);
      if (answer?.status === 200) healthyAt = Date.now();
      else await sleep(20);
    }
    await sleep(1000);
    isRunning = false;
    await Promise.all(load);
    agent.destroy();

    expect(server.isRunning(), server.output()).toBe(true);
    expect(terminated).toBeGreaterThan(0);
    const statuses = (list: Outcome[]) => list.map((outcome) => outcome.answer?.status ?? 'no answer');
    expect(new Set(statuses(writes)), server.output()).toEqual(new Set([200, 503]));
    for (const { answer } of writes.filter((outcome) => outcome.answer?.status === 503)) {
      expect(answer?.headers['retry-after']).toMatch(/^\d+$/);
      expect(answer?.body?.errors).toEqual([{ key: 'general', message: 'errors.unavailable' }]);
    }
    // Health says 503 while the database is away: asked a moment after the cut and answered before the
    // restore (a check still waiting for its `select 1` at the restore may rightly answer 200).
    const whileCut = healths.filter(
      (outcome) => outcome.at > cutAt + 300 && (outcome.doneAt ?? Number.POSITIVE_INFINITY) < restoredAt,
    );
    expect(whileCut.length).toBeGreaterThan(0);
    expect(new Set(statuses(whileCut))).toEqual(new Set([503]));
    // Serves again within a second of the database's return: health, and the next writes.
    expect(healthyAt, 'healthy again after the restore').toBeDefined();
    expect(healthyAt! - restoredAt).toBeLessThan(1000);
    const firstWriteAfter = writes.find(
      (outcome) => outcome.at > restoredAt && outcome.answer?.status === 200,
    );
    expect(firstWriteAfter).toBeDefined();
    expect(firstWriteAfter!.at - restoredAt).toBeLessThan(1000);
    // No answered write is lost.
    const answered = writes
      .filter((outcome) => outcome.answer?.status === 200)
      .map((outcome) => outcome.name);
    const { rows } = await testDb.query<{ name: string }>(
      `select name from location_areas where name like 'Outage %'`,
    );
    const stored = new Set(rows.map((row) => row.name));
    expect(answered.filter((areaName) => !stored.has(areaName))).toEqual([]);
    console.info(
      `outage: ${writes.length} writes (${answered.length} answered 200, ${
        writes.length - answered.length
      } answered 503), ${terminated} transactions ended, healthy ${healthyAt! - restoredAt} ms after the restore`,
    );
  }, 120_000);
});
