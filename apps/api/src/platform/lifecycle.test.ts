import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ChildServer, httpRequest, sleep, startChildServer } from '../test/child-server.ts';

const database = inject('database');
const DRAIN_MS = 1_000;
const SLOW_MS = 2_500;

describe('SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-drain-'));
  const name = `xp_drain_${randomUUID().replaceAll('-', '')}`;
  let admin: pg.Client | undefined;
  let server: ChildServer;

  beforeAll(async () => {
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
    if (database.kind === 'postgres') {
      admin = new pg.Client({ connectionString: database.serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${database.templateName}`);
      const url = new URL(database.serverUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
    }
    // Without DATABASE_URL: a fresh embedded database in DATA_DIR.
    server = await startChildServer({ entry: 'src/test/drain-server.ts', env });
  });

  afterAll(async () => {
    await server?.kill();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says 503 on health first, finishes the request in flight, closes idle keep-alive connections and exits 0', async () => {
    const { port } = server;
    // A client that keeps its connection open between requests, as browsers and load balancers do.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let idleSocket: net.Socket | undefined;
    idleAgent.on('free', (socket: net.Socket) => {
      idleSocket = socket;
    });
    expect((await httpRequest(port, { path: '/api/health', agent: idleAgent })).status).toBe(200);
    expect(idleSocket).toBeDefined();
    let idleClosedAt: number | undefined;
    idleSocket!.once('close', () => {
      idleClosedAt = Date.now();
    });

    const busyAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let slowAnsweredAt = 0;
    const slow = httpRequest(port, { path: `/api/test-only/slow?ms=${SLOW_MS}`, agent: busyAgent }).then(
      (answer) => {
        slowAnsweredAt = Date.now();
        return answer;
      },
    );
    slow.catch(() => undefined);
    await sleep(300);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // Draining: health says so at once, while other requests are still served.
    await sleep(100);
    const health = await httpRequest(port, { path: '/api/health' });
    expect(health.status).toBe(503);
    expect(health.body?.errors).toEqual([{ key: 'general', message: 'health.draining' }]);
    const served = await httpRequest(port, { path: '/api/test-only/slow?ms=0' });
    expect(served.status).toBe(200);

    // After the drain delay: no new connections; the request in flight still finishes.
    await sleep(signalledAt + DRAIN_MS + 300 - Date.now());
    await expect(httpRequest(port, { path: '/api/health' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body?.data).toEqual({ waitedMs: SLOW_MS });
    // Its keep-alive connection closes with it, so nothing holds the stop up.
    expect(answer.headers.connection).toBe('close');
    // The idle keep-alive connection was closed by the server when it stopped, not after the slow request.
    expect(idleClosedAt).toBeDefined();
    expect(idleClosedAt!).toBeLessThan(slowAnsweredAt);
    expect(idleClosedAt! - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS - 50);

    expect(await server.exited, server.output()).toBe(0);
    idleAgent.destroy();
    busyAgent.destroy();
  }, 90_000);
});
