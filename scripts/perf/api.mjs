/**
 * The API for the perf scripts: the one given (`--api <url>`), or the repo's own started on a free port with
 * a fresh embedded database and its demo data (as the journeys start it), stopped with `stop()`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

export async function startApi(given) {
  if (given) return { url: given.replace(/\/$/, ''), stop: async () => {} };
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-perf-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['run', 'start', '-w', 'apps/api'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('the API did not start within 3 minutes');
}

/** The session cookies of a demo account (`POST /api/account/cookielogin`), as Playwright cookies. */
export async function signIn(apiUrl, email, password = 'demo-2026-welkom') {
  const response = await fetch(`${apiUrl}/api/account/cookielogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login of ${email}: HTTP ${response.status}`);
  return response.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const cookiePath = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      domain: '127.0.0.1',
      path: cookiePath,
      httpOnly: true,
      sameSite: 'Lax',
    };
  });
}

/** The Chromium of the journeys (`CHROMIUM_PATH`, else Debian's). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Runs in the page before its scripts (`page.addInitScript(watchFirstRow, name)`): notes in
 * `window.__firstRow` when a table cell first shows `name`.
 */
export function watchFirstRow(name) {
  const found = () => [...document.querySelectorAll('td')].some((cell) => cell.textContent?.includes(name));
  const observer = new MutationObserver(() => {
    if (window.__firstRow === undefined && found()) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}
