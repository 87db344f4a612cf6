import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { connectionFailure } from './errors.ts';
/**
 * One type for both drivers: services never know which database they talk to. Queries are built from the
 * modules' tables (the query builder), so the client needs no schema: the barrel of every table
 * (`src/schema.ts`) serves drizzle-kit only, and the platform imports no module.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when this start created the embedded database (so demo data may be seeded). */
  isNew: boolean;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATION_LOCK = 727_001;

/**
 * Settings of every API connection to PostgreSQL. No JIT: on the API's short statements compiling costs
 * more than it saves (30 ms to 1.5 s measured in plans at a million rows; docs/performance/bench.md). No parallel
 * workers: a pool of connections already keeps the cores busy, and a plan that gathers from workers takes
 * the cores from the other connections (the gym employees by location count, 10 connections on 2 cores:
 * 213 statements a second with parallel workers, 471 without). A statement that would gain from them (a
 * report over millions of rows) sets `max_parallel_workers_per_gather` in its own transaction. The
 * benchmark's pool and pgbench use the same settings.
 */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

export async function openPostgres(
  url: string,
  poolSize = 10,
  /** While the database is away (or every connection busy) a request waits this long, then answers 503. */
  connectionTimeoutMillis = 5_000,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis,
    idleTimeoutMillis: 30_000,
    // Finds connections that a network failure left half-open.
    keepAlive: true,
    options: SESSION_OPTIONS,
  });
  return { ...overPool(pool), kind: 'postgres', isNew: false, close: () => pool.end() };
}

/** Drizzle, error handling and the migrator over a node-postgres pool: the same for both databases. */
function overPool(pool: pg.Pool): Pick<DatabaseHandle, 'db' | 'migrate'> {
  const onLost = (error: Error) =>
    console.warn(`database connection lost: ${connectionFailure(error) ?? 'error'}`);
  // An idle connection ended by the server (restart, failover) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', onLost);
  // The pool listens only on idle clients: a checked-out one (a transaction, the migrator, LISTEN) that
  // loses its connection emits 'error' too, which would end the process. Its query fails; the pool drops it.
  pool.on('connect', (client) => client.on('error', onLost));
  pool.query = keepConnectionOnStatementError(pool);
  const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    async migrate() {
      // One connection holds an advisory lock so that instances starting together migrate once.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
  };
}

/**
 * pg-pool's `query` drops the connection after any failed statement; but a statement the server refused (a
 * unique violation, a failed check, a cancelled statement) leaves the connection ready for the next one, so
 * the pool keeps it, with its prepared statements: only a connection failure (no server error, or classes
 * 08 connection exception, 57P operator intervention, XX internal) drops it. Promise calls only (drizzle,
 * the probes); a call with a callback goes to pg-pool's own.
 */
function keepConnectionOnStatementError(pool: pg.Pool): pg.Pool['query'] {
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const query = async (...args: unknown[]) => {
    const client = await pool.connect();
    try {
      const result = await (client.query as (...args: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      client.release(isStatementError(error) ? undefined : (error as Error));
      throw error;
    }
  };
  return ((...args: unknown[]) =>
    typeof args.at(-1) === 'function' ? original(...args) : query(...args)) as pg.Pool['query'];
}

function isStatementError(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return false;
  const code = error.code ?? '';
  return /^[0-9A-Z]{5}$/.test(code) && !/^(08|57P|XX)/.test(code);
}

/** What the embedded database's thread posts (see embedded-worker.mjs). */
type WorkerMessage =
  | { type: 'ready'; socketPath?: string; port?: number }
  | { type: 'failed'; message: string }
  | { type: 'dumped'; data: ArrayBuffer }
  | { type: 'closed' };

/**
 * The embedded PGlite, in a worker thread of its own behind a PostgreSQL-protocol socket (decision 011):
 * PGlite runs each query synchronously, so on the API's thread a long list query stalled every request.
 * The API reaches it through node-postgres, as PostgreSQL, with a pool of one connection (PGlite has
 * one session). The socket is a Unix socket in a directory only this user can enter (on Windows a TCP
 * port on 127.0.0.1, which any local process could reach).
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<DatabaseHandle & { dumpDataDir(): Promise<Blob> }> {
  let isNew = true;
  if (options.dataDir) {
    isNew = !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'));
    fs.mkdirSync(options.dataDir, { recursive: true });
  }
  const socketDir =
    process.platform === 'win32' ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'xp-db-'));
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: {
      dataDir: options.dataDir,
      loadDataDir,
      // node-postgres finds a Unix socket as `<host>/.s.PGSQL.<port>`.
      socketPath: socketDir && path.join(socketDir, '.s.PGSQL.5432'),
    },
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  const removeSocketDir = () => {
    process.off('exit', removeSocketDir);
    if (socketDir) fs.rmSync(socketDir, { recursive: true, force: true });
  };
  // A process that exits without close() (an uncaught error) leaves no socket directory behind.
  process.once('exit', removeSocketDir);
  let isClosing = false;
  const replies: ((message: WorkerMessage) => void)[] = [];
  const ready = new Promise<WorkerMessage>((resolve, reject) => {
    replies.push(resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`embedded database thread ended (${code})`)));
  });
  worker.on('message', (message: WorkerMessage) => replies.shift()?.(message));
  const started = await ready.catch((error: unknown) => {
    removeSocketDir();
    throw error;
  });
  if (started.type !== 'ready') {
    removeSocketDir();
    await worker.terminate();
    throw new Error(`embedded database failed to start: ${started.type === 'failed' ? started.message : ''}`);
  }
  worker.on('error', (error) => console.error(`embedded database thread failed: ${error.message}`));
  let isRunning = true;
  worker.on('exit', (code) => {
    isRunning = false;
    if (!isClosing) console.error(`embedded database thread ended unexpectedly (${code})`);
  });
  const ask = (message: { type: 'dump' | 'close' }) =>
    new Promise<WorkerMessage>((resolve) => {
      replies.push(resolve);
      worker.postMessage(message);
    });

  const pool = new pg.Pool({
    ...(socketDir ? { host: socketDir, port: 5432 } : { host: '127.0.0.1', port: started.port }),
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // The embedded database does not go away: a request waits for the one connection as long as the
    // queries before it take (a query through the outer `db` inside a transaction would wait forever).
    connectionTimeoutMillis: 30_000,
    // The one connection stays open (its session holds LISTEN).
    idleTimeoutMillis: 0,
    // Named prepared statements (the session read, decision 012) belong to PGlite's one session, which
    // outlives a connection: node-postgres opens a new one after a failed query, and its Parse of a name
    // the old connection prepared would fail ("already exists"). So a new connection drops them before
    // the pool hands it out (pg-pool awaits `onConnect`).
    onConnect: async (client) => {
      await client.query('DEALLOCATE ALL');
    },
  });
  const handle = overPool(pool);
  Object.assign(pool, { listen: embeddedListen(pool) });
  embeddedProbes.set(
    handle.db,
    embeddedProbe(pool, () => !isClosing && isRunning),
  );
  return {
    ...handle,
    kind: 'pglite',
    isNew,
    async dumpDataDir() {
      const reply = await ask({ type: 'dump' });
      if (reply.type !== 'dumped') throw new Error('embedded database did not dump its data dir');
      return new Blob([reply.data]);
    },
    async close() {
      if (isClosing) return;
      isClosing = true;
      await pool.end();
      await ask({ type: 'close' });
      removeSocketDir();
    },
  };
}

const embeddedProbes = new WeakMap<Database, (timeoutMs: number) => Promise<boolean>>();

/**
 * For the health check: whether the embedded database answers within `timeoutMs`, without queueing behind
 * the queries before it (undefined for PostgreSQL, where `select 1` takes a connection of its own).
 */
export const embeddedDatabaseAnswers = (db: Database) => embeddedProbes.get(db);

/**
 * With one session, a `select 1` waits for every query before it: while lists are read, the health check
 * would report their time, not whether the database answers. So: idle, it asks `select 1`; busy, the
 * database answers when it finished a statement within `timeoutMs` (it is at work), or finishes one
 * within the next `timeoutMs`.
 */
function embeddedProbe(pool: pg.Pool, isRunning: () => boolean) {
  let lastAnswerAt = Number.NEGATIVE_INFINITY;
  const waiting = new Set<() => void>();
  pool.on('connect', (client) =>
    client.connection.on('readyForQuery', () => {
      lastAnswerAt = performance.now();
      for (const resolve of waiting) resolve();
      waiting.clear();
    }),
  );
  return async (timeoutMs: number): Promise<boolean> => {
    if (!isRunning()) return false;
    const isBusy = pool.idleCount < pool.totalCount || pool.waitingCount > 0;
    if (!isBusy) {
      return withTimeout(
        pool.query('select 1').then(
          () => true,
          () => false,
        ),
        timeoutMs,
      );
    }
    if (performance.now() - lastAnswerAt <= timeoutMs) return true;
    let resolveAnswer = () => {};
    const answer = new Promise<true>((resolve) => {
      resolveAnswer = () => resolve(true);
      waiting.add(resolveAnswer);
    });
    return withTimeout(answer, timeoutMs).finally(() => waiting.delete(resolveAnswer));
  };
}

async function withTimeout(answer: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * LISTEN for the embedded database, in the shape of PGlite's `listen` (notify.ts uses it): its one
 * session receives every notification, on whichever pooled connection is open, so no connection is held.
 */
function embeddedListen(pool: pg.Pool) {
  const callbacks = new Map<string, Set<(payload: string) => void>>();
  pool.on('connect', (client) =>
    client.on('notification', (message) => {
      for (const callback of callbacks.get(message.channel) ?? []) callback(message.payload ?? '');
    }),
  );
  return async (channel: string, callback: (payload: string) => void) => {
    const name = `"${channel.replaceAll('"', '""')}"`;
    const channelCallbacks = callbacks.get(channel) ?? new Set();
    callbacks.set(channel, channelCallbacks);
    if (channelCallbacks.size === 0) await pool.query(`LISTEN ${name}`);
    channelCallbacks.add(callback);
    return async () => {
      channelCallbacks.delete(callback);
      if (channelCallbacks.size === 0) await pool.query(`UNLISTEN ${name}`).catch(() => {});
    };
  };
}

/** `DATABASE_URL` set: PostgreSQL; otherwise the embedded PGlite in `DATA_DIR/pglite`. */
export function openDatabase(config: {
  databaseUrl: string | undefined;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize)
    : openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
