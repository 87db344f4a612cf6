import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { sha256 } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { tfaChallenges } from '../registration/registration.tables.ts';
import type { UserRow } from '../user/user.tables.ts';

/** A code is valid this long, may be tried this often, and a new one may be sent after the cooldown. */
export {
  TFA_CODE_MINUTES as TFA_MINUTES,
  TFA_MAX_ATTEMPTS,
  TFA_RESEND_COOLDOWN_SECONDS,
} from '@xp/contracts';

import {
  TFA_MAX_ATTEMPTS,
  TFA_CODE_MINUTES as TFA_MINUTES,
  TFA_RESEND_COOLDOWN_SECONDS,
} from '@xp/contracts';

type Purpose = 'login' | 'registration';

/** Challenge ids come back from a cookie: anything but a UUID is simply no challenge. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isChallengeId = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

const hashCode = (challengeId: string, code: string) => sha256(`${challengeId}:${code}`);

/** Mails a new six-digit code; earlier open codes of the same purpose stop working. */
export async function issueChallenge(
  db: Database,
  mail: Mailer,
  user: UserRow,
  purpose: Purpose,
): Promise<string> {
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t
      .update(tfaChallenges)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(tfaChallenges.userId, user.id),
          eq(tfaChallenges.purpose, purpose),
          isNull(tfaChallenges.consumedAt),
        ),
      );
    await t.insert(tfaChallenges).values({
      id,
      userId: user.id,
      purpose,
      codeHash: hashCode(id, code),
      expiresAt: sql`now() + make_interval(mins => ${TFA_MINUTES})`,
    });
    await mail(t, {
      to: user.email,
      language: user.language,
      template: 'tfaCode',
      data: { code, minutes: TFA_MINUTES },
    });
  });
  return id;
}

/** Seconds to wait before another code may be sent for this user and purpose (0: now). */
export async function resendWait(db: Database, userId: number, purpose: Purpose): Promise<number> {
  const [row] = await db
    .select({
      wait: sql<number>`greatest(0, ceil(extract(epoch from (${tfaChallenges.sentAt} + make_interval(secs => ${TFA_RESEND_COOLDOWN_SECONDS}) - now()))))::int`,
    })
    .from(tfaChallenges)
    .where(and(eq(tfaChallenges.userId, userId), eq(tfaChallenges.purpose, purpose)))
    .orderBy(desc(tfaChallenges.sentAt))
    .limit(1);
  return row?.wait ?? 0;
}

/**
 * Checks a code against a challenge (by id, or the user's newest of the purpose) and answers its user.
 * Every try counts, atomically, so parallel guesses cannot exceed the limit.
 */
export async function verifyChallenge(
  db: Database,
  where: { challengeId?: string | undefined; userId?: number; purpose: Purpose },
  code: string,
): Promise<number> {
  if (where.challengeId !== undefined && !isChallengeId(where.challengeId))
    throw errors.badRequest('tfa.errors.expired');
  const filter = where.challengeId
    ? eq(tfaChallenges.id, where.challengeId)
    : where.userId !== undefined
      ? eq(tfaChallenges.userId, where.userId)
      : undefined;
  if (!filter) throw errors.badRequest('tfa.errors.expired');
  const [challenge] = await db
    .select({ id: tfaChallenges.id })
    .from(tfaChallenges)
    .where(and(filter, eq(tfaChallenges.purpose, where.purpose), isNull(tfaChallenges.consumedAt)))
    .orderBy(desc(tfaChallenges.sentAt))
    .limit(1);
  if (!challenge) throw errors.badRequest('tfa.errors.expired');

  const [counted] = await db
    .update(tfaChallenges)
    .set({ attempts: sql`${tfaChallenges.attempts} + 1` })
    .where(and(eq(tfaChallenges.id, challenge.id), isNull(tfaChallenges.consumedAt)))
    .returning({
      userId: tfaChallenges.userId,
      codeHash: tfaChallenges.codeHash,
      attempts: tfaChallenges.attempts,
      isExpired: sql<boolean>`${tfaChallenges.expiresAt} < now()`,
    });
  if (!counted || counted.isExpired) throw errors.badRequest('tfa.errors.expired');
  if (counted.attempts > TFA_MAX_ATTEMPTS) throw errors.field('tfaCode', 'tfa.errors.tooManyAttempts');
  if (counted.codeHash !== hashCode(challenge.id, code))
    throw errors.field('tfaCode', 'tfa.errors.invalidCode');

  const [consumed] = await db
    .update(tfaChallenges)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(tfaChallenges.id, challenge.id), isNull(tfaChallenges.consumedAt)))
    .returning({ userId: tfaChallenges.userId });
  if (!consumed) throw errors.badRequest('tfa.errors.expired');
  return consumed.userId;
}

/** The user of an open (unconsumed, unexpired) challenge. */
export async function userOfOpenChallenge(db: Database, challengeId: string, purpose: Purpose) {
  if (!isChallengeId(challengeId)) return undefined;
  const [row] = await db
    .select({ userId: tfaChallenges.userId })
    .from(tfaChallenges)
    .where(
      and(
        eq(tfaChallenges.id, challengeId),
        eq(tfaChallenges.purpose, purpose),
        isNull(tfaChallenges.consumedAt),
        sql`${tfaChallenges.expiresAt} > now()`,
      ),
    );
  return row?.userId;
}
