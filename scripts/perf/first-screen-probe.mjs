#!/usr/bin/env node
/**
 * `node scripts/perf/first-screen-probe.mjs [--dist dir] [--path /location/members]
 * [--email locatie@example.com] [--loads 3] [--timeline] [--commits] [--profile file.cpuprofile
 * [--focus frame]] [--trace]`: what one signed-in page does until its list shows its first row, to see where
 * a first screen's time goes (list-race says how long; this says why). The build in `--dist` (default
 * apps/web/dist) is served by serve.mjs against the repo's API (api.mjs), `--email` signed in (a demo
 * account), in Chromium through playwright-core: one warm-up load that is not reported, then `--loads` cold
 * loads of `--path` (a new browser context: empty cache, the session cookies, as list-race). Each load
 * reports what the chosen modes give (default --timeline):
 * - `--timeline`: from the start of navigation, when a table cell shows the first member of
 *   `GET /api/Member` (the first row, as list-race; so `--path` is a page that lists members), the first
 *   contentful paint, the end of the HTML, the scripts done before the first row (how many, when the last),
 *   every API call (start-end), the long tasks begun before the first row and the page's performance marks;
 *   for the last load also every resource begun before the first row; then the medians of the loads.
 * - `--commits`: a stand-in `__REACT_DEVTOOLS_GLOBAL_HOOK__`, installed before React loads, notes every React
 *   commit until 1.5 s after the first table cell (any `td`): its time, how many components re-rendered (new
 *   props or state; a first mount is not counted), those whose own state changed (same props) with four
 *   of their parents.
 * - `--profile file`: a CPU profile (CDP, sampled every 0.2 ms) from navigation to 0.2 s after the first
 *   table cell, written to `file` (`file-1.cpuprofile`, ... when several loads) and summarised: self time by
 *   script file, then by function and inclusive, the frames mapped through the build's source maps
 *   (`<dist>/assets/*.js.map`). `--focus <frame>` (the start of a summarised name, e.g. `renderWithHooks`)
 *   adds the callers of that frame and the app's, Mantine's and TanStack React's functions under it.
 * - `--trace`: a Chromium trace (devtools.timeline, v8, user timing) up to the first table cell: the time
 *   and count of its main kinds of events (style, layout, paint, compile, evaluate, run, GC), and the events
 *   over 8 ms in time order, from the start of navigation.
 * Modes run together share a load: a profile or a trace slows it, so time the timeline on its own.
 */
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
const flag = (name) => args.includes(`--${name}`);
const dist = path.resolve(root, option('dist', 'apps/web/dist'));
const pagePath = option('path', '/location/members');
const EMAIL = option('email', 'locatie@example.com');
const loads = Number(option('loads', '3'));
const profileFile = option('profile');
const focus = option('focus');
const modes = {
  timeline: flag('timeline'),
  commits: flag('commits'),
  profile: flag('profile'),
  trace: flag('trace'),
};
if (!modes.commits && !modes.profile && !modes.trace) modes.timeline = true;
if (modes.profile && (!profileFile || profileFile.startsWith('--')))
  throw new Error('--profile needs a file name, e.g. --profile /tmp/members.cpuprofile');
if (focus !== undefined && !modes.profile) throw new Error('--focus needs --profile');
if (!(loads >= 1)) throw new Error('--loads needs a number of at least 1');
if (!fs.existsSync(path.join(dist, 'index.html')))
  throw new Error(`No build at ${dist}: run npm run build first (or give --dist dir).`);

// ---- In the page (before its scripts) ------------------------------------------------------------------

/** Notes every long task (`watchFirstRow`, api.mjs, notes the first row). */
function watchLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/** After the first row: the page's resource timings, long tasks and marks, in ms from navigation. */
function readTimeline() {
  const row = window.__firstRow;
  const resources = performance.getEntriesByType('resource');
  const scripts = resources.filter((entry) => entry.name.endsWith('.js') && entry.responseEnd < row);
  const span = (entry, name) => ({ name, start: entry.startTime, end: entry.responseEnd });
  return {
    firstRow: row,
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    html: performance.getEntriesByType('navigation')[0]?.responseEnd ?? Number.NaN,
    scripts: scripts.length,
    lastScript: Math.max(...scripts.map((entry) => entry.responseEnd)),
    api: resources
      .filter((entry) => entry.name.includes('/api/'))
      .map((entry) => span(entry, entry.name.split('/api/')[1].slice(0, 25))),
    longTasks: window.__longTasks.filter(([start]) => start < row),
    marks: performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]),
    resources: resources
      .filter((entry) => entry.startTime < row)
      .map((entry) => span(entry, entry.name.split('/').pop().slice(0, 40))),
  };
}

/** A stand-in for React DevTools' hook: React reports each commit to it, with the fiber tree it committed. */
function watchCommits() {
  window.__commits = [];
  new MutationObserver(() => {
    if (window.__firstCell === undefined && document.querySelector('td'))
      window.__firstCell = performance.now();
  }).observe(document, { childList: true, subtree: true });
  const nameOf = (fiber) =>
    typeof fiber.type === 'string'
      ? fiber.type
      : fiber.type?.displayName ||
        fiber.type?.name ||
        fiber.type?.render?.name ||
        fiber.type?.type?.name ||
        (fiber.tag === 3 ? 'Root' : `tag${fiber.tag}`);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    checkDCE() {},
    onCommitFiberRoot(_renderer, fiberRoot) {
      const ownState = [];
      let rendered = 0;
      const walk = (first) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          const before = fiber.alternate;
          // A component (not a DOM element, not the root) that was there before this commit.
          if (before && typeof fiber.type !== 'string' && fiber.tag !== 3) {
            const sameProps = fiber.memoizedProps === before.memoizedProps;
            const sameState = fiber.memoizedState === before.memoizedState;
            if (!sameProps || !sameState) rendered += 1;
            if (sameProps && !sameState && ownState.length < 15) {
              const parents = [];
              for (let up = fiber.return; up && parents.length < 4; up = up.return) parents.push(nameOf(up));
              ownState.push([nameOf(fiber), ...parents].join(' < '));
            }
          }
          if (fiber.child) walk(fiber.child);
        }
      };
      walk(fiberRoot.current.child);
      window.__commits.push({ at: performance.now(), rendered, ownState });
    },
  };
}

// ---- Summaries -----------------------------------------------------------------------------------------

const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');
const round = Math.round;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** The `count` largest of a Map of name to time (µs), one line each. */
const top = (times, count) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => `    ${(time / 1000).toFixed(1).padStart(7)} ms  ${name || '(none)'}`)
    .join('\n');
const add = (times, name, time) => times.set(name, (times.get(name) ?? 0) + time);

function printTimeline(timeline, last) {
  const { firstRow, longTasks } = timeline;
  const longTime = longTasks.reduce((sum, [, duration]) => sum + duration, 0);
  console.log(
    `  first row ${ms(firstRow)}, first paint ${ms(timeline.firstPaint)}, HTML done ${ms(timeline.html)}`,
  );
  console.log(
    `  scripts done before the first row: ${timeline.scripts}, the last at ${ms(timeline.lastScript)}`,
  );
  console.log('  API calls (start-end ms):');
  for (const call of timeline.api)
    console.log(`    ${call.name.padEnd(26)} ${round(call.start)}-${round(call.end)}`);
  console.log(
    `  long tasks begun before the first row: ${longTasks.length}, ${ms(longTime)} in all` +
      (longTasks.length
        ? ` (start+duration ms: ${longTasks.map(([s, d]) => `${round(s)}+${round(d)}`).join(', ')})`
        : ''),
  );
  console.log(
    `  performance marks: ${timeline.marks.map(([name, at]) => `${name} ${round(at)}`).join(', ') || 'none'}`,
  );
  if (!last) return;
  console.log('  resources begun before the first row (start-end ms):');
  for (const resource of timeline.resources)
    console.log(`    ${`${round(resource.start)}-${round(resource.end)}`.padStart(10)}  ${resource.name}`);
}

function printCommits({ commits, firstCell }) {
  console.log(`  React commits (ms from navigation; first table cell at ${ms(firstCell)}):`);
  let cellShown = firstCell === undefined;
  for (const commit of commits) {
    if (!cellShown && commit.at > firstCell) {
      console.log(`    ${ms(firstCell).padStart(8)}  -- first table cell --`);
      cellShown = true;
    }
    console.log(`    ${ms(commit.at).padStart(8)}  ${commit.rendered} re-rendered`);
    for (const chain of commit.ownState) console.log(`              own state: ${chain}`);
  }
  if (!cellShown) console.log(`    ${ms(firstCell).padStart(8)}  -- first table cell --`);
}

/** Frame names through the build's source maps: `name source:line` (the app's sources as src/...). */
async function frameNamer() {
  const { TraceMap, originalPositionFor } = await import('@jridgewell/trace-mapping');
  const maps = new Map();
  const mapOf = (file) => {
    if (!file.endsWith('.js')) return null;
    if (!maps.has(file)) {
      const mapFile = path.join(dist, 'assets', `${file}.map`);
      maps.set(file, fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8')) : null);
    }
    return maps.get(file);
  };
  return (frame) => {
    const file = frame.url.split('/').pop();
    const map = mapOf(file);
    const position =
      map && originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!position?.source) return `${frame.functionName || '(anon)'} ${file}`.trimEnd();
    const source = position.source.includes('node_modules/')
      ? position.source.replace(/.*node_modules\//, '')
      : position.source.replace(/.*\/src\//, 'src/');
    return `${position.name || frame.functionName || '(anon)'} ${source}:${position.line}`;
  };
}

function printProfile(profile, frameName) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stacks = new Map(); // node id -> frame names, the sampled frame first
  const stackOf = (id) => {
    if (!stacks.has(id)) {
      const stack = [];
      for (let at = id; at !== undefined; at = parent.get(at)) stack.push(frameName(byId.get(at).callFrame));
      stacks.set(id, stack);
    }
    return stacks.get(id);
  };
  const [byFile, self, inclusive, callers, under] = [new Map(), new Map(), new Map(), new Map(), new Map()];
  profile.samples.forEach((id, index) => {
    const time = profile.timeDeltas[index] ?? 0;
    const frame = byId.get(id).callFrame;
    add(byFile, frame.url.split('/').pop() || frame.functionName || '(native)', time);
    const stack = stackOf(id);
    add(self, stack[0], time);
    for (const name of new Set(stack)) add(inclusive, name, time);
    const at = focus === undefined ? -1 : stack.findIndex((name) => name.startsWith(focus));
    if (at < 0) return;
    const callerNames = stack.slice(at + 1, at + 5).map((name) => name.split(' ')[0]);
    add(callers, callerNames.join(' < '), time);
    for (const name of new Set(stack.slice(0, at)))
      if (/ src\/|@mantine|@tanstack\/react/.test(name)) add(under, name, time);
  });
  console.log(`  self time by file:\n${top(byFile, 15)}`);
  console.log(`  self time by function:\n${top(self, 30)}`);
  console.log(`  inclusive time by function:\n${top(inclusive, 30)}`);
  if (focus === undefined) return;
  console.log(`  callers of ${focus} (four up):\n${top(callers, 8)}`);
  console.log(`  the app's, Mantine's and TanStack React's functions under ${focus}:\n${top(under, 30)}`);
}

// Trace events summed by name, and those listed when longer than 8 ms (as the investigation chose them).
const SUMMED = `UpdateLayoutTree Layout ParseAuthorStyleSheet v8.compile v8.compileModule EvaluateScript
  v8.evaluateModule FunctionCall Paint PrePaint RunMicrotasks ParseHTML TimerFire v8.parseOnBackground
  ScheduleStyleRecalculation v8.run V8.GC_SCAVENGER MajorGC MinorGC HitTest Commit Layerize`.split(/\s+/);
const LISTED = `FunctionCall Layout UpdateLayoutTree v8.evaluateModule EvaluateScript TimerFire RunTask
  ParseAuthorStyleSheet RunMicrotasks EventDispatch v8.run FireAnimationFrame`.split(/\s+/);

function printTrace(events) {
  const complete = events.filter((event) => event.ph === 'X' && event.dur);
  const sums = new Map();
  for (const event of complete) {
    if (!SUMMED.includes(event.name)) continue;
    const sum = sums.get(event.name) ?? { time: 0, count: 0 };
    sum.time += event.dur / 1000;
    sum.count += 1;
    sums.set(event.name, sum);
  }
  console.log('  events by kind (time in all, count):');
  for (const [name, { time, count }] of [...sums].sort((a, b) => b[1].time - a[1].time))
    console.log(`    ${`${time.toFixed(0)} ms`.padStart(8)}  ${String(count).padStart(5)}  ${name}`);
  const start = (
    events.find((e) => e.name === 'navigationStart') ?? events.find((e) => e.name === 'ParseHTML')
  )?.ts;
  const file = (url) => url?.split('/').pop();
  console.log('  events over 8 ms (start +duration ms from navigation, what, called from):');
  for (const event of complete
    .filter((e) => e.dur > 8000 && LISTED.includes(e.name))
    .sort((a, b) => a.ts - b.ts)) {
    const what = file(event.args?.data?.url) ?? event.args?.data?.functionName ?? '';
    const from = file(event.args?.beginData?.stackTrace?.[0]?.url) ?? '';
    const at = String(round((event.ts - (start ?? 0)) / 1000)).padStart(6);
    const duration = `+${round(event.dur / 1000)}`.padStart(5);
    console.log(`    ${at} ${duration}  ${event.name} ${what} ${from}`.trimEnd());
  }
}

// ---- The loads -----------------------------------------------------------------------------------------

const api = await startApi();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
let server;
try {
  // The session's cookies, carried from load to load as a browser keeps them (the restore rotates the refresh token).
  let cookies = await signIn(api.url, EMAIL);
  let firstName;
  if (modes.timeline) {
    const cookieHeader = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const firstPage = await fetch(`${api.url}/api/Member?page=1&pageSize=25&direction=asc`, {
      headers: { cookie: cookieHeader },
    }).then((response) => response.json());
    firstName = firstPage.data?.items?.[0]?.fullName;
    if (!firstName) throw new Error(`GET /api/Member as ${EMAIL} gave no rows`);
  }
  server = await serveApp({ dist, apiUrl: api.url });
  const frameName = modes.profile ? await frameNamer() : undefined;

  /** One cold load: a fresh context (no cache) with the session cookies; it keeps the ones it was given back. */
  async function coldLoad() {
    const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1366, height: 900 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    if (modes.timeline) {
      await page.addInitScript(watchLongTasks);
      await page.addInitScript(watchFirstRow, firstName);
    }
    if (modes.commits) await page.addInitScript(watchCommits);
    const cdp = modes.profile || modes.trace ? await context.newCDPSession(page) : undefined;
    const events = [];
    let traced;
    if (modes.trace) {
      cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
      traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,v8,blink.user_timing,disabled-by-default-devtools.timeline',
        transferMode: 'ReportEvents',
      });
    }
    if (modes.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'commit' });
    await page.waitForSelector('td', { timeout: 60_000 });
    const cellSeen = Date.now();
    const after = (wait) => page.waitForTimeout(Math.max(0, wait - (Date.now() - cellSeen)));
    const result = {};
    if (modes.trace) {
      await cdp.send('Tracing.end');
      await traced;
      result.trace = events;
    }
    if (modes.profile) {
      await after(200);
      result.profile = (await cdp.send('Profiler.stop')).profile;
    }
    if (modes.timeline) {
      await page.waitForFunction(() => window.__firstRow !== undefined, null, {
        timeout: 60_000,
        polling: 50,
      });
      await page.waitForTimeout(300);
      result.timeline = await page.evaluate(readTimeline);
    }
    if (modes.commits) {
      await after(1500);
      result.commits = await page.evaluate(() => ({
        commits: window.__commits,
        firstCell: window.__firstCell,
      }));
    }
    cookies = await context.cookies();
    await context.close();
    return result;
  }

  const chosen = Object.keys(modes).filter((mode) => modes[mode]);
  console.log(
    `${pagePath} of ${dist}, signed in as ${EMAIL}: ${loads} cold load(s) after a warm-up (${chosen.join(', ')})`,
  );
  await coldLoad(); // The warm-up (the server's first gzip, the API's first queries), not reported.
  const timelines = [];
  for (let load = 1; load <= loads; load += 1) {
    const result = await coldLoad();
    console.log(`\nLoad ${load} of ${loads}`);
    if (result.timeline) {
      timelines.push(result.timeline);
      printTimeline(result.timeline, load === loads);
    }
    if (result.commits) printCommits(result.commits);
    if (result.profile) {
      const extension = path.extname(profileFile);
      const file =
        loads === 1
          ? profileFile
          : `${profileFile.slice(0, -extension.length || undefined)}-${load}${extension}`;
      fs.writeFileSync(file, JSON.stringify(result.profile));
      console.log(`  CPU profile: ${file}`);
      printProfile(result.profile, frameName);
    }
    if (result.trace) printTrace(result.trace);
  }
  if (timelines.length > 1) {
    const measures = {
      'first row': (t) => t.firstRow,
      'first paint': (t) => t.firstPaint,
      'HTML done': (t) => t.html,
      'last script': (t) => t.lastScript,
      'long tasks': (t) => t.longTasks.reduce((sum, [, duration]) => sum + duration, 0),
    };
    const medians = Object.entries(measures).map(([name, of]) => `${name} ${ms(median(timelines.map(of)))}`);
    console.log(`\nMedians of ${timelines.length} loads: ${medians.join(', ')}`);
  }
} finally {
  await browser.close();
  await server?.close();
  await api.stop();
}
