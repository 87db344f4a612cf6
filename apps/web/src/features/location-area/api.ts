import { locationAreaEndpoints as endpoints, locationAreaSortable } from '@xp/contracts';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

type SortField = (typeof locationAreaSortable)[number];
/** A sort field the server knows; anything else in the URL falls back to the server's default order. */
const isSortField = (value: string | undefined): value is SortField =>
  (locationAreaSortable as readonly string[]).includes(value ?? '');

/** The rooms of the active location, for the list's state (page, search, sort) as it lives in the URL. */
export function useLocationAreas(state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return useApiListQuery(endpoints.list, {
    query: { ...query, ...(isSortField(sort) ? { sort } : {}), ...counts },
  });
}

/** One room, for the edit panel (also when deep-linked). */
export function useLocationArea(id: number) {
  return useApiQuery(endpoints.get, { params: { id } }, { enabled: Number.isInteger(id) && id > 0 });
}

/** After any change the list and the detail are stale. */
const locationAreasQueries: QueriedEndpoint[] = [endpoints.list, endpoints.get];

export function useCreateLocationArea() {
  return useApiMutation(endpoints.create, { invalidates: locationAreasQueries });
}

export function useUpdateLocationArea() {
  return useApiMutation(endpoints.update, { invalidates: locationAreasQueries });
}

export function useDeleteLocationArea() {
  return useApiMutation(endpoints.remove, { invalidates: locationAreasQueries });
}
