import { endpoint, idFromText, idParam, idSchema, listQuery, nothing, paged, policy } from './http.ts';
import { gymEmployeeSortable, locationEmployeeSortable } from './list-constants.ts';
import { inviteByEmail, openInvitation, openInvitationSortable } from './registration.ts';
import { z } from './zod-setup.ts';

const tags = ['GymEmployee'];
const invitationTags = ['GymEmployeeInvitation'];
const locationTags = ['Location'];

const id = idFromText;
export const gymEmployeeParams = z.object({ employeeId: id });
export const locationEmployeeParams = z.object({ id, employeeId: id });

export { canManageLocationEmployees } from './claims.ts';

/** An employee as the lists show them (spec 001 section 3: email, fullName, phone). */
export const employeeSummary = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
});
export type EmployeeSummary = z.infer<typeof employeeSummary>;

/** A row of the gym's employees: with the number of the gym's locations they work at. */
export const gymEmployee = employeeSummary.extend({ locationCount: z.number().int() });
export type GymEmployee = z.infer<typeof gymEmployee>;

export const gymEmployeeListQuery = listQuery(gymEmployeeSortable);

export const employeeLocation = z.object({ locationId: z.number().int(), name: z.string() });

/** One employee of the active gym, with the locations of the gym they work at. */
export const gymEmployeeDetail = employeeSummary.extend({
  /** When they joined the gym. */
  employeeSince: z.string(),
  locations: z.array(employeeLocation),
});
export type GymEmployeeDetail = z.infer<typeof gymEmployeeDetail>;

/** One employee of a location. */
export const locationEmployeeDetail = employeeSummary.extend({
  locationId: z.number().int(),
  locationName: z.string(),
  /** When they were added to the location (null when they only hold rights there). */
  employeeSince: z.string().nullable(),
});
export type LocationEmployeeDetail = z.infer<typeof locationEmployeeDetail>;

export const locationEmployeeListQuery = listQuery(locationEmployeeSortable);

/** The picker of `NewEmployees`: employees of the location's gym who do not work there yet. */
export const knownUsersQuery = listQuery(locationEmployeeSortable).extend({
  // Not `z.coerce`: a missing id must read 'required', not 'invalid type'.
  locationId: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    idSchema,
  ),
});

/** Add employees to a location: at least one selected (as for rights groups, spec 001 section 5). */
export const newLocationEmployees = z.object({
  employeeIds: z.array(idSchema).min(1, 'employee.errors.selectEmployee').max(100),
});
export type NewLocationEmployees = z.input<typeof newLocationEmployees>;

export const gymEmployeeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/GymEmployee',
    policy: policy.gymRight('ManageMembers'),
    summary: 'Employees of the active gym with the number of locations they work at',
    tags,
    query: gymEmployeeListQuery,
    response: paged(gymEmployee),
  }),
  get: endpoint({
    method: 'GET',
    path: '/GymEmployee/{employeeId}',
    policy: policy.gymRight('ManageMembers'),
    summary: 'One employee of the active gym with their locations',
    tags,
    params: gymEmployeeParams,
    response: gymEmployeeDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/GymEmployee/{employeeId}',
    policy: policy.gymRight('ManageMembers'),
    summary:
      'Remove an employee from the active gym: their rights, locations and rights groups there; the account stays',
    tags,
    params: gymEmployeeParams,
    response: nothing,
  }),
};

export const gymEmployeeInvitationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/GymEmployeeInvitation',
    policy: policy.gymRight('ManageMembers'),
    summary: 'Open employee invitations of the active gym',
    tags: invitationTags,
    query: listQuery(openInvitationSortable),
    response: paged(openInvitation),
  }),
  create: endpoint({
    method: 'POST',
    path: '/GymEmployeeInvitation',
    policy: policy.gymRight('ManageMembers'),
    summary: 'Invite a new employee of the active gym by email',
    tags: invitationTags,
    body: inviteByEmail,
    response: openInvitation,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/GymEmployeeInvitation/{id}/resend',
    policy: policy.gymRight('ManageMembers'),
    summary: 'Send an employee invitation again with a new code and expiry',
    tags: invitationTags,
    params: idParam,
    response: openInvitation,
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/GymEmployeeInvitation/{id}',
    policy: policy.gymRight('ManageMembers'),
    summary: 'Cancel an employee invitation',
    tags: invitationTags,
    params: idParam,
    response: nothing,
  }),
};

/** Who may call these; the service then checks ManageMembers or ManageEmployees on the location. */
const staff = policy.roles('Admin', 'Employee');

export const locationEmployeeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Location/{id}/Employees',
    policy: staff,
    summary: 'Employees of a location of the active gym',
    tags: locationTags,
    params: idParam,
    query: locationEmployeeListQuery,
    response: paged(employeeSummary),
  }),
  get: endpoint({
    method: 'GET',
    path: '/Location/{id}/Employee/{employeeId}',
    policy: staff,
    summary: 'One employee of a location',
    tags: locationTags,
    params: locationEmployeeParams,
    response: locationEmployeeDetail,
  }),
  knownUsers: endpoint({
    method: 'GET',
    path: '/Location/KnownUsers',
    policy: staff,
    summary: "Employees of the location's gym who do not work at the location yet (to add them)",
    tags: locationTags,
    query: knownUsersQuery,
    response: paged(employeeSummary),
  }),
  add: endpoint({
    method: 'PUT',
    path: '/Location/{id}/NewEmployees',
    policy: staff,
    summary: "Add employees of the location's gym to the location",
    tags: locationTags,
    params: idParam,
    body: newLocationEmployees,
    response: z.object({ added: z.number().int() }),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/Location/{id}/Employee/{employeeId}',
    policy: staff,
    summary: 'Remove an employee from a location, with their rights there',
    tags: locationTags,
    params: locationEmployeeParams,
    response: nothing,
  }),
};

export { gymEmployeeSortable, locationEmployeeSortable } from './list-constants.ts';
