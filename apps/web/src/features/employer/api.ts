import {
  accountEndpoints,
  type EmployerRegistration,
  employerRegistrations,
  employerSortable,
  employerEndpoints as endpoints,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

type SortField = (typeof employerSortable)[number];
/** A sort field the server knows; anything else in the URL falls back to the server's default order. */
const isSortField = (value: string | undefined): value is SortField =>
  (employerSortable as readonly string[]).includes(value ?? '');

/** The tab of the list as a registration filter; the first tab (and anything unknown) shows all. */
export const isRegistration = (value: string | undefined): value is EmployerRegistration =>
  (employerRegistrations as readonly string[]).includes(value ?? '');

/** The list call for a list's state (tab, page, search, sort); `counts` from `useListCounts`. */
function employersInput(state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return {
    query: {
      ...query,
      ...(isSortField(sort) ? { sort } : {}),
      ...(isRegistration(state.tab) ? { registration: state.tab } : {}),
      ...counts,
    },
  };
}

/** All employers (admin), for the list's state as it lives in the URL. */
export function useEmployers(state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, employersInput(state, counts));
}

/** One page of the same list, for the CSV export. */
export const fetchEmployers = (state: ListState) => call(endpoints.list, employersInput(state));

/** One employer with its users and open invitations. */
export function useEmployer(id: number | null) {
  return useApiQuery(endpoints.get, { params: { id: id ?? 0 } }, { enabled: id !== null && id > 0 });
}

/** After any change every employer query is stale, and the names in the header's employer switcher. */
const employersQueries: QueriedEndpoint[] = [endpoints.list, endpoints.get, accountEndpoints.switchOptions];

export function useCreateEmployer() {
  return useApiMutation(endpoints.create, { invalidates: employersQueries });
}

export function useRenameEmployer() {
  return useApiMutation(endpoints.update, { invalidates: employersQueries });
}

export function useDeleteEmployer() {
  return useApiMutation(endpoints.remove, { invalidates: employersQueries });
}

export function useInviteEmployerContact() {
  return useApiMutation(endpoints.invite, { invalidates: employersQueries });
}

/** A new code and expiry, mailed again. */
export function useResendEmployerInvitation() {
  return useApiMutation(endpoints.resendInvitation, { invalidates: employersQueries });
}

export function useCancelEmployerInvitation() {
  return useApiMutation(endpoints.cancelInvitation, { invalidates: employersQueries });
}
