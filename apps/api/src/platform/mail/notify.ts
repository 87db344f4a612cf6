import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

/**
 * PostgreSQL delivers a NOTIFY sent in a transaction when, and only when, it commits: so a worker woken by
 * it finds the new mail, on any instance. Polling stays as the fallback.
 */
export const MAIL_CHANNEL = 'mail_outbox';

/** Part of the enqueuing statement batch: tells every listening worker once the transaction commits. */
export const notifyMailEnqueued = (db: Database) => db.execute(sql`SELECT pg_notify(${MAIL_CHANNEL}, '')`);

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * Calls `onNotify` for every committed enqueue until the answered function is called. Never throws: when
 * listening fails (connection lost), it reports through `onError`, retries later, and polling carries on.
 */
export function listenForMail(
  db: Database,
  onNotify: () => void,
  onError: (error: unknown) => void,
  retryMs = 10_000,
): () => Promise<void> {
  const client = (db as unknown as { $client: unknown }).$client;
  let isStopped = false;
  let stopCurrent: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pending: Promise<void> = Promise.resolve();

  async function listenPglite(pglite: PgliteLike) {
    const unlisten = await pglite.listen(MAIL_CHANNEL, onNotify);
    stopCurrent = () => unlisten();
  }

  async function listenPostgres(pool: pg.Pool) {
    const connection = await pool.connect();
    let isReleased = false;
    const release = (error?: Error) => {
      if (isReleased) return;
      isReleased = true;
      connection.off('notification', onNotify);
      connection.release(error);
    };
    connection.on('notification', onNotify);
    connection.on('error', (error) => {
      // The connection broke: hand it back as broken and listen on a fresh one later.
      release(error);
      onError(error);
      scheduleRetry();
    });
    try {
      await connection.query(`LISTEN ${MAIL_CHANNEL}`);
    } catch (error) {
      release(error as Error);
      throw error;
    }
    stopCurrent = async () => {
      if (isReleased) return;
      await connection.query(`UNLISTEN ${MAIL_CHANNEL}`).catch(() => {});
      release();
    };
  }

  function scheduleRetry() {
    if (isStopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => {
      pending = start();
    }, retryMs);
    retry.unref();
  }

  async function start() {
    if (isStopped) return;
    try {
      if (typeof (client as PgliteLike).listen === 'function') await listenPglite(client as PgliteLike);
      else await listenPostgres(client as pg.Pool);
      if (isStopped) return;
      // Whatever was enqueued while not listening.
      onNotify();
    } catch (error) {
      onError(error);
      scheduleRetry();
    }
  }

  pending = start();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    await pending;
    await stopCurrent?.();
  };
}
