import {
  gymRights as allGymRights,
  locationRights as allLocationRights,
  type Claims,
  type GymEmployeeRights,
  type GymRight,
  hasGymRight,
  isAdmin,
  type LocationEmployeeRights,
  type LocationRight,
} from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import { loadRights } from '../account/account.repository.ts';
import { lockUserLinks } from '../organisation/staff.ts';
import * as repository from './rights.repository.ts';

/** Rights in the order of the spec, each once. */
export const normaliseGymRights = (rights: readonly string[]): GymRight[] =>
  allGymRights.filter((right) => rights.includes(right));
const normaliseLocationRights = (rights: readonly string[]): LocationRight[] =>
  allLocationRights.filter((right) => rights.includes(right));

/**
 * After a change inside `tx`: refuses (and so rolls back) when the acting employee no longer holds the
 * right to manage gym rights themselves. Admins hold every right anyway.
 */
export async function preventGymLockOut(tx: Database, session: Claims, gymId: number, error: Error) {
  if (isAdmin(session)) return;
  const { gymRows } = await loadRights(tx, session.userId);
  if (!gymRows.some((row) => row.gymId === gymId && row.right === 'ManageGymRights')) throw error;
}

async function employeeOfActiveGym(db: Database, session: Claims, employeeId: number) {
  const gymId = activeTenant(session, 'gym');
  const employee = await repository.findGymEmployee(db, gymId, employeeId);
  if (!employee) throw errors.notFound('rights.errors.employeeNotFound');
  return { gymId, employee };
}

async function readGymEmployeeRights(
  db: Database,
  gymId: number,
  employee: { employeeId: number; name: string; email: string },
): Promise<GymEmployeeRights> {
  const [direct, groups, locations] = await Promise.all([
    repository.directGymRights(db, gymId, employee.employeeId),
    repository.groupsOfEmployee(db, gymId, employee.employeeId),
    repository.locationsOfGym(db, gymId),
  ]);
  const byLocation = await repository.locationRightsOf(
    db,
    employee.employeeId,
    locations.map((location) => location.id),
  );
  return {
    ...employee,
    gymRights: normaliseGymRights(direct),
    groups: groups.map((group) => ({ ...group, rights: normaliseGymRights(group.rights) })),
    locations: locations.map((location) => ({
      locationId: location.id,
      name: location.name,
      rights: normaliseLocationRights(byLocation.get(location.id) ?? []),
    })),
  };
}

export async function getGymEmployeeRights(db: Database, session: Claims, employeeId: number) {
  const { gymId, employee } = await employeeOfActiveGym(db, session, employeeId);
  return readGymEmployeeRights(db, gymId, employee);
}

export async function updateGymEmployeeRights(
  db: Database,
  session: Claims,
  employeeId: number,
  input: {
    gymRights?: string[] | undefined;
    locationRights?: { locationId: number; rights: string[] }[] | undefined;
  },
  actor: Actor,
) {
  if (input.gymRights !== undefined && !hasGymRight(session, 'ManageGymRights')) throw errors.forbidden();
  if (input.locationRights !== undefined && !hasGymRight(session, 'ManageLocationRights')) {
    throw errors.forbidden();
  }
  return inTransaction(db, async (tx) => {
    await lockUserLinks(tx, employeeId);
    const { gymId, employee } = await employeeOfActiveGym(tx, session, employeeId);
    const gymLocations = new Set((await repository.locationsOfGym(tx, gymId)).map((location) => location.id));
    const seen = new Set<number>();
    for (const [index, entry] of (input.locationRights ?? []).entries()) {
      if (!gymLocations.has(entry.locationId) || seen.has(entry.locationId)) {
        throw errors.field(`locationRights[${index}].locationId`, 'rights.errors.locationNotInGym');
      }
      seen.add(entry.locationId);
    }
    const before = await readGymEmployeeRights(tx, gymId, employee);

    if (input.gymRights !== undefined) {
      await repository.replaceGymRights(tx, gymId, employeeId, normaliseGymRights(input.gymRights));
      await preventGymLockOut(
        tx,
        session,
        gymId,
        errors.field('gymRights', 'rights.errors.ownManageGymRights'),
      );
    }
    for (const entry of input.locationRights ?? []) {
      await repository.replaceLocationRights(
        tx,
        entry.locationId,
        employeeId,
        normaliseLocationRights(entry.rights),
      );
    }

    const after = await readGymEmployeeRights(tx, gymId, employee);
    await audit.write(
      tx,
      actor,
      'GymEmployeeRights',
      `${gymId}:${employeeId}`,
      { gymRights: before.gymRights, locations: before.locations },
      { gymRights: after.gymRights, locations: after.locations },
    );
    return after;
  });
}

/**
 * A location the session may manage rights on: the location right ManageLocationRights there, or the gym
 * right in the location's gym while that gym is active. Locations of another gym are "not found".
 */
async function manageableLocation(db: Database, session: Claims, locationId: number) {
  const location = await repository.findLocation(db, locationId);
  if (!location) throw errors.notFound('rights.errors.locationNotFound');
  if (isAdmin(session)) return location;
  const inActiveGym = location.gymId === session.activeGymId;
  if (session.locationRights.includes(`${locationId}:ManageLocationRights`)) return location;
  if (inActiveGym && hasGymRight(session, 'ManageLocationRights')) return location;
  if (!inActiveGym) throw errors.notFound('rights.errors.locationNotFound');
  throw errors.forbidden();
}

export async function locationMatrix(db: Database, session: Claims, locationId: number, query: ListQuery) {
  await manageableLocation(db, session, locationId);
  const page = await repository.locationMatrix(db, locationId, query);
  return {
    ...page,
    items: page.items.map((row) => ({ ...row, rights: normaliseLocationRights(row.rights) })),
  };
}

async function locationEmployee(db: Database, session: Claims, locationId: number, employeeId: number) {
  const location = await manageableLocation(db, session, locationId);
  const employee = await repository.isLocationEmployee(db, locationId, employeeId);
  if (!employee) throw errors.notFound('rights.errors.employeeNotFound');
  return { location, employee };
}

async function readLocationEmployeeRights(
  db: Database,
  location: { id: number; name: string },
  employee: { employeeId: number; name: string; email: string },
): Promise<LocationEmployeeRights> {
  const rights = await repository.locationRightsOf(db, employee.employeeId, [location.id]);
  return {
    ...employee,
    locationId: location.id,
    locationName: location.name,
    rights: normaliseLocationRights(rights.get(location.id) ?? []),
  };
}

export async function getLocationEmployeeRights(
  db: Database,
  session: Claims,
  locationId: number,
  employeeId: number,
) {
  const { location, employee } = await locationEmployee(db, session, locationId, employeeId);
  return readLocationEmployeeRights(db, location, employee);
}

export async function updateLocationEmployeeRights(
  db: Database,
  session: Claims,
  locationId: number,
  employeeId: number,
  input: { rights: string[] },
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    await lockUserLinks(tx, employeeId);
    const { location, employee } = await locationEmployee(tx, session, locationId, employeeId);
    const before = await readLocationEmployeeRights(tx, location, employee);
    await repository.replaceLocationRights(tx, locationId, employeeId, normaliseLocationRights(input.rights));
    if (employeeId === session.userId && !isAdmin(session)) {
      // Whoever manages the rights here cannot take that away from themselves (they would be locked out).
      const { gymRows, locationRows } = await loadRights(tx, session.userId);
      const keeps =
        locationRows.some((row) => row.locationId === locationId && row.right === 'ManageLocationRights') ||
        gymRows.some((row) => row.gymId === location.gymId && row.right === 'ManageLocationRights');
      if (!keeps) throw errors.field('rights', 'rights.errors.ownManageLocationRights');
    }
    const after = await readLocationEmployeeRights(tx, location, employee);
    await audit.write(
      tx,
      actor,
      'LocationEmployeeRights',
      `${locationId}:${employeeId}`,
      { rights: before.rights },
      { rights: after.rights },
    );
    return after;
  });
}
