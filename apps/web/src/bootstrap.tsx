import '@mantine/core/styles.css';
import 'virtual:theme-variables.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18n, { textsAfter, textsReady } from '@/i18n';
import { App } from './app/app';
import { startFirstScreen } from './app/first-screen';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { installSessionHooks } from './app/session';
import { sessionStore } from './app/session-store';

document.documentElement.lang = i18n.language;

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, session: sessionStore });
installSessionHooks(router, queryClient);
const firstScreen = startFirstScreen(router, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
// The app renders once, in its language, when the session is restored and the first screen's code and data
// are in (`startFirstScreen`); index.html shows a spinner until then.
const rendered = Promise.all([textsReady.catch(() => {}), firstScreen]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  // The first render runs in one task (a default update is not time-sliced); what follows comes after it.
  return new Promise((resolve) => setTimeout(resolve, 0));
});
// The rest of the language's texts wait until the first screen is on the page (i18n/index.ts).
textsAfter(rendered);
