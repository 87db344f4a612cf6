#!/usr/bin/env node
/**
 * `node scripts/perf/list-race.mjs [--rounds 8] [--dist label=dir ...] [--api url] [--json file]`: how soon a
 * signed-in list shows its first row, the project against react-admin (decision 010). The location's members
 * list (`/location/members` as locatie@example.com) and the same list in react-admin 5.15.4
 * (scripts/perf/react-admin: the same columns, the same first page of `GET /api/Member`, installed and built
 * on demand), each served by the same small server (serve.mjs) against the same API, in Chromium through
 * playwright-core: `rounds` cold loads of each (a new browser context: empty cache, the session cookies),
 * alternating, the order flipped every round. Measured in the page, from the start of navigation: the first
 * contentful paint, when `GET /api/Member` started, and when a table cell shows the first member's name.
 * The figure to compare is the ratio of the medians within one run (the machine is shared and noisy).
 * `--dist` (repeatable) names builds of the project to race (default `project=apps/web/dist`), e.g. a
 * build before a change beside the one after it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, root, signIn, startApi, watchFirstRow } from './api.mjs';
import { serveApp } from './serve.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const options = (name) => args.flatMap((arg, at) => (arg === `--${name}` ? [args[at + 1]] : []));
const rounds = Number(option('rounds', '8'));
const EMAIL = 'locatie@example.com';

const projectBuilds = (options('dist').length ? options('dist') : ['project=apps/web/dist']).map((spec) => {
  const [label, dir] = spec.includes('=') ? spec.split(/=(.*)/s) : ['project', spec];
  return { label, dist: path.resolve(root, dir) };
});
for (const { dist } of projectBuilds)
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`No build at ${dist}: run npm run build first (or give --dist label=dir).`);

/** react-admin's app: installed (its own lock file) and built once, again when its sources are newer. */
function reactAdminDist() {
  const dir = path.join(root, 'scripts/perf/react-admin');
  const run = (command, commandArgs) =>
    execFileSync(command, commandArgs, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!fs.existsSync(path.join(dir, 'node_modules/react-admin'))) {
    console.log('Installing the react-admin app (scripts/perf/react-admin, once)...');
    run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts']);
  }
  const dist = path.join(dir, 'dist');
  const built = fs.existsSync(path.join(dist, 'index.html'))
    ? fs.statSync(path.join(dist, 'index.html')).mtimeMs
    : 0;
  const sources = ['index.html', 'src/main.jsx', 'vite.config.mjs', 'package.json'].map(
    (file) => fs.statSync(path.join(dir, file)).mtimeMs,
  );
  if (sources.some((time) => time > built)) {
    console.log('Building the react-admin app...');
    run('npm', ['run', 'build']);
  }
  return dist;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const api = await startApi(option('api'));
const servers = [];
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  // The session's cookies, carried from load to load as a browser keeps them (the restore rotates the refresh token).
  let cookies = await signIn(api.url, EMAIL);
  const cookieHeader = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const firstPage = await fetch(`${api.url}/api/Member?page=1&pageSize=25&direction=asc`, {
    headers: { cookie: cookieHeader },
  }).then((response) => response.json());
  const firstName = firstPage.data?.items?.[0]?.fullName;
  if (!firstName) throw new Error(`GET /api/Member as ${EMAIL} gave no rows`);

  const apps = [];
  for (const { label, dist } of projectBuilds) {
    const server = await serveApp({ dist, apiUrl: api.url });
    servers.push(server);
    apps.push({ label, url: `${server.url}/location/members`, times: [] });
  }
  const peer = await serveApp({ dist: reactAdminDist(), apiUrl: api.url });
  servers.push(peer);
  apps.push({ label: 'react-admin 5.15.4', url: `${peer.url}/#/Member`, times: [], peer: true });

  /** One cold load: a fresh context (no cache) with the session cookies; it keeps the ones it was given back. */
  async function coldLoad(app) {
    const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1366, height: 900 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    let requests = 0;
    let scripts = 0;
    page.on('request', (request) => {
      requests += 1;
      if (request.resourceType() === 'script') scripts += 1;
    });
    await page.addInitScript(watchFirstRow, firstName);
    await page.goto(app.url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstRow !== undefined, null, {
      timeout: 60_000,
      polling: 100,
    });
    const measured = await page.evaluate(() => ({
      firstRow: window.__firstRow,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      listRequest:
        performance.getEntriesByType('resource').find((entry) => /\/api\/Member\?/.test(entry.name))
          ?.startTime ?? Number.NaN,
    }));
    cookies = await context.cookies();
    await context.close();
    return { ...measured, requests, scripts };
  }

  // One warm-up load each (the server's first gzip of react-admin's files, the API's first queries), not counted.
  for (const app of apps) await coldLoad(app);
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? apps : [...apps].reverse();
    for (const app of order) app.times.push(await coldLoad(app));
  }

  const peerRow = median(apps.find((app) => app.peer).times.map((time) => time.firstRow));
  const ms = (value) => (Number.isNaN(value) ? '-' : `${Math.round(value)} ms`);
  console.log(
    `\nFirst row of the members list, median of ${rounds} cold loads each (alternating), signed in as ${EMAIL}:`,
  );
  console.log(
    `${'app'.padEnd(22)} ${'first row'.padStart(10)} ${'ratio'.padStart(6)} ${'1st paint'.padStart(10)} ${'list GET'.padStart(10)} ${'requests'.padStart(9)} ${'scripts'.padStart(8)}`,
  );
  const summary = apps.map((app) => {
    const pick = (key) => median(app.times.map((time) => time[key]));
    const row = {
      app: app.label,
      firstRow: pick('firstRow'),
      ratio: pick('firstRow') / peerRow,
      firstPaint: pick('firstPaint'),
      listRequest: pick('listRequest'),
      requests: pick('requests'),
      scripts: pick('scripts'),
      loads: app.times,
    };
    console.log(
      `${row.app.padEnd(22)} ${ms(row.firstRow).padStart(10)} ${row.ratio.toFixed(2).padStart(6)} ${ms(row.firstPaint).padStart(10)} ${ms(row.listRequest).padStart(10)} ${String(row.requests).padStart(9)} ${String(row.scripts).padStart(8)}`,
    );
    return row;
  });
  const json = option('json');
  if (json)
    fs.writeFileSync(
      json,
      `${JSON.stringify({ date: new Date().toISOString(), rounds, summary }, null, 2)}\n`,
    );
} finally {
  await browser.close();
  for (const server of servers) await server.close();
  await api.stop();
}
