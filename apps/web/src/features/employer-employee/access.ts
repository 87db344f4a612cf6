import type { Claims } from '@xp/contracts';
import { isAdmin } from '@xp/contracts/claims';

/**
 * 'Medewerkers' of the employer environment (spec 000 section 6: Admin or Employer), for the active
 * employer: every call is scoped to it, so without one there is nothing to show.
 */
export const mayManageEmployerEmployees = (claims: Claims) =>
  (claims.role === 'Employer' || isAdmin(claims)) && claims.activeEmployerId !== null;
