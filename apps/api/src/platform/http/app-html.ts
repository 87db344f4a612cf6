import fs from 'node:fs';
import path from 'node:path';
import { type RoutePreloads, routePreloadFiles } from '@xp/contracts/route-preloads';

/** A file name the page may carry in an attribute as it is (the build's names are such). */
const SAFE_FILE = /^[\w./-]+\.js$/;

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
      .filter((file) => SAFE_FILE.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low" data-route>`)
      .join('');
    return links ? index.slice(0, at) + links + index.slice(at) : index;
  };
}
