import type { QueryClient } from '@tanstack/react-query';
import type { locationEndpoints, PublicClub } from '@xp/contracts';
import { descriptor } from '@xp/contracts/descriptor';
import { call } from '@/app/api-client';
import { apiQueryOptions } from '@/app/api-hooks';

/*
 * The first data of a sign-up page (a gym's clubs, or the club its address names), called by a schema-free
 * descriptor (decision 010; the answer transforms nothing): the public entry starts it beside the page's
 * code (`prefetchSignUp`), the page's hooks (`api.ts`) read the same cache entries.
 */
export const publicClubsCall = descriptor<(typeof locationEndpoints)['publicList']>(
  'GET',
  '/Location/Public',
);

/** The key of every query of the sign-up that is not an endpoint's own (`apiQueryKey`). */
export const SIGN_UP_KEY = ['signUp'] as const;

/** The most clubs of one gym the gym's page lists (pages of 100: the list's maximum). */
const MAX_CLUB_PAGES = 10;

/** Every club of a gym open for sign-up (its visible locations), by name, each with the gym. */
async function fetchGymClubs(gymSlug: string, signal: AbortSignal): Promise<PublicClub[]> {
  const clubs: PublicClub[] = [];
  for (let page = 1; page <= MAX_CLUB_PAGES; page++) {
    const { items } = await call(publicClubsCall, {
      query: { gymSlug, page, pageSize: 100, sort: 'name', counts: false },
      signal,
    });
    clubs.push(...items);
    if (items.length < 100) break;
  }
  return clubs;
}

/** The query of a gym's clubs (its sign-up page's list). */
export const gymClubsQuery = (gymSlug: string | undefined) => ({
  queryKey: [...SIGN_UP_KEY, 'gymClubs', gymSlug],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchGymClubs(gymSlug ?? '', signal),
});

/** The input of the query of one club by its slug, with its gym (a club's sign-up page). */
export const publicClubInput = (gymSlug: string | undefined, locationSlug: string | undefined) => ({
  query: { gymSlug, locationSlug, page: 1, pageSize: 1, counts: false },
});

/**
 * Starts the first data of a sign-up page: its club, or its gym's clubs (none for the search of any gym);
 * resolves once it is in (or failed).
 */
export function prefetchSignUp(
  queryClient: QueryClient,
  gymSlug: string | undefined,
  locationSlug: string | undefined,
): Promise<void> {
  if (gymSlug === undefined) return Promise.resolve();
  if (locationSlug === undefined) return queryClient.prefetchQuery(gymClubsQuery(gymSlug));
  return queryClient.prefetchQuery(apiQueryOptions(publicClubsCall, publicClubInput(gymSlug, locationSlug)));
}
