import type { Claims } from '@xp/contracts';
import { hasLocationRight } from '@xp/contracts/claims';

/**
 * 'Productbestellingen' of the active location: the API's `productOrderLocationPolicy`, the location right
 * ManageMemberships (or the gym right of that name, which `hasLocationRight` counts).
 */
export const mayOrderProducts = (claims: Claims) => hasLocationRight(claims, 'ManageMemberships');
