import {
  challengeSortable,
  challengeEndpoints as endpoints,
  type FormOf,
  type PopularChallengeTemplateQuery,
} from '@xp/contracts';
import { call } from '@/app/api-client';
import { type QueriedEndpoint, useApiListQuery, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { type ListState, toListQuery } from '@/ui/list-search';

type SortField = (typeof challengeSortable)[number];
/** A sort field the server knows; anything else in the URL falls back to the server's default order. */
const isSortField = (value: string | undefined): value is SortField =>
  (challengeSortable as readonly string[]).includes(value ?? '');

/** The list's tabs: all, or only the challenges that are on (`active`) or off (`inactive`). */
export const challengeTabs = ['all', 'active', 'inactive'] as const;

/** The tab of the URL as the list's `isActive` filter (the first tab, or an unknown one, filters nothing). */
export const isActiveOf = (tab: string | undefined): boolean | undefined =>
  tab === 'active' ? true : tab === 'inactive' ? false : undefined;

/**
 * The active owner's challenges, for the list's state (page, search, sort, tab) as it lives in the URL;
 * `counts` from `useListCounts`.
 */
export function useChallenges(state: ListState, counts: { counts?: false } = {}) {
  return useApiListQuery(endpoints.list, challengesInput(state, counts));
}

/** The list call for a list's state (page, search, sort, tab); `counts` from `useListCounts`. */
function challengesInput(state: ListState, counts: { counts?: false } = {}) {
  const { sort, ...query } = toListQuery(state);
  const isActive = isActiveOf(state.tab);
  return {
    query: {
      ...query,
      ...(isSortField(sort) ? { sort } : {}),
      ...(isActive !== undefined ? { isActive } : {}),
      ...counts,
    },
  };
}

/** One page of the same list, for the CSV export. */
export const fetchChallenges = (state: ListState) => call(endpoints.list, challengesInput(state));

/** One challenge, for the edit modal. */
export function useChallenge(id: number | undefined) {
  return useApiQuery(
    endpoints.get,
    { params: { id: id ?? 0 } },
    { enabled: id !== undefined && Number.isInteger(id) && id > 0 },
  );
}

/** The templates a challenge can be made from, the most used first. */
export function usePopularTemplates(query: PopularChallengeTemplateQuery, enabled = true) {
  return useApiListQuery(endpoints.popular, { query }, { enabled });
}

/** After any change the lists, the detail and the use counts of the templates are stale. */
const challengesQueries: QueriedEndpoint[] = [endpoints.list, endpoints.get, endpoints.popular];

export type ChallengeCreateValues = FormOf<typeof endpoints.create>;
export type ChallengeUpdateValues = FormOf<typeof endpoints.update>;

export function useCreateChallenge() {
  return useApiMutation(endpoints.create, { invalidates: challengesQueries });
}

export function useUpdateChallenge() {
  return useApiMutation(endpoints.update, { invalidates: challengesQueries });
}

/** `PUT /challenge/{true|false}` with `{ id }`: switches a challenge on or off. */
export function useSetChallengeActive() {
  return useApiMutation(endpoints.setIsActive, { invalidates: challengesQueries });
}

export function useDeleteChallenge() {
  return useApiMutation(endpoints.remove, { invalidates: challengesQueries });
}
