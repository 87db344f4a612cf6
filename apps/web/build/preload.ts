import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { firstDataScript } from './first-data';

/**
 * Which files a lazy import preloads beside its own chunk (`build.modulePreload.resolveDependencies`,
 * decision 010). Vite lists, at every `import()`, all the JavaScript and CSS the imported chunk needs, so
 * the browser fetches them at once instead of discovering them level by level. The route tree (the
 * `app-start` chunk of build/chunk-plan.ts, or the `bootstrap` chunk without it; on every first screen) would hold one such list per lazy route: ~8 KB gzip of file
 * names and indexes for 129 routes, which grows with every route. Those imports keep their CSS (nothing else
 * loads it); their JavaScript is preloaded from the route preload map (`routePreloadMap`) on a first visit,
 * and by the browser's module loading after the router starts it on a menu item's hover or focus
 * (`defaultPreload: 'intent'`), ahead of the click. Lazy imports inside a screen (modals, dropdowns) keep
 * their full lists.
 */
export function routeTreePreloads(_filename: string, deps: string[], context: { hostId: string }): string[] {
  return isRouteTree(context.hostId) ? deps.filter((dep) => dep.endsWith('.css')) : deps;
}

const isRouteTree = (hostId: string) => /(^|\/)(bootstrap|app-start)-[\w-]+\.js$/.test(hostId);

/** The route preload map's file, at the root of the build (served with `no-cache`, as it changes per build). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The route preload map (decision 010): `{ files, routes }`, for each route of the route tree its id
 * (TanStack Router's `/_app/location/members/`), its full path (`/location/members/`) and the indexes in
 * `files` of every JavaScript file its lazy component needs (its chunk and its static imports,
 * recursively), less what the app's entry and the route tree load anyway. index.html preloads the map
 * beside the entry; the entry (`app/route-preloads.ts`) adds a `modulepreload` for each file of the routes
 * the address matches once the route tree is in, so the whole module graph of the screen is fetched at
 * once while the session is restored, not in seven levels one after another.
 */
export function routePreloadMap(routeTreeFile = 'src/routeTree.gen.ts'): Plugin {
  let root = '';
  let firstData: Promise<{ fileName: string; code: string }> | undefined;
  return {
    name: 'xp-route-preload-map',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      // The page's first file, which asks a list route's data before the app arrives (build/first-data.ts).
      firstData = firstDataScript(root);
      firstData.catch(() => {});
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context) {
        if (!context.filename.endsWith(`${path.sep}index.html`) && !context.filename.endsWith('/index.html'))
          return;
        const early = firstData && (await firstData);
        // The bootstrap (main.tsx imports it at once) and its static imports, fetched with the entry instead
        // of after it has run: one round trip less before the session restore and the route tree.
        const bundle = (context.bundle ?? {}) as unknown as Record<string, Output>;
        const bootstrap = Object.values(bundle).find(
          (output): output is Chunk =>
            output.type === 'chunk' && /[\\/]src[\\/]bootstrap\.tsx$/.test(output.facadeModuleId ?? ''),
        );
        const files = new Set<string>();
        if (bootstrap) staticGraph(bundle, bootstrap.fileName, files);
        return [
          ...(early
            ? [
                {
                  tag: 'script',
                  attrs: {
                    type: 'module',
                    async: true,
                    crossorigin: true,
                    fetchpriority: 'high',
                    src: `/${early.fileName}`,
                  },
                  injectTo: 'head-prepend' as const,
                },
              ]
            : []),
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${ROUTE_PRELOADS_FILE}`, as: 'fetch', crossorigin: 'anonymous' },
            injectTo: 'head',
          },
        ];
      },
    },
    async generateBundle(_options, bundle) {
      if (firstData) {
        const { fileName, code } = await firstData;
        this.emitFile({ type: 'asset', fileName, source: code });
      }
      noChunkCycles(bundle as unknown as Record<string, Output>);
      const fileOfRoute = routeFiles(fs.readFileSync(path.resolve(root, routeTreeFile), 'utf8'));
      const map = preloadMap(bundle as unknown as Record<string, Output>, fileOfRoute);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(map) });
    },
  };
}

/** Route id → its file (`_app/location/members/index`) and full path, from the generated route tree. */
export function routeFiles(routeTree: string): Map<string, { file: string; fullPath: string }> {
  const fileOfImport = new Map<string, string>();
  for (const [, name = '', file = ''] of routeTree.matchAll(
    /import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g,
  ))
    fileOfImport.set(name, file);
  const routes = new Map<string, { file: string; fullPath: string }>();
  for (const [, id = '', fullPath = '', name = ''] of routeTree.matchAll(
    /\bid: '([^']+)'\s+path: [^\n]+\s+fullPath: '([^']*)'\s+preLoaderRoute: typeof (\w+)/g,
  )) {
    const file = fileOfImport.get(name);
    if (file) routes.set(id, { file, fullPath });
  }
  return routes;
}

/** What the map reads of the bundle's outputs. */
type Output =
  | { type: 'asset' }
  | { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[]; isEntry: boolean };
type Chunk = Extract<Output, { type: 'chunk' }>;

/** The app's entry (`src/main.tsx`, index.html's), not the login page's or another page's own. */
const isAppEntry = (chunk: Chunk) => /[\\/]src[\\/]main\.tsx$/.test(chunk.facadeModuleId ?? '');

/** A chunk and its static imports, recursively. */
function staticGraph(bundle: Record<string, Output>, start: string, into: Set<string>): void {
  const chunk = bundle[start];
  if (chunk?.type !== 'chunk' || into.has(start)) return;
  into.add(start);
  for (const imported of chunk.imports) staticGraph(bundle, imported, into);
}

function preloadMap(
  bundle: Record<string, Output>,
  fileOfRoute: Map<string, { file: string; fullPath: string }>,
) {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const graph = (start: string, into: Set<string>) => staticGraph(bundle, start, into);
  // What every first screen of the app loads anyway: its entry and the route tree, with their static imports.
  // Not the other entries' (the login page's own: its form's Mantine files are no part of the app's page, and
  // left out here the screen found them only when its chunks ran, three levels one after another).
  const loaded = new Set<string>();
  for (const chunk of chunks)
    if ((chunk.isEntry && isAppEntry(chunk)) || isRouteTree(chunk.fileName)) graph(chunk.fileName, loaded);
  const chunkOfFile = new Map<string, string>();
  for (const chunk of chunks) {
    const split = chunk.facadeModuleId?.match(/[\\/]src[\\/]routes[\\/](.+)\.tsx?\?tsr-split=component$/);
    if (split?.[1]) chunkOfFile.set(split[1].replaceAll('\\', '/'), chunk.fileName);
  }
  const files: string[] = [];
  const indexOf = new Map<string, number>();
  const routes: [id: string, fullPath: string, files: number[]][] = [];
  for (const [id, { file, fullPath }] of fileOfRoute) {
    const chunk = chunkOfFile.get(file);
    const needed = new Set<string>();
    if (chunk) graph(chunk, needed);
    const indexes = [...needed]
      .filter((needs) => !loaded.has(needs))
      .map((needs) => {
        if (!indexOf.has(needs)) {
          indexOf.set(needs, files.length);
          files.push(needs);
        }
        return indexOf.get(needs) as number;
      });
    routes.push([id, fullPath, indexes]);
  }
  return { files, routes };
}

/**
 * Fails the build when chunks import each other in a cycle (decision 010, 2026-11-29): the modules of a chunk
 * run in one go, so in a cycle one chunk's code runs before the other's it uses (a blank page that depends on
 * the order the files arrive). The bundler avoids cycles when it cuts the chunks itself; manual groups
 * (build/chunks.ts) can make one.
 */
export function noChunkCycles(bundle: Record<string, Output>): void {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open')
      throw new Error(`chunks import each other: ${[...path.slice(path.indexOf(file)), file].join(' -> ')}`);
    state.set(file, 'open');
    path.push(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
    path.pop();
    state.set(file, 'done');
  };
  for (const chunk of chunks) visit(chunk.fileName);
}
