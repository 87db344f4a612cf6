import { useQueryClient } from '@tanstack/react-query';
import { locationAreaEndpoints as endpoints, locationAreaSortable } from '@xp/contracts';
import { apiQueryKey, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
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
function useInvalidateLocationAreas() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.list) }),
      queryClient.invalidateQueries({ queryKey: apiQueryKey(endpoints.get) }),
    ]);
}

export function useCreateLocationArea() {
  const invalidate = useInvalidateLocationAreas();
  return useApiMutation(endpoints.create, { onSuccess: () => invalidate() });
}

export function useUpdateLocationArea() {
  const invalidate = useInvalidateLocationAreas();
  return useApiMutation(endpoints.update, { onSuccess: () => invalidate() });
}

export function useDeleteLocationArea() {
  const invalidate = useInvalidateLocationAreas();
  return useApiMutation(endpoints.remove, { onSuccess: () => invalidate() });
}
