/**
 * The route preload map of the build (build/preload.ts, decision 010): the JavaScript files each route's
 * screen needs (indexes in `files`), with the route's id and full path.
 */
export interface RoutePreloads {
  files: string[];
  routes: [id: string, fullPath: string, files: number[]][];
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** How well a route's full path matches the address: its number of fixed segments, or -1. */
function score(fullPath: string, pathname: string): number {
  const pattern = segments(fullPath);
  const address = segments(pathname);
  const splat = pattern.at(-1) === '$';
  if (splat ? address.length < pattern.length - 1 : address.length !== pattern.length) return -1;
  let fixed = 0;
  for (const [index, part] of pattern.entries()) {
    if (part === '$') break;
    if (part.startsWith('$')) continue;
    if (part.toLowerCase() !== address[index]?.toLowerCase()) return -1;
    fixed += 1;
  }
  return fixed;
}

/**
 * The files of the screen at `pathname`: of the routes whose full path matches it best, and of their
 * layouts (the routes whose id leads to theirs: `/_app` and `/_app/location` for `/_app/location/members/`;
 * an index route, whose id ends in `/`, is no layout).
 */
export function routePreloadFiles(map: RoutePreloads, pathname: string): string[] {
  const scores = map.routes.map(([, fullPath]) => score(fullPath, pathname));
  const best = Math.max(-1, ...scores);
  if (best < 0) return [];
  const leaves = map.routes.filter((_, index) => scores[index] === best).map(([id]) => id);
  const onTheWay = (id: string) =>
    id === '__root__' ||
    leaves.some((leaf) => leaf === id || (!id.endsWith('/') && leaf.startsWith(`${id}/`)));
  const files = new Set<string>();
  for (const [id, , indexes] of map.routes)
    if (onTheWay(id))
      for (const index of indexes) {
        const file = map.files[index];
        if (file) files.add(file);
      }
  return [...files];
}

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
