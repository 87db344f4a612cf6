import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

/** The pool's server process id and how many connections it opened so far. */
async function track(handle: DatabaseHandle) {
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  let opened = 0;
  pool.on('connect', () => {
    opened += 1;
  });
  const pid = async () => {
    const result = await handle.db.execute(sql`select pg_backend_pid() as pid`);
    return (result as unknown as { rows: { pid: number }[] }).rows[0]?.pid;
  };
  return { pid, opened: () => opened };
}

async function refusedStatementsKeepTheConnection(handle: DatabaseHandle) {
  const { pid, opened } = await track(handle);
  const before = await pid();
  const openedBefore = opened();
  // A division by zero, a cast the server refuses, a unique violation: statement errors, not connection ones.
  await expect(handle.db.execute(sql`select 1 / ${0}::integer`)).rejects.toMatchObject({
    cause: { code: '22012' },
  });
  await expect(handle.db.execute(sql`select ${'x'}::integer`)).rejects.toBeTruthy();
  await handle.db.execute(sql`create temporary table refused_once (id integer primary key)`);
  await handle.db.execute(sql`insert into refused_once values (1)`);
  await expect(handle.db.execute(sql`insert into refused_once values (1)`)).rejects.toMatchObject({
    cause: { code: '23505' },
  });
  // Still the same session (the temporary table is there), and no new connection was opened.
  expect(await pid()).toBe(before);
  const count = await handle.db.execute(sql`select count(*)::integer as n from refused_once`);
  expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  expect(opened()).toBe(openedBefore);
}

describe('a statement the server refuses keeps its pooled connection', () => {
  const database = inject('database');
  it.skipIf(database.kind !== 'pglite')('on the embedded database', async () => {
    // A copy of the suite's template (opening a new one runs initdb: seconds).
    const dump = database.kind === 'pglite' ? fs.readFileSync(database.dumpFile) : Buffer.alloc(0);
    const handle = await openPglite({ loadDataDir: new Blob([dump]) });
    try {
      await refusedStatementsKeepTheConnection(handle);
    } finally {
      await handle.close();
    }
  });

  it.skipIf(!url)('on PostgreSQL', async () => {
    const handle = await openPostgres(url!, 1);
    try {
      await refusedStatementsKeepTheConnection(handle);
      // A connection failure still drops it: the next statement runs on a new connection.
      const { pid } = await track(handle);
      const before = await pid();
      await expect(
        handle.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`),
      ).rejects.toBeTruthy();
      expect(await pid()).not.toBe(before);
    } finally {
      await handle.close();
    }
  });
});
