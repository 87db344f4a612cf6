import type { Claims } from '@xp/contracts';
import { allows } from '@xp/contracts/access';
import { canManageLocationEmployees } from '@xp/contracts/claims';
import * as policies from '@xp/contracts/endpoint-policies.gen';

// Who may open a screen is who may call the endpoint it lists (decision 022); route guards import these.

/** 'Medewerkers' of the gym: `GET /GymEmployee` (and its invitations, of the same policy). */
export const mayManageGymEmployees = (claims: Claims) => allows(policies.gymEmployeeList, claims);

/**
 * 'Medewerkers' of the active location: a rule of its own, because `GET /Location/{id}/Employees` admits
 * every employee and the service then asks `canManageLocationEmployees` of the location (the gym right
 * ManageMembers or the location right ManageEmployees, spec 000 section 6): the screen asks the same of the
 * active location.
 */
export const mayManageLocationEmployees = (claims: Claims) =>
  canManageLocationEmployees(claims, { id: claims.activeLocationId ?? -1, gymId: claims.activeGymId ?? -1 });

/** The rights screen of a gym employee (`/employees/{employeeId}/rights`): `GET /GymEmployee/{id}/Rights`. */
export const mayEditGymEmployeeRights = (claims: Claims) => allows(policies.rightsGetGymEmployee, claims);

/** The rights screen of a location employee: `GET /Location/{id}/Employee/{employeeId}/Rights`. */
export const mayEditLocationEmployeeRights = (claims: Claims) =>
  allows(policies.rightsGetLocationEmployee, claims);
