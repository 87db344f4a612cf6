import type { Claims } from '@xp/contracts';
import { hasLocationRight } from '@xp/contracts/claims';

/**
 * 'Binnen' and 'Entrees' of the active location: the location right ManageMembershipEntries (or the gym
 * right of that name; the menu items and the routes).
 */
export const mayManageEntries = (claims: Claims) => hasLocationRight(claims, 'ManageMembershipEntries');
