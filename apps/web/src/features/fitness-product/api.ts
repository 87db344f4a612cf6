import {
  type CommissionListQuery,
  fitnessProductEndpoints as endpoints,
  type SupplierProductListQuery,
} from '@xp/contracts';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';

/** The active supplier's products of one tab (Existant, Awaiting, Denied). */
export function useSupplierProducts(query: SupplierProductListQuery, enabled = true) {
  return useApiListQuery(endpoints.list, { query }, { enabled });
}

/** The supplier's form values of one of its products (its latest version). */
export function useProductForEdit(id: number | undefined) {
  return useApiQuery(endpoints.edit, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
}

/** One product with its latest and its accepted version (the admin compares them). */
export function useFitnessProduct(id: number | undefined) {
  return useApiQuery(endpoints.get, { params: { id: id ?? 0 } }, { enabled: id !== undefined });
}

/** The admin's product versions of one tab (Awaiting, Accepted, Denied). */
export function useCommissions(query: CommissionListQuery) {
  return useApiListQuery(endpoints.commissions, { query });
}

/** After any change every product query is stale: the lists, the forms and the catalogue. */
const productsQueries: QueriedEndpoint[] = [
  endpoints.list,
  endpoints.commissions,
  endpoints.edit,
  endpoints.get,
  endpoints.catalogue,
  endpoints.plain,
];

export function useCreateProduct() {
  return useApiMutation(endpoints.create, { invalidates: productsQueries });
}

export function useUpdateProduct() {
  return useApiMutation(endpoints.update, { invalidates: productsQueries });
}

export function useDeleteProduct() {
  return useApiMutation(endpoints.remove, { invalidates: productsQueries });
}

export function useAcceptVersion() {
  return useApiMutation(endpoints.accept, { invalidates: productsQueries });
}

export function useDenyVersion() {
  return useApiMutation(endpoints.deny, { invalidates: productsQueries });
}
