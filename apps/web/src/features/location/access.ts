import type { Claims } from '@xp/contracts';
import { canAlterLocation } from '@xp/contracts/claims';

// Route guards import this: kept apart from the screens so the route tree loaded at start stays small.

/**
 * The location settings of the Location environment (spec 000 section 6). A rule of its own, not an
 * endpoint's policy: the location endpoints admit every employee and the service then asks
 * `canAlterLocation` of the location, so the screen asks the same of the active one.
 */
export const maySeeLocationSettings = (claims: Claims) =>
  canAlterLocation(claims, { id: claims.activeLocationId ?? -1, gymId: claims.activeGymId ?? -1 });
