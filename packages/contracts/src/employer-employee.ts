import {
  endpoint,
  type FileValue,
  fileUpload,
  idFromText,
  idParam,
  idSchema,
  listQuery,
  nothing,
  paged,
  policy,
} from './http.ts';
import { employerEmployeeSortable } from './list-constants.ts';
import { inviteByEmail, openInvitation, openInvitationSortable } from './registration.ts';
import { z } from './zod-setup.ts';

const tags = ['EmployerEmployee'];
const invitationTags = ['EmployerEmployeeInvitation'];
const employerTags = ['Employer'];

/**
 * Employer staff, or an admin who switched into the employer environment. Every call is scoped to the
 * session's active employer (spec 001 section 7, "Employee calls are scoped to the active employer").
 */
const employerStaff = policy.roles('Employer', 'Admin');

const id = idFromText;
/** `{activeEmployerId}` of the spec's paths: must be the session's active employer. */
export const activeEmployerParams = z.object({ activeEmployerId: id });

/** The column header of the example import file; the import reads the first column of the first sheet. */
export const EXCEL_EMAIL_HEADER = 'E-mailadres';
export const EXCEL_MAX_BYTES = 1024 * 1024;
export const EXCEL_MAX_ROWS = 500;
/** The most addresses one `InviteMultipleEmployees` call takes. */
export const INVITE_MAX_EMAILS = 500;

/** An employee the employer funds (spec 001 section 3: email, fullName, phone). */
export const employerEmployee = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** When they joined the employer. */
  employeeSince: z.string(),
});
export type EmployerEmployee = z.infer<typeof employerEmployee>;

export const employerEmployeeListQuery = listQuery(employerEmployeeSortable);

/** An open invitation (spec 001 section 3: invitee email, invitor, date, employer name). */
export const employerEmployeeInvitation = openInvitation.extend({ employerName: z.string() });
export type EmployerEmployeeInvitation = z.infer<typeof employerEmployeeInvitation>;

export const inviteEmployeeBody = inviteByEmail;
export type InviteEmployeeBody = z.input<typeof inviteEmployeeBody>;

export const inviteMultipleEmployeesBody = z.object({
  // Each address is checked on its own: a bad one is skipped with its reason, the rest are invited.
  emails: z
    .array(z.string().trim().max(254))
    .min(1, 'employerEmployee.errors.noEmails')
    .max(INVITE_MAX_EMAILS, 'employerEmployee.errors.tooManyEmails'),
});
export type InviteMultipleEmployeesBody = z.input<typeof inviteMultipleEmployeesBody>;

/** Why an address was not invited (or, for the Excel check, would not be): a translation key. */
export const employerEmployeeSkipReasons = [
  'employerEmployee.errors.invalidEmail',
  'employerEmployee.errors.duplicate',
  'invitation.errors.alreadyEmployee',
  'invitation.errors.alreadyInvited',
] as const;
export const skipReason = z.enum(employerEmployeeSkipReasons);
export type SkipReason = z.infer<typeof skipReason>;

export const inviteMultipleEmployeesResult = z.object({
  invited: z.number().int(),
  skipped: z.array(z.object({ email: z.string(), reason: skipReason })),
});
export type InviteMultipleEmployeesResult = z.infer<typeof inviteMultipleEmployeesResult>;

export const removeEmployerEmployeeBody = z.object({ userId: idSchema });

/** The import file: required (spec 000 section 5, `noFile`); an .xlsx of at most 1 MB, checked by content. */
export const verifyEmailExcelForm = z.object({
  file: z
    .custom<FileValue>((value) => value !== undefined && value !== null, {
      error: 'employerEmployee.errors.noFile',
    })
    .pipe(fileUpload),
});
export type VerifyEmailExcelForm = z.input<typeof verifyEmailExcelForm>;

/** A row of the Excel check (spec 000 section 3: email, verified); `reason` says why it is not verified. */
export const verifiedEmailRow = z.object({
  email: z.string(),
  verified: z.boolean(),
  reason: skipReason.nullable(),
});
export type VerifiedEmailRow = z.infer<typeof verifiedEmailRow>;
export const verifyEmailExcelResult = z.object({ rows: z.array(verifiedEmailRow) });

export const employerEmployeeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/EmployerEmployee',
    policy: employerStaff,
    summary: 'Employees of the active employer',
    tags,
    query: employerEmployeeListQuery,
    response: paged(employerEmployee),
  }),
  get: endpoint({
    method: 'GET',
    path: '/EmployerEmployee/{id}',
    policy: employerStaff,
    summary: 'One employee of the active employer (by user id)',
    tags,
    params: idParam,
    response: employerEmployee,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/Employer/{activeEmployerId}/Employee',
    policy: employerStaff,
    summary: 'Remove an employee from the active employer; the account stays',
    tags: employerTags,
    params: activeEmployerParams,
    body: removeEmployerEmployeeBody,
    response: nothing,
  }),
  invitations: endpoint({
    method: 'GET',
    path: '/Employer/{activeEmployerId}/EmployeeInvitations',
    policy: employerStaff,
    summary: 'Open employee invitations of the active employer',
    tags: employerTags,
    params: activeEmployerParams,
    query: listQuery(openInvitationSortable),
    response: paged(employerEmployeeInvitation),
  }),
  invite: endpoint({
    method: 'POST',
    path: '/Employer/{activeEmployerId}/InviteEmployee',
    policy: employerStaff,
    summary: 'Invite an employee by email (an address with an account accepts instead of registering)',
    tags: employerTags,
    params: activeEmployerParams,
    body: inviteEmployeeBody,
    response: employerEmployeeInvitation,
  }),
  inviteMultiple: endpoint({
    method: 'POST',
    path: '/Employer/{activeEmployerId}/InviteMultipleEmployees',
    policy: employerStaff,
    summary: 'Invite up to 500 employees at once; answers how many were invited and which were skipped why',
    tags: employerTags,
    params: activeEmployerParams,
    body: inviteMultipleEmployeesBody,
    response: inviteMultipleEmployeesResult,
  }),
  verifyEmailExcel: endpoint({
    method: 'POST',
    path: '/Employer/{activeEmployerId}/VerifyEmailExcel',
    policy: employerStaff,
    summary:
      'Read the addresses of an .xlsx file (first column, at most 500 rows) and tell which can be invited',
    tags: employerTags,
    params: activeEmployerParams,
    form: verifyEmailExcelForm,
    response: verifyEmailExcelResult,
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/EmployerEmployeeInvitation/{id}/resend',
    policy: employerStaff,
    summary: 'Send an employee invitation of the active employer again with a new code and expiry',
    tags: invitationTags,
    params: idParam,
    response: employerEmployeeInvitation,
  }),
  cancelInvitation: endpoint({
    method: 'DELETE',
    path: '/EmployerEmployeeInvitation/{id}',
    policy: employerStaff,
    summary: 'Cancel an employee invitation of the active employer',
    tags: invitationTags,
    params: idParam,
    response: nothing,
  }),
};

export const employerEmployeeExampleExcelPolicy = employerStaff;

export {
  EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH,
  EXAMPLE_EXCEL_FILE_NAME,
  employerEmployeeSortable,
} from './list-constants.ts';
