/**
 * The route preload map of the web build (apps/web/build/preload.ts, decision 010) and which of its files the
 * screen at an address needs: one rule for the app (`preloadScreen`, apps/web/src/app/route-preloads.ts) and
 * the server that announces a screen's files in its page (apps/api/src/platform/http/app-html.ts; the perf
 * scripts' server uses that one). Kept here, in the package both sides import, with no dependencies.
 */

/** The map: the JavaScript files each route's screen needs (indexes in `files`), with the route's id and full path. */
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
