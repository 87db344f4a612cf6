import type { Claims } from '@xp/contracts';
import { hasGymRight, hasLocationRight } from '@xp/contracts/claims';

/** 'Medewerkers' of the gym (spec 000 section 6: ManageMembers; admins always). */
export const mayManageGymEmployees = (claims: Claims) => hasGymRight(claims, 'ManageMembers');

/** 'Medewerkers' of the active location: the gym right ManageMembers or the location right ManageEmployees. */
export const mayManageLocationEmployees = (claims: Claims) =>
  hasGymRight(claims, 'ManageMembers') || hasLocationRight(claims, 'ManageEmployees');

/** The rights screen of a gym employee (`/employees/{employeeId}/rights`) opens for these. */
export const mayEditGymEmployeeRights = (claims: Claims) =>
  hasGymRight(claims, 'ManageGymRights') || hasGymRight(claims, 'ManageLocationRights');

/** The rights screen of a location employee (`/location/employees/{employeeId}/rights`). */
export const mayEditLocationEmployeeRights = (claims: Claims) =>
  hasLocationRight(claims, 'ManageLocationRights');
