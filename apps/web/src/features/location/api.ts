import { useQueryClient } from '@tanstack/react-query';
import {
  accountEndpoints,
  billingEndpoints,
  locationEndpoints as endpoints,
  locationSortable,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { apiQueryKey, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

type SortField = (typeof locationSortable)[number];
const isSortField = (value: string | undefined): value is SortField =>
  (locationSortable as readonly string[]).includes(value ?? '');

const isId = (id: number | null | undefined): id is number => Number.isInteger(id) && (id ?? 0) > 0;

/** The locations of the active gym for the list's state (page, search, sort) as it lives in the URL. */
export function useLocations(state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, locationsInput(state, counts));
}

/** The list call for a list's state (page, search, sort). */
function locationsInput(state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return { query: { ...query, ...(isSortField(sort) ? { sort } : {}), ...counts } };
}

/** One page of the same list, for the CSV export. */
export const fetchLocations = (state: ListState) => call(endpoints.list, locationsInput(state));

/** One location with its status requirements and QR code. */
export function useLocation(id: number | null) {
  return useApiQuery(endpoints.get, { params: { id: id ?? 0 } }, { enabled: isId(id) });
}

export function usePaymentProvider(locationId: number | null) {
  return useApiQuery(
    endpoints.getPaymentProvider,
    { params: { id: locationId ?? 0 } },
    { enabled: isId(locationId) },
  );
}

export function useOpeningHours(locationId: number | null) {
  return useApiQuery(
    endpoints.getOpeningHours,
    { params: { id: locationId ?? 0 } },
    { enabled: isId(locationId) },
  );
}

/** After a change of a location the list, its detail and the header's location switcher are stale. */
function useInvalidateLocations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.list) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.get) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(accountEndpoints.switchOptions) }),
    ]);
}

export function useCreateLocation() {
  const invalidate = useInvalidateLocations();
  return useApiMutation(endpoints.create, { onSuccess: () => invalidate() });
}

export function useUpdateLocation() {
  const invalidate = useInvalidateLocations();
  return useApiMutation(endpoints.update, { onSuccess: () => invalidate() });
}

export function useIssueQrCode() {
  const queryClient = useQueryClient();
  return useApiMutation(endpoints.issueQrCode, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.get) }),
  });
}

export function useEditStatusRequirements() {
  const queryClient = useQueryClient();
  return useApiMutation(endpoints.editStatusRequirements, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.get) }),
  });
}

function useInvalidatePaymentProvider() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.getPaymentProvider) });
}

export function useAddPaymentProvider() {
  const invalidate = useInvalidatePaymentProvider();
  return useApiMutation(endpoints.addPaymentProvider, { onSuccess: () => invalidate() });
}

export function useUpdatePaymentProvider() {
  const invalidate = useInvalidatePaymentProvider();
  return useApiMutation(endpoints.updatePaymentProvider, { onSuccess: () => invalidate() });
}

export function useSaveOpeningHours() {
  const queryClient = useQueryClient();
  return useApiMutation(endpoints.saveOpeningHours, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.getOpeningHours) }),
  });
}

/** A location's dunning rules (decision 017): block or warn at the door, retry days, grace days. */
export function useBillingSettings(locationId: number | null) {
  return useApiQuery(
    billingEndpoints.getSettings,
    { params: { id: locationId ?? 0 } },
    { enabled: isId(locationId) },
  );
}

export function useUpdateBillingSettings() {
  const queryClient = useQueryClient();
  return useApiMutation(billingEndpoints.updateSettings, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey(billingEndpoints.getSettings) }),
  });
}
