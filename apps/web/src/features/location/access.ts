import type { Claims } from '@xp/contracts';
import { hasGymRight, hasLocationRight } from '@xp/contracts/claims';

// Route guards import this: kept apart from the screens so the route tree loaded at start stays small.

/** Who may open the location settings of the Location environment (spec 000 section 6). */
export const maySeeLocationSettings = (claims: Claims) =>
  hasGymRight(claims, 'AlterGymInformation') || hasLocationRight(claims, 'AlterLocationInformation');
