import { dutchToday, entryEndpoints as endpoints, entrySortable, memberEndpoints } from '@xp/contracts';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';
import type { EntryListState } from './search';

/** How often 'Binnen' asks who is inside (spec 001 section 3: every 30 s). */
export const INSIDE_REFRESH_MS = 30_000;

const attemptSortable = ['at', 'name'] as const;
const insideSortable = ['entryAt', 'name'] as const;

/** The state's sort when the server knows it; anything else in the URL falls back to the server's order. */
function sortOf<S extends string>(sortable: readonly S[], sort: string | undefined): { sort?: S } {
  return (sortable as readonly string[]).includes(sort ?? '') ? { sort: sort as S } : {};
}

/** The date range of the state: both days included, today when not chosen. */
export function rangeOf(state: EntryListState) {
  const today = dutchToday();
  return { from: state.from ?? today, to: state.to ?? today };
}

function entriesInput(state: EntryListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return { query: { ...query, ...sortOf(entrySortable, sort), ...rangeOf(state), ...counts } };
}

/** The active location's entries of the range, for the list's state (page, search, sort). */
export function useEntries(state: EntryListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, entriesInput(state, counts));
}

/** One page of the same list, for the CSV export. */
export const fetchEntries = (state: EntryListState) => call(endpoints.list, entriesInput(state));

function attemptsInput(state: EntryListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  return {
    query: {
      ...query,
      ...sortOf(attemptSortable, sort),
      ...rangeOf(state),
      ...(state.all ? {} : { open: true }),
      ...counts,
    },
  };
}

/** The check-ins the door refused at the active location in the range (only the open ones unless `all`). */
export function useEntryAttempts(state: EntryListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.attempts, attemptsInput(state, counts));
}

export const fetchEntryAttempts = (state: EntryListState) => call(endpoints.attempts, attemptsInput(state));

/** How many refused check-ins of the range nobody let in yet (the count on the 'Geweigerd' tab). */
export function useOpenAttemptCount(state: EntryListState) {
  return useApiQuery(
    endpoints.attempts,
    { query: { page: 1, pageSize: 1, direction: 'asc', open: true, ...rangeOf(state) } },
    { select: (data) => data.total },
  );
}

/** Who is inside the active location now, refreshed every 30 s while the page shows (and on coming back to it). */
export function useInsideMembers(locationId: number | null, state: ListState) {
  const { sort, ...query } = toListQuery(state);
  return useApiListQuery(
    endpoints.inside,
    { params: { id: locationId ?? 0 }, query: { ...query, ...sortOf(insideSortable, sort) } },
    {
      enabled: locationId !== null,
      refetchInterval: INSIDE_REFRESH_MS,
    },
  );
}

/** How many are inside now, whatever the list's search (the count of 'Binnen' while a search runs). */
export function useInsideCount(locationId: number | null, enabled: boolean) {
  return useApiQuery(
    endpoints.inside,
    { params: { id: locationId ?? 0 }, query: { page: 1, pageSize: 1, direction: 'asc' } },
    {
      enabled: enabled && locationId !== null,
      refetchInterval: INSIDE_REFRESH_MS,
      select: (data) => data.total,
    },
  );
}

/** The location's members whose name matches, for the entry form's member picker (the server searches). */
export function useMemberOptions(search: string, enabled = true) {
  return useApiListQuery(
    memberEndpoints.list,
    {
      query: {
        page: 1,
        pageSize: 20,
        sort: 'name',
        direction: 'asc',
        counts: false,
        ...(search ? { search } : {}),
      },
    },
    { enabled },
  );
}

/**
 * After a change the entries, the refused check-ins, who is inside and the members' status and last entry
 * are stale.
 */
const entriesQueries: QueriedEndpoint[] = [
  endpoints.list,
  endpoints.attempts,
  endpoints.inside,
  memberEndpoints.list,
  memberEndpoints.get,
];

export function useCreateEntry() {
  return useApiMutation(endpoints.create, { invalidates: entriesQueries });
}

export function useUpdateEntry() {
  return useApiMutation(endpoints.update, { invalidates: entriesQueries });
}

/** `PUT /Entry/{id}/Exit`: the member left, now. */
export function useRecordExit() {
  return useApiMutation(endpoints.exit, { invalidates: entriesQueries });
}

export function useDeleteEntry() {
  return useApiMutation(endpoints.remove, { invalidates: entriesQueries });
}

/** `POST /EntryAttempt/{id}/Approve`: let in a member the door refused. */
export function useApproveAttempt() {
  return useApiMutation(endpoints.approve, { invalidates: entriesQueries });
}
