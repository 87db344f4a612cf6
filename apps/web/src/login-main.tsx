import '@mantine/core/styles.css';
import 'virtual:theme-variables.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from './app/theme';
import { LoginEntry, leaveIfSignedIn, redirectParam } from './login/login-entry';
import { createLoginI18n } from './login/login-i18n';

/**
 * The login page's own entry (`login.html`, served for a first visit of `/account/login[/…]`): React,
 * Mantine's few components and the login texts, without the app's router, zod, forms library or query
 * cache (decision 010). After signing in, the app loads as a new page.
 */
const i18n = createLoginI18n();
void leaveIfSignedIn();

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      withCssVariables={false}
    >
      <LoginEntry redirectUrl={redirectParam(window.location.pathname)} i18n={i18n} />
    </MantineProvider>
  </StrictMode>,
);
