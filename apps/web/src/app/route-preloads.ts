import { type RoutePreloads, routePreloadFiles } from '@xp/contracts/route-preloads';

/**
 * Adds a `modulepreload` for every file of the screen at the address, from the map index.html preloads, so
 * the screen's whole module graph is fetched at once instead of level by level. The development server has
 * no map.
 */
export function preloadScreen(pathname: string): void {
  if (!import.meta.env.PROD) return;
  const base = import.meta.env.BASE_URL;
  void fetch(`${base}route-preloads.json`)
    .then((response) => (response.ok ? (response.json() as Promise<RoutePreloads>) : undefined))
    .then((map) => {
      if (!map) return;
      for (const file of routePreloadFiles(map, pathname)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = `${base}${file}`;
        document.head.append(link);
      }
    })
    .catch(() => {});
}
