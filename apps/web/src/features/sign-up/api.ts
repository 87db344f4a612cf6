import { type QueryClient, useQuery } from '@tanstack/react-query';
import { signUpEndpoints as endpoints, locationEndpoints, type PublicLocation } from '@xp/contracts';
import { type ApiCallError, call } from '@/app/api-client';
import { apiQueryKey, useApiMutation, useApiQuery } from '@/app/api-hooks';

/*
 * The calls of the public sign-up (decision 018): clubs near a postal code, a gym's clubs, a club's
 * memberships, and the sign-up itself.
 */

/** A refusal (unknown gym, bad postal code, rate limited) comes again: only failures of the server retry. */
const retryUnlessRefused = (count: number, error: ApiCallError) =>
  !(error.status >= 400 && error.status < 500) && count < 2;

/** The key of every query of the sign-up that is not an endpoint's own (`apiQueryKey`). */
const SIGN_UP_KEY = ['signUp'] as const;
/** The sign-up mutation: its variables hold a person's data and password, so it is never kept. */
const SIGN_UP_MUTATION_KEY = ['signUp', 'submit'] as const;

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

/** The most clubs of one gym the sign-up reads (pages of 100: the list's maximum). */
const MAX_CLUB_PAGES = 10;

/** Every club of a gym open for sign-up (its visible locations), by name. */
async function fetchGymClubs(gymSlug: string, signal: AbortSignal): Promise<PublicLocation[]> {
  const clubs: PublicLocation[] = [];
  for (let page = 1; page <= MAX_CLUB_PAGES; page++) {
    const { items } = await call(locationEndpoints.publicList, {
      query: { gymSlug, page, pageSize: 100, sort: 'name', counts: false },
      signal,
    });
    clubs.push(...items);
    if (items.length < 100) break;
  }
  return clubs;
}

/** A gym's clubs: the list of its sign-up page, and where its location's page finds the club by slug. */
export function useGymClubs(gymSlug: string | undefined) {
  return useQuery<PublicLocation[], ApiCallError>({
    queryKey: [...SIGN_UP_KEY, 'gymClubs', gymSlug],
    queryFn: ({ signal }) => fetchGymClubs(gymSlug ?? '', signal),
    enabled: gymSlug !== undefined,
    retry: retryUnlessRefused,
  });
}

/**
 * A gym's public face (name, banner) by its slug. No call answers it by slug yet (`GET /Gym/public/{id}`
 * takes the id, and the gym's clubs do not carry it): the clubs of that gym near one of its own clubs do,
 * with the gym. One call more than needed; a contract change would make it one (see decision 018).
 */
export function usePublicGymBySlug(
  gymSlug: string | undefined,
  clubs: readonly PublicLocation[] | undefined,
) {
  const postalCode = clubs?.find((club) => club.postalCode)?.postalCode?.replace(/\s/g, '') ?? null;
  const near = useApiQuery(
    endpoints.clubsInRange,
    { query: { postalCode: postalCode ?? '', gymSlug, page: 1, pageSize: 1, counts: false } },
    { enabled: gymSlug !== undefined && postalCode !== null, retry: retryUnlessRefused, staleTime: 300_000 },
  );
  return near.data?.items[0]?.gym ?? null;
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
 * Forgets everything of the sign-up the cache holds (the kiosk, before the next person): searched postal
 * codes and the clubs found, and any sign-up still in the mutation cache.
 */
export function forgetSignUp(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: apiQueryKey(endpoints.clubsInRange) });
  queryClient.removeQueries({ queryKey: [...SIGN_UP_KEY] });
  const mutations = queryClient.getMutationCache();
  for (const mutation of mutations.findAll({ mutationKey: [...SIGN_UP_MUTATION_KEY] }))
    mutations.remove(mutation);
}
