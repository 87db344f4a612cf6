import type { Claims } from '@xp/contracts';
import { isAdmin } from '@xp/contracts/claims';

/** 'Instellingen' of the employer environment (spec 000 section 6: Admin or Employer), of the active employer. */
export const mayManageEmployerSettings = (claims: Claims) =>
  (claims.role === 'Employer' || isAdmin(claims)) && claims.activeEmployerId !== null;

/** Who may open `/employer/settings/{employerId}`: it switches the active employer first. */
export const maySwitchToEmployerSettings = (claims: Claims) => claims.role === 'Employer' || isAdmin(claims);
