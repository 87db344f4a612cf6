import {
  type Claims,
  type EmployerEmployee,
  type EmployerEmployeeInvitation,
  type InviteMultipleEmployeesResult,
  inviteByEmail,
  type OpenInvitation,
  type SkipReason,
  skipReason,
  type UploadedFile,
  type VerifiedEmailRow,
} from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { AppError, errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant, notYours } from '../../platform/http/tenant.ts';
import { lockUserLinks } from '../organisation/staff.ts';
import * as invitations from '../registration/registration.service.ts';
import { readEmailColumn } from './employer-employee.excel.ts';
import * as repository from './employer-employee.repository.ts';

export type EmployerEmployeeDeps = invitations.RegistrationDeps;

const ENTITY = 'EmployerEmployee';

/** `{activeEmployerId}` of a path: only the session's own active employer (another's: 404, none: 403). */
function employerOfPath(session: Claims, activeEmployerId: number): number {
  const employerId = activeTenant(session, 'employer');
  if (employerId !== activeEmployerId) throw notYours('employer.errors.notFound');
  return employerId;
}

const toEmployee = (row: NonNullable<Awaited<ReturnType<typeof repository.findEmployee>>>) => ({
  ...row,
  employeeSince: row.employeeSince.toISOString(),
});

// -------------------------------------------------------------------------------------------- employees

export async function listEmployees(db: Database, session: Claims, query: ListQuery) {
  const { items, ...counts } = await repository.listEmployees(db, activeTenant(session, 'employer'), query);
  return { items: items.map(toEmployee), ...counts };
}

export async function getEmployee(db: Database, session: Claims, userId: number): Promise<EmployerEmployee> {
  const employee = await repository.findEmployee(db, activeTenant(session, 'employer'), userId);
  if (!employee) throw errors.notFound('employerEmployee.errors.notFound');
  return toEmployee(employee);
}

/** Ends the employer's funding of the employee; their account (and other employers) stay. */
export async function removeEmployee(
  db: Database,
  session: Claims,
  activeEmployerId: number,
  userId: number,
  actor: Actor,
) {
  const employerId = employerOfPath(session, activeEmployerId);
  await inTransaction(db, async (tx) => {
    await lockUserLinks(tx, userId);
    const employee = await repository.findEmployee(tx, employerId, userId);
    if (!employee) throw errors.notFound('employerEmployee.errors.notFound');
    await repository.removeEmployee(tx, employerId, userId);
    await audit.write(
      tx,
      actor,
      ENTITY,
      `${employerId}:${userId}`,
      { employerId, userId, email: employee.email },
      null,
    );
  });
  return null;
}

// --- invitations: the registration module's machinery, scoped to the active employer

const scopeOf = (employerId: number) => ({ kind: 'employerEmployee' as const, employerId });

async function withEmployerName(db: Database, employerId: number) {
  const name = (await repository.employerName(db, employerId)) ?? '';
  return (invitation: OpenInvitation): EmployerEmployeeInvitation => ({ ...invitation, employerName: name });
}

export async function listInvitations(
  deps: EmployerEmployeeDeps,
  session: Claims,
  activeEmployerId: number,
  query: ListQuery,
) {
  const employerId = employerOfPath(session, activeEmployerId);
  const { items, ...counts } = await invitations.listOpenInvitations(deps, scopeOf(employerId), query);
  return { items: items.map(await withEmployerName(deps.db, employerId)), ...counts };
}

export async function inviteEmployee(
  deps: EmployerEmployeeDeps,
  session: Claims,
  activeEmployerId: number,
  email: string,
  actor: Actor,
) {
  const employerId = employerOfPath(session, activeEmployerId);
  const invitation = await invitations.inviteOpen(deps, session, scopeOf(employerId), email, actor);
  return (await withEmployerName(deps.db, employerId))(invitation);
}

const isEmail = (text: string) => inviteByEmail.shape.email.safeParse(text).success;

/**
 * Invites each address in a transaction of its own, so a refused one does not stop the rest; answers how
 * many were invited and why the others were skipped.
 */
export async function inviteMultipleEmployees(
  deps: EmployerEmployeeDeps,
  session: Claims,
  activeEmployerId: number,
  emails: string[],
  actor: Actor,
): Promise<InviteMultipleEmployeesResult> {
  const employerId = employerOfPath(session, activeEmployerId);
  const seen = new Set<string>();
  const skipped: InviteMultipleEmployeesResult['skipped'] = [];
  let invited = 0;
  for (const email of emails) {
    const key = email.toLowerCase();
    if (!isEmail(email)) {
      skipped.push({ email, reason: 'employerEmployee.errors.invalidEmail' });
      continue;
    }
    if (seen.has(key)) {
      skipped.push({ email, reason: 'employerEmployee.errors.duplicate' });
      continue;
    }
    seen.add(key);
    try {
      await invitations.invite(deps, session, { ...scopeOf(employerId), email }, actor);
      invited++;
    } catch (error) {
      const reason = error instanceof AppError ? skipReason.safeParse(error.errors[0]?.message) : undefined;
      if (!reason?.success) throw error;
      skipped.push({ email, reason: reason.data });
    }
  }
  return { invited, skipped };
}

/** Reads the addresses of an import file and tells per address whether it can be invited, and if not why. */
export async function verifyEmailExcel(
  db: Database,
  session: Claims,
  activeEmployerId: number,
  file: UploadedFile,
): Promise<{ rows: VerifiedEmailRow[] }> {
  const employerId = employerOfPath(session, activeEmployerId);
  const emails = await readEmailColumn(file.data);
  const valid = [...new Set(emails.filter(isEmail).map((email) => email.toLowerCase()))];
  const [employees, invited] = await Promise.all([
    repository.employeeEmails(db, employerId, valid),
    repository.invitedEmails(db, employerId, valid),
  ]);
  const seen = new Set<string>();
  const rows = emails.map((email): VerifiedEmailRow => {
    const key = email.toLowerCase();
    let reason: SkipReason | null = null;
    if (!isEmail(email)) reason = 'employerEmployee.errors.invalidEmail';
    else if (seen.has(key)) reason = 'employerEmployee.errors.duplicate';
    else if (employees.has(key)) reason = 'invitation.errors.alreadyEmployee';
    else if (invited.has(key)) reason = 'invitation.errors.alreadyInvited';
    seen.add(key);
    return { email, verified: reason === null, reason };
  });
  return { rows };
}

export async function resendInvitation(
  deps: EmployerEmployeeDeps,
  session: Claims,
  id: number,
  actor: Actor,
) {
  const employerId = activeTenant(session, 'employer');
  const invitation = await invitations.resendInvitation(deps, session, scopeOf(employerId), id, actor);
  return (await withEmployerName(deps.db, employerId))(invitation);
}

export const cancelInvitation = (deps: EmployerEmployeeDeps, session: Claims, id: number, actor: Actor) =>
  invitations.cancelInvitation(deps, scopeOf(activeTenant(session, 'employer')), id, actor);
