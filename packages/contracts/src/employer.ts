import { endpoint, idFromText, idParam, idSchema, listQuery, nothing, paged, policy } from './http.ts';
import { inviteByEmail, openInvitation } from './registration.ts';
import { z } from './zod-setup.ts';

const tags = ['Employer'];
const adminOnly = policy.roles('Admin');

/**
 * Registration of an employer (spec 001 "Employer registration: complete or in progress"): complete once
 * someone registered from its invitation (it has a user), in progress until then.
 */
export const employerRegistrations = ['complete', 'inProgress'] as const;
export type EmployerRegistration = (typeof employerRegistrations)[number];

export const employerName = z.string().trim().min(1).max(100);

/** `POST /Employer`: the employer and the address its contact is invited at. */
export const employerInput = z.object({
  name: employerName,
  email: inviteByEmail.shape.email,
});
export type EmployerInput = z.input<typeof employerInput>;

export const employerUpdate = z.object({ id: idSchema, name: employerName });
export type EmployerUpdate = z.input<typeof employerUpdate>;

export const employer = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** Accounts acting for the employer (role Employer). */
  userCount: z.number().int(),
  /** Employees the employer funds. */
  employeeCount: z.number().int(),
  registration: z.enum(employerRegistrations),
});
export type Employer = z.infer<typeof employer>;

export const employerUser = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type EmployerUser = z.infer<typeof employerUser>;

/** One employer with its users and its open invitations (newest first). */
export const employerDetail = employer.extend({
  users: z.array(employerUser),
  invitations: z.array(openInvitation),
});
export type EmployerDetail = z.infer<typeof employerDetail>;

export const employerSortable = ['name', 'createdAt', 'employeeCount'] as const;
/** The list's tabs: all, or one registration state (`tabCounts` has `all`, `complete`, `inProgress`). */
export const employerListQuery = listQuery(employerSortable).extend({
  registration: z.enum(employerRegistrations).optional(),
});

const invitationParams = z.object({
  id: idFromText,
  invitationId: idFromText,
});

export const employerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Employer',
    policy: adminOnly,
    summary: 'All employers with their numbers of users and employees and their registration state (admin)',
    tags,
    query: employerListQuery,
    response: paged(employer),
  }),
  get: endpoint({
    method: 'GET',
    path: '/Employer/{id}',
    policy: adminOnly,
    summary: 'One employer with its users and open invitations (admin)',
    tags,
    params: idParam,
    response: employerDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/Employer',
    policy: adminOnly,
    summary: 'Add an employer and mail an employer invitation to its contact address',
    tags,
    body: employerInput,
    response: employer,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/Employer',
    policy: adminOnly,
    summary: 'Rename an employer',
    tags,
    body: employerUpdate,
    response: employer,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/Employer/{id}',
    policy: adminOnly,
    summary: 'Delete an employer without employees; its users lose the link, its invitations end',
    tags,
    params: idParam,
    response: nothing,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/Employer/{id}/Invitation',
    policy: adminOnly,
    summary: 'Invite another person to register for the employer',
    tags,
    params: idParam,
    body: inviteByEmail,
    response: openInvitation,
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/Employer/{id}/Invitation/{invitationId}/resend',
    policy: adminOnly,
    summary: 'Send an employer invitation again with a new code and expiry',
    tags,
    params: invitationParams,
    response: openInvitation,
  }),
  cancelInvitation: endpoint({
    method: 'DELETE',
    path: '/Employer/{id}/Invitation/{invitationId}',
    policy: adminOnly,
    summary: 'Cancel an employer invitation',
    tags,
    params: invitationParams,
    response: nothing,
  }),
};
