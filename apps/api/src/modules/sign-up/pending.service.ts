import {
  type Claims,
  type ConfirmSignUpResult,
  dutchToday,
  type PendingSignUpItem,
  type PendingSignUpView,
} from '@xp/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, audit, identified } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { isoText } from '../../platform/db/columns.ts';
import { inTransaction, isUniqueViolation } from '../../platform/db/errors.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import { errors } from '../../platform/http/errors.ts';
import { type ListQuery, orderBy, pagedList, searchLike } from '../../platform/http/paging.ts';
import { enforceRateLimit } from '../../platform/http/rate-limit.ts';
import { sessions } from '../account/account.tables.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { inScope as memberInScope } from '../member/member.repository.ts';
import { scopeOf } from '../member/member.service.ts';
import { members } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { subscriptions, subscriptionVariants } from '../subscription/subscription.tables.ts';
import { users } from '../user/user.tables.ts';
import { clubOf, enrol, startFirstPayment, tokenHashOf } from './sign-up.service.ts';
import { pendingSignUps } from './sign-up.tables.ts';

/*
 * Sign-ups waiting for their address to be proven (decision 018): the person confirms one from the
 * link mailed to the address, or the desk merges or dismisses it.
 */

const CONFIRM_NOT_FOUND = 'signUp.errors.confirmNotFound';
const PENDING_NOT_FOUND = 'signUp.errors.pendingNotFound';
/** Lookups of a link from one address: 120 a quarter of an hour (the sign-up pages' own limit). */
const LOOKUP_LIMIT = { limit: 120, windowSeconds: 15 * 60 };

const subscriptionIdOf = sql<number>`(${pendingSignUps.data}->>'subscriptionId')::int`;
const variantIdOf = sql<number>`(${pendingSignUps.data}->>'variantId')::int`;
const fullNameOf = fullNameSql({
  firstName: sql`${pendingSignUps.data}->>'firstName'`,
  insertion: sql`${pendingSignUps.data}->>'insertion'`,
  lastName: sql`${pendingSignUps.data}->>'lastName'`,
});

/** An open pending sign-up by its link's token, not expired (locked when asked). */
async function openByToken(db: Database, token: string, lock = false) {
  const query = db
    .select({ pending: pendingSignUps, gymName: gyms.name, locationName: locations.name })
    .from(pendingSignUps)
    .innerJoin(gyms, eq(gyms.id, pendingSignUps.gymId))
    .leftJoin(locations, eq(locations.id, pendingSignUps.locationId))
    .where(
      and(
        eq(pendingSignUps.tokenHash, tokenHashOf(token)),
        eq(pendingSignUps.status, 'open'),
        sql`${pendingSignUps.expiresAt} > now()`,
      ),
    );
  const [row] = await (lock ? query.for('update', { of: pendingSignUps }) : query);
  return row;
}

/** What the link confirms, for the page that confirms it. */
export async function pendingSignUp(
  db: Database,
  token: string,
  address: string,
): Promise<PendingSignUpView> {
  await enforceRateLimit(db, `signup-lookup:address:${address}`, LOOKUP_LIMIT);
  const row = await openByToken(db, token);
  if (!row) throw errors.notFound(CONFIRM_NOT_FOUND);
  const { pending } = row;
  const [chosen] =
    pending.data.subscriptionId === null
      ? []
      : await db
          .select({ subscriptionName: subscriptions.name, variantName: subscriptionVariants.name })
          .from(subscriptions)
          .innerJoin(subscriptionVariants, eq(subscriptionVariants.subscriptionId, subscriptions.id))
          .where(
            and(
              eq(subscriptions.id, pending.data.subscriptionId),
              eq(subscriptionVariants.id, pending.data.variantId ?? 0),
            ),
          );
  return {
    kind: pending.kind,
    gymName: row.gymName,
    locationName: row.locationName,
    subscriptionName: chosen?.subscriptionName ?? null,
    variantName: chosen?.variantName ?? null,
    startDate: pending.data.startDate,
    firstName: pending.data.firstName,
    insertion: pending.data.insertion,
    lastName: pending.data.lastName,
    email: pending.email,
  };
}

/**
 * The account of a proven address: the existing one, now proven, or a new one with the password typed (role
 * `Employee`, the platform's plain user). A proven account keeps its own password; one that was never proven
 * (made by a form before the address had to be proven, by whoever typed it) or had none gets the password typed by the
 * person who proved the address now, and its sessions end. A deleted account is not brought back: none.
 */
async function accountOfProvenAddress(
  tx: Database,
  pending: typeof pendingSignUps.$inferSelect,
  actor: Actor,
) {
  const [existing] = await tx
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      provenAt: users.emailProvenAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${pending.email.toLowerCase()}`)
    .for('update');
  if (existing) {
    if (existing.deletedAt) return null;
    const takesNewPassword = existing.provenAt === null || !existing.passwordHash;
    await tx
      .update(users)
      .set({
        emailProvenAt: sql`coalesce(${users.emailProvenAt}, now())` as unknown as Date,
        ...(takesNewPassword ? { passwordHash: pending.passwordHash } : {}),
      })
      .where(eq(users.id, existing.id));
    if (existing.provenAt === null) {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` as unknown as Date })
        .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
      const after = { emailProven: true, password: 'changed', by: 'signUpConfirmed' };
      await audit.write(
        tx,
        identified(actor, existing.id),
        'User',
        existing.id,
        { emailProven: false },
        after,
      );
    }
    return existing.id;
  }
  try {
    const [user] = await tx
      .insert(users)
      .values({
        email: pending.email,
        passwordHash: pending.passwordHash,
        role: 'Employee',
        firstName: pending.data.firstName,
        insertion: pending.data.insertion,
        lastName: pending.data.lastName,
        phoneNumber: pending.data.phoneNumber,
        language: pending.language,
      })
      .returning({ id: users.id });
    const after = { email: pending.email, role: 'Employee', by: 'signUpConfirmed' };
    await audit.write(tx, identified(actor, user!.id), 'User', user!.id, null, after);
    return user!.id;
  } catch (error) {
    // The same address confirmed twice at once: the other one made the account.
    if (isUniqueViolation(error, 'users_email_lower_unique'))
      throw errors.conflict('general', 'signUp.errors.confirmTwice');
    throw error;
  }
}

const close = (
  tx: Database,
  id: number,
  status: 'completed' | 'merged' | 'dismissed',
  closedBy: number | null,
) =>
  tx
    .update(pendingSignUps)
    .set({ status, closedAt: sql`now()` as unknown as Date, closedBy })
    .where(eq(pendingSignUps.id, id));

/**
 * Confirms a pending sign-up by its mailed link (once): the address is proven, so the account is made (or
 * the existing one of the address proven and linked), and the sign-up made as one with a proven account's
 * password is (`enrol`: the member, the membership, the first invoice); then the first payment. A pending
 * account only (kind 'account') makes or proves the account and links it to its member.
 */
export async function confirmSignUp(
  deps: BillingDeps,
  token: string,
  address: string,
  actor: Actor,
): Promise<ConfirmSignUpResult> {
  await enforceRateLimit(deps.db, `signup-lookup:address:${address}`, LOOKUP_LIMIT);
  const made = await inTransaction(deps.db, async (tx) => {
    const row = await openByToken(tx, token, true);
    if (!row) throw errors.notFound(CONFIRM_NOT_FOUND);
    const { pending } = row;
    const userId = await accountOfProvenAddress(tx, pending, actor);
    const confirmer = identified(actor, userId);
    await close(tx, pending.id, 'completed', userId);
    await audit.write(
      tx,
      confirmer,
      'PendingSignUp',
      pending.id,
      { status: 'open' },
      { status: 'completed' },
    );
    if (pending.kind === 'account') {
      if (userId !== null && pending.memberId !== null)
        await tx
          .update(members)
          .set({ userId })
          .where(
            and(
              eq(members.id, pending.memberId),
              isNull(members.userId),
              sql`lower(${members.email}) = ${pending.email.toLowerCase()}`,
            ),
          );
      return null;
    }
    const club = pending.locationId === null ? undefined : await clubOf(tx, pending.locationId, true);
    if (!club) throw errors.notFound(CONFIRM_NOT_FOUND);
    const { data } = pending;
    const enrolled = await enrol(tx, deps, {
      club,
      email: pending.email,
      data: {
        ...data,
        subscriptionId: data.subscriptionId ?? 0,
        variantId: data.variantId ?? 0,
        startDate: data.startDate ?? dutchToday(),
      },
      userId,
      mandateSignedOn: dutchToday(),
      by: 'confirmed',
      actor: confirmer,
      firstInvoice: true,
    });
    return { ...enrolled, invoice: enrolled.invoice! };
  });
  if (!made) return { checkoutUrl: null, resultToken: null };
  const [pending] = await deps.db
    .select({ email: pendingSignUps.email })
    .from(pendingSignUps)
    .where(eq(pendingSignUps.tokenHash, tokenHashOf(token)));
  return startFirstPayment(deps, { ...made, email: pending!.email, back: null }, actor);
}

// ------------------------------------------------------------------------------------------------ the desk

/** The pending sign-ups the caller's scope sees: the active gym's, or the active location's. */
function inScope(session: Claims) {
  const scope = scopeOf(session);
  return and(
    eq(pendingSignUps.gymId, scope.gymId),
    eq(pendingSignUps.kind, 'signUp'),
    scope.locationId === null ? undefined : eq(pendingSignUps.locationId, scope.locationId),
  );
}

/** The open pending sign-ups of the active gym (or location): who, what they chose, the member of the address. */
export async function listPending(db: Database, session: Claims, query: ListQuery) {
  const where = and(
    inScope(session),
    eq(pendingSignUps.status, 'open'),
    query.search
      ? searchLike(sql`lower(${fullNameOf} || ' ' || ${pendingSignUps.email})`, query.search)
      : undefined,
  );
  return pagedList<PendingSignUpItem>(
    db,
    query,
    async (limit, offset) => {
      const rows = await db
        .select({
          id: pendingSignUps.id,
          createdAt: isoText(pendingSignUps.createdAt),
          email: pendingSignUps.email,
          fullName: fullNameOf,
          dateOfBirth: sql<string>`${pendingSignUps.data}->>'dateOfBirth'`,
          locationName: locations.name,
          subscriptionName: subscriptions.name,
          variantName: subscriptionVariants.name,
          startDate: sql<string | null>`${pendingSignUps.data}->>'startDate'`,
          memberId: members.id,
          memberName: fullNameSql(members),
        })
        .from(pendingSignUps)
        .leftJoin(locations, eq(locations.id, pendingSignUps.locationId))
        .leftJoin(subscriptions, eq(subscriptions.id, subscriptionIdOf))
        .leftJoin(subscriptionVariants, eq(subscriptionVariants.id, variantIdOf))
        // The member of the address only where the member screens would show them (a location's desk: its own).
        .leftJoin(
          members,
          and(
            eq(members.id, pendingSignUps.memberId),
            isNull(members.anonymisedAt),
            memberInScope(scopeOf(session)),
          ),
        )
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            { createdAt: pendingSignUps.createdAt, name: sql`lower(${fullNameOf})` },
            'createdAt',
            pendingSignUps.id,
          ),
        )
        .limit(limit)
        .offset(offset);
      return rows.map(({ memberId, memberName, ...row }) => ({
        ...row,
        member: memberId === null ? null : { id: memberId, fullName: memberName ?? '' },
      }));
    },
    db.select({ id: pendingSignUps.id }).from(pendingSignUps).where(where),
  );
}

async function openInScope(tx: Database, session: Claims, id: number) {
  const [pending] = await tx
    .select()
    .from(pendingSignUps)
    .where(and(eq(pendingSignUps.id, id), inScope(session), eq(pendingSignUps.status, 'open')))
    .for('update');
  if (!pending) throw errors.notFound(PENDING_NOT_FOUND);
  return pending;
}

/**
 * The desk merges a pending sign-up (it knows the person): its data and bank account on the gym's member of
 * the address (or a new open registration) and its membership, invoiced by the billing run as any take-out
 * at the desk. No account is made or linked: only a proven address gets one. Audited.
 */
export async function mergePending(
  deps: BillingDeps,
  session: Claims,
  id: number,
  actor: Actor,
): Promise<{ memberId: number }> {
  return inTransaction(deps.db, async (tx) => {
    const pending = await openInScope(tx, session, id);
    const club = pending.locationId === null ? undefined : await clubOf(tx, pending.locationId, true);
    if (!club) throw errors.notFound(PENDING_NOT_FOUND);
    const { data } = pending;
    const { memberId } = await enrol(tx, deps, {
      club,
      email: pending.email,
      data: {
        ...data,
        subscriptionId: data.subscriptionId ?? 0,
        variantId: data.variantId ?? 0,
        startDate: data.startDate ?? dutchToday(),
      },
      userId: null,
      mandateSignedOn: pending.createdAt.toISOString().slice(0, 10),
      by: 'desk',
      actor,
      firstInvoice: false,
    });
    await close(tx, pending.id, 'merged', session.userId);
    await audit.write(
      tx,
      actor,
      'PendingSignUp',
      pending.id,
      { status: 'open' },
      { status: 'merged', memberId },
    );
    return { memberId };
  });
}

/** The desk dismisses a pending sign-up: nothing of it reaches a member, and its link stops working. */
export async function dismissPending(db: Database, session: Claims, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    const pending = await openInScope(tx, session, id);
    await close(tx, pending.id, 'dismissed', session.userId);
    await audit.write(tx, actor, 'PendingSignUp', pending.id, { status: 'open' }, { status: 'dismissed' });
  });
  return null;
}
