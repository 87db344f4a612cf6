import { StoreItemCategory } from '@xp/contracts/enums';
import { defined, type ListState, oneOf, parseListSearch, type SearchInput } from '@/ui/list-search';

/** The category values (`storeItemCategories` of the contract; its module builds schemas). */
export const categories = [
  StoreItemCategory.None,
  StoreItemCategory.SportClothes,
  StoreItemCategory.Accessories,
  StoreItemCategory.Tickets,
] as const;
/** Delivery statuses: Ordered 0, Sent 1, Delivered 2, Cancelled 3 (`RedemptionStatus` of the contract). */
export const statuses = [0, 1, 2, 3] as const;
export const CANCELLED = 3;

export const itemSortFields = ['name', 'cost', 'stock'] as const;
export type StoreOwner = 'platform' | 'employers' | 'all';

/** The admin's store screen in the URL: the items (with an owner filter) or, with `view=orders`, the orders. */
export type StoreState = ListState & { view?: 'orders'; owner?: 'employers' | 'all' };
export function parseStoreSearch(input: SearchInput<StoreState>): StoreState {
  const search = input as Record<string, unknown>;
  return defined({
    ...parseListSearch(input),
    view: oneOf(search.view, ['orders'] as const),
    owner: oneOf(search.owner, ['employers', 'all'] as const),
  });
}
export const defaultStoreState: StoreState = { page: 1, pageSize: 25, direction: 'asc' };

/** The shop's state: the items list, filtered on owner (`own`: only the employer's own). */
export type ShopState = ListState & { owner?: 'platform' | 'own' };
export function parseShopSearch(input: SearchInput<ShopState>): ShopState {
  const search = input as Record<string, unknown>;
  return defined({ ...parseListSearch(input), owner: oneOf(search.owner, ['platform', 'own'] as const) });
}

/** The tab (a category as text, none: all) as the list's filter. */
export const categoryOf = (tab: string | undefined) =>
  tab !== undefined && (categories as readonly number[]).includes(Number(tab)) ? Number(tab) : undefined;
export const statusOf = (tab: string | undefined) =>
  tab !== undefined && (statuses as readonly number[]).includes(Number(tab)) ? Number(tab) : undefined;

/** Page, search, sort and category of an items list. */
export function toItemQuery(state: ListState) {
  const category = categoryOf(state.tab);
  const sort = (itemSortFields as readonly string[]).includes(state.sort ?? '')
    ? (state.sort as (typeof itemSortFields)[number])
    : undefined;
  return {
    page: state.page,
    pageSize: state.pageSize,
    direction: state.direction,
    ...(state.search ? { search: state.search } : {}),
    ...(sort ? { sort } : {}),
    ...(category !== undefined ? { storeItemCategory: category } : {}),
  };
}

/** Page, search and status of an orders list: newest first unless the date column was sorted. */
export function toOrderQuery(state: ListState) {
  const status = statusOf(state.tab);
  return {
    page: state.page,
    pageSize: state.pageSize,
    sort: 'createdAt' as const,
    direction: state.sort === 'createdAt' ? state.direction : ('desc' as const),
    ...(state.search ? { search: state.search } : {}),
    ...(status !== undefined ? { status } : {}),
  };
}
