import type { GymRight, LocationRight } from './enums.ts';
import type { Claims } from './session.ts';

/**
 * What the client does with the claims, schema-free (`@xp/contracts/claims`), so a first screen that checks
 * rights needs no zod (decision 010); `session.ts` re-exports it.
 */

/** The response header that tells the client which claims the server used for a request. */
export const CLAIMS_TAG_HEADER = 'X-Claims-Tag';

/**
 * A short fingerprint of the claims (FNV-1a over their values in a fixed order), computed alike by server
 * and client: when an answer's tag differs from the client's claims, the client fetches the new ones (a
 * right was granted or taken away since), so menus follow the server on the next request.
 */
export function claimsTag(claims: Claims): string {
  const canonical = JSON.stringify([
    claims.userId,
    claims.role,
    claims.rights,
    claims.activeGymId,
    claims.activeLocationId,
    claims.activeEmployerId,
    claims.activeAssociationId,
    claims.activeContentEnvironmentId,
    claims.activeSupplierId,
    claims.activeEnvironment,
    claims.gymRights,
    claims.locationRights,
    claims.name,
    claims.language,
  ]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < canonical.length; index++) {
    hash ^= canonical.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export const isAdmin = (claims: Pick<Claims, 'role'>): boolean => claims.role === 'Admin';

/** A gym right is held if the user is Admin or has `activeGymId:right` (spec section 6). */
export function hasGymRight(
  claims: Pick<Claims, 'role' | 'activeGymId' | 'gymRights'>,
  right: GymRight,
  gymId: number | null = claims.activeGymId,
): boolean {
  if (isAdmin(claims)) return true;
  return gymId !== null && claims.gymRights.includes(`${gymId}:${right}`);
}

/** Any right at all in the gym (used for the Gym environment entry and switching). */
export function hasAnyGymRight(claims: Pick<Claims, 'role' | 'gymRights'>, gymId?: number): boolean {
  if (isAdmin(claims)) return true;
  return claims.gymRights.some((entry) => gymId === undefined || entry.startsWith(`${gymId}:`));
}

/**
 * A location right is `locationId:right`, for the active location by default (spec section 6).
 * A gym right of the same name in the active gym counts too: the active location always belongs to the
 * active gym, so gym staff can do at location level what they may do for the whole gym.
 */
export function hasLocationRight(
  claims: Pick<Claims, 'role' | 'activeGymId' | 'activeLocationId' | 'gymRights' | 'locationRights'>,
  right: LocationRight,
  locationId: number | null = claims.activeLocationId,
): boolean {
  if (isAdmin(claims)) return true;
  if (locationId === null) return false;
  if (claims.locationRights.includes(`${locationId}:${right}`)) return true;
  return (
    locationId === claims.activeLocationId && claims.gymRights.includes(`${claims.activeGymId}:${right}`)
  );
}

/** Location access: admin, or any right on the location (or any gym right in its gym). */
export function hasLocationAccess(
  claims: Pick<Claims, 'role' | 'activeGymId' | 'activeLocationId' | 'gymRights' | 'locationRights'>,
  locationId: number | null = claims.activeLocationId,
): boolean {
  if (isAdmin(claims)) return true;
  if (locationId === null) return false;
  if (claims.locationRights.some((entry) => entry.startsWith(`${locationId}:`))) return true;
  return locationId === claims.activeLocationId && hasAnyGymRight(claims, claims.activeGymId ?? -1);
}

/**
 * May change a location and its settings (payment provider, status requirements, opening hours, QR code):
 * AlterGymInformation in its gym, or AlterLocationInformation on the location itself. The location
 * endpoints' policy admits every employee; the service checks this on the location it is about.
 */
export const canAlterLocation = (
  claims: Pick<Claims, 'role' | 'activeGymId' | 'gymRights' | 'locationRights'>,
  location: { id: number; gymId: number },
): boolean =>
  hasGymRight(claims, 'AlterGymInformation', location.gymId) ||
  claims.locationRights.includes(`${location.id}:AlterLocationInformation`);

/**
 * May manage the employees of a location (spec 000 section 6, Location menu): the gym right ManageMembers
 * in its gym, or the location right ManageEmployees on the location itself.
 */
export const canManageLocationEmployees = (
  claims: Pick<Claims, 'role' | 'activeGymId' | 'gymRights' | 'locationRights'>,
  location: { id: number; gymId: number },
): boolean =>
  hasGymRight(claims, 'ManageMembers', location.gymId) ||
  claims.locationRights.includes(`${location.id}:ManageEmployees`);
