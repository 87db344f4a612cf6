import { useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@xp/contracts';
import { employerEmployeeCalls as endpoints } from '@xp/contracts/calls';
import type { Descriptor } from '@xp/contracts/descriptor';
import {
  EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH,
  EXAMPLE_EXCEL_FILE_NAME,
  employerEmployeeSortable,
  openInvitationSortable,
} from '@xp/contracts/list-constants';
import { GENERAL_ERROR } from '@xp/contracts/request';
import { ApiCallError, call, refreshSession } from '@/app/api-client';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

/** A sort field the server knows; anything else in the URL falls back to the server's default order. */
const knownSort = <S extends readonly string[]>(sortable: S, sort: string | undefined) =>
  (sortable as readonly string[]).includes(sort ?? '') ? { sort: sort as S[number] } : {};

const keepPrevious = { placeholderData: <T>(previous: T) => previous };

/** The list call for a list's state (page, search, sort); `counts` from `useListCounts`. */
function employeesInput(state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return { query: { ...query, ...knownSort(employerEmployeeSortable, sort), ...counts } };
}

/** Employees of the active employer, for the list's state (page, search, sort) as it lives in the URL. */
export function useEmployerEmployees(state: ListState, counts: { counts?: false } = {}) {
  return useApiQuery(endpoints.list, employeesInput(state, counts), keepPrevious);
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
  return useApiQuery(
    endpoints.invitations,
    {
      params: { activeEmployerId },
      query: { ...query, ...knownSort(openInvitationSortable, sort), ...counts },
    },
    keepPrevious,
  );
}

/** After a change both lists (and their counts) may be stale. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [endpoints.list, endpoints.get, endpoints.invitations].map((endpoint: Descriptor) =>
        queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoint) }),
      ),
    );
}

export function useRemoveEmployerEmployee() {
  const invalidate = useInvalidate();
  return useApiMutation(endpoints.remove, { onSuccess: () => invalidate() });
}

export function useInviteEmployerEmployee() {
  const invalidate = useInvalidate();
  return useApiMutation(endpoints.invite, { onSuccess: () => invalidate() });
}

export function useInviteMultipleEmployees() {
  const invalidate = useInvalidate();
  return useApiMutation(endpoints.inviteMultiple, { onSuccess: () => invalidate() });
}

/** Checks the addresses of an import file; changes nothing. */
export const useVerifyEmailExcel = () => useApiMutation(endpoints.verifyEmailExcel);

export function useResendEmployeeInvitation() {
  const invalidate = useInvalidate();
  return useApiMutation(endpoints.resendInvitation, { onSuccess: () => invalidate() });
}

export function useCancelEmployeeInvitation() {
  const invalidate = useInvalidate();
  return useApiMutation(endpoints.cancelInvitation, { onSuccess: () => invalidate() });
}

/**
 * Downloads the example import file (`import_users_template.xlsx`). Not a contract call: the server answers
 * the file's bytes (a platform route, like the CDN). An expired session is refreshed once; a failure
 * throws `ApiCallError` with the server's errors.
 */
export async function downloadExampleExcel(): Promise<void> {
  const url = `/api${EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH}`;
  const get = () => fetch(url, { credentials: 'same-origin' });
  let response: Response;
  try {
    response = await get();
    if (
      response.status === 401 &&
      response.headers.get('Token-Expired') === 'true' &&
      (await refreshSession())
    ) {
      response = await get();
    }
  } catch {
    throw new ApiCallError(0, [{ key: 'general', message: GENERAL_ERROR }]);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    const errors = envelope?.errors?.length ? envelope.errors : [{ key: 'general', message: GENERAL_ERROR }];
    throw new ApiCallError(response.status, errors);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = EXAMPLE_EXCEL_FILE_NAME;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
