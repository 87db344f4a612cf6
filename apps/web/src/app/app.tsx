import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Suspense } from 'react';
import { AppProviders } from './providers';
import type { AppRouter } from './router';
import { SessionGate } from './session';
import { FullPageLoader } from './shell/full-page-loader';

interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  env?: 'default' | 'test';
}

/** Providers, then the restored session ('Een moment geduld' meanwhile), then the routes. */
export function App({ router, queryClient, env }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} env={env}>
      <Suspense fallback={<FullPageLoader />}>
        <SessionGate>
          <RouterProvider router={router} />
        </SessionGate>
      </Suspense>
    </AppProviders>
  );
}
