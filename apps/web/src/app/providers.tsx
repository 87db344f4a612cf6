import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** Tests: no transitions and no portals. */
  env?: 'default' | 'test';
}

const OverlayHosts = lazy(() => import('./overlay-hosts'));

/**
 * Theme, dates in the user's language, the query cache, and (loaded beside the first screen, not before
 * it) modals and toasts (2500 ms).
 */
export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  const { i18n } = useTranslation();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      // The theme's variables come from a style sheet made at build time (build/theme-variables.ts).
      withCssVariables={false}
      env={env}
    >
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <OverlayHosts />
          </Suspense>
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
