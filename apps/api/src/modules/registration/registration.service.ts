import type { Claims, CompleteRegistrationBody, InvitationKind, OpenInvitation } from '@xp/contracts';
import { answerableInvitationKinds, registerPaths } from '@xp/contracts';
import { instantAfterDays } from '@xp/contracts/dates';
import { type Actor, audit, identified } from '../../platform/audit/audit.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { isCommonPassword } from '../../platform/auth/password-policy.ts';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction, isUniqueViolation } from '../../platform/db/errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { limitCodeGuesses } from '../../platform/http/rate-limit.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { findUserByEmail, findUserById } from '../account/account.repository.ts';
import { type AccountDeps, openSession } from '../account/account.service.ts';
import * as tfa from '../account/tfa.ts';
import type { UserRow } from '../user/user.tables.ts';
import * as repository from './registration.repository.ts';

export interface RegistrationDeps extends AccountDeps {
  mail: Mailer;
  publicUrl: string;
  /** A flow of one kind only (the spec's employer-employee and supplier calls): other codes are unknown. */
  onlyKind?: InvitationKind;
}

const INVITATION_DAYS = 14;

const roleOfKind: Record<InvitationKind, UserRow['role']> = {
  admin: 'Admin',
  gymEmployee: 'Employee',
  employerEmployee: 'Employee',
  contentCreator: 'ContentCreator',
  gymEmployer: 'Employer',
  employer: 'Employer',
  supplier: 'Supplier',
};

/** Completes "als …" / "as …" in the invitation mail. */
const kindLabels: Record<'nl' | 'en', Record<InvitationKind, string>> = {
  nl: {
    admin: 'beheerder',
    gymEmployee: 'medewerker',
    employerEmployee: 'werknemer',
    contentCreator: 'contentmaker',
    gymEmployer: 'werkgever',
    employer: 'werkgever',
    supplier: 'leverancier',
  },
  en: {
    admin: 'an administrator',
    gymEmployee: 'an employee',
    employerEmployee: 'an employee',
    contentCreator: 'a content creator',
    gymEmployer: 'an employer',
    employer: 'an employer',
    supplier: 'a supplier',
  },
};

/** Accounts from admin invitations always verify by a mailed code, at registration and every sign-in. */
const requiresVerification = (kind: InvitationKind) => kind === 'admin';

/** An invitation by its code in the state a step expects; otherwise a clear reason. */
async function invitationByCode(deps: RegistrationDeps, code: string, expected: 'pending' | 'registered') {
  const found = await repository.findByCodeHash(deps.db, sha256(code));
  if (!found || (deps.onlyKind && found.invitation.kind !== deps.onlyKind)) {
    throw errors.notFound('invitation.errors.notFound');
  }
  const { invitation } = found;
  if (invitation.status === 'cancelled') throw errors.notFound('invitation.errors.cancelled');
  if (invitation.status === 'used') throw errors.notFound('invitation.errors.used');
  if (invitation.status === 'denied') throw errors.notFound('invitation.errors.denied');
  if (expected === 'pending' && invitation.status === 'registered')
    throw errors.notFound('invitation.errors.used');
  if (expected === 'registered' && invitation.status === 'pending')
    throw errors.badRequest('tfa.errors.expired');
  if (found.isExpired && invitation.status === 'pending') throw errors.notFound('invitation.errors.expired');
  return found;
}

export async function getInvitation(deps: RegistrationDeps, code: string, address: string) {
  await limitCodeGuesses(deps.db, address);
  const { invitation, organisationName } = await invitationByCode(deps, code, 'pending');
  return {
    kind: invitation.kind,
    email: invitation.email,
    organisationName,
    requiresVerification: requiresVerification(invitation.kind),
    hasAccount: (await findUserByEmail(deps.db, invitation.email)) !== undefined,
  };
}

export function checkNewPassword(password: string) {
  if (isCommonPassword(password)) throw errors.field('password', 'validation.passwordTooCommon');
}

export async function completeRegistration(
  deps: RegistrationDeps,
  body: CompleteRegistrationBody,
  address: string,
  actor: Actor,
) {
  await limitCodeGuesses(deps.db, address);
  checkNewPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const { invitation } = await invitationByCode(deps, body.code, 'pending');
  const mustVerify = requiresVerification(invitation.kind);

  const user = await inTransaction(deps.db, async (tx) => {
    let created: UserRow;
    try {
      created = await repository.insertUser(tx, {
        email: invitation.email,
        passwordHash,
        role: roleOfKind[invitation.kind],
        firstName: body.firstName,
        insertion: body.insertion || null,
        lastName: body.lastName,
        isTfaEnabled: mustVerify,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.conflict('general', 'invitation.errors.alreadyRegistered');
      throw error;
    }
    if (invitation.employerId !== null) {
      const link = invitation.kind === 'employerEmployee' ? repository.linkEmployee : repository.linkEmployer;
      await link(tx, invitation.employerId, created.id);
    }
    if (invitation.supplierId !== null) await repository.linkSupplier(tx, invitation.supplierId, created.id);
    if (invitation.kind === 'gymEmployee' && invitation.gymId !== null) {
      await repository.linkGymEmployee(tx, invitation.gymId, created.id);
    }
    await repository.updateInvitation(tx, invitation.id, {
      status: mustVerify ? 'registered' : 'used',
      userId: created.id,
      usedAt: mustVerify ? null : new Date(),
    });
    const after = { role: created.role, registeredFrom: invitation.kind };
    await audit.write(tx, identified(actor, created.id), 'User', created.id, null, after);
    return created;
  });

  if (mustVerify) {
    await tfa.issueChallenge(deps.db, deps.mail, user, 'registration');
    return { requiresVerification: true, issued: null };
  }
  return { requiresVerification: false, issued: await openSession(deps, user) };
}

/** The account a registration code made, waiting for its verification. */
async function registeredUser(deps: RegistrationDeps, code: string) {
  const { invitation } = await invitationByCode(deps, code, 'registered');
  if (invitation.userId === null) throw errors.badRequest('tfa.errors.expired');
  return invitation;
}

export async function sendRegistrationTfaCode(deps: RegistrationDeps, code: string, address: string) {
  await limitCodeGuesses(deps.db, address);
  const invitation = await registeredUser(deps, code);
  const wait = await tfa.resendWait(deps.db, invitation.userId!, 'registration');
  if (wait > 0) throw errors.tooManyRequests('tfa.errors.cooldown', wait);
  const user = await findUserById(deps.db, invitation.userId!);
  if (!user) throw errors.badRequest('tfa.errors.expired');
  await tfa.issueChallenge(deps.db, deps.mail, user, 'registration');
  return null;
}

export async function validateRegistrationTfa(
  deps: RegistrationDeps,
  code: string,
  tfaCode: string,
  address: string,
  actor: Actor,
) {
  await limitCodeGuesses(deps.db, address);
  const invitation = await registeredUser(deps, code);
  const userId = await tfa.verifyChallenge(
    deps.db,
    { userId: invitation.userId!, purpose: 'registration' },
    tfaCode,
  );
  await inTransaction(deps.db, async (tx) => {
    await repository.updateInvitation(tx, invitation.id, { status: 'used', usedAt: new Date() });
    const used = { status: 'used' };
    await audit.write(
      tx,
      identified(actor, userId),
      'Invitation',
      invitation.id,
      { status: 'registered' },
      used,
    );
  });
  const user = await findUserById(deps.db, userId);
  if (!user) throw errors.badRequest('tfa.errors.expired');
  return openSession(deps, user);
}

// --- an invitation answered with an existing account (employer employees, gym employees) ---------------------

/** The kinds `deps` may answer: the one kind of the spec's employer calls, or every answerable kind. */
async function answerableInvitation(deps: RegistrationDeps, code: string) {
  const found = await invitationByCode(deps, code, 'pending');
  if (!(answerableInvitationKinds as readonly string[]).includes(found.invitation.kind)) {
    throw errors.notFound('invitation.errors.notFound');
  }
  return found.invitation;
}

/**
 * The account of the invited address joins the employer (as an employee) or the gym (as a gym employee,
 * only for an account with the role Employee); the code is used up.
 */
export async function acceptInvitation(deps: RegistrationDeps, code: string, address: string, actor: Actor) {
  await limitCodeGuesses(deps.db, address);
  const invitation = await answerableInvitation(deps, code);
  const user = await findUserByEmail(deps.db, invitation.email);
  if (!user) throw errors.conflict('general', 'invitation.errors.noAccount');
  if (invitation.kind === 'gymEmployee' && user.role !== 'Employee') {
    throw errors.conflict('general', 'invitation.errors.alreadyRegistered');
  }
  const organisation =
    invitation.kind === 'gymEmployee' ? { gymId: invitation.gymId } : { employerId: invitation.employerId };
  if (Object.values(organisation)[0] === null) throw errors.notFound('invitation.errors.notFound');
  await inTransaction(deps.db, async (tx) => {
    // Only a pending invitation is taken, so two answers at once cannot both count.
    const taken = await repository.answerInvitation(tx, invitation.id, {
      status: 'used',
      userId: user.id,
      usedAt: new Date(),
    });
    if (!taken) throw errors.notFound('invitation.errors.used');
    if (invitation.kind === 'gymEmployee') await repository.linkGymEmployee(tx, invitation.gymId!, user.id);
    else await repository.linkEmployee(tx, invitation.employerId!, user.id);
    const used = { status: 'used', ...organisation };
    await audit.write(
      tx,
      identified(actor, user.id),
      'Invitation',
      invitation.id,
      { status: 'pending' },
      used,
    );
  });
  return null;
}

/** The invitation is declined; its code answers 'denied' from now on. */
export async function denyInvitation(deps: RegistrationDeps, code: string, address: string, actor: Actor) {
  await limitCodeGuesses(deps.db, address);
  const invitation = await answerableInvitation(deps, code);
  await inTransaction(deps.db, async (tx) => {
    const taken = await repository.answerInvitation(tx, invitation.id, {
      status: 'denied',
      deniedAt: new Date(),
    });
    if (!taken) throw errors.notFound('invitation.errors.used');
    await audit.write(tx, actor, 'Invitation', invitation.id, { status: 'pending' }, { status: 'denied' });
  });
  return null;
}

// --- open invitations (admins, gym employees) ---------------------------------------------------------

const toOpenInvitation = (row: {
  id: number;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  isExpired: boolean;
  invitedBy: string | null;
}): OpenInvitation => ({
  id: row.id,
  email: row.email,
  invitedBy: row.invitedBy || null,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  isExpired: row.isExpired,
});

/** Creates an invitation of any kind and mails its link; other domains invite through this. */
export async function invite(
  deps: RegistrationDeps,
  session: Claims,
  input: { kind: InvitationKind; email: string; gymId?: number; employerId?: number; supplierId?: number },
  actor: Actor,
) {
  return inTransaction(deps.db, async (tx) => {
    if (input.kind === 'employerEmployee') {
      // Someone with an account accepts the invitation instead of registering.
      if (input.employerId === undefined) throw new Error('an employee is invited by an employer');
      if (await repository.isEmployeeOf(tx, input.employerId, input.email)) {
        throw errors.conflict('email', 'invitation.errors.alreadyEmployee');
      }
    } else if (input.kind === 'gymEmployee' && input.gymId !== undefined) {
      if (await repository.isGymEmployee(tx, input.gymId, input.email)) {
        throw errors.conflict('email', 'employee.errors.alreadyEmployee');
      }
      // An employee of another gym accepts instead of registering; other roles cannot join a gym.
      const role = await repository.roleOfEmail(tx, input.email);
      if (role !== undefined && role !== 'Employee') {
        throw errors.conflict('email', 'invitation.errors.alreadyRegistered');
      }
    } else if (await repository.emailIsRegistered(tx, input.email)) {
      throw errors.conflict('email', 'invitation.errors.alreadyRegistered');
    }
    if (await repository.hasOpenInvitation(tx, input.kind, input.email, input)) {
      throw errors.conflict('email', 'invitation.errors.alreadyInvited');
    }
    const code = newOpaqueToken();
    const inserted = await insertOpenInvitation(tx, {
      kind: input.kind,
      email: input.email,
      codeHash: sha256(code),
      invitedByUserId: session.userId,
      gymId: input.gymId ?? null,
      employerId: input.employerId ?? null,
      supplierId: input.supplierId ?? null,
      expiresAt: instantAfterDays(INVITATION_DAYS),
    });
    const { invitation, inviterName } = await mailInvitation(deps, tx, session, code);
    const after = { kind: invitation.kind, email: invitation.email };
    await audit.write(tx, actor, 'Invitation', inserted.id, null, after);
    return { invitation, inviterName };
  });
}

/** The partial unique index on open invitations decides when two invitations of one address race. */
async function insertOpenInvitation(db: Database, values: Parameters<typeof repository.insertInvitation>[1]) {
  try {
    return await repository.insertInvitation(db, values);
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict('email', 'invitation.errors.alreadyInvited');
    throw error;
  }
}

/** Mails the link of an invitation (new or renewed code); answers the names the mail used. */
async function mailInvitation(deps: RegistrationDeps, db: Database, session: Claims, code: string) {
  const found = await repository.findByCodeHash(db, sha256(code));
  if (!found) throw new Error('invitation just written is missing');
  const { invitation, organisationName, inviterName } = found;
  await deps.mail(db, {
    to: invitation.email,
    language: session.language,
    template: 'invitation',
    data: {
      inviterName: inviterName || session.name,
      organisationName,
      kindLabel: kindLabels[session.language][invitation.kind],
      link: `${deps.publicUrl}/account/register/${registerPaths[invitation.kind]}/${code}`,
      hasAccount: (await findUserByEmail(db, invitation.email)) !== undefined,
    },
  });
  return { invitation, inviterName: inviterName || null };
}

/** A pending invitation of the scope (its kind, and its gym or employer when given); else not found. */
async function openInvitationInScope(db: Database, scope: repository.InvitationScope, id: number) {
  const invitation = await repository.findById(db, id);
  if (
    invitation?.kind !== scope.kind ||
    invitation.status !== 'pending' ||
    (scope.gymId !== undefined && invitation.gymId !== scope.gymId) ||
    (scope.employerId !== undefined && invitation.employerId !== scope.employerId)
  ) {
    throw errors.notFound('invitation.errors.notFound');
  }
  return invitation;
}

/** Open invitations of a kind (and gym or employer), as the invited lists show them. */
export async function listOpenInvitations(
  deps: RegistrationDeps,
  scope: repository.InvitationScope,
  query: ListQuery,
) {
  const { items, ...counts } = await repository.listOpen(deps.db, scope, query);
  return { items: items.map(toOpenInvitation), ...counts };
}

/** Invites for a scope and answers the invitation as the invited lists show it. */
export async function inviteOpen(
  deps: RegistrationDeps,
  session: Claims,
  scope: repository.InvitationScope,
  email: string,
  actor: Actor,
) {
  const { invitation, inviterName } = await invite(deps, session, { ...scope, email }, actor);
  return toOpenInvitation({ ...invitation, isExpired: false, invitedBy: inviterName });
}

/** A new code and expiry, mailed again. */
export async function resendInvitation(
  deps: RegistrationDeps,
  session: Claims,
  scope: repository.InvitationScope,
  id: number,
  actor: Actor,
) {
  return inTransaction(deps.db, async (tx) => {
    const before = await openInvitationInScope(tx, scope, id);
    const code = newOpaqueToken();
    const updated = await repository.updateInvitation(tx, id, {
      codeHash: sha256(code),
      expiresAt: instantAfterDays(INVITATION_DAYS),
    });
    const { inviterName } = await mailInvitation(deps, tx, session, code);
    const after = { expiresAt: updated.expiresAt };
    await audit.write(tx, actor, 'Invitation', id, { expiresAt: before.expiresAt }, after);
    return toOpenInvitation({ ...updated, isExpired: false, invitedBy: inviterName });
  });
}

export async function cancelInvitation(
  deps: RegistrationDeps,
  scope: repository.InvitationScope,
  id: number,
  actor: Actor,
) {
  await inTransaction(deps.db, async (tx) => {
    await openInvitationInScope(tx, scope, id);
    // Only while it is pending: of cancels at once, one cancels (and is audited), the others find nothing.
    const cancelled = await repository.answerInvitation(tx, id, {
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    if (!cancelled) throw errors.notFound('invitation.errors.notFound');
    await audit.write(tx, actor, 'Invitation', id, { status: 'pending' }, { status: 'cancelled' });
  });
  return null;
}

const adminScope: repository.InvitationScope = { kind: 'admin' };

export const inviteAdmin = (deps: RegistrationDeps, session: Claims, email: string, actor: Actor) =>
  inviteOpen(deps, session, adminScope, email, actor);

export const listAdminInvitations = (deps: RegistrationDeps, query: ListQuery) =>
  listOpenInvitations(deps, adminScope, query);

export const resendAdminInvitation = (deps: RegistrationDeps, session: Claims, id: number, actor: Actor) =>
  resendInvitation(deps, session, adminScope, id, actor);

export const cancelAdminInvitation = (deps: RegistrationDeps, id: number, actor: Actor) =>
  cancelInvitation(deps, adminScope, id, actor);
