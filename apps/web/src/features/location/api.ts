import {
  accountEndpoints,
  billingEndpoints,
  locationEndpoints as endpoints,
  locationSortable,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
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
const locationsQueries: QueriedEndpoint[] = [endpoints.list, endpoints.get, accountEndpoints.switchOptions];

export function useCreateLocation() {
  return useApiMutation(endpoints.create, { invalidates: locationsQueries });
}

export function useUpdateLocation() {
  return useApiMutation(endpoints.update, { invalidates: locationsQueries });
}

export function useIssueQrCode() {
  return useApiMutation(endpoints.issueQrCode, { invalidates: [endpoints.get] });
}

export function useEditStatusRequirements() {
  return useApiMutation(endpoints.editStatusRequirements, { invalidates: [endpoints.get] });
}

const paymentProviderQueries: QueriedEndpoint[] = [endpoints.getPaymentProvider];

export function useAddPaymentProvider() {
  return useApiMutation(endpoints.addPaymentProvider, { invalidates: paymentProviderQueries });
}

export function useUpdatePaymentProvider() {
  return useApiMutation(endpoints.updatePaymentProvider, { invalidates: paymentProviderQueries });
}

export function useSaveOpeningHours() {
  return useApiMutation(endpoints.saveOpeningHours, { invalidates: [endpoints.getOpeningHours] });
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
  return useApiMutation(billingEndpoints.updateSettings, { invalidates: [billingEndpoints.getSettings] });
}
