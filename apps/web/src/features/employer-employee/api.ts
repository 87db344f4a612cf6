import { employerEmployeeCalls as endpoints } from '@xp/contracts/calls';
import {
  EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH,
  EXAMPLE_EXCEL_FILE_NAME,
  employerEmployeeSortable,
  openInvitationSortable,
} from '@xp/contracts/list-constants';
import { call } from '@/app/api-client';
import { downloadApiFile } from '@/app/api-download';
import { type QueriedEndpoint, useApiListQuery, useApiMutation } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

/** A sort field the server knows; anything else in the URL falls back to the server's default order. */
const knownSort = <S extends readonly string[]>(sortable: S, sort: string | undefined) =>
  (sortable as readonly string[]).includes(sort ?? '') ? { sort: sort as S[number] } : {};

/** The list call for a list's state (page, search, sort); `counts` from `useListCounts`. */
function employeesInput(state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return { query: { ...query, ...knownSort(employerEmployeeSortable, sort), ...counts } };
}

/** Employees of the active employer, for the list's state (page, search, sort) as it lives in the URL. */
export function useEmployerEmployees(state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, employeesInput(state, counts));
}

/** One page of the same list, for the CSV export. */
export const fetchEmployerEmployees = (state: ListState) => call(endpoints.list, employeesInput(state));

/** Open invitations of the active employer (`{activeEmployerId}` of the path is the session's). */
export function useEmployeeInvitations(
  activeEmployerId: number,
  state: ListState,
  counts: { counts?: false } = {},
) {
  const { sort, ...query } = toListQuery(state);
  return useApiListQuery(endpoints.invitations, {
    params: { activeEmployerId },
    query: { ...query, ...knownSort(openInvitationSortable, sort), ...counts },
  });
}

/** After a change both lists (and their counts) may be stale. */
const featureQueries: QueriedEndpoint[] = [endpoints.list, endpoints.get, endpoints.invitations];

export function useRemoveEmployerEmployee() {
  return useApiMutation(endpoints.remove, { invalidates: featureQueries });
}

export function useInviteEmployerEmployee() {
  return useApiMutation(endpoints.invite, { invalidates: featureQueries });
}

export function useInviteMultipleEmployees() {
  return useApiMutation(endpoints.inviteMultiple, { invalidates: featureQueries });
}

/** Checks the addresses of an import file; changes nothing. */
export const useVerifyEmailExcel = () => useApiMutation(endpoints.verifyEmailExcel);

export function useResendEmployeeInvitation() {
  return useApiMutation(endpoints.resendInvitation, { invalidates: featureQueries });
}

export function useCancelEmployeeInvitation() {
  return useApiMutation(endpoints.cancelInvitation, { invalidates: featureQueries });
}

/** Downloads the example import file (`import_users_template.xlsx`; a platform route, like the CDN). */
export const downloadExampleExcel = () =>
  downloadApiFile(EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH, EXAMPLE_EXCEL_FILE_NAME);
