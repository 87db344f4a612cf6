import { useQueryClient } from '@tanstack/react-query';
import {
  type CommissionListQuery,
  fitnessProductEndpoints as endpoints,
  type SupplierProductListQuery,
} from '@xp/contracts';
import { apiQueryKey, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';

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
function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        endpoints.list,
        endpoints.commissions,
        endpoints.edit,
        endpoints.get,
        endpoints.catalogue,
        endpoints.plain,
      ].map((endpoint) => queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoint) })),
    );
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useApiMutation(endpoints.create, { onSuccess: () => invalidate() });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateProducts();
  return useApiMutation(endpoints.update, { onSuccess: () => invalidate() });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useApiMutation(endpoints.remove, { onSuccess: () => invalidate() });
}

export function useAcceptVersion() {
  const invalidate = useInvalidateProducts();
  return useApiMutation(endpoints.accept, { onSuccess: () => invalidate() });
}

export function useDenyVersion() {
  const invalidate = useInvalidateProducts();
  return useApiMutation(endpoints.deny, { onSuccess: () => invalidate() });
}
