import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';

/**
 * 'Instellingen' of the employer environment: `GET /employer/settings/{id}` (Admin or Employer) of the
 * active employer, which the server requires (403 `auth.noActive.employer` without one, decision 022).
 */
export const mayManageEmployerSettings = (claims: Claims) =>
  allows(policies.employerSettingsGet, claims) && claims.activeEmployerId !== null;

/** Who may open `/employer/settings/{employerId}`: it switches the active employer first, so none is needed. */
export const maySwitchToEmployerSettings = (claims: Claims) => allows(policies.employerSettingsGet, claims);
