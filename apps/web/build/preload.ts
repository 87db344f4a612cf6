/**
 * Which files a lazy import preloads beside its own chunk (`build.modulePreload.resolveDependencies`,
 * decision 010). Vite lists, at every `import()`, all the JavaScript and CSS the imported chunk needs, so
 * the browser fetches them at once instead of discovering them level by level. The route tree (the
 * `bootstrap` chunk, on every first screen) holds one such list per lazy route: ~8 KB gzip of file names
 * and indexes for 123 routes, which grows with every route. Those imports keep their CSS (nothing else
 * loads it) and leave their JavaScript to the browser's module loading; the router starts it on a menu
 * item's hover or focus (`defaultPreload: 'intent'`), ahead of the click. Lazy imports inside a screen
 * (modals, dropdowns) keep their full lists.
 */
export function routeTreePreloads(_filename: string, deps: string[], context: { hostId: string }): string[] {
  return isRouteTree(context.hostId) ? deps.filter((dep) => dep.endsWith('.css')) : deps;
}

const isRouteTree = (hostId: string) => /(^|\/)bootstrap-[\w-]+\.js$/.test(hostId);
