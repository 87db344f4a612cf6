import { useQueryClient } from '@tanstack/react-query';
import {
  ageGroupEndpoints,
  subscriptionEndpoints as endpoints,
  locationEndpoints,
  subscriptionSortable,
  timeSlotGroupEndpoints,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { apiQueryKey, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
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
function useInvalidateSubscriptions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.list) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.get) }),
      // The groups count the subscriptions that use them.
      queryClient.invalidateQueries({ queryKey: apiQueryKey(ageGroupEndpoints.list) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(timeSlotGroupEndpoints.list) }),
    ]);
}

export function useCreateSubscription() {
  const invalidate = useInvalidateSubscriptions();
  return useApiMutation(endpoints.create, { onSuccess: () => invalidate() });
}

export function useUpdateSubscription() {
  const invalidate = useInvalidateSubscriptions();
  return useApiMutation(endpoints.update, { onSuccess: () => invalidate() });
}

/** `PUT /Subscription/{id}/SetIsActive` with `{ isActive }`. */
export function useSetSubscriptionActive() {
  const invalidate = useInvalidateSubscriptions();
  return useApiMutation(endpoints.setIsActive, { onSuccess: () => invalidate() });
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
function useInvalidateGroups(list: typeof ageGroupEndpoints.list | typeof timeSlotGroupEndpoints.list) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey(list) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.get) }),
    ]);
}

export function useCreateAgeGroup() {
  const invalidate = useInvalidateGroups(ageGroupEndpoints.list);
  return useApiMutation(ageGroupEndpoints.create, { onSuccess: () => invalidate() });
}

export function useUpdateAgeGroup() {
  const invalidate = useInvalidateGroups(ageGroupEndpoints.list);
  return useApiMutation(ageGroupEndpoints.update, { onSuccess: () => invalidate() });
}

export function useDeleteAgeGroup() {
  const invalidate = useInvalidateGroups(ageGroupEndpoints.list);
  return useApiMutation(ageGroupEndpoints.remove, { onSuccess: () => invalidate() });
}

export function useCreateTimeSlotGroup() {
  const invalidate = useInvalidateGroups(timeSlotGroupEndpoints.list);
  return useApiMutation(timeSlotGroupEndpoints.create, { onSuccess: () => invalidate() });
}

export function useUpdateTimeSlotGroup() {
  const invalidate = useInvalidateGroups(timeSlotGroupEndpoints.list);
  return useApiMutation(timeSlotGroupEndpoints.update, { onSuccess: () => invalidate() });
}

export function useDeleteTimeSlotGroup() {
  const invalidate = useInvalidateGroups(timeSlotGroupEndpoints.list);
  return useApiMutation(timeSlotGroupEndpoints.remove, { onSuccess: () => invalidate() });
}
