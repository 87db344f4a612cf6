import type { accountEndpoints } from './account.ts';
import { descriptor } from './descriptor.ts';
import type { gymEmployeeEndpoints } from './employee.ts';
import type { employerEmployeeEndpoints } from './employer-employee.ts';
import { LOGIN_PATH, RESTORE_SESSION_PATH } from './login.ts';
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
};

export const employerEmployeeCalls = {
  list: descriptor<(typeof employerEmployeeEndpoints)['list']>('GET', '/EmployerEmployee'),
};

export const gymEmployeeCalls = {
  list: descriptor<(typeof gymEmployeeEndpoints)['list']>('GET', '/GymEmployee'),
};
