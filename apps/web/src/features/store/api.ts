import {
  type EmployerRedemptionQuery,
  type EmployerShopQuery,
  storeEndpoints as endpoints,
  type RedemptionListQuery,
  type StoreItemListQuery,
} from '@xp/contracts';
import { type QueriedEndpoint, useApiListQuery, useApiMutation } from '@/app/api-hooks';

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
const storeQueries: QueriedEndpoint[] = [
  endpoints.list,
  endpoints.employerShop,
  endpoints.get,
  endpoints.orders,
  endpoints.employerOrders,
];

export function useCreateStoreItem() {
  return useApiMutation(endpoints.create, { invalidates: storeQueries });
}

export function useUpdateStoreItem() {
  return useApiMutation(endpoints.update, { invalidates: storeQueries });
}

export function useDeleteStoreItem() {
  return useApiMutation(endpoints.remove, { invalidates: storeQueries });
}

export function useSetOrderStatus() {
  return useApiMutation(endpoints.setStatus, { invalidates: storeQueries });
}
