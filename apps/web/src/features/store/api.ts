import { useQueryClient } from '@tanstack/react-query';
import {
  type EmployerRedemptionQuery,
  type EmployerShopQuery,
  storeEndpoints as endpoints,
  type RedemptionListQuery,
  type StoreItemListQuery,
} from '@xp/contracts';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';

/** Keep the current page visible while the next page or filter result loads. */
const keepPrevious = { placeholderData: <T>(previous: T | undefined) => previous };

/** The admin's items (the platform's, or employers' with a filter). */
export function useStoreItems(query: StoreItemListQuery, enabled = true) {
  return useApiQuery(endpoints.list, { query }, { ...keepPrevious, enabled });
}

/** An employer's shop: the platform's items and its own. */
export function useEmployerShop(employerId: number, query: EmployerShopQuery, enabled = true) {
  return useApiQuery(
    endpoints.employerShop,
    { params: { id: employerId }, query },
    { ...keepPrevious, enabled },
  );
}

/** Every employer's orders (admin). */
export function useOrders(query: RedemptionListQuery, enabled = true) {
  return useApiQuery(endpoints.orders, { query }, { ...keepPrevious, enabled });
}

/** The orders of an employer's employees. */
export function useEmployerOrders(employerId: number, query: EmployerRedemptionQuery, enabled = true) {
  return useApiQuery(
    endpoints.employerOrders,
    { params: { id: employerId }, query },
    { ...keepPrevious, enabled },
  );
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
