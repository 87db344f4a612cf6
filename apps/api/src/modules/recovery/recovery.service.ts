import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Actor, audit, identified } from '../../platform/audit/audit.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors } from '../../platform/http/errors.ts';
import { enforceRateLimit, hitRateLimit } from '../../platform/http/rate-limit.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { findUserByEmail } from '../account/account.repository.ts';
import { sessions } from '../account/account.tables.ts';
import { checkNewPassword } from '../registration/registration.service.ts';
import { users } from '../user/user.tables.ts';
import { passwordResets } from './recovery.tables.ts';

export interface RecoveryDeps {
  db: Database;
  mail: Mailer;
  publicUrl: string;
}

const RESET_MINUTES = 60;
const PER_ADDRESS = { limit: 20, windowSeconds: 60 * 60 };
/**
 * Per account and caller address: a caller who asks too often for someone's account is refused (429) without
 * blocking the account's owner, who asks from another address (decision 004).
 */
const PER_ACCOUNT_AND_ADDRESS = { limit: 5, windowSeconds: 60 * 60 };
/**
 * An account gets at most one reset mail per quarter of an hour, whoever asks: a request within it mails
 * nothing (the link mailed last is still valid, for RESET_MINUTES), so nobody floods an inbox.
 */
const MAIL_WINDOW = { limit: 1, windowSeconds: 15 * 60 };
/**
 * `forgotPassword` answers no sooner than this after the rate limits, known account or not, mail or no mail:
 * more than the work for a known account takes, so that the time does not tell whether an account exists.
 */
export const FORGOT_ANSWER_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Mails a reset link when the address belongs to an account that may sign in and had none mailed within
 * MAIL_WINDOW; answers the same either way, in the same time (FORGOT_ANSWER_MS).
 */
export async function forgotPassword(deps: RecoveryDeps, email: string, address: string, actor: Actor) {
  await enforceRateLimit(deps.db, `forgot:address:${address}`, PER_ADDRESS);
  await enforceRateLimit(
    deps.db,
    `forgot:account:${email.toLowerCase()}:address:${address}`,
    PER_ACCOUNT_AND_ADDRESS,
  );
  const answerAt = Date.now() + FORGOT_ANSWER_MS;
  try {
    await mailResetLink(deps, email, actor);
  } finally {
    await sleep(answerAt - Date.now());
  }
  return null;
}

async function mailResetLink(deps: RecoveryDeps, email: string, actor: Actor) {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.passwordHash) return;
  if ((await hitRateLimit(deps.db, `forgot:mail:${user.id}`, MAIL_WINDOW)) > 0) return;
  const token = newOpaqueToken();
  await inTransaction(deps.db, async (tx) => {
    const expiresAt = new Date(Date.now() + RESET_MINUTES * 60_000);
    await tx.insert(passwordResets).values({ tokenHash: sha256(token), userId: user.id, expiresAt });
    // Asked for by whoever knew the address: not the user until the link proves it (no user id yet).
    await audit.write(tx, actor, 'User', user.id, { resetLinkMailed: false }, { resetLinkMailed: true });
    await deps.mail(tx, {
      to: user.email,
      language: user.language,
      template: 'passwordReset',
      data: {
        link: `${deps.publicUrl}/account/reset-password?token=${encodeURIComponent(token)}`,
        minutes: RESET_MINUTES,
      },
    });
  });
}

/** Sets the new password once per token and ends every session of the user. */
export async function resetPassword(
  deps: RecoveryDeps,
  input: { token: string; password: string },
  address: string,
  actor: Actor,
) {
  await enforceRateLimit(deps.db, `reset:address:${address}`, PER_ADDRESS);
  checkNewPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(deps.db, async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) throw errors.badRequest('recovery.errors.invalidToken');
    // The link came to the address: that proves it too (the check-in needs a proven address: decision 018).
    await tx
      .update(users)
      .set({ passwordHash, emailProvenAt: sql`coalesce(${users.emailProvenAt}, now())` as unknown as Date })
      .where(and(eq(users.id, reset.userId), isNull(users.deletedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
    const changed = { password: 'changed' };
    await audit.write(
      tx,
      identified(actor, reset.userId),
      'User',
      reset.userId,
      { password: 'old' },
      changed,
    );
  });
  return null;
}

/** Whether an address is free to register (the one call that may tell), rate limited per client. */
export async function checkUsername(deps: RecoveryDeps, name: string, address: string) {
  await enforceRateLimit(deps.db, `check:address:${address}`, { limit: 60, windowSeconds: 15 * 60 });
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${name})`);
  return { isAvailable: !row };
}
