import type { QueryClient } from '@tanstack/react-query';
import { accountCalls } from '@xp/contracts/calls';
import { apiQueryOptions } from './api-hooks';
import { dropFirstData } from './first-data';
import type { AppRouter } from './router';
import { restoreSession } from './session';
import { sessionStore } from './session-store';

/** How long the switch options stay fresh; the header's switchers ask with the same. */
export const SWITCH_OPTIONS_STALE_TIME = 5 * 60_000;

/**
 * The first screen otherwise waits for a chain: session restore, then the route's code, then the header's
 * switch options and the page's list. The code of the routes the address matches is fetched while the
 * session is restored (all its modules at once: `preloadScreen` in main.tsx); as soon as the session is
 * known the routes' loaders ask the page's data (`router.preloadRoute`), and the switch options are
 * fetched beside them.
 */
export function startFirstScreen(router: AppRouter, queryClient: QueryClient): Promise<unknown> {
  const location = router.latestLocation;
  const [matchedRoutes] = router.getMatchedRoutes(location.pathname);
  const code = Promise.all(matchedRoutes.map((route) => router.loadRouteChunk(route))).catch(() => {
    // A chunk that fails to load fails again when the route renders, which shows the error page.
  });
  const options = restoreSession().then(() => {
    if (!sessionStore.getClaims()) return dropFirstData();
    // Not awaited: the loaders start their queries, which the page then reads (the page's own first request
    // among them, first-data.ts: what no loader took by then is dropped).
    void router
      .preloadRoute({ to: location.pathname, search: location.search } as Parameters<
        AppRouter['preloadRoute']
      >[0])
      .catch(() => {})
      .finally(dropFirstData);
    return queryClient
      .prefetchQuery({
        ...apiQueryOptions(accountCalls.switchOptions),
        staleTime: SWITCH_OPTIONS_STALE_TIME,
      })
      .catch(() => {});
  });
  return Promise.all([code, options]);
}
