import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';

/**
 * The employer's shop and its orders: `GET /storeitem/employer/{id}` (Admin or Employer) of the active
 * employer, which the server requires (403 `auth.noActive.employer` without one, decision 022).
 */
export const mayManageShop = (claims: Claims) =>
  allows(policies.storeEmployerShop, claims) && claims.activeEmployerId !== null;
