import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../platform/http/rate-limit.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { users } from '../user/user.tables.ts';
import { refreshTokens, sessions } from './account.tables.ts';
import { createSessionCleanup } from './session-cleanup.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const ago = (ms: number) => new Date(Date.now() - ms);

let t: TestApp;
let userId: number;
const logged: unknown[] = [];
const logger = {
  info: (details: object, message: string) => logged.push({ details, message }),
  warn: (details: object, message: string) => logged.push({ details, message }),
};

beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1))[0]!.id;
});
afterEach(async () => {
  await t.db.delete(sessions);
  await t.db.delete(rateLimits);
});
afterAll(async () => {
  await t.close();
});

async function session(name: string, expiresAt: Date, revokedAt: Date | null = null) {
  const id = randomUUID();
  await t.db.insert(sessions).values({ id, userId, activeEnvironment: 0, expiresAt, revokedAt });
  names.set(id, name);
  return id;
}
const names = new Map<string, string>();

const remainingSessions = async () =>
  (await t.db.select({ id: sessions.id }).from(sessions)).map((row) => names.get(row.id)).sort();
const remainingTokens = async () =>
  (await t.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens)).map((row) => row.hash).sort();
const remainingWindows = async () =>
  (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort();

describe('session clean-up', () => {
  it('removes sessions ended more than a day ago with their refresh tokens, and keeps the others', async () => {
    const future = new Date(Date.now() + DAY_MS);
    await session('live', future);
    await session('expired-recently', ago(HOUR_MS));
    const expired = await session('expired-long-ago', ago(DAY_MS + HOUR_MS));
    await session('revoked-recently', future, ago(HOUR_MS));
    const revoked = await session('revoked-long-ago', future, ago(2 * DAY_MS));
    await t.db.insert(refreshTokens).values([
      { tokenHash: 'of-expired', sessionId: expired },
      { tokenHash: 'of-revoked', sessionId: revoked },
    ]);
    const cleanup = createSessionCleanup({ db: t.db, logger });

    expect(await cleanup.runOnce()).toEqual({ sessions: 2, refreshTokens: 0, rateLimits: 0 });
    expect(await remainingSessions()).toEqual(['expired-recently', 'live', 'revoked-recently']);
    expect(await remainingTokens()).toEqual([]);
    expect(await cleanup.runOnce()).toEqual({ sessions: 0, refreshTokens: 0, rateLimits: 0 });
  });

  it('removes refresh tokens used more than 7 days ago, and keeps unused and recently used ones', async () => {
    const live = await session('live', new Date(Date.now() + 30 * DAY_MS));
    await t.db.insert(refreshTokens).values([
      { tokenHash: 'unused', sessionId: live },
      { tokenHash: 'used-6-days-ago', sessionId: live, usedAt: ago(6 * DAY_MS) },
      { tokenHash: 'used-8-days-ago', sessionId: live, usedAt: ago(8 * DAY_MS) },
    ]);
    const cleanup = createSessionCleanup({ db: t.db, logger });

    expect(await cleanup.runOnce()).toEqual({ sessions: 0, refreshTokens: 1, rateLimits: 0 });
    expect(await remainingTokens()).toEqual(['unused', 'used-6-days-ago']);
  });

  it('removes rate-limit windows older than a day', async () => {
    await t.db.insert(rateLimits).values([
      { key: 'now', windowStart: new Date(), count: 3 },
      { key: 'hours-ago', windowStart: ago(20 * HOUR_MS), count: 1 },
      { key: 'days-ago', windowStart: ago(2 * DAY_MS), count: 9 },
    ]);
    const cleanup = createSessionCleanup({ db: t.db, logger });

    expect(await cleanup.runOnce()).toEqual({ sessions: 0, refreshTokens: 0, rateLimits: 1 });
    expect(await remainingWindows()).toEqual(['hours-ago', 'now']);
  });

  it('deletes in batches until every old row is gone', async () => {
    await t.db.execute(sql`
      insert into rate_limits (key, window_start, count)
      select 'bulk-' || n, now() - interval '3 days', 1 from generate_series(1, 25) as n`);
    await t.db.insert(rateLimits).values({ key: 'now', windowStart: new Date(), count: 1 });
    const cleanup = createSessionCleanup({ db: t.db, logger, batchSize: 10 });

    expect((await cleanup.runOnce()).rateLimits).toBe(25);
    expect(await remainingWindows()).toEqual(['now']);
  });

  it('runs once when started, hourly after, and stops', async () => {
    await t.db.insert(rateLimits).values({ key: 'login:secret-key', windowStart: ago(2 * DAY_MS), count: 1 });
    const cleanup = createSessionCleanup({ db: t.db, logger });
    cleanup.start();
    await expect.poll(remainingWindows, { timeout: 5_000 }).toEqual([]);
    await cleanup.stop();
    // Stopped: an old window inserted now stays.
    await t.db.insert(rateLimits).values({ key: 'old-again', windowStart: ago(2 * DAY_MS), count: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await remainingWindows()).toEqual(['old-again']);
    // Counts only, no keys (they hold e-mail addresses and IP addresses) in the log.
    expect(JSON.stringify(logged)).not.toContain('secret-key');
  });
});
