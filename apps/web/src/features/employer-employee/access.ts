import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';

/**
 * 'Medewerkers' of the employer environment: `GET /EmployerEmployee` (Admin or Employer), and an active
 * employer, because every call is scoped to it and the server answers 403 `auth.noActive.employer` without
 * one (decision 022): the policy alone names roles, not the tenant.
 */
export const mayManageEmployerEmployees = (claims: Claims) =>
  allows(policies.employerEmployeeList, claims) && claims.activeEmployerId !== null;
