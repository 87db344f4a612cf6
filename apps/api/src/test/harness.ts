import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppServices } from '../app.ts';
import { buildApp } from '../app.ts';
import { checkLedger } from '../modules/xp/xp.ledger.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../platform/db/client.ts';
import type { RouteEntry } from '../platform/http/route.ts';
import type { ServerOptions } from '../platform/http/server.ts';
import { checkPaymentsAgree } from '../platform/payments/refunds.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

export { DEMO_PASSWORD };

/** A fresh copy of the migrated, seeded template database. */
async function freshDatabase(poolWaitMs?: number): Promise<DatabaseHandle> {
  const database = inject('database');
  if (database.kind === 'pglite') {
    return openPglite({ loadDataDir: new Blob([fs.readFileSync(database.dumpFile)]) });
  }
  const name = `xp_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: database.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${database.templateName}`);
  const url = new URL(database.serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), undefined, poolWaitMs);
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

type Route = Parameters<NonNullable<ServerOptions['onRouteRegistered']>>[0];

/**
 * The real app over a real database, driven through `app.inject`; its file store is a temporary directory
 * of its own (`filesDir`), removed on `close()`. `extraRoutes` registers routes only this test app has;
 * `logStream` receives the log lines (with a `logLevel` override, since tests log nothing by default).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  {
    extraRoutes,
    logStream,
    poolWaitMs,
  }: {
    extraRoutes?: RouteEntry[];
    logStream?: ServerOptions['logStream'];
    /**
     * PostgreSQL: how long a request waits for a connection before 503 (default 5 s). A test that queues a
     * thousand requests on the pool on purpose (the ledger's concurrency) waits for all of them.
     */
    poolWaitMs?: number;
  } = {},
) {
  const database = await freshDatabase(poolWaitMs);
  const routes: Route[] = [];
  let services: AppServices | undefined;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-test-files-'));
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { webDist: '/nonexistent', filesDir, ...overrides },
  );
  const app = await buildApp({
    config,
    db: database.db,
    onRouteRegistered: (route) => routes.push(route),
    extraRoutes,
    logStream,
    onServices: (made) => {
      services = made;
    },
  });
  await app.ready();

  /** Signs in and answers the cookie header to send with later requests. */
  async function login(email: string, password = DEMO_PASSWORD) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.body}`);
    return cookieHeader(response.cookies);
  }

  return {
    app,
    db: database.db,
    routes,
    /** The app's payment machinery (what a domain starts payments with). */
    payments: services!.payments,
    /** What the billing run needs of the app (`runBilling(t.billing)`). */
    billing: {
      db: database.db,
      payments: services!.payments,
      links: services!.links,
      publicUrl: config.publicUrl,
    },
    config,
    filesDir: config.filesDir,
    login,
    /**
     * Also checks the XP ledger (decision 019) and that the books agree (decision 015: every paid payment
     * belongs to a paid invoice or order, or to a refund owed) after the file's tests: any fault fails it.
     */
    async close() {
      const faults = await checkLedger(database.db);
      const unrecorded = await checkPaymentsAgree(database.db);
      await app.close();
      await database.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
      if (faults.length > 0) throw new Error(`the XP ledger does not hold: ${JSON.stringify(faults)}`);
      if (unrecorded.length > 0)
        throw new Error(`paid payments belong to nothing: ${JSON.stringify(unrecorded)}`);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** `name=value; ...` from the cookies a response set (cleared ones left out). */
export function cookieHeader(cookies: { name: string; value: string }[], previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  for (const cookie of cookies) {
    if (cookie.value) jar.set(cookie.name, cookie.value);
    else jar.delete(cookie.name);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
