import { endpoint, idParam, listQuery, nothing, paged, policy } from './http.ts';
import { openInvitationSortable } from './list-constants.ts';
import { claimsSchema } from './session.ts';
import { z } from './zod-setup.ts';

/** The seven kinds of invitation (spec 000 section 2, public account routes). */
export const invitationKinds = [
  'admin',
  'gymEmployee',
  'employerEmployee',
  'contentCreator',
  'gymEmployer',
  'employer',
  'supplier',
] as const;
export type InvitationKind = (typeof invitationKinds)[number];

/** The register route of each kind, below `/account/register/`. */
export const registerPaths: Record<InvitationKind, string> = {
  admin: 'admin',
  gymEmployee: 'gym/employee',
  employerEmployee: 'employer/employee',
  contentCreator: 'contentCreator',
  gymEmployer: 'gym/employer',
  employer: 'employer',
  supplier: 'supplier',
};

export const PASSWORD_MIN_LENGTH = 10;

/** Password rules shared by registration and reset; the server also refuses common passwords. */
export const newPassword = z.string().min(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort').max(200);

const withConfirmation = <
  T extends z.ZodObject<{ password: typeof newPassword; confirmPassword: z.ZodString }>,
>(
  schema: T,
) =>
  schema.refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });

const code = z.string().trim().min(16).max(128);
const name = (max: number) => z.string().trim().min(1).max(max);

export const completeRegistrationBody = withConfirmation(
  z.object({
    code,
    firstName: name(64),
    insertion: z.string().trim().max(32).optional().nullable(),
    lastName: name(64),
    password: newPassword,
    confirmPassword: z.string().max(200),
  }),
);
export type CompleteRegistrationBody = z.input<typeof completeRegistrationBody>;

/** Two-factor codes: valid this long, this many tries, a new one after the cooldown. */
export const TFA_CODE_MINUTES = 10;
export const TFA_MAX_ATTEMPTS = 5;
export const TFA_RESEND_COOLDOWN_SECONDS = 60;

export const tfaCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.tfaCode');

export const invitationInfo = z.object({
  kind: z.enum(invitationKinds),
  email: z.string(),
  organisationName: z.string().nullable(),
  requiresVerification: z.boolean(),
  /**
   * An account with the invited address exists. An employee invited by an employer then accepts or
   * declines the invitation instead of registering.
   */
  hasAccount: z.boolean(),
});

export const registrationResult = z.object({
  requiresVerification: z.boolean(),
  claims: claimsSchema.nullable(),
});

/** An open invitation as the lists of invited admins and invited employees show it. */
export const openInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  isExpired: z.boolean(),
});
export type OpenInvitation = z.infer<typeof openInvitation>;
export const adminInvitation = openInvitation;
export type AdminInvitation = OpenInvitation;

/** The list, invite, resend and cancel calls of open invitations of one kind. */
export const inviteByEmail = z.object({ email: z.string().trim().min(1).max(254).pipe(z.email()) });

const tags = ['Registration'];

/** The four calls of a registration, at the paths one front-end flow uses. */
const registrationFlow = (
  paths: { invitation: string; complete: string; sendCode: string; validate: string },
  who: string,
) => ({
  invitation: endpoint({
    method: 'GET',
    path: paths.invitation,
    policy: policy.public,
    summary:
      `The invitation behind a registration code (${who}): kind, email, inviting organisation` as string,
    tags,
    params: z.object({ code }),
    response: invitationInfo,
  }),
  completeRegistration: endpoint({
    method: 'POST',
    path: paths.complete,
    policy: policy.public,
    summary:
      `Register from an invitation (${who}); signs in unless verification by a mailed code is required` as string,
    tags,
    body: completeRegistrationBody,
    response: registrationResult,
  }),
  sendRegistrationTfaCode: endpoint({
    method: 'POST',
    path: paths.sendCode,
    policy: policy.public,
    summary: `Mail a (new) verification code for a registration (${who})` as string,
    tags,
    body: z.object({ code }),
    response: nothing,
  }),
  validateTfa: endpoint({
    method: 'POST',
    path: paths.validate,
    policy: policy.public,
    summary: `Verify a registration with the mailed code (${who}); sets the session cookies` as string,
    tags,
    body: z.object({ tfaCode, code }),
    response: z.object({ claims: claimsSchema }),
  }),
});

/** Every kind of invitation. */
export const registrationEndpoints = registrationFlow(
  {
    invitation: '/Account/Invitation/{code}',
    complete: '/Account/CompleteRegistration',
    sendCode: '/Account/sendRegistrationTfaCode',
    validate: '/Account/ValidateTfa',
  },
  'any kind',
);

/** The spec's own calls for employees of an employer: employer-employee invitations only. */
export const employerEmployeeRegistrationEndpoints = registrationFlow(
  {
    invitation: '/EmployerEmployeeInvitation/{code}',
    complete: '/EmployerEmployee/CompleteRegistration',
    sendCode: '/EmployerEmployee/sendRegistrationTfaCode',
    validate: '/EmployerEmployee/ValidateTfa',
  },
  'employee of an employer',
);

/** An employee who already has an account answers an employer's invitation with the mailed code. */
export const employerEmployeeInvitationEndpoints = {
  accept: endpoint({
    method: 'POST',
    path: '/EmployerEmployeeInvitation/{code}/Accept',
    policy: policy.public,
    summary: 'Accept an employer’s invitation with an existing account: the account becomes its employee',
    tags,
    params: z.object({ code }),
    response: nothing,
  }),
  deny: endpoint({
    method: 'POST',
    path: '/EmployerEmployeeInvitation/{code}/Deny',
    policy: policy.public,
    summary: 'Decline an employer’s invitation; the code cannot be used any more',
    tags,
    params: z.object({ code }),
    response: nothing,
  }),
};

/**
 * Someone who already has an account answers a gym's invitation (gym employees) the same way; our own paths
 * next to `GET /Account/Invitation/{code}` (decision 004). Employer invitations may be answered here too.
 */
export const invitationAnswerEndpoints = {
  accept: endpoint({
    method: 'POST',
    path: '/Account/Invitation/{code}/Accept',
    policy: policy.public,
    summary: 'Accept a gym’s or employer’s invitation with an existing account',
    tags,
    params: z.object({ code }),
    response: nothing,
  }),
  deny: endpoint({
    method: 'POST',
    path: '/Account/Invitation/{code}/Deny',
    policy: policy.public,
    summary: 'Decline a gym’s or employer’s invitation; the code cannot be used any more',
    tags,
    params: z.object({ code }),
    response: nothing,
  }),
};

/** Invitations someone with an account answers instead of registering. */
export const answerableInvitationKinds = ['employerEmployee', 'gymEmployee'] as const;
export const isAnswerableInvitation = (kind: string, hasAccount: boolean) =>
  hasAccount && (answerableInvitationKinds as readonly string[]).includes(kind);

/** The spec's supplier registration (`GET /Supplier/{id}` carries the invitation code): supplier invitations only. */
export const supplierRegistrationEndpoints = {
  invitation: endpoint({
    ...registrationEndpoints.invitation,
    path: '/Supplier/{code}',
    summary: 'The invitation behind a supplier registration code',
  }),
  completeRegistration: endpoint({
    ...registrationEndpoints.completeRegistration,
    path: '/Supplier/Register/Complete',
    summary: 'Register a supplier from an invitation',
  }),
};

const adminTags = ['Admin'];

export const adminInvitationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Admin/Invitation',
    policy: policy.roles('Admin'),
    summary: 'Open admin invitations',
    tags: adminTags,
    query: listQuery(openInvitationSortable),
    response: paged(adminInvitation),
  }),
  create: endpoint({
    method: 'POST',
    path: '/Admin/Invitation',
    policy: policy.roles('Admin'),
    summary: 'Invite a new platform admin by email',
    tags: adminTags,
    body: inviteByEmail,
    response: adminInvitation,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/Admin/Invitation/{id}/resend',
    policy: policy.roles('Admin'),
    summary: 'Send an admin invitation again with a new code and expiry',
    tags: adminTags,
    params: idParam,
    response: adminInvitation,
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/Admin/Invitation/{id}',
    policy: policy.roles('Admin'),
    summary: 'Cancel an admin invitation',
    tags: adminTags,
    params: idParam,
    response: nothing,
  }),
};

export { openInvitationSortable } from './list-constants.ts';
