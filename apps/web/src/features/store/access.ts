import type { Claims } from '@xp/contracts';
import { isAdmin } from '@xp/contracts/claims';

/** The employer's shop and its orders: Admin or Employer (spec 000 section 6), on an active employer. */
export const mayManageShop = (claims: Claims) =>
  (claims.role === 'Employer' || isAdmin(claims)) && claims.activeEmployerId !== null;
