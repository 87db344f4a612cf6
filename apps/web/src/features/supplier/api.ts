import {
  accountEndpoints,
  supplierEndpoints as endpoints,
  type SupplierStatusTab,
  supplierSortable,
  supplierStatusTabs,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

type SortField = (typeof supplierSortable)[number];
/** A sort field the server knows; anything else in the URL falls back to the server's default order. */
const isSortField = (value: string | undefined): value is SortField =>
  (supplierSortable as readonly string[]).includes(value ?? '');

/** The tab of the list as a state filter; the first tab (and anything unknown) shows all. */
export const isStatusTab = (value: string | undefined): value is SupplierStatusTab =>
  (supplierStatusTabs as readonly string[]).includes(value ?? '');

function suppliersInput(state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return {
    query: {
      ...query,
      ...(isSortField(sort) ? { sort } : {}),
      ...(isStatusTab(state.tab) ? { status: state.tab } : {}),
      ...counts,
    },
  };
}

/** All suppliers (admin), for the list's state as it lives in the URL. */
export function useSuppliers(state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, suppliersInput(state, counts));
}

/** One page of the same list, for the CSV export. */
export const fetchSuppliers = (state: ListState) => call(endpoints.list, suppliersInput(state));

/** One supplier with its company data (admin: any; a supplier user: its own active supplier). */
export function useSupplier(id: number | null) {
  return useApiQuery(endpoints.get, { params: { id: id ?? 0 } }, { enabled: id !== null && id > 0 });
}

/** After any change every supplier query is stale, and the names in the header's supplier switcher. */
const suppliersQueries: QueriedEndpoint[] = [endpoints.list, endpoints.get, accountEndpoints.switchOptions];

const useSupplierMutation = <E extends (typeof endpoints)[keyof typeof endpoints]>(endpoint: E) => {
  return useApiMutation(endpoint, { invalidates: suppliersQueries });
};

export const useAddSupplier = () => useSupplierMutation(endpoints.add);
export const useEditSupplier = () => useSupplierMutation(endpoints.edit);
export const useAcceptSupplier = () => useSupplierMutation(endpoints.accept);
export const useDenySupplier = () => useSupplierMutation(endpoints.deny);
export const useDisableSupplier = () => useSupplierMutation(endpoints.disable);
export const useReEnableSupplier = () => useSupplierMutation(endpoints.reEnable);
