import { type QueryClient, useQuery } from '@tanstack/react-query';
import { signUpEndpoints as endpoints, type PublicClub } from '@xp/contracts';
import type { ApiCallError } from '@/app/api-client';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';
import { gymClubsQuery, publicClubInput, publicClubsCall, SIGN_UP_KEY } from './first-data';

/*
 * The calls of the public sign-up (decision 018): clubs near a postal code, a gym's clubs, a club by its
 * slug, a club's memberships, the sign-up itself, and the registration begun at the desk.
 */

/** A refusal (unknown gym, bad postal code, rate limited) comes again: only failures of the server retry. */
const retryUnlessRefused = (count: number, error: ApiCallError) =>
  !(error.status >= 400 && error.status < 500) && count < 2;

/** The sign-up's mutations: their variables hold a person's data and password, so they are never kept. */
const SIGN_UP_MUTATION_KEY = ['signUp', 'submit'] as const;
const COMPLETE_MUTATION_KEY = ['signUp', 'complete'] as const;

/** How many clubs a postal code search shows at first, and adds with each 'show more'. */
export const CLUBS_PER_SEARCH = 10;

/**
 * Clubs open for sign-up, the nearest `limit` to a postal code first (at most 100, the list's maximum); only
 * this gym's with `gymSlug`.
 */
export function useClubsInRange(
  postalCode: string | null,
  gymSlug: string | undefined,
  limit = CLUBS_PER_SEARCH,
) {
  return useApiQuery(
    endpoints.clubsInRange,
    { query: { postalCode: postalCode ?? '', gymSlug, page: 1, pageSize: Math.min(limit, 100) } },
    { enabled: postalCode !== null, retry: retryUnlessRefused, placeholderData: (previous) => previous },
  );
}

/** A gym's clubs, the list of its sign-up page; each carries the gym (its name and banner on top). */
export function useGymClubs(gymSlug: string | undefined) {
  return useQuery<PublicClub[], ApiCallError>({
    ...gymClubsQuery(gymSlug),
    enabled: gymSlug !== undefined,
    retry: retryUnlessRefused,
    // The public entry asked it before the page mounted (`first-data.ts`): a refusal it got is shown as it
    // is, not asked again on mount (the loader between two equal answers would shift the page).
    retryOnMount: false,
  });
}

/**
 * One club of a gym by its slug (a club's sign-up page), with its gym: `data` null when the gym has no such
 * club open for sign-up; a 404 when the gym is unknown.
 */
export function usePublicClub(gymSlug: string | undefined, locationSlug: string | undefined) {
  return useApiQuery(publicClubsCall, publicClubInput(gymSlug, locationSlug), {
    enabled: gymSlug !== undefined && locationSlug !== undefined,
    retry: retryUnlessRefused,
    retryOnMount: false,
    select: (page): PublicClub | null => page.items[0] ?? null,
  });
}

/** The memberships a club offers on its sign-up page. */
export function usePublicSubscriptions(locationId: number | null) {
  return useApiQuery(
    endpoints.publicSubscriptions,
    { query: { locationId: locationId ?? 0 } },
    { enabled: locationId !== null, retry: retryUnlessRefused },
  );
}

/** Makes the sign-up; answers where to pay and the result page's token. */
export const useSignUp = () =>
  useApiMutation(endpoints.signUp, { mutationKey: [...SIGN_UP_MUTATION_KEY], gcTime: 0 });

/**
 * A registration begun at the desk, by its link's code: what the desk filled in. Read once: what the person
 * types is not replaced by a later read (a 404 once the link was used).
 */
export function useOpenRegistration(publicCode: string, enabled = true) {
  return useApiQuery(
    endpoints.openRegistration,
    { params: { publicCode } },
    { enabled, retry: retryUnlessRefused, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
  );
}

/** Forgets the registration a link opened (its person's data), once it is finished or the kiosk starts over. */
export const forgetOpenRegistration = (queryClient: QueryClient) =>
  queryClient.removeQueries({ queryKey: apiQueryKey(endpoints.openRegistration) });

/** Finishes a registration begun at the desk: answers where to pay, or the result page's token, or neither. */
export const useCompleteOpenRegistration = () =>
  useApiMutation(endpoints.completeOpenRegistration, { mutationKey: [...COMPLETE_MUTATION_KEY], gcTime: 0 });

/**
 * Forgets everything of the sign-up the cache holds (the kiosk, before the next person): searched postal
 * codes and the clubs found, and any sign-up still in the mutation cache.
 */
export function forgetSignUp(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: apiQueryKey(endpoints.clubsInRange) });
  queryClient.removeQueries({ queryKey: [...SIGN_UP_KEY] });
  const mutations = queryClient.getMutationCache();
  for (const key of [SIGN_UP_MUTATION_KEY, COMPLETE_MUTATION_KEY])
    for (const mutation of mutations.findAll({ mutationKey: [...key] })) mutations.remove(mutation);
}
