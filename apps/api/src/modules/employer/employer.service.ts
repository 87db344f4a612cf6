import type { Claims, Employer, EmployerDetail, EmployerRegistration } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction, isForeignKeyViolation } from '../../platform/db/errors.ts';
import { conflictOnUnique } from '../../platform/http/database-errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import * as invitations from '../registration/registration.service.ts';
import * as repository from './employer.repository.ts';

export type EmployerDeps = invitations.RegistrationDeps;

const ENTITY = 'Employer';
const NOT_FOUND = 'employer.errors.notFound';
/** Every open invitation of an employer fits the detail; more would be a list of its own. */
const DETAIL_INVITATIONS = 100;

type EmployerRow = NonNullable<Awaited<ReturnType<typeof repository.find>>>;

const toEmployer = (row: EmployerRow): Employer => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  registration: row.userCount > 0 ? 'complete' : 'inProgress',
});

/** The unique index decides, so two saves of the same name at once cannot both succeed. */
const withUniqueName = conflictOnUnique('name', 'employer.errors.nameTaken', 'employers_name_unique');

const scopeOf = (employerId: number) => ({ kind: 'employer' as const, employerId });

async function findEmployer(db: Database, id: number): Promise<EmployerRow> {
  const row = await repository.find(db, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

export async function listEmployers(
  db: Database,
  _session: Claims,
  query: ListQuery & { registration?: EmployerRegistration | undefined },
) {
  const { items, ...counts } = await repository.list(db, query);
  return { items: items.map(toEmployer), ...counts };
}

export async function getEmployer(deps: EmployerDeps, _session: Claims, id: number): Promise<EmployerDetail> {
  const row = await findEmployer(deps.db, id);
  const [users, open] = await Promise.all([
    repository.usersOf(deps.db, id),
    invitations.listOpenInvitations(deps, scopeOf(id), {
      page: 1,
      pageSize: DETAIL_INVITATIONS,
      direction: 'desc',
    }),
  ]);
  return { ...toEmployer(row), users, invitations: open.items };
}

/**
 * The employer and the invitation of its contact, together or not at all: a name in use (409 name) or an
 * address that cannot be invited (409 email, as the registration module answers) leaves nothing behind.
 */
export function createEmployer(
  deps: EmployerDeps,
  session: Claims,
  input: { name: string; email: string },
  actor: Actor,
) {
  return withUniqueName(() =>
    inTransaction(deps.db, async (tx) => {
      const created = await repository.insert(tx, input.name);
      await audit.write(tx, actor, ENTITY, created.id, null, { name: created.name });
      await invitations.invite(
        { ...deps, db: tx },
        session,
        { ...scopeOf(created.id), email: input.email },
        actor,
      );
      return toEmployer(created);
    }),
  );
}

export function renameEmployer(db: Database, input: { id: number; name: string }, actor: Actor) {
  return withUniqueName(() =>
    inTransaction(db, async (tx) => {
      const before = await findEmployer(tx, input.id);
      const after = await repository.rename(tx, input.id, input.name);
      await audit.write(tx, actor, ENTITY, input.id, { name: before.name }, { name: after.name });
      return toEmployer(after);
    }),
  );
}

/**
 * Refused while the employer has employees or challenges. Otherwise its users lose the link and its invitations end
 * (both go with the employer's row: their foreign keys cascade), so their codes answer "not found".
 */
export async function deleteEmployer(db: Database, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    // The lock makes an employee joining meanwhile wait (its link needs the employer row).
    if (!(await repository.lock(tx, id))) throw errors.notFound(NOT_FOUND);
    const before = await findEmployer(tx, id);
    if ((await repository.employeeCountOf(tx, id)) > 0) {
      throw errors.conflict('general', 'employer.errors.hasEmployees');
    }
    if ((await repository.challengeCountOf(tx, id)) > 0) {
      throw errors.conflict('general', 'employer.errors.hasChallenges');
    }
    // Its XP history (balance, transfers, invoices) is kept for the books: those keys refuse the deletion.
    try {
      await tx.transaction((savepoint) => repository.remove(savepoint, id));
    } catch (error) {
      if (isForeignKeyViolation(error)) throw errors.conflict('general', 'employer.errors.hasXpHistory');
      throw error;
    }
    await audit.write(tx, actor, ENTITY, id, { name: before.name, userCount: before.userCount }, null);
  });
  return null;
}

// --- invitations: the registration module's machinery, scoped to one employer

export async function inviteContact(
  deps: EmployerDeps,
  session: Claims,
  id: number,
  email: string,
  actor: Actor,
) {
  await findEmployer(deps.db, id);
  return invitations.inviteOpen(deps, session, scopeOf(id), email, actor);
}

export const resendInvitation = (
  deps: EmployerDeps,
  session: Claims,
  id: number,
  invitationId: number,
  actor: Actor,
) => invitations.resendInvitation(deps, session, scopeOf(id), invitationId, actor);

export const cancelInvitation = (deps: EmployerDeps, id: number, invitationId: number, actor: Actor) =>
  invitations.cancelInvitation(deps, scopeOf(id), invitationId, actor);
