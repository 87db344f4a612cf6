import { gymRights, locationRights } from './enums.ts';
import { endpoint, idFromText, idParam, idSchema, listQuery, nothing, paged, policy } from './http.ts';
import { z } from './zod-setup.ts';

const tags = ['Rights'];
const groupTags = ['GymRightsGroup'];

export const gymRightSchema = z.enum(gymRights);
export const locationRightSchema = z.enum(locationRights);
/** A set of rights; the server stores each right once, whatever order or repeats come in. */
const gymRightList = z.array(gymRightSchema).max(gymRights.length * 2);
const locationRightList = z.array(locationRightSchema).max(locationRights.length * 2);

const id = idFromText;
export const employeeRightsParams = z.object({ employeeId: id });
export const locationEmployeeRightsParams = z.object({ id, employeeId: id });
export const rightsGroupMemberParams = z.object({ id, employeeId: id });

/** An employee as the rights screens show them. */
export const rightsEmployee = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type RightsEmployee = z.infer<typeof rightsEmployee>;

/** A rights group as seen from one of its members. */
export const rightsGroupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  rights: z.array(gymRightSchema),
});

export const employeeLocationRights = z.object({
  locationId: z.number().int(),
  name: z.string(),
  rights: z.array(locationRightSchema),
});

/** Rights of one employee in the active gym: direct gym rights, groups, and rights per location of the gym. */
export const gymEmployeeRights = rightsEmployee.extend({
  /** Granted directly (rights from groups are in `groups`). */
  gymRights: z.array(gymRightSchema),
  groups: z.array(rightsGroupSummary),
  /** Every location of the active gym, with the rights the employee holds there (possibly none). */
  locations: z.array(employeeLocationRights),
});
export type GymEmployeeRights = z.infer<typeof gymEmployeeRights>;

/**
 * A change of an employee's rights. Each part is optional: `gymRights` needs ManageGymRights,
 * `locationRights` needs the gym right ManageLocationRights; locations left out keep their rights. Strict,
 * because with every part optional a misspelt field would otherwise be a silent no-op.
 */
export const gymEmployeeRightsUpdate = z.strictObject({
  gymRights: gymRightList.optional(),
  locationRights: z
    .array(z.object({ locationId: idSchema, rights: locationRightList }))
    .max(500)
    .optional(),
});
export type GymEmployeeRightsUpdate = z.input<typeof gymEmployeeRightsUpdate>;

/** Rights of one employee on one location. */
export const locationEmployeeRights = rightsEmployee.extend({
  locationId: z.number().int(),
  locationName: z.string(),
  rights: z.array(locationRightSchema),
});
export type LocationEmployeeRights = z.infer<typeof locationEmployeeRights>;

export const locationEmployeeRightsUpdate = z.object({ rights: locationRightList });

/** One row of the location's rights matrix: an employee and their rights on the location. */
export const locationRightsRow = rightsEmployee.extend({ rights: z.array(locationRightSchema) });
export type LocationRightsRow = z.infer<typeof locationRightsRow>;
export const locationRightsSortable = ['name', 'email'] as const;
export const locationRightsQuery = listQuery(locationRightsSortable);

export const rightsEndpoints = {
  getGymEmployee: endpoint({
    method: 'GET',
    path: '/GymEmployee/{employeeId}/Rights',
    policy: policy.anyGymRight('ManageGymRights', 'ManageLocationRights'),
    summary: 'Rights of an employee of the active gym: direct, through groups, and per location',
    tags,
    params: employeeRightsParams,
    response: gymEmployeeRights,
  }),
  updateGymEmployee: endpoint({
    method: 'PUT',
    path: '/GymEmployee/{employeeId}/Rights',
    policy: policy.anyGymRight('ManageGymRights', 'ManageLocationRights'),
    summary: 'Change the direct gym rights and the location rights of an employee of the active gym',
    tags,
    params: employeeRightsParams,
    body: gymEmployeeRightsUpdate,
    response: gymEmployeeRights,
  }),
  locationMatrix: endpoint({
    method: 'GET',
    path: '/Location/{id}/Rights',
    policy: policy.locationRight('ManageLocationRights'),
    summary: "The location's employees and their rights on it",
    tags,
    params: idParam,
    query: locationRightsQuery,
    response: paged(locationRightsRow),
  }),
  getLocationEmployee: endpoint({
    method: 'GET',
    path: '/Location/{id}/Employee/{employeeId}/Rights',
    policy: policy.locationRight('ManageLocationRights'),
    summary: 'Rights of an employee on a location',
    tags,
    params: locationEmployeeRightsParams,
    response: locationEmployeeRights,
  }),
  updateLocationEmployee: endpoint({
    method: 'PUT',
    path: '/Location/{id}/Employee/{employeeId}/Rights',
    policy: policy.locationRight('ManageLocationRights'),
    summary: 'Replace the rights of an employee on a location',
    tags,
    params: locationEmployeeRightsParams,
    body: locationEmployeeRightsUpdate,
    response: locationEmployeeRights,
  }),
};

/** Rights group: name, rights (spec 001 section 3). */
export const rightsGroupInput = z.object({
  name: z.string().trim().min(1).max(64),
  rights: gymRightList,
});
export type RightsGroupInput = z.input<typeof rightsGroupInput>;
export const rightsGroupUpdate = rightsGroupInput.extend({ id: idSchema });

export const rightsGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  rights: z.array(gymRightSchema),
  memberCount: z.number().int(),
});
export type RightsGroup = z.infer<typeof rightsGroup>;

export const rightsGroupSortable = ['name', 'memberCount'] as const;
export const rightsGroupListQuery = listQuery(rightsGroupSortable);
export const rightsGroupMemberSortable = ['name', 'email'] as const;
export const rightsGroupMemberQuery = listQuery(rightsGroupMemberSortable);

/** Rights group employee add: at least one employee selected (spec 001 section 5). */
export const rightsGroupMembersInput = z.object({
  employeeIds: z.array(idSchema).min(1, 'rightsGroup.errors.selectEmployee').max(100),
});
export type RightsGroupMembersInput = z.input<typeof rightsGroupMembersInput>;

export const rightsGroupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/GymRightsGroup',
    policy: policy.gymRight('ManageGymRights'),
    summary: 'Rights groups of the active gym, with their member counts',
    tags: groupTags,
    query: rightsGroupListQuery,
    response: paged(rightsGroup),
  }),
  get: endpoint({
    method: 'GET',
    path: '/GymRightsGroup/{id}',
    policy: policy.gymRight('ManageGymRights'),
    summary: 'One rights group',
    tags: groupTags,
    params: idParam,
    response: rightsGroup,
  }),
  create: endpoint({
    method: 'POST',
    path: '/GymRightsGroup',
    policy: policy.gymRight('ManageGymRights'),
    summary: 'Add a rights group to the active gym',
    tags: groupTags,
    body: rightsGroupInput,
    response: rightsGroup,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/GymRightsGroup',
    policy: policy.gymRight('ManageGymRights'),
    summary: 'Change the name and rights of a rights group',
    tags: groupTags,
    body: rightsGroupUpdate,
    response: rightsGroup,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/GymRightsGroup/{id}',
    policy: policy.gymRight('ManageGymRights'),
    summary: 'Delete a rights group; its members lose its rights',
    tags: groupTags,
    params: idParam,
    response: nothing,
  }),
  members: endpoint({
    method: 'GET',
    path: '/GymRightsGroup/{id}/Employees',
    policy: policy.gymRight('ManageGymRights'),
    summary: 'Employees in a rights group',
    tags: groupTags,
    params: idParam,
    query: rightsGroupMemberQuery,
    response: paged(rightsEmployee),
  }),
  candidates: endpoint({
    method: 'GET',
    path: '/GymRightsGroup/{id}/Candidates',
    policy: policy.gymRight('ManageGymRights'),
    summary: 'Employees of the active gym that are not in the rights group yet (for adding)',
    tags: groupTags,
    params: idParam,
    query: rightsGroupMemberQuery,
    response: paged(rightsEmployee),
  }),
  addMembers: endpoint({
    method: 'POST',
    path: '/GymRightsGroup/{id}/Employees',
    policy: policy.gymRight('ManageGymRights'),
    summary: 'Add employees of the active gym to a rights group',
    tags: groupTags,
    params: idParam,
    body: rightsGroupMembersInput,
    response: z.object({ added: z.number().int() }),
  }),
  removeMember: endpoint({
    method: 'DELETE',
    path: '/GymRightsGroup/{id}/Employees/{employeeId}',
    policy: policy.gymRight('ManageGymRights'),
    summary: 'Remove an employee from a rights group',
    tags: groupTags,
    params: rightsGroupMemberParams,
    response: nothing,
  }),
};
