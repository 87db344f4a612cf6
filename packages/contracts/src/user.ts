import { roles } from './enums.ts';
import { endpoint, idParam, idSchema, listQuery, nothing, paged, policy } from './http.ts';
import { userSortable } from './list-constants.ts';
import { z } from './zod-setup.ts';

const tags = ['User'];

export const profile = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  insertion: z.string().nullable(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  language: z.enum(['nl', 'en']),
  isTfaEnabled: z.boolean(),
  /** A new address waiting for confirmation from the link mailed to it. */
  pendingEmail: z.string().nullable(),
  role: z.enum(roles),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdate = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email()),
  firstName: z.string().trim().min(1).max(64),
  insertion: z.string().trim().max(32).optional().nullable(),
  lastName: z.string().trim().min(1).max(64),
  phoneNumber: z
    .string()
    .trim()
    .max(20)
    .regex(/^(\+?[0-9][0-9 -]{7,18})?$/, 'validation.phoneNumber')
    .optional()
    .nullable(),
  language: z.enum(['nl', 'en']),
  isTfaEnabled: z.boolean(),
});
export type ProfileUpdate = z.input<typeof profileUpdate>;

export const userOverviewItem = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  isTfaEnabled: z.boolean(),
  createdAt: z.string(),
});
export type UserOverviewItem = z.infer<typeof userOverviewItem>;

export const userListQuery = listQuery(userSortable).extend({
  role: z.enum(roles).optional(),
});

export const userEndpoints = {
  currentProfile: endpoint({
    method: 'GET',
    path: '/User/CurrentProfileInfo',
    policy: policy.signedIn,
    summary: 'The signed-in user’s own profile',
    tags,
    response: profile,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/User',
    policy: policy.signedIn,
    summary: 'Change the own profile; a new email address is confirmed by a link mailed to it',
    tags,
    body: profileUpdate,
    response: profile,
  }),
  confirmEmail: endpoint({
    method: 'PUT',
    path: '/Account/ConfirmEmail',
    policy: policy.public,
    summary: 'Confirm a changed email address with the mailed token',
    tags,
    body: z.object({ token: z.string().trim().min(16).max(128) }),
    response: nothing,
  }),
  list: endpoint({
    method: 'GET',
    path: '/user',
    policy: policy.roles('Admin'),
    summary: 'Every user, searched, filtered by role and paged',
    tags,
    query: userListQuery,
    response: paged(userOverviewItem),
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/account/deleteAccount',
    policy: policy.signedIn,
    summary: 'Close the own account: no more sign-in, personal data anonymised, financial records kept',
    tags,
    body: z.object({ password: z.string().min(1).max(200) }),
    response: nothing,
  }),
  requestAccountDeletion: endpoint({
    method: 'POST',
    path: '/account/requestAccountDeletion',
    policy: policy.roles('Admin'),
    summary: 'Mail a user the link to close their account',
    tags,
    body: z.object({ userId: idSchema }),
    response: nothing,
  }),
  revokeAdmin: endpoint({
    method: 'PUT',
    path: '/Admin/Admins/{id}/revoke',
    policy: policy.roles('Admin'),
    summary: 'Take away a user’s admin rights (never the last admin)',
    tags: ['Admin'],
    params: idParam,
    response: nothing,
  }),
};

export { userSortable } from './list-constants.ts';
