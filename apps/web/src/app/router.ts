import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import type { SessionStore } from './session-store';
import { FullPageLoader } from './shell/full-page-loader';

export function createAppRouter(
  context: { queryClient: QueryClient; session: SessionStore },
  history?: RouterHistory,
) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    // Queries cache the data; the router should not keep its own stale copy.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: FullPageLoader,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
