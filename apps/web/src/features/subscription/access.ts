import type { Claims } from '@xp/contracts';
import { hasGymRight } from '@xp/contracts/claims';

/** 'Abonnementen' of the active gym: the gym right ManageSubscriptions (the menu item and the routes). */
export const mayManageSubscriptions = (claims: Claims) => hasGymRight(claims, 'ManageSubscriptions');
