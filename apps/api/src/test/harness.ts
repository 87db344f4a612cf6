import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppServices } from '../app.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../platform/db/client.ts';
import type { RouteEntry } from '../platform/http/route.ts';
import type { ServerOptions } from '../platform/http/server.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { createClient } from './client.ts';

export { DEMO_PASSWORD };

/**
 * What must hold in every test database after a file's tests (the XP ledger balances, every paid payment
 * belongs to something): a domain declares its own in a `*.invariants.ts` file beside it, and the setup file
 * (invariants.setup.ts) registers them; `close()` checks each, so the harness itself knows no domain.
 */
export interface Invariant {
  name: string;
  /** What breaks it (empty: it holds). */
  faults(db: Database): Promise<unknown[]>;
}

const invariants = new Map<string, Invariant>();

export function registerInvariant(invariant: Invariant) {
  invariants.set(invariant.name, invariant);
}

export const registeredInvariants = () => [...invariants.values()];

/**
 * The template dump, read once per worker process (the files of a worker share it; `isolate: false`), and
 * the next file's database, opened while this file runs: loading the dump into a new PGlite takes seconds
 * of its own thread, which then overlap a file's tests instead of preceding them.
 */
let template: Blob | undefined;
let spare: Promise<DatabaseHandle> | undefined;

function openFromTemplate(dumpFile: string) {
  template ??= new Blob([fs.readFileSync(dumpFile)]);
  const opening = openPglite({ loadDataDir: template });
  opening.catch(() => {});
  return opening;
}

/** A fresh copy of the migrated, seeded template database. */
async function freshDatabase(poolWaitMs?: number): Promise<DatabaseHandle> {
  const database = inject('database');
  if (database.kind === 'pglite') {
    const taken = spare ?? openFromTemplate(database.dumpFile);
    spare = inject('openSpareDatabase') ? openFromTemplate(database.dumpFile) : undefined;
    return taken;
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
    /** Calls by contract (`t.call(endpointGroups.x.list, { query, cookie })`, `t.data(...)`): client.ts. */
    ...createClient(app),
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
     * Also checks every registered invariant (the domains' own, e.g. the XP ledger of decision 019 and the
     * books of decision 015) after the file's tests: any fault fails it.
     */
    async close() {
      const broken: string[] = [];
      for (const invariant of invariants.values()) {
        const faults = await invariant.faults(database.db);
        if (faults.length > 0) broken.push(`${invariant.name}: ${JSON.stringify(faults)}`);
      }
      await app.close();
      await database.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
      if (broken.length > 0) throw new Error(`invariants do not hold:\n${broken.join('\n')}`);
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
