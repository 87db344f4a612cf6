import fs from 'node:fs';
import path from 'node:path';

/**
 * The app's page for a document request, with its screen's code announced (decision 010, 2026-11-29). The
 * build's route preload map (`route-preloads.json`, apps/web/build/preload.ts) lists per route the JavaScript
 * files its screen needs beyond the bootstrap (which index.html preloads itself). The page of an address gets
 * a `<link rel="modulepreload" fetchpriority="low">` for each file of the routes it matches, so the browser
 * fetches the screen's whole module graph from the first byte of the page on, behind the bootstrap and the
 * session restore (low priority) instead of after them. `scripts/perf/serve.mjs` does the same for the perf
 * scripts. Answers undefined when the build has no map (the app then preloads the screen itself).
 */
export function appHtml(webDist: string): ((pathname: string) => string) | undefined {
  const mapFile = path.join(webDist, 'route-preloads.json');
  if (!fs.existsSync(mapFile)) return undefined;
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as RoutePreloads;
  const at = index.indexOf('</head>');
  if (at < 0) return undefined;
  return (pathname) => {
    const links = routePreloadFiles(map, pathname)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low" data-route>`)
      .join('');
    return links ? index.slice(0, at) + links + index.slice(at) : index;
  };
}

/** The route preload map (apps/web/build/preload.ts; the app reads it in src/app/route-preloads.ts). */
interface RoutePreloads {
  files: string[];
  routes: [id: string, fullPath: string, files: number[]][];
}

const segments = (value: string) => value.split('/').filter(Boolean);

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
 * The files of the screen at `pathname`: of the routes whose full path matches it best and of their layouts
 * (the routes whose id leads to theirs; an index route, whose id ends in `/`, is no layout). The same rule as
 * the app's `routePreloadFiles` (apps/web/src/app/route-preloads.ts, whose test covers it).
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
        if (file && /^[\w./-]+\.js$/.test(file)) files.add(file);
      }
  return [...files];
}
