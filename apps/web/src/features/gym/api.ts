import { accountEndpoints, gymEndpoints as endpoints, gymSortable } from '@xp/contracts';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

type SortField = (typeof gymSortable)[number];
/** A sort field the server knows; anything else in the URL falls back to the server's default order. */
const isSortField = (value: string | undefined): value is SortField =>
  (gymSortable as readonly string[]).includes(value ?? '');

/** All gyms (admin), for the list's state (page, search, sort) as it lives in the URL. */
export function useGyms(state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, gymsInput(state, counts));
}

/** The list call for a list's state (page, search, sort); `counts` from `useListCounts`. */
function gymsInput(state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return { query: { ...query, ...(isSortField(sort) ? { sort } : {}), ...counts } };
}

/** One page of the same list, for the CSV export. */
export const fetchGyms = (state: ListState) => call(endpoints.list, gymsInput(state));

/** One gym with its counts (the dashboard and the settings of the active gym). */
export function useGym(id: number | null) {
  return useApiQuery(endpoints.get, { params: { id: id ?? 0 } }, { enabled: id !== null && id > 0 });
}

/** The KvK and VAT numbers the gym's invoices show. */
export function useGymInvoiceDetails(id: number | null) {
  return useApiQuery(
    endpoints.invoiceDetails,
    { params: { id: id ?? 0 } },
    { enabled: id !== null && id > 0 },
  );
}

export function useUpdateGymInvoiceDetails() {
  return useApiMutation(endpoints.updateInvoiceDetails, { invalidates: [endpoints.invoiceDetails] });
}

export function useGymRegistrationSettings(id: number | null) {
  return useApiQuery(
    endpoints.registrationSettings,
    { params: { id: id ?? 0 } },
    { enabled: id !== null && id > 0 },
  );
}

/**
 * After any change every gym query is stale: the list, one gym, its registration settings, and the names in
 * the header's gym switcher.
 */
const gymsQueries: QueriedEndpoint[] = [
  endpoints.list,
  endpoints.get,
  endpoints.registrationSettings,
  endpoints.getPublic,
  accountEndpoints.switchOptions,
];

export function useCreateGym() {
  return useApiMutation(endpoints.create, { invalidates: gymsQueries });
}

export function useUpdateGym() {
  return useApiMutation(endpoints.update, { invalidates: gymsQueries });
}

export function useDeleteGym() {
  return useApiMutation(endpoints.remove, { invalidates: gymsQueries });
}

export function useRemoveGymBanner() {
  return useApiMutation(endpoints.removeBanner, { invalidates: gymsQueries });
}

export function useUpdateGymRegistration() {
  return useApiMutation(endpoints.updateRegistration, { invalidates: gymsQueries });
}
