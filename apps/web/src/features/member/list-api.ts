import { billingCalls, locationCalls, memberCalls, subscriptionCalls } from '@xp/contracts/calls';
import { debtorSortable } from '@xp/contracts/list-constants';
import { call } from '@/app/api-client';
import { useApiListQuery, useApiQuery } from '@/app/api-hooks';
import type { ListState } from '@/ui/list-search';
import { type MemberListState, toMemberQuery } from './search';

/**
 * The members list's calls (its tabs, the members in debt, the filters and the CSV export), by schema-free
 * descriptors (`@xp/contracts/calls`, decision 010): the list is a first screen and needs no zod. The
 * member's other calls are in api.ts, which re-exports these.
 */

export const isId = (id: number) => Number.isInteger(id) && id > 0;

/** Page, size, direction and search of a list's state; each list adds the sort fields it knows. */
export const pageOf = ({ page, pageSize, direction, search }: ListState) => ({
  page,
  pageSize,
  direction,
  ...(search ? { search } : {}),
});

export const sortOf = <S extends string>(sortable: readonly S[], sort: string | undefined) =>
  (sortable as readonly string[]).includes(sort ?? '') ? { sort: sort as S } : {};

/** The members of the active gym (or, in the Location environment, of the active location). */
export function useMembers(state: MemberListState, withLocation: boolean, counts: { counts?: false } = {}) {
  return useApiListQuery(memberCalls.list, { query: { ...toMemberQuery(state, withLocation), ...counts } });
}

/** One page of the same list, for the CSV export. */
export const fetchMembers = (state: MemberListState, withLocation: boolean) =>
  call(memberCalls.list, { query: toMemberQuery(state, withLocation) });

/**
 * Only the counts of the member tabs (one row asked), for the tabs' badges while the tab of the members in
 * debt shows: the same search and filters, all statuses.
 */
export function useMemberTabCounts(state: MemberListState, withLocation: boolean) {
  const { tab: _tab, sort: _sort, ...filter } = state;
  return useApiListQuery(memberCalls.list, {
    query: toMemberQuery({ ...filter, page: 1, pageSize: 1 }, withLocation),
  });
}

/** A gym has tens of these: the first 100 by name (the API's largest page). */
const ALL = { page: 1, pageSize: 100, sort: 'name', direction: 'asc' } as const;

/** The active gym's locations, for the main location and the location filter (Gym environment). */
export function useGymLocations(enabled = true) {
  return useApiQuery(locationCalls.list, { query: ALL }, { enabled });
}

/** The gym's subscriptions, active or not, for the list's filter. */
export function useSubscriptionChoices(enabled = true) {
  return useApiQuery(subscriptionCalls.list, { query: ALL }, { enabled });
}

/** `GET /Member/InDebt` for the list's state: page, search, and its own sort fields. */
const debtorsInput = (state: ListState) => ({
  query: { ...pageOf(state), ...sortOf(debtorSortable, state.sort) },
});

/** The members in debt of the active gym (or location), with what is overdue (decision 017). */
export function useDebtors(state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(billingCalls.debtors, { query: { ...debtorsInput(state).query, ...counts } });
}

/** How many members of the search are in debt (one row asked): the badge of their tab. */
export function useDebtorCount(search: string | undefined, enabled: boolean) {
  return useApiListQuery(
    billingCalls.debtors,
    { query: { page: 1, pageSize: 1, direction: 'asc' as const, ...(search ? { search } : {}) } },
    { enabled },
  );
}

/** One page of the members in debt, for the CSV export. */
export const fetchDebtors = (state: ListState) => call(billingCalls.debtors, debtorsInput(state));
