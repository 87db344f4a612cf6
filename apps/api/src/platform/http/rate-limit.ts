import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { errors } from './errors.ts';
import { rateLimits } from './rate-limit.tables.ts';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** Counts a hit in a fixed window shared by every instance; answers the count and the seconds left. */
export async function countHit(
  db: Database,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfter: number }> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < now() - ${window} THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now())))::int`,
    });
  return { count: row?.count ?? 1, retryAfter: Math.max(1, row?.retryAfter ?? 1) };
}

/**
 * Fixed-window counter in the database, so every instance sees the same count.
 * Returns the seconds to wait when the limit is exceeded, else 0.
 */
export async function hitRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<number> {
  const { count, retryAfter } = await countHit(db, key, rule.windowSeconds);
  return count > rule.limit ? retryAfter : 0;
}

export const resetRateLimit = (db: Database, key: string) =>
  db.delete(rateLimits).where(eq(rateLimits.key, key));

/** Takes one hit back (an attempt that turned out right): the window's other hits still count. */
export const takeBackHit = (db: Database, key: string) =>
  db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));

/** Counts a hit and refuses with 429 `auth.tooManyAttempts` (and Retry-After) over the limit. */
export async function enforceRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<void> {
  const wait = await hitRateLimit(db, key, rule);
  if (wait > 0) throw errors.tooManyRequests('auth.tooManyAttempts', wait);
}

/** Guessing codes (invitation, verification, sign-in codes): per client address, over all code endpoints. */
export const CODE_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };
export const limitCodeGuesses = (db: Database, address: string) =>
  enforceRateLimit(db, `codes:address:${address}`, CODE_LIMIT);
