// Zod must know that eval is refused (the Content-Security-Policy) before any schema is built: the pages'
// modules, which build them, load after this setting (as in main.tsx).
import './app/zod-jitless';
import '@mantine/core/styles.css';
import 'virtual:theme-variables.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './app/query-client';
import { cssVariablesResolver, theme } from './app/theme';
import { startLanguage } from './i18n/start-language';
import { PublicEntry } from './public/public-entry';
import { createPublicI18n } from './public/public-i18n';
import { prefetchPage, preloadPage, publicPageOf } from './public/public-pages';

/**
 * The public pages' own entry (`public.html`, served for a first visit of `/inschrijven[/…]`, `/betalen/…` and
 * `/afmelden/…`): React, Mantine, the query cache and the pages' texts, without the app's router, session,
 * shell or other texts (decision 010). The page's code, its language's texts and its first data are fetched
 * at once, side by side; it renders once the texts and the data are in (the code, lazily, after).
 */
const page = publicPageOf(window.location.pathname, window.location.search);
preloadPage(page);
const { i18n, ready } = createPublicI18n(startLanguage());
const queryClient = createQueryClient();
/** The page's first data, waited for at most this long before the page shows (with its loader then). */
const FIRST_DATA_WAIT_MS = 3_000;
const firstData = Promise.race([
  prefetchPage(queryClient, page),
  new Promise<void>((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
]);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
void Promise.all([ready.catch(() => {}), firstData]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        withCssVariables={false}
      >
        <PublicEntry page={page} i18n={i18n} queryClient={queryClient} />
      </MantineProvider>
    </StrictMode>,
  ),
);
