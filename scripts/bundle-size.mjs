#!/usr/bin/env node
/**
 * `npm run bundle-size [-- --dist <dir>] [--build] [--files]`: the JavaScript a first visit of a route downloads, gzip
 * size, read from the Vite manifest of apps/web/dist: the entry (index.html and the bootstrap it imports at
 * once, with the texts its first screen loads in one language) and the lazy component chunk of every route on the way to the page,
 * each with its static imports; the login page has an entry of its own (login.html, with its texts), which is
 * what a first visit of /account/login loads, and so have the public pages (public.html, a build of its own). Each route has the target of decision 010 (login ≤ 150 KB, met; a
 * signed-in list page ≤ 250 KB, met since zod left the first screen: docs/decisions/010-first-screen-bundle.md), shown, and a limit
 * about 3% above today's size: over the limit the script fails, so the bundle can only shrink; lower the limits
 * as it does.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const distArg = args.indexOf('--dist');
const dist = distArg >= 0 ? path.resolve(args[distArg + 1]) : path.join(root, 'apps/web/dist');
const KB = 1024;

/**
 * Route → the route files TanStack Router loads for it, outermost first, and the text areas its first screen
 * loads (`FIRST_SCREEN_AREAS` of i18n/areas.ts); target and limit in bytes (gzip).
 */
const routes = [
  // A first visit of the login page loads the login entry (login.html, decision 010), not the app.
  { path: '/account/login', entry: 'login.html', target: 150 * KB, limit: 125 * KB },
  // The public pages' entry (public.html, a build of its own with its manifest, decision 010): the entry, the
  // page's module (which it loads at once) and one language's texts, each with its static imports.
  {
    path: '/inschrijven/vitaal',
    entry: 'public.html',
    manifest: 'public-manifest.json',
    lazy: ['src/features/sign-up/sign-up-page.tsx', 'virtual:public-texts/nl'],
    target: 150 * KB,
    limit: 205 * KB,
  },
  {
    path: '/betalen/…',
    entry: 'public.html',
    manifest: 'public-manifest.json',
    lazy: ['src/features/billing-public/pay-invoice-page.tsx', 'virtual:public-texts/nl'],
    target: 150 * KB,
    limit: 141 * KB,
  },
  {
    path: '/admin/userOverview',
    files: ['_app.tsx', '_app/admin/route.tsx', '_app/admin/userOverview.tsx'],
    texts: ['shell', 'users'],
    target: 250 * KB,
    limit: 240 * KB,
  },
  {
    path: '/employer/employees',
    files: ['_app.tsx', '_app/employer/route.tsx', '_app/employer/employees.tsx'],
    texts: ['shell', 'employer-employee'],
    target: 250 * KB,
    limit: 244 * KB,
  },
  {
    path: '/employees',
    files: ['_app.tsx', '_app/employees/index.tsx'],
    texts: ['shell', 'employee'],
    target: 250 * KB,
    limit: 240 * KB,
  },
  // The list raced against react-admin (scripts/perf/list-race.mjs, decision 010).
  {
    path: '/location/members',
    files: [
      '_app.tsx',
      '_app/location/route.tsx',
      '_app/location/members/route.tsx',
      '_app/location/members/index.tsx',
    ],
    texts: ['shell', 'member'],
    target: 250 * KB,
    limit: 336 * KB,
  },
];

if (args.includes('--build') || !fs.existsSync(path.join(dist, 'index.html'))) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** A manifest of the build (`.vite/<name>`): the app's and login's, or the public pages' build's. */
const manifests = new Map();
function manifestOf(name = 'manifest.json') {
  if (!manifests.has(name)) {
    const file = path.join(dist, '.vite', name);
    if (!fs.existsSync(file)) {
      console.error(`No Vite manifest at ${file}: build with build.manifest set.`);
      process.exit(1);
    }
    manifests.set(name, JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  return manifests.get(name);
}
const manifest = manifestOf();

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file);
}

/** Every JS file a manifest chunk needs before it runs: itself and its static imports, recursively. */
function collect(key, files, from = manifest) {
  const chunk = from[key];
  if (!chunk) throw new Error(`Not in the manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files, from);
}

/**
 * A text area's chunk in the manifest: `src/i18n/<area>.<language>.json`, and the shell's texts
 * `virtual:shell-texts/<language>` (area `shell`): one chunk each (i18n/areas.ts).
 */
const TEXT_AREA = /^(?:src\/i18n\/([a-z-]+)|virtual:(shell)-texts)[./](nl|en)(?:\.json)?$/;

/**
 * The entry: index.html's script and what main.tsx imports at once (the bootstrap, after Zod's setting),
 * with the text areas the route's first screen loads (`texts`, as `i18n/areas.ts` `firstScreenAreas`;
 * every area when not given) in one language: the larger of the two, as a first visit downloads either.
 */
function entryFiles(route) {
  const files = new Set();
  collect('index.html', files);
  for (const dynamic of manifest['index.html'].dynamicImports ?? [])
    if (!TEXT_AREA.test(dynamic)) collect(dynamic, files);
  const areaKeys = Object.keys(manifest).filter((key) => TEXT_AREA.test(key));
  const perLanguage = ['nl', 'en'].map((language) => {
    const own = new Set();
    for (const key of areaKeys) {
      const [, fileArea, shell, of] = key.match(TEXT_AREA);
      const area = fileArea ?? shell;
      // Without `texts`, every area (not `shell`, which is in them).
      const wanted = route.texts ? route.texts.includes(area) : area !== 'shell';
      if (of === language && wanted) collect(key, own);
    }
    return [...own].filter((file) => !files.has(file));
  });
  const largest = perLanguage.sort(
    (a, b) => b.reduce((sum, f) => sum + gzipSize(f), 0) - a.reduce((sum, f) => sum + gzipSize(f), 0),
  )[0];
  for (const file of largest ?? []) files.add(file);
  return files;
}

/**
 * A page of its own (`route.entry`, an html input of the build, of `route.manifest`'s build): its script and
 * static imports, and the modules it loads at once (`route.lazy`) with theirs.
 */
function entryOf({ entry, manifest: name, lazy = [] }) {
  const from = manifestOf(name);
  const files = new Set();
  for (const key of [entry, ...lazy]) collect(key, files, from);
  return files;
}

const rows = [];
let failed = false;
for (const route of routes) {
  const files = route.entry ? entryOf(route) : entryFiles(route);
  for (const file of route.files ?? []) {
    const key = `src/routes/${file}?tsr-split=component`;
    // A route without a component (a layout that only checks access) has no lazy chunk.
    if (manifest[key]) collect(key, files);
  }
  const js = [...files].filter((file) => file.endsWith('.js'));
  const size = js.reduce((sum, file) => sum + gzipSize(file), 0);
  const over = size > route.limit;
  failed ||= over;
  rows.push({ ...route, count: js.length, size, over, js });
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
console.log(`Initial JavaScript per route (gzip), ${path.relative(root, dist) || dist}:`);
for (const row of rows)
  console.log(
    `${row.over ? 'OVER' : 'ok  '}  ${row.path.padEnd(22)} ${kb(row.size).padStart(9)} in ${String(row.count).padStart(3)} files` +
      `  (limit ${kb(row.limit)}; target ${kb(row.target)}: ${row.size > row.target ? 'not met' : 'met'})`,
  );
// `--files`: each route's files, largest first (what to look at when a route grows).
if (args.includes('--files'))
  for (const row of rows) {
    console.log(`\n${row.path}:`);
    for (const file of [...row.js].sort((a, b) => gzipSize(b) - gzipSize(a)))
      console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
  }
process.exit(failed ? 1 : 0);
