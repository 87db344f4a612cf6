import {
  type Claims,
  canManageLocationEmployees,
  type GymEmployeeDetail,
  isAdmin,
  type LocationEmployeeDetail,
  type NewLocationEmployees,
} from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import { lockUserLinks } from '../organisation/staff.ts';
import * as invitations from '../registration/registration.service.ts';
import * as repository from './employee.repository.ts';

export type EmployeeDeps = invitations.RegistrationDeps;

const GYM_ENTITY = 'GymEmployee';
const LOCATION_ENTITY = 'LocationEmployee';

async function employeeOfActiveGym(db: Database, session: Claims, employeeId: number) {
  const gymId = activeTenant(session, 'gym');
  const employee = await repository.findGymEmployee(db, gymId, employeeId);
  if (!employee) throw errors.notFound('employee.errors.notFound');
  return { gymId, employee };
}

// ---------------------------------------------------------------------------------------------- the gym

export const listGymEmployees = (db: Database, session: Claims, query: ListQuery) =>
  repository.listGymEmployees(db, activeTenant(session, 'gym'), query);

export async function getGymEmployee(
  db: Database,
  session: Claims,
  employeeId: number,
): Promise<GymEmployeeDetail> {
  const { gymId, employee } = await employeeOfActiveGym(db, session, employeeId);
  return {
    ...employee,
    employeeSince: employee.employeeSince.toISOString(),
    locations: await repository.locationsOfEmployee(db, gymId, employeeId),
  };
}

/** Takes the employee out of the active gym; their account (and other gyms) stay. */
export async function removeGymEmployee(db: Database, session: Claims, employeeId: number, actor: Actor) {
  if (employeeId === session.userId) throw errors.badRequest('employee.errors.removeSelf');
  await inTransaction(db, async (tx) => {
    await lockUserLinks(tx, employeeId);
    const { gymId, employee } = await employeeOfActiveGym(tx, session, employeeId);
    const locations = await repository.locationsOfEmployee(tx, gymId, employeeId);
    await repository.removeFromGym(tx, gymId, employeeId);
    await audit.write(
      tx,
      actor,
      GYM_ENTITY,
      `${gymId}:${employeeId}`,
      { gymId, employeeId, email: employee.email, locationIds: locations.map((l) => l.locationId) },
      null,
    );
  });
  return null;
}

// --- invitations: the registration module's machinery, scoped to the active gym

const invitationScope = (session: Claims) => ({
  kind: 'gymEmployee' as const,
  gymId: activeTenant(session, 'gym'),
});

export const listInvitations = (deps: EmployeeDeps, session: Claims, query: ListQuery) =>
  invitations.listOpenInvitations(deps, invitationScope(session), query);

export const inviteEmployee = (deps: EmployeeDeps, session: Claims, email: string, actor: Actor) =>
  invitations.inviteOpen(deps, session, invitationScope(session), email, actor);

export const resendInvitation = (deps: EmployeeDeps, session: Claims, id: number, actor: Actor) =>
  invitations.resendInvitation(deps, session, invitationScope(session), id, actor);

export const cancelInvitation = (deps: EmployeeDeps, session: Claims, id: number, actor: Actor) =>
  invitations.cancelInvitation(deps, invitationScope(session), id, actor);

// ------------------------------------------------------------------------------------------ a location

/**
 * A location whose employees the session may manage. Locations outside the active gym are "not found"
 * (admins: any); inside it, the gym right ManageMembers or the location right ManageEmployees is needed.
 */
async function manageableLocation(db: Database, session: Claims, locationId: number) {
  const location = await repository.findLocation(db, locationId);
  if (!location || !(isAdmin(session) || location.gymId === session.activeGymId)) {
    throw errors.notFound('location.errors.notFound');
  }
  if (!canManageLocationEmployees(session, location)) throw errors.forbidden();
  return location;
}

export async function listLocationEmployees(
  db: Database,
  session: Claims,
  locationId: number,
  query: ListQuery,
) {
  const location = await manageableLocation(db, session, locationId);
  return repository.listLocationEmployees(db, location.id, query);
}

export async function getLocationEmployee(
  db: Database,
  session: Claims,
  locationId: number,
  employeeId: number,
): Promise<LocationEmployeeDetail> {
  const location = await manageableLocation(db, session, locationId);
  const employee = await repository.findLocationEmployee(db, location.id, employeeId);
  if (!employee) throw errors.notFound('employee.errors.notFound');
  return {
    ...employee,
    locationId: location.id,
    locationName: location.name,
    employeeSince: employee.employeeSince?.toISOString() ?? null,
  };
}

export async function listKnownUsers(
  db: Database,
  session: Claims,
  query: ListQuery & { locationId: number },
) {
  const location = await manageableLocation(db, session, query.locationId);
  return repository.listKnownUsers(db, location.gymId, location.id, query);
}

/** Adds employees of the location's gym to it; anyone else in the list refuses the whole call. */
export async function addLocationEmployees(
  db: Database,
  session: Claims,
  locationId: number,
  input: NewLocationEmployees,
  actor: Actor,
) {
  const location = await manageableLocation(db, session, locationId);
  const wanted = [...new Set(input.employeeIds)];
  return inTransaction(db, async (tx) => {
    const known = await repository.gymEmployeeIds(tx, location.gymId, wanted);
    if (known.length !== wanted.length) throw errors.field('employeeIds', 'employee.errors.notGymEmployee');
    const added = await repository.addToLocation(tx, location.id, wanted);
    if (added.length > 0) {
      await audit.write(tx, actor, LOCATION_ENTITY, String(location.id), null, {
        locationId: location.id,
        employeeIds: added,
      });
    }
    return { added: added.length };
  });
}

/** Takes the employee off the location, with their rights there. */
export async function removeLocationEmployee(
  db: Database,
  session: Claims,
  locationId: number,
  employeeId: number,
  actor: Actor,
) {
  const location = await manageableLocation(db, session, locationId);
  if (employeeId === session.userId) throw errors.badRequest('employee.errors.removeSelf');
  await inTransaction(db, async (tx) => {
    await lockUserLinks(tx, employeeId);
    const employee = await repository.findLocationEmployee(tx, location.id, employeeId);
    if (!employee) throw errors.notFound('employee.errors.notFound');
    await repository.removeFromLocation(tx, location.id, employeeId);
    await audit.write(
      tx,
      actor,
      LOCATION_ENTITY,
      `${location.id}:${employeeId}`,
      { locationId: location.id, employeeId, email: employee.email },
      null,
    );
  });
  return null;
}
