import type { QueryClient } from '@tanstack/react-query';
import { accountCalls } from '@xp/contracts/calls';
import { apiQueryOptions } from './api-hooks';
import type { AppRouter } from './router';
import { restoreSession } from './session';
import { sessionStore } from './session-store';

/** How long the switch options stay fresh; the header's switchers ask with the same. */
export const SWITCH_OPTIONS_STALE_TIME = 5 * 60_000;

/**
 * The first screen otherwise waits for a chain: session restore, then the route's code, then the header's
 * switch options and the page's list. The code of the routes the address matches is fetched while the
 * session is restored, and the switch options as soon as it is, beside the page's own requests.
 */
export function startFirstScreen(router: AppRouter, queryClient: QueryClient): Promise<unknown> {
  const [matchedRoutes] = router.getMatchedRoutes(router.latestLocation.pathname);
  const code = Promise.all(matchedRoutes.map((route) => router.loadRouteChunk(route))).catch(() => {
    // A chunk that fails to load fails again when the route renders, which shows the error page.
  });
  const options = restoreSession().then(() => {
    if (!sessionStore.getClaims()) return;
    return queryClient
      .prefetchQuery({
        ...apiQueryOptions(accountCalls.switchOptions),
        staleTime: SWITCH_OPTIONS_STALE_TIME,
      })
      .catch(() => {});
  });
  return Promise.all([code, options]);
}
