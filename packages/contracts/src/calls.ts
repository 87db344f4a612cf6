import type { accountEndpoints } from './account.ts';
import type { billingEndpoints } from './billing.ts';
import { descriptor } from './descriptor.ts';
import type {
  gymEmployeeEndpoints,
  gymEmployeeInvitationEndpoints,
  locationEmployeeEndpoints,
} from './employee.ts';
import type { employerEmployeeEndpoints } from './employer-employee.ts';
import type { locationEndpoints } from './location.ts';
import { LOGIN_PATH, RESTORE_SESSION_PATH } from './login.ts';
import type { memberEndpoints } from './member.ts';
import type { subscriptionEndpoints } from './subscription.ts';
import type { userEndpoints } from './user.ts';

/**
 * The endpoints a signed-in first screen calls, as schema-free descriptors (`@xp/contracts/calls`,
 * decision 010): the session's calls and the lists a first screen shows. Their answers transform nothing,
 * so the web may take them as the server sent them (checked by `calls.test.ts`).
 */
type Account = typeof accountEndpoints;

export const accountCalls = {
  cookieLogin: descriptor<Account['cookieLogin']>('POST', LOGIN_PATH),
  cookieRefresh: descriptor<Account['cookieRefresh']>('POST', '/account/cookierefresh'),
  restoreSession: descriptor<Account['restoreSession']>('POST', RESTORE_SESSION_PATH),
  cookieLogout: descriptor<Account['cookieLogout']>('POST', '/account/cookielogout'),
  switchOptions: descriptor<Account['switchOptions']>('GET', '/Account/SwitchOptions'),
  switchOptionsPage: descriptor<Account['switchOptionsPage']>('GET', '/Account/SwitchOptions/{kind}'),
  switchActiveGym: descriptor<Account['switchActiveGym']>('PUT', '/Account/SwitchActiveGym'),
  switchActiveEmployer: descriptor<Account['switchActiveEmployer']>('PUT', '/Account/SwitchActiveEmployer'),
  switchActiveLocation: descriptor<Account['switchActiveLocation']>('PUT', '/Account/SwitchActiveLocation'),
  switchActiveAssociation: descriptor<Account['switchActiveAssociation']>(
    'PUT',
    '/Account/SwitchActiveAssociation',
  ),
  switchActiveContentEnvironment: descriptor<Account['switchActiveContentEnvironment']>(
    'PUT',
    '/Account/SwitchActiveContentEnvironment',
  ),
  switchActiveSupplierEnvironment: descriptor<Account['switchActiveSupplierEnvironment']>(
    'PUT',
    '/Account/SwitchActiveSupplierEnvironment',
  ),
  switchActiveEnvironment: descriptor<Account['switchActiveEnvironment']>(
    'PUT',
    '/Account/SwitchActiveEnvironment',
  ),
};

export const userCalls = {
  list: descriptor<(typeof userEndpoints)['list']>('GET', '/user'),
  requestAccountDeletion: descriptor<(typeof userEndpoints)['requestAccountDeletion']>(
    'POST',
    '/account/requestAccountDeletion',
  ),
  revokeAdmin: descriptor<(typeof userEndpoints)['revokeAdmin']>('PUT', '/Admin/Admins/{id}/revoke'),
};

export const employerEmployeeCalls = {
  list: descriptor<(typeof employerEmployeeEndpoints)['list']>('GET', '/EmployerEmployee'),
  get: descriptor<(typeof employerEmployeeEndpoints)['get']>('GET', '/EmployerEmployee/{id}'),
  remove: descriptor<(typeof employerEmployeeEndpoints)['remove']>(
    'DELETE',
    '/Employer/{activeEmployerId}/Employee',
  ),
  invitations: descriptor<(typeof employerEmployeeEndpoints)['invitations']>(
    'GET',
    '/Employer/{activeEmployerId}/EmployeeInvitations',
  ),
  invite: descriptor<(typeof employerEmployeeEndpoints)['invite']>(
    'POST',
    '/Employer/{activeEmployerId}/InviteEmployee',
  ),
  inviteMultiple: descriptor<(typeof employerEmployeeEndpoints)['inviteMultiple']>(
    'POST',
    '/Employer/{activeEmployerId}/InviteMultipleEmployees',
  ),
  verifyEmailExcel: descriptor<(typeof employerEmployeeEndpoints)['verifyEmailExcel']>(
    'POST',
    '/Employer/{activeEmployerId}/VerifyEmailExcel',
    true,
  ),
  resendInvitation: descriptor<(typeof employerEmployeeEndpoints)['resendInvitation']>(
    'POST',
    '/EmployerEmployeeInvitation/{id}/resend',
  ),
  cancelInvitation: descriptor<(typeof employerEmployeeEndpoints)['cancelInvitation']>(
    'DELETE',
    '/EmployerEmployeeInvitation/{id}',
  ),
};

export const gymEmployeeCalls = {
  list: descriptor<(typeof gymEmployeeEndpoints)['list']>('GET', '/GymEmployee'),
  get: descriptor<(typeof gymEmployeeEndpoints)['get']>('GET', '/GymEmployee/{employeeId}'),
  remove: descriptor<(typeof gymEmployeeEndpoints)['remove']>('DELETE', '/GymEmployee/{employeeId}'),
};

export const locationEmployeeCalls = {
  list: descriptor<(typeof locationEmployeeEndpoints)['list']>('GET', '/Location/{id}/Employees'),
  get: descriptor<(typeof locationEmployeeEndpoints)['get']>('GET', '/Location/{id}/Employee/{employeeId}'),
  knownUsers: descriptor<(typeof locationEmployeeEndpoints)['knownUsers']>('GET', '/Location/KnownUsers'),
  add: descriptor<(typeof locationEmployeeEndpoints)['add']>('PUT', '/Location/{id}/NewEmployees'),
  remove: descriptor<(typeof locationEmployeeEndpoints)['remove']>(
    'DELETE',
    '/Location/{id}/Employee/{employeeId}',
  ),
};

export const gymEmployeeInvitationCalls = {
  list: descriptor<(typeof gymEmployeeInvitationEndpoints)['list']>('GET', '/GymEmployeeInvitation'),
  create: descriptor<(typeof gymEmployeeInvitationEndpoints)['create']>('POST', '/GymEmployeeInvitation'),
  resend: descriptor<(typeof gymEmployeeInvitationEndpoints)['resend']>(
    'POST',
    '/GymEmployeeInvitation/{id}/resend',
  ),
  cancel: descriptor<(typeof gymEmployeeInvitationEndpoints)['cancel']>(
    'DELETE',
    '/GymEmployeeInvitation/{id}',
  ),
};

/**
 * The location's (or gym's) members list: its route asks the first page as soon as the session is known; the
 * tab of the members in debt, the location filter (Gym environment) and the subscription filter.
 */
export const memberCalls = {
  list: descriptor<(typeof memberEndpoints)['list']>('GET', '/Member'),
};

export const billingCalls = {
  debtors: descriptor<(typeof billingEndpoints)['debtors']>('GET', '/Member/InDebt'),
};

export const locationCalls = {
  list: descriptor<(typeof locationEndpoints)['list']>('GET', '/Location'),
};

export const subscriptionCalls = {
  list: descriptor<(typeof subscriptionEndpoints)['list']>('GET', '/Subscription'),
};
