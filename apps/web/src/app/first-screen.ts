import type { QueryClient } from '@tanstack/react-query';
import { accountCalls } from '@xp/contracts/calls';
import { apiQueryOptions } from './api-hooks';
import { dropFirstData } from './first-data';
import type { AppRouter } from './router';
import { restoreSession } from './session';
import { sessionStore } from './session-store';

/** How long the switch options stay fresh; the header's switchers ask with the same. */
export const SWITCH_OPTIONS_STALE_TIME = 5 * 60_000;

/** Resolves once no query of the cache is fetching. */
function queriesSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (!queryClient.isFetching()) return resolve();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching()) return;
      stop();
      resolve();
    });
  });
}

/** How long the app waits for the first screen's code and data before it renders what it has. */
export const FIRST_SCREEN_WAIT_MS = 2_000;

/**
 * The first screen otherwise waits for a chain: session restore, then the route's code, then the header's
 * switch options and the page's list. The code of the routes the address matches is fetched while the
 * session is restored (all its modules at once: `preloadScreen` in main.tsx); as soon as the session is
 * known and that code is in, the router loads the address (its routes' loaders ask the page's data), and
 * the switch options are fetched beside it. Settles when all of that is in (or failed), at the latest after
 * `FIRST_SCREEN_WAIT_MS`: the app renders then (bootstrap.tsx), the whole screen at once, instead of a
 * loader first and the screen after it (decision 010, 2026-11-29).
 */
export function startFirstScreen(router: AppRouter, queryClient: QueryClient): Promise<unknown> {
  const location = router.latestLocation;
  const [matchedRoutes] = router.getMatchedRoutes(location.pathname);
  const code = Promise.all(matchedRoutes.map((route) => router.loadRouteChunk(route))).catch(() => {
    // A chunk that fails to load fails again when the route renders, which shows the error page.
  });
  const screen = restoreSession().then((): Promise<unknown> | undefined => {
    if (!sessionStore.getClaims()) {
      dropFirstData();
      return undefined;
    }
    // The loaders start their queries, which the page then reads (the page's own first request among them,
    // first-data.ts: what no loader took by then is dropped). A router that has loaded the address before
    // it renders does not load it again (TanStack Router's Transitioner).
    const page = code
      .then(() => router.load())
      // A loader starts its query without waiting for it (a navigation shows the page at once): the first
      // screen waits for the answers too, so that it renders with its rows.
      .then(() => queriesSettled(queryClient))
      .catch(() => {})
      .finally(dropFirstData);
    const options = queryClient
      .prefetchQuery({
        ...apiQueryOptions(accountCalls.switchOptions),
        staleTime: SWITCH_OPTIONS_STALE_TIME,
      })
      .catch(() => {});
    return Promise.all([page, options]);
  });
  let waited: ReturnType<typeof setTimeout> | undefined;
  const patience = new Promise<void>((resolve) => {
    waited = setTimeout(resolve, FIRST_SCREEN_WAIT_MS);
  });
  return Promise.race([screen, patience]).finally(() => clearTimeout(waited));
}
