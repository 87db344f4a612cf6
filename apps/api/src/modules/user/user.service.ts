import type { Claims, Profile, ProfileUpdate } from '@xp/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Actor, audit, identified } from '../../platform/audit/audit.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction, isUniqueViolation } from '../../platform/db/errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { sessions } from '../account/account.tables.ts';
import { gymRightsGroupMembers } from '../employee/employee.tables.ts';
import {
  employerEmployees,
  employerUsers,
  gymEmployees,
  gymRightGrants,
  locationEmployees,
  locationRightGrants,
  supplierUsers,
} from '../organisation/organisation.tables.ts';
import * as repository from './user.repository.ts';
import { emailChanges, type UserRow, users } from './user.tables.ts';

export interface UserDeps {
  db: Database;
  mail: Mailer;
  publicUrl: string;
}

const EMAIL_CHANGE_HOURS = 24;

async function currentUser(db: Database, session: Claims) {
  const user = await repository.find(db, session.userId);
  if (!user) throw errors.unauthorized();
  return user;
}

async function pendingEmailOf(db: Database, userId: number) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(sql`${emailChanges.createdAt} desc`)
    .limit(1);
  return row?.newEmail ?? null;
}

const toProfile = (user: UserRow, pendingEmail: string | null): Profile => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  insertion: user.insertion,
  lastName: user.lastName,
  phoneNumber: user.phoneNumber,
  language: user.language,
  isTfaEnabled: user.isTfaEnabled,
  pendingEmail,
  role: user.role,
});

export async function getProfile(deps: UserDeps, session: Claims) {
  const user = await currentUser(deps.db, session);
  return toProfile(user, await pendingEmailOf(deps.db, user.id));
}

export async function updateProfile(deps: UserDeps, session: Claims, input: ProfileUpdate, actor: Actor) {
  return inTransaction(deps.db, async (tx) => {
    const before = await currentUser(tx, session);
    const after = await repository.update(tx, before.id, {
      firstName: input.firstName,
      insertion: input.insertion || null,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber || null,
      language: input.language,
      isTfaEnabled: input.isTfaEnabled,
    });
    await audit.write(tx, actor, 'User', before.id, before, after);
    // Only the newest requested address can be confirmed; asking for the current one cancels it.
    await tx
      .update(emailChanges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailChanges.userId, before.id), isNull(emailChanges.usedAt)));
    if (input.email.toLowerCase() !== before.email.toLowerCase()) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${input.email})`);
      if (taken) throw errors.conflict('email', 'user.errors.emailTaken');
      const token = newOpaqueToken();
      await tx.insert(emailChanges).values({
        tokenHash: sha256(token),
        userId: before.id,
        newEmail: input.email,
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000),
      });
      await deps.mail(tx, {
        to: input.email,
        language: after.language,
        template: 'emailChange',
        data: { link: `${deps.publicUrl}/account/confirm-email?token=${encodeURIComponent(token)}` },
      });
    }
    return toProfile(after, await pendingEmailOf(tx, before.id));
  });
}

export async function confirmEmail(deps: UserDeps, token: string, actor: Actor) {
  try {
    await inTransaction(deps.db, async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailChanges.tokenHash, sha256(token)),
            isNull(emailChanges.usedAt),
            gt(emailChanges.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!change) throw errors.badRequest('user.errors.invalidEmailToken');
      const before = await repository.find(tx, change.userId);
      if (!before) throw errors.badRequest('user.errors.invalidEmailToken');
      await repository.update(tx, change.userId, { email: change.newEmail });
      const after = { email: change.newEmail };
      await audit.write(
        tx,
        identified(actor, change.userId),
        'User',
        change.userId,
        { email: before.email },
        after,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict('general', 'user.errors.emailTaken');
    throw error;
  }
  return null;
}

export const listUsers = (deps: UserDeps, query: ListQuery & { role?: UserRow['role'] | undefined }) =>
  repository.list(deps.db, query).then(({ items, ...rest }) => ({
    ...rest,
    items: items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
  }));

/** The platform must keep at least one admin. */
async function ensureNotLastAdmin(db: Database, user: UserRow) {
  if (user.role === 'Admin' && (await repository.adminCount(db)) <= 1) {
    throw errors.conflict('general', 'user.errors.lastAdmin');
  }
}

/**
 * Closes the own account: sign-in is no longer possible and personal data is anonymised; rows that refer to
 * the user (invoices, the XP ledger, the audit log) keep the id, so financial records stay intact.
 */
export async function deleteAccount(deps: UserDeps, session: Claims, password: string, actor: Actor) {
  await inTransaction(deps.db, async (tx) => {
    // Serialise concurrent deletions of admins so two last admins cannot both leave.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const user = await currentUser(tx, session);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw errors.field('password', 'user.errors.wrongPassword');
    await ensureNotLastAdmin(tx, user);
    await repository.update(tx, user.id, {
      email: `deleted-${user.id}@deleted.invalid`,
      firstName: 'Verwijderd',
      insertion: null,
      lastName: 'account',
      phoneNumber: null,
      passwordHash: null,
      isTfaEnabled: false,
      deletedAt: new Date(),
    });
    await tx.delete(gymRightGrants).where(eq(gymRightGrants.userId, user.id));
    await tx.delete(locationRightGrants).where(eq(locationRightGrants.userId, user.id));
    await tx.delete(employerUsers).where(eq(employerUsers.userId, user.id));
    await tx.delete(employerEmployees).where(eq(employerEmployees.userId, user.id));
    await tx.delete(supplierUsers).where(eq(supplierUsers.userId, user.id));
    await tx.delete(gymEmployees).where(eq(gymEmployees.userId, user.id));
    await tx.delete(locationEmployees).where(eq(locationEmployees.userId, user.id));
    await tx.delete(gymRightsGroupMembers).where(eq(gymRightsGroupMembers.userId, user.id));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await audit.write(tx, actor, 'User', user.id, { deleted: false }, { deleted: true });
  });
  return null;
}

export async function requestAccountDeletion(deps: UserDeps, userId: number, actor: Actor) {
  await inTransaction(deps.db, async (tx) => {
    const user = await repository.find(tx, userId);
    if (!user) throw errors.notFound('user.errors.notFound');
    await deps.mail(tx, {
      to: user.email,
      language: user.language,
      template: 'accountDeletionRequest',
      data: { link: `${deps.publicUrl}/account/delete-account` },
    });
    await audit.write(tx, actor, 'User', userId, null, { deletionRequested: true });
  });
  return null;
}

export async function revokeAdmin(deps: UserDeps, userId: number, actor: Actor) {
  await inTransaction(deps.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const user = await repository.find(tx, userId);
    if (user?.role !== 'Admin') throw errors.notFound('user.errors.notFound');
    await ensureNotLastAdmin(tx, user);
    await repository.update(tx, userId, { role: 'Employee' });
    // Their current sessions carry admin claims: they sign in again as what they are now.
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await audit.write(tx, actor, 'User', userId, { role: 'Admin' }, { role: 'Employee' });
  });
  return null;
}
