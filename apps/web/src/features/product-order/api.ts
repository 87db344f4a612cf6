import {
  productOrderEndpoints as endpoints,
  fitnessProductEndpoints,
  memberEndpoints,
  type ProductOrderListQuery,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';

const isId = (id: number | undefined): id is number => id !== undefined && Number.isInteger(id) && id > 0;

/** Who reads the orders: the active location (it orders) or the supplier (it delivers). */
export type ProductOrderSide = 'location' | 'supplier';

export function useProductOrders(side: ProductOrderSide, query: ProductOrderListQuery) {
  const location = useApiListQuery(endpoints.list, { query }, { enabled: side === 'location' });
  const supplier = useApiListQuery(endpoints.supplierList, { query }, { enabled: side === 'supplier' });
  return side === 'location' ? location : supplier;
}

/** One order with its history (the side panel). */
export function useProductOrder(side: ProductOrderSide, id: number | undefined) {
  const params = { id: id ?? 0 };
  const location = useApiQuery(endpoints.get, { params }, { enabled: side === 'location' && isId(id) });
  const supplier = useApiQuery(
    endpoints.supplierGet,
    { params },
    { enabled: side === 'supplier' && isId(id) },
  );
  return side === 'location' ? location : supplier;
}

/** After a change every order list and detail is stale. */
const ordersQueries: QueriedEndpoint[] = [
  endpoints.list,
  endpoints.get,
  endpoints.supplierList,
  endpoints.supplierGet,
];

export function useCreateProductOrder() {
  return useApiMutation(endpoints.create, { invalidates: ordersQueries });
}

export function usePayProductOrder() {
  return useApiMutation(endpoints.pay, { invalidates: ordersQueries });
}

export function useSetProductOrderStatus() {
  return useApiMutation(endpoints.setStatus, { invalidates: ordersQueries });
}

export function useSetProductOrderDeliveryDate() {
  return useApiMutation(endpoints.setDeliveryDate, { invalidates: ordersQueries });
}

/** The catalogue: Active suppliers with their accepted products (sale prices, first image). */
export function useCatalogue(enabled: boolean) {
  return useApiQuery(fitnessProductEndpoints.catalogue, undefined, { enabled, staleTime: 60_000 });
}

/** Members of the active location matching a search (the customer step). */
export function useMemberSearch(search: string, enabled: boolean) {
  return useApiListQuery(
    memberEndpoints.list,
    {
      query: {
        page: 1,
        pageSize: 10,
        sort: 'name',
        direction: 'asc',
        counts: false,
        ...(search ? { search } : {}),
      },
    },
    { enabled },
  );
}

/** One member with the address the order needs. */
export const fetchMember = (id: number) => call(memberEndpoints.get, { params: { id } });
