import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { connectionFailure } from './errors.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

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

export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // While the database is away a request waits this long for a connection, then answers 503.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Finds connections that a network failure left half-open.
    keepAlive: true,
  });
  const onLost = (error: Error) =>
    console.warn(`database connection lost: ${connectionFailure(error) ?? 'error'}`);
  // An idle connection ended by the server (restart, failover) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', onLost);
  // The pool listens only on idle clients: a checked-out one (a transaction, the migrator, LISTEN) that
  // loses its connection emits 'error' too, which would end the process. Its query fails; the pool drops it.
  pool.on('connect', (client) => client.on('error', onLost));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    isNew: false,
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
    close: () => pool.end(),
  };
}

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  let isNew = true;
  if (options.dataDir) {
    isNew = !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'));
    fs.mkdirSync(options.dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    isNew,
    migrate: () => migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder }),
    close: () => client.close(),
    ...{ pglite: client },
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
