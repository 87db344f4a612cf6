import { and, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { rateLimits } from '../../platform/http/rate-limit.tables.ts';
import { createPeriodicJob, type JobLogger, type PeriodicJob } from '../../platform/jobs/periodic.ts';
import { refreshTokens, sessions } from './account.tables.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface SessionCleanupResult {
  sessions: number;
  refreshTokens: number;
  rateLimits: number;
}

export interface SessionCleanupOptions {
  db: Database;
  logger: JobLogger;
  /** Rows deleted per statement, so no statement holds many row locks or runs long. */
  batchSize?: number;
  /** How often each instance cleans (hourly). */
  intervalMs?: number;
}

/** Sessions ended (expired or revoked) this long ago go, with their refresh tokens (by cascade). */
export const SESSION_KEPT_MS = DAY_MS;
/** A used refresh token is kept this long, to recognise its reuse; then it goes. */
export const USED_TOKEN_KEPT_MS = 7 * DAY_MS;
/** Rate-limit windows last minutes; one that started this long ago counts nothing any more. */
export const RATE_WINDOW_KEPT_MS = DAY_MS;

const before = (now: Date, ms: number) => sql`${new Date(now.getTime() - ms).toISOString()}::timestamptz`;

/**
 * Removes what sign-in leaves behind: ended sessions, used refresh tokens and old rate-limit windows, in
 * batches (each batch's rows found through the indexes of migration 0018, locked rows skipped so that
 * instances cleaning at once do not wait on each other).
 */
export function createSessionCleanup(options: SessionCleanupOptions) {
  const { db, logger } = options;
  const batchSize = options.batchSize ?? 1_000;

  async function inBatches(deleteBatch: () => Promise<unknown[]>, isStopping: () => boolean) {
    let deleted = 0;
    while (!isStopping()) {
      const count = (await deleteBatch()).length;
      deleted += count;
      if (count < batchSize) break;
    }
    return deleted;
  }

  async function runOnce(now = new Date(), isStopping: () => boolean = () => false) {
    const ended = before(now, SESSION_KEPT_MS);
    const result: SessionCleanupResult = {
      sessions: await inBatches(() => {
        const batch = db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            or(
              lt(sessions.expiresAt, ended),
              and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, ended)),
            ),
          )
          .limit(batchSize)
          .for('update', { skipLocked: true });
        return db.delete(sessions).where(inArray(sessions.id, batch)).returning({ id: sessions.id });
      }, isStopping),
      refreshTokens: await inBatches(() => {
        const batch = db
          .select({ tokenHash: refreshTokens.tokenHash })
          .from(refreshTokens)
          .where(
            and(isNotNull(refreshTokens.usedAt), lt(refreshTokens.usedAt, before(now, USED_TOKEN_KEPT_MS))),
          )
          .limit(batchSize)
          .for('update', { skipLocked: true });
        return db
          .delete(refreshTokens)
          .where(inArray(refreshTokens.tokenHash, batch))
          .returning({ tokenHash: refreshTokens.tokenHash });
      }, isStopping),
      rateLimits: await inBatches(() => {
        const batch = db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(lt(rateLimits.windowStart, before(now, RATE_WINDOW_KEPT_MS)))
          .limit(batchSize)
          .for('update', { skipLocked: true });
        return db.delete(rateLimits).where(inArray(rateLimits.key, batch)).returning({ key: rateLimits.key });
      }, isStopping),
    };
    if (result.sessions + result.refreshTokens + result.rateLimits > 0) {
      logger.info({ ...result }, 'ended sessions, used refresh tokens and old rate limits removed');
    }
    return result;
  }

  const job: PeriodicJob = createPeriodicJob({
    name: 'session-cleanup',
    intervalMs: options.intervalMs ?? HOUR_MS,
    logger,
    run: (isStopping) => runOnce(new Date(), isStopping),
  });

  return { ...job, runOnce };
}
