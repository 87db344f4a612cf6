// Zod must know that eval is refused (the Content-Security-Policy) before any schema is built, and a module's
// static imports run before its body: so the app is imported after the setting.
import './app/zod-jitless';
import { preloadScreen } from './app/route-preloads';
import { areaLoaders, firstScreenAreas } from './i18n/areas';
import { startLanguage } from './i18n/start-language';

// The first screen's texts (its areas, start language) are fetched beside the app's code, not after it
// (see i18n/index.ts, which loads the same chunks).
const loaders = areaLoaders[startLanguage()];
for (const area of firstScreenAreas(location.pathname)) void loaders[area]?.();
// Then the screen's own modules, all at once (build/preload.ts, decision 010): not before the app's own,
// which restore the session and start the page's data. A page whose server announced them already
// (`data-route` links at low priority, apps/api/src/platform/http/app-html.ts) asks them again at the normal
// priority: the browser fetches each once, and those still waiting move ahead (measured: 2,006 ms without
// this against 1,434 ms with it, docs/performance/runs/2026-11-29-list-race-2.md).
void import('./bootstrap').finally(() => preloadScreen(location.pathname));

// In development every answer is checked against its contract, also those called by a schema-free
// descriptor (decision 010); the build leaves this out.
if (import.meta.env.DEV) {
  void Promise.all([import('@xp/contracts'), import('./app/api-client')]).then(([contracts, client]) =>
    client.registerResponseSchemas(
      Object.values(contracts.endpointGroups).flatMap((group) => Object.values(group)),
    ),
  );
}
