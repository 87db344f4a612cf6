/** XP transfers: the transactions lists, grants, corrections, wallets and challenge rewards (decision 019). */
import { type Claims, isAdmin, type XpTransferKind } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors, GENERAL_KEY } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { accountOf, balanceOf, transfer, transferToWallets } from './xp.ledger.ts';
import * as repository from './xp.repository.ts';
import { EMPLOYER_NOT_FOUND, employerOfPath, type XpDeps } from './xp.service.ts';
import { challengeCompletions } from './xp.tables.ts';

// ---------------------------------------------------------------------------------------- transactions

type TransactionQuery = ListQuery & {
  kind?: XpTransferKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  employerId?: number | undefined;
};

export function listEmployerTransactions(
  deps: XpDeps,
  session: Claims,
  activeEmployerId: number,
  query: TransactionQuery,
) {
  const employerId = employerOfPath(session, activeEmployerId);
  return repository.listTransfers(deps.db, { ...query, employerId });
}

export function listAllTransactions(deps: XpDeps, _session: Claims, query: TransactionQuery) {
  return repository.listTransfers(deps.db, query);
}

/**
 * XP from the employer's balance to one employee, or to all its employees at once (one grant each, all or
 * nothing: refused whole when the balance does not cover every grant).
 */
export async function grantXp(
  deps: XpDeps,
  session: Claims,
  activeEmployerId: number,
  body: { amountOfXp: number; userId?: number | undefined; allEmployees?: boolean | undefined },
  actor: Actor,
) {
  const employerId = employerOfPath(session, activeEmployerId);
  return inTransaction(deps.db, async (tx) => {
    const userIds = body.allEmployees ? await repository.employeeIdsOf(tx, employerId) : [body.userId!];
    if (userIds.length === 0) throw errors.conflict(GENERAL_KEY, 'xp.errors.noEmployees');
    if (!body.allEmployees && !(await repository.isEmployeeOf(tx, employerId, body.userId!)))
      throw errors.notFound('xp.errors.notEmployee');
    const grant = { kind: 'grant' as const, from: { kind: 'employer' as const, employerId } };
    // One person: one transfer (four statements); everyone: set-based, a few statements for thousands.
    let recipients = 1;
    if (body.allEmployees)
      recipients = await transferToWallets(tx, {
        ...grant,
        userIds,
        amount: body.amountOfXp,
        employerId,
        createdBy: session.userId,
      });
    else
      await transfer(tx, {
        ...grant,
        to: { kind: 'wallet', userId: body.userId! },
        amount: body.amountOfXp,
        employerId,
        userId: body.userId!,
        createdBy: session.userId,
      });
    await audit.write(tx, actor, 'XpGrant', employerId, null, {
      recipients,
      amountOfXp: body.amountOfXp,
      allEmployees: body.allEmployees === true,
    });
    return {
      recipients,
      totalXp: recipients * body.amountOfXp,
      balance: await balanceOf(tx, { kind: 'employer', employerId }),
    };
  });
}

/**
 * An admin's correction: XP added to (from the issuance) or taken from (back to the issuance) an employer's
 * balance or a person's wallet, with a reason; audited. Taking more than the account holds is refused.
 */
export async function correct(
  deps: XpDeps,
  session: Claims,
  body: { employerId?: number | undefined; userId?: number | undefined; amountOfXp: number; reason: string },
  actor: Actor,
) {
  return inTransaction(deps.db, async (tx) => {
    if (body.employerId !== undefined && !(await repository.employerExists(tx, body.employerId)))
      throw errors.notFound(EMPLOYER_NOT_FOUND);
    if (body.userId !== undefined && !(await repository.liveUserExists(tx, body.userId)))
      throw errors.notFound('xp.errors.userNotFound');
    const account =
      body.employerId !== undefined
        ? ({ kind: 'employer', employerId: body.employerId } as const)
        : ({ kind: 'wallet', userId: body.userId! } as const);
    const adding = body.amountOfXp > 0;
    const made = await transfer(tx, {
      kind: 'correction',
      from: adding ? { kind: 'issuance' } : account,
      to: adding ? account : { kind: 'issuance' },
      amount: Math.abs(body.amountOfXp),
      employerId: body.employerId ?? null,
      userId: body.userId ?? null,
      reason: body.reason,
      createdBy: session.userId,
    });
    await audit.write(tx, actor, 'XpTransfer', made.id, null, { kind: 'correction', ...body });
    return (await repository.findTransfer(tx, made.id))!;
  });
}

export async function getWallet(deps: XpDeps, _session: Claims, userId: number) {
  if (!(await repository.liveUserExists(deps.db, userId))) throw errors.notFound('xp.errors.userNotFound');
  return { userId, amountOfXp: await balanceOf(deps.db, { kind: 'wallet', userId }) };
}

// ------------------------------------------------------------------------------------ challenge rewards

/**
 * A participant completed a challenge: recorded once, and its reward (`entreoPointsReward`) paid into
 * their wallet — from the employer's balance for an employer's challenge (refused whole when it does not
 * cover the reward), from the platform for the others. Employer staff record completions of their active
 * employer's challenges by its employees; an admin of any challenge. A second call pays nothing.
 */
export async function completeChallenge(
  deps: XpDeps,
  session: Claims,
  challengeId: number,
  userId: number,
  actor: Actor,
) {
  return inTransaction(deps.db, async (tx) => {
    const [challenge] = await tx.select().from(challenges).where(eq(challenges.id, challengeId));
    const mayRecord =
      challenge &&
      (isAdmin(session) ||
        (session.activeEmployerId !== null && challenge.employerId === session.activeEmployerId));
    if (!challenge || !mayRecord) throw errors.notFound('challenge.errors.notFound');
    if (challenge.employerId !== null) {
      if (!(await repository.isEmployeeOf(tx, challenge.employerId, userId)))
        throw errors.notFound('xp.errors.notEmployee');
    } else if (!(await repository.liveUserExists(tx, userId))) {
      throw errors.notFound('xp.errors.userNotFound');
    }
    if (!challenge.isActive) throw errors.conflict(GENERAL_KEY, 'xp.errors.challengeInactive');
    const [recorded] = await tx
      .insert(challengeCompletions)
      .values({ challengeId, userId, recordedBy: session.userId })
      .onConflictDoNothing()
      .returning();
    if (!recorded) {
      const [before] = await tx
        .select()
        .from(challengeCompletions)
        .where(repository.completionOf(challengeId, userId));
      return {
        challengeId,
        userId,
        completedAt: before!.completedAt.toISOString(),
        amountOfXp: 0,
        alreadyCompleted: true,
      };
    }
    const reward = challenge.entreoPointsReward;
    if (reward > 0) {
      await accountOf(tx, { kind: 'wallet', userId });
      const made = await transfer(tx, {
        kind: 'reward',
        from:
          challenge.employerId !== null
            ? { kind: 'employer', employerId: challenge.employerId }
            : { kind: 'issuance' },
        to: { kind: 'wallet', userId },
        amount: reward,
        employerId: challenge.employerId,
        userId,
        challengeId,
        createdBy: session.userId,
      });
      await repository.setCompletionTransfer(tx, challengeId, userId, made.id);
    }
    await audit.write(tx, actor, 'ChallengeCompletion', `${challengeId}:${userId}`, null, {
      challengeId,
      userId,
      reward,
    });
    return {
      challengeId,
      userId,
      completedAt: recorded.completedAt.toISOString(),
      amountOfXp: reward,
      alreadyCompleted: false,
    };
  });
}
