import type { ProductOrderListQuery } from '@xp/contracts';
import { defined, intIn, type ListState, oneOf, parseListSearch, type SearchInput } from '@/ui/list-search';

/*
 * The list's tabs and sort fields as the routes keep them in the URL: plain values, as the contract's
 * `productOrderTabs` and `productOrderSortable` (the route tree is on every first load and must not import
 * the contract's schemas, decision 010); `search.test.ts` checks that they stay the same.
 */
export const productOrderTabs = ['ordered', 'paid', 'delivered'] as const;
export const productOrderSortable = [
  'createdAt',
  'followNumber',
  'customer',
  'product',
  'status',
  'deliveryDate',
  'total',
] as const;

/**
 * A product orders list in the URL: page, search, sort, the tab (`paid`, `delivered`; none: the first,
 * `ordered`) and the order open in the side panel (`order`).
 */
export type ProductOrderListState = ListState & { order?: number };

export const defaultProductOrderListState: ProductOrderListState = {
  page: 1,
  pageSize: 25,
  direction: 'asc',
};

export function parseProductOrderSearch(input: SearchInput<ProductOrderListState>): ProductOrderListState {
  const search = input as Record<string, unknown>;
  const list = parseListSearch(input);
  const order = intIn(search.order, 1, Number.MAX_SAFE_INTEGER, 0);
  return defined({
    ...list,
    tab: oneOf(list.tab, productOrderTabs.slice(1)),
    order: order === 0 ? undefined : order,
  });
}

type SortField = (typeof productOrderSortable)[number];
const isSortField = (value: string | undefined): value is SortField =>
  (productOrderSortable as readonly string[]).includes(value ?? '');

/** The list query: the tab (none: Ordered), search, and a sort when a column was sorted (else newest first). */
export function toProductOrderQuery(state: ListState): ProductOrderListQuery {
  return {
    page: state.page,
    pageSize: state.pageSize,
    tab: oneOf(state.tab, productOrderTabs) ?? 'ordered',
    ...(state.search ? { search: state.search } : {}),
    ...(isSortField(state.sort) ? { sort: state.sort, direction: state.direction } : {}),
  };
}
