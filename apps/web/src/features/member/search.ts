import { memberCalls } from '@xp/contracts/calls';
import { MemberStatus } from '@xp/contracts/enums';
import { memberSortable, memberTabs } from '@xp/contracts/list-constants';
import { routeCall } from '@/app/first-data';
import { defined, intIn, type ListState, oneOf, parseListSearch, type SearchInput } from '@/ui/list-search';

/**
 * The member list's state in the URL: page, search, sort, the status tab (`tab`: 'active', 'nonActive',
 * 'sleeping', or `DEBT_TAB`; none: all) and the filters subscription and (Gym environment) location.
 */
export type MemberListState = ListState & { subscriptionId?: number; locationId?: number };

/** The tab of the members in debt (decision 017): its rows come from `GET /Member/InDebt`, not `GET /Member`. */
export const DEBT_TAB = 'inDebt';

export const defaultMemberListState: MemberListState = { page: 1, pageSize: 25, direction: 'asc' };

export function parseMemberListSearch(input: SearchInput<MemberListState>): MemberListState {
  const search = input as Record<string, unknown>;
  const id = (value: unknown) => {
    const parsed = intIn(value, 1, Number.MAX_SAFE_INTEGER, 0);
    return parsed === 0 ? undefined : parsed;
  };
  const list = parseListSearch(input);
  return defined({
    ...list,
    tab: oneOf(list.tab, [...memberTabs.filter((tab) => tab !== 'all'), DEBT_TAB]),
    subscriptionId: id(search.subscriptionId),
    locationId: id(search.locationId),
  });
}

export type MemberTab = (typeof memberTabs)[number];

const statusOfTab: Record<Exclude<MemberTab, 'all'>, number> = {
  active: MemberStatus.Active,
  nonActive: MemberStatus.NonActive,
  sleeping: MemberStatus.Sleeping,
};

type SortField = (typeof memberSortable)[number];
const isSortField = (value: string | undefined): value is SortField =>
  (memberSortable as readonly string[]).includes(value ?? '');

/** The query of `GET /Member` for the list's state; `withLocation` only in the Gym environment. */
export function toMemberQuery(state: MemberListState, withLocation: boolean) {
  const tab = state.tab as MemberTab | undefined;
  const status = tab && tab !== 'all' ? statusOfTab[tab] : undefined;
  return {
    page: state.page,
    pageSize: state.pageSize,
    direction: state.direction,
    ...(state.search ? { search: state.search } : {}),
    ...(isSortField(state.sort) ? { sort: state.sort } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(state.subscriptionId !== undefined ? { subscriptionId: state.subscriptionId } : {}),
    ...(withLocation && state.locationId !== undefined ? { locationId: state.locationId } : {}),
  };
}

/**
 * The list's call for its state: `GET /Member` with its query, none on the debt tab (its own endpoint). A
 * route's loader asks it, and so does the page's first request (app/first-data-routes.ts).
 */
export function memberListCall(state: MemberListState, withLocation: boolean) {
  return state.tab === DEBT_TAB
    ? undefined
    : routeCall(memberCalls.list, { query: toMemberQuery(state, withLocation) });
}

/** The entries tab's state in the URL: page, sort and the date range (YYYY-MM-DD, both included). */
export type MemberEntriesState = ListState & { from?: string; to?: string };

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function parseMemberEntriesSearch(input: SearchInput<MemberEntriesState>): MemberEntriesState {
  const search = input as Record<string, unknown>;
  return defined({
    ...parseListSearch(input),
    from: isDay(search.from) ? search.from : undefined,
    to: isDay(search.to) ? search.to : undefined,
  });
}
