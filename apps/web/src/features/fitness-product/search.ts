import { type ListState, oneOf } from '@/ui/list-search';

/*
 * The lists' tabs and sort fields as the routes keep them in the URL (plain values: the route tree is on
 * every first load, decision 010). They are the contract's `supplierProductTabs`, `commissionTabs` and
 * sortable fields; `search.test.ts` checks that they stay the same.
 */

/** The supplier's tabs (spec: Existant, Awaiting), and its denied changes. The first is the default. */
export const productTabs = ['existant', 'awaiting', 'denied'] as const;
export const productSortFields = ['name', 'createdAt'] as const;
/** The admin's tabs: versions awaiting a decision (the default), accepted, denied. */
export const commissionTabs = ['awaiting', 'accepted', 'denied'] as const;
export const commissionSortFields = ['createdAt', 'name', 'supplierName'] as const;

function listQueryOf<Tab extends string, Sort extends string>(
  state: ListState,
  tabs: readonly Tab[],
  sorts: readonly Sort[],
) {
  const sort = oneOf(state.sort, sorts);
  return {
    page: state.page,
    pageSize: state.pageSize,
    direction: state.direction,
    tab: oneOf(state.tab, tabs) ?? (tabs[0] as Tab),
    ...(state.search ? { search: state.search } : {}),
    ...(sort ? { sort } : {}),
  };
}

/** The supplier's list query of the URL state. */
export const toProductQuery = (state: ListState) => listQueryOf(state, productTabs, productSortFields);
/** The admin's commission list query of the URL state: the newest first unless another sort was chosen. */
export function toCommissionQuery(state: ListState) {
  const query = listQueryOf(state, commissionTabs, commissionSortFields);
  return query.sort ? query : { ...query, sort: 'createdAt' as const, direction: 'desc' as const };
}
