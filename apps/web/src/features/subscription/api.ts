import {
  ageGroupEndpoints,
  subscriptionEndpoints as endpoints,
  locationEndpoints,
  subscriptionSortable,
  timeSlotGroupEndpoints,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

type SortField = (typeof subscriptionSortable)[number];
/** A sort field the server knows; anything else in the URL falls back to the server's order ('order'). */
const isSortField = (value: string | undefined): value is SortField =>
  (subscriptionSortable as readonly string[]).includes(value ?? '');

const isId = (id: number) => Number.isInteger(id) && id > 0;

/** The two lists of the gym's subscriptions: `/subscriptions` (active) and `/subscriptions/inactive`. */
export type SubscriptionTab = 'active' | 'inactive';

/** The list call for a tab and the list's state (page, search, sort); `counts` from `useListCounts`. */
function subscriptionsInput(tab: SubscriptionTab, state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return {
    query: { ...query, ...(isSortField(sort) ? { sort } : {}), isActive: tab === 'active', ...counts },
  };
}

/** The active gym's subscriptions of one tab, with the counts of both tabs. */
export function useSubscriptions(tab: SubscriptionTab, state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, subscriptionsInput(tab, state, counts));
}

/** One page of the same list, for the CSV export. */
export const fetchSubscriptions = (tab: SubscriptionTab, state: ListState) =>
  call(endpoints.list, subscriptionsInput(tab, state));

/** One subscription with its variants, locations and groups (the detail, also when deep-linked). */
export function useSubscription(id: number) {
  return useApiQuery(endpoints.get, { params: { id } }, { enabled: isId(id) });
}

/** After a change the lists and the detail are stale. */
const subscriptionsQueries: QueriedEndpoint[] = [
  endpoints.list,
  endpoints.get,
  // The groups count the subscriptions that use them.
  ageGroupEndpoints.list,
  timeSlotGroupEndpoints.list,
];

export function useCreateSubscription() {
  return useApiMutation(endpoints.create, { invalidates: subscriptionsQueries });
}

export function useUpdateSubscription() {
  return useApiMutation(endpoints.update, { invalidates: subscriptionsQueries });
}

/** `PUT /Subscription/{id}/SetIsActive` with `{ isActive }`. */
export function useSetSubscriptionActive() {
  return useApiMutation(endpoints.setIsActive, { invalidates: subscriptionsQueries });
}

// ------------------------------------------------------------------------------ the gym's locations and groups

/** A gym has tens of these: the first 100 by name fill a multi-select (the API's largest page). */
const ALL = { page: 1, pageSize: 100, sort: 'name', direction: 'asc' } as const;

/** The active gym's locations (`GET /Location`, as the locations screen lists them), for the multi-select. */
export function useGymLocations() {
  return useApiQuery(locationEndpoints.list, { query: ALL });
}

/** The active gym's age groups, by name. */
export function useAgeGroups() {
  return useApiQuery(ageGroupEndpoints.list, { query: ALL });
}

/** The active gym's time slot groups, by name. */
export function useTimeSlotGroups() {
  return useApiQuery(timeSlotGroupEndpoints.list, { query: ALL });
}

/** After a change of a group its list and the subscriptions that show it are stale. */
const groupsQueries = (
  list: typeof ageGroupEndpoints.list | typeof timeSlotGroupEndpoints.list,
): QueriedEndpoint[] => [list, endpoints.get];

export function useCreateAgeGroup() {
  return useApiMutation(ageGroupEndpoints.create, { invalidates: groupsQueries(ageGroupEndpoints.list) });
}

export function useUpdateAgeGroup() {
  return useApiMutation(ageGroupEndpoints.update, { invalidates: groupsQueries(ageGroupEndpoints.list) });
}

export function useDeleteAgeGroup() {
  return useApiMutation(ageGroupEndpoints.remove, { invalidates: groupsQueries(ageGroupEndpoints.list) });
}

export function useCreateTimeSlotGroup() {
  return useApiMutation(timeSlotGroupEndpoints.create, {
    invalidates: groupsQueries(timeSlotGroupEndpoints.list),
  });
}

export function useUpdateTimeSlotGroup() {
  return useApiMutation(timeSlotGroupEndpoints.update, {
    invalidates: groupsQueries(timeSlotGroupEndpoints.list),
  });
}

export function useDeleteTimeSlotGroup() {
  return useApiMutation(timeSlotGroupEndpoints.remove, {
    invalidates: groupsQueries(timeSlotGroupEndpoints.list),
  });
}
