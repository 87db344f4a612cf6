import type { Claims, RightsGroup } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { conflictOnUnique } from '../../platform/http/database-errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import { gymEmployeeIds } from './rights.repository.ts';
import { normaliseGymRights, preventGymLockOut } from './rights.service.ts';
import * as repository from './rights-group.repository.ts';

const ENTITY = 'GymRightsGroup';
const lockOut = () => errors.conflict('general', 'rightsGroup.errors.lockOut');

const toGroup = (row: NonNullable<Awaited<ReturnType<typeof repository.find>>>): RightsGroup => ({
  id: row.id,
  name: row.name,
  rights: normaliseGymRights(row.rights),
  memberCount: row.memberCount,
});

/**
 * A group of the active gym; others are "not found". Locked for a change: changes of one group run one
 * after the other, so it is deleted (and audited) once and no member is added to a group being deleted.
 */
async function findOwn(db: Database, session: Claims, id: number, lock = false) {
  const gymId = activeTenant(session, 'gym');
  if (lock) await repository.lock(db, id);
  const group = await repository.find(db, id);
  if (!group || group.gymId !== gymId) throw errors.notFound('rightsGroup.errors.notFound');
  return { gymId, group };
}

export async function listRightsGroups(db: Database, session: Claims, query: ListQuery) {
  const page = await repository.list(db, activeTenant(session, 'gym'), query);
  return { ...page, items: page.items.map(toGroup) };
}

export async function getRightsGroup(db: Database, session: Claims, id: number) {
  return toGroup((await findOwn(db, session, id)).group);
}

/** The unique index decides, so that two saves of the same name at once cannot both succeed. */
const withUniqueName = conflictOnUnique('name', 'rightsGroup.errors.nameTaken');

export function createRightsGroup(
  db: Database,
  session: Claims,
  input: { name: string; rights: string[] },
  actor: Actor,
) {
  const gymId = activeTenant(session, 'gym');
  return withUniqueName(() =>
    inTransaction(db, async (tx) => {
      const created = toGroup(
        await repository.insert(tx, gymId, { name: input.name, rights: normaliseGymRights(input.rights) }),
      );
      await audit.write(tx, actor, ENTITY, created.id, null, created);
      return created;
    }),
  );
}

export function updateRightsGroup(
  db: Database,
  session: Claims,
  input: { id: number; name: string; rights: string[] },
  actor: Actor,
) {
  return withUniqueName(() =>
    inTransaction(db, async (tx) => {
      const { gymId, group } = await findOwn(tx, session, input.id, true);
      const after = toGroup(
        await repository.update(tx, input.id, { name: input.name, rights: normaliseGymRights(input.rights) }),
      );
      await preventGymLockOut(tx, session, gymId, lockOut());
      await audit.write(tx, actor, ENTITY, input.id, toGroup(group), after);
      return after;
    }),
  );
}

export async function deleteRightsGroup(db: Database, session: Claims, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    const { gymId, group } = await findOwn(tx, session, id, true);
    await repository.remove(tx, id);
    await preventGymLockOut(tx, session, gymId, lockOut());
    await audit.write(tx, actor, ENTITY, id, toGroup(group), null);
  });
  return null;
}

export async function listMembers(db: Database, session: Claims, id: number, query: ListQuery) {
  await findOwn(db, session, id);
  return repository.members(db, id, query);
}

export async function listCandidates(db: Database, session: Claims, id: number, query: ListQuery) {
  const { gymId } = await findOwn(db, session, id);
  return repository.candidates(db, gymId, id, query);
}

export function addMembers(
  db: Database,
  session: Claims,
  id: number,
  input: { employeeIds: number[] },
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    const { gymId } = await findOwn(tx, session, id, true);
    const requested = [...new Set(input.employeeIds)];
    const employees = new Set(await gymEmployeeIds(tx, gymId, requested));
    const strangerIndex = input.employeeIds.findIndex((employeeId) => !employees.has(employeeId));
    if (strangerIndex >= 0) {
      throw errors.field(`employeeIds[${strangerIndex}]`, 'rightsGroup.errors.notAnEmployee');
    }
    const added = await repository.addMembers(tx, id, requested);
    for (const userId of added) {
      await audit.write(tx, actor, 'GymRightsGroupMember', `${id}:${userId}`, null, { groupId: id, userId });
    }
    return { added: added.length };
  });
}

export async function removeMember(
  db: Database,
  session: Claims,
  id: number,
  employeeId: number,
  actor: Actor,
) {
  await inTransaction(db, async (tx) => {
    const { gymId } = await findOwn(tx, session, id, true);
    if (!(await repository.removeMember(tx, id, employeeId))) {
      throw errors.notFound('rightsGroup.errors.memberNotFound');
    }
    await preventGymLockOut(tx, session, gymId, lockOut());
    await audit.write(
      tx,
      actor,
      'GymRightsGroupMember',
      `${id}:${employeeId}`,
      { groupId: id, userId: employeeId },
      null,
    );
  });
  return null;
}
