import { useQueryClient } from '@tanstack/react-query';
import {
  type EmployerRedemptionQuery,
  type EmployerShopQuery,
  storeEndpoints as endpoints,
  type RedemptionListQuery,
  type StoreItemListQuery,
} from '@xp/contracts';
import { apiQueryKey, useApiListQuery, useApiMutation } from '@/app/api-hooks';

/** The admin's items (the platform's, or employers' with a filter). */
export function useStoreItems(query: StoreItemListQuery, enabled = true) {
  return useApiListQuery(endpoints.list, { query }, { enabled });
}

/** An employer's shop: the platform's items and its own. */
export function useEmployerShop(employerId: number, query: EmployerShopQuery, enabled = true) {
  return useApiListQuery(endpoints.employerShop, { params: { id: employerId }, query }, { enabled });
}

/** Every employer's orders (admin). */
export function useOrders(query: RedemptionListQuery, enabled = true) {
  return useApiListQuery(endpoints.orders, { query }, { enabled });
}

/** The orders of an employer's employees. */
export function useEmployerOrders(employerId: number, query: EmployerRedemptionQuery, enabled = true) {
  return useApiListQuery(endpoints.employerOrders, { params: { id: employerId }, query }, { enabled });
}

/** After any change every store query is stale (an item's stock moves with its orders). */
function useInvalidateStore() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [endpoints.list, endpoints.employerShop, endpoints.get, endpoints.orders, endpoints.employerOrders].map(
        (endpoint) => queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoint) }),
      ),
    );
}

export function useCreateStoreItem() {
  const invalidate = useInvalidateStore();
  return useApiMutation(endpoints.create, { onSuccess: () => invalidate() });
}

export function useUpdateStoreItem() {
  const invalidate = useInvalidateStore();
  return useApiMutation(endpoints.update, { onSuccess: () => invalidate() });
}

export function useDeleteStoreItem() {
  const invalidate = useInvalidateStore();
  return useApiMutation(endpoints.remove, { onSuccess: () => invalidate() });
}

export function useSetOrderStatus() {
  const invalidate = useInvalidateStore();
  return useApiMutation(endpoints.setStatus, { onSuccess: () => invalidate() });
}
