#!/usr/bin/env node
/**
 * `node scripts/perf/lighthouse.mjs [--dist label=dir ...] [--api url] [--runs 1] [--json file]`: Lighthouse 12
 * (scripts/perf/lighthouse, pinned, installed on demand) with its default mobile emulation (a mid-range phone,
 * simulated slow 4G and a 4x slower CPU) over the login page and the public pages members open on their
 * phones: a club's sign-up page (`/inschrijven/vitaal`, the demo gym), an invoice's pay link and a
 * membership's cancel link (`/betalen/…`, `/afmelden/…`: a token that is not known, so the page shows its
 * "link no longer valid" state, the same code and layout). Performance and SEO scores, largest contentful
 * paint, total blocking time, layout shift, requests and bytes. Each build (`--dist`, repeatable, default
 * `project=apps/web/dist`) is served by serve.mjs against the same API (the repo's own, started with its
 * demo data, unless `--api`), so a build before a change and one after it are measured in one run. With
 * `--runs n` each page is measured n times and the median score kept (the machine is shared and noisy).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumPath, root, startApi } from './api.mjs';
import { serveApp } from './serve.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const options = (name) => args.flatMap((arg, at) => (arg === `--${name}` ? [args[at + 1]] : []));
const runs = Number(option('runs', '1'));

const PAGES = [
  { name: 'login', path: '/account/login' },
  { name: 'sign-up', path: '/inschrijven/vitaal' },
  { name: 'pay', path: '/betalen/perf-onbekende-link' },
  { name: 'cancel', path: '/afmelden/perf-onbekende-link' },
];

const builds = (options('dist').length ? options('dist') : ['project=apps/web/dist']).map((spec) => {
  const [label, dir] = spec.includes('=') ? spec.split(/=(.*)/s) : ['project', spec];
  return { label, dist: path.resolve(root, dir) };
});
for (const { dist } of builds)
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`No build at ${dist}: run npm run build first (or give --dist label=dir).`);

const toolDir = path.join(root, 'scripts/perf/lighthouse');
if (!fs.existsSync(path.join(toolDir, 'node_modules/lighthouse'))) {
  console.log('Installing Lighthouse (scripts/perf/lighthouse, once)...');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: toolDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const load = (file) => import(pathToFileURL(path.join(toolDir, 'node_modules', file)).href);
const { default: lighthouse } = await load('lighthouse/core/index.js');
const chromeLauncher = await load('chrome-launcher/dist/index.js');

const api = await startApi(option('api'));
const servers = [];
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
const rows = [];
try {
  for (const build of builds) {
    const server = await serveApp({ dist: build.dist, apiUrl: api.url });
    servers.push(server);
    for (const page of PAGES) {
      const measured = [];
      for (let run = 0; run < runs; run += 1) {
        const { lhr } = await lighthouse(`${server.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'seo'],
        });
        const audit = (id) => lhr.audits[id];
        measured.push({
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
          lcp: audit('largest-contentful-paint').numericValue,
          tbt: audit('total-blocking-time').numericValue,
          cls: audit('cumulative-layout-shift').numericValue,
          requests: audit('network-requests').details?.items?.length ?? 0,
          bytes: audit('total-byte-weight').numericValue,
          failedSeo: Object.values(lhr.categories.seo.auditRefs)
            .map((ref) => lhr.audits[ref.id])
            .filter(
              (item) => item.score !== null && item.score < 1 && item.scoreDisplayMode !== 'notApplicable',
            )
            .map((item) => item.id),
        });
      }
      const byScore = [...measured].sort((a, b) => a.performance - b.performance);
      const kept = byScore[Math.floor(byScore.length / 2)];
      rows.push({ build: build.label, page: page.name, path: page.path, ...kept, runs: measured });
    }
  }
} finally {
  await chrome.kill();
  for (const server of servers) await server.close();
  await api.stop();
}

console.log(
  `\nLighthouse ${lighthouse.version ?? '12'} (mobile emulation), median of ${runs} run(s) per page:`,
);
console.log(
  `${'build'.padEnd(10)} ${'page'.padEnd(9)} ${'perf'.padStart(4)} ${'seo'.padStart(4)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)} ${'requests'.padStart(8)} ${'KB'.padStart(6)}  SEO audits not passed`,
);
for (const row of rows)
  console.log(
    `${row.build.padEnd(10)} ${row.page.padEnd(9)} ${String(row.performance).padStart(4)} ${String(row.seo).padStart(4)} ${`${(row.lcp / 1000).toFixed(1)} s`.padStart(8)} ${`${Math.round(row.tbt)} ms`.padStart(8)} ${row.cls.toFixed(2).padStart(6)} ${String(row.requests).padStart(8)} ${String(Math.round(row.bytes / 1024)).padStart(6)}  ${row.failedSeo.join(', ') || '-'}`,
  );
const json = option('json');
if (json)
  fs.writeFileSync(json, `${JSON.stringify({ date: new Date().toISOString(), runs, rows }, null, 2)}\n`);
