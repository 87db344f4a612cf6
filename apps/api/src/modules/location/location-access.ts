import { type Claims, canAlterLocation, hasAnyGymRight, isAdmin } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import { isGymEmployee } from '../organisation/staff.ts';
import * as repository from './location.repository.ts';

/** Ids of the locations the session holds any location right on. */
export const locationIdsWithRights = (session: Claims): number[] => [
  ...new Set(session.locationRights.map((entry) => Number(entry.split(':')[0]))),
];

const holdsLocationRight = (session: Claims, locationId: number) =>
  session.locationRights.some((entry) => entry.startsWith(`${locationId}:`));

/**
 * A location the session may see: admins any; others one of their active gym on which they hold any gym
 * right (of that gym) or any location right, or of which they are an employee (the gym's locations are
 * open to all its employees, spec section 6). Anything else is "not found", so ids of other gyms leak
 * nothing.
 */
export async function findReadable(db: Database, session: Claims, id: number) {
  const location = await repository.find(db, id);
  const canRead =
    location &&
    (isAdmin(session) ||
      (location.gymId === session.activeGymId &&
        (hasAnyGymRight(session, location.gymId) ||
          holdsLocationRight(session, location.id) ||
          (await isGymEmployee(db, location.gymId, session.userId)))));
  if (!location || !canRead) throw errors.notFound('location.errors.notFound');
  return location;
}

/** A location the session may change; one it may only see is 403. */
export async function findAlterable(db: Database, session: Claims, id: number) {
  const location = await findReadable(db, session, id);
  if (!canAlterLocation(session, location)) throw errors.forbidden();
  return location;
}
