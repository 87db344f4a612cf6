/**
 * The static server of the perf scripts: one built app (a `dist` folder) on its own port, `/api` and `/cdn`
 * passed to the API. Every app a script compares is served by this same server, so the race compares the
 * apps, not two servers. Like the API's own static serving (`@fastify/static` with `preCompressed`), a
 * `.br` or `.gz` file beside an asset is sent as it is; a file without one is gzipped once and kept, as a
 * react-admin app behind any usual server would be. Unknown paths get the app's `index.html` (history
 * fallback), and `/account/login` and the public pages their own entry when the build has one. As the API
 * does (apps/api/src/platform/http/app-html.ts, decision 010), the app's page of an address announces its
 * screen's files (`<link rel="modulepreload" fetchpriority="low">`) from the build's route preload map.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

const { appHtml } = await tsImport('../../apps/api/src/platform/http/app-html.ts', import.meta.url);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The pages with a small entry of their own (decision 010), as the API serves them: the login page, and the
 * public pages (sign-up, pay and cancel links). A build without the entry gets the app there.
 */
const ENTRIES = [
  { pathname: /^\/account\/login(\/|$)/i, html: 'login.html' },
  { pathname: /^\/(inschrijven(\/|$)|betalen\/|afmelden\/)/i, html: 'public.html' },
];

/** Serves `dist` on `port` (0: any free port); answers `{ url, close }`. */
export async function serveApp({ dist, apiUrl, port = 0 }) {
  const gzipped = new Map();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/cdn/')) return proxy(request, response);
    let file = path.join(dist, decodeURIComponent(url.pathname));
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      const entry = ENTRIES.find(
        ({ pathname, html }) => pathname.test(url.pathname) && fs.existsSync(path.join(dist, html)),
      );
      file = path.join(dist, entry?.html ?? 'index.html');
    }
    const page = file === path.join(dist, 'index.html') ? appPage(url.pathname) : undefined;
    const hashed = file.includes(`${path.sep}assets${path.sep}`);
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    const accepts = String(request.headers['accept-encoding'] ?? '');
    let body;
    if (page !== undefined) {
      body = accepts.includes('gzip') ? zlib.gzipSync(page) : Buffer.from(page);
      if (accepts.includes('gzip')) headers['content-encoding'] = 'gzip';
    } else if (accepts.includes('br') && fs.existsSync(`${file}.br`)) {
      body = fs.readFileSync(`${file}.br`);
      headers['content-encoding'] = 'br';
    } else if (accepts.includes('gzip')) {
      if (fs.existsSync(`${file}.gz`)) body = fs.readFileSync(`${file}.gz`);
      else {
        if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
        body = gzipped.get(file);
      }
      headers['content-encoding'] = 'gzip';
    } else body = fs.readFileSync(file);
    headers['content-length'] = body.length;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });

  // The app's page with its screen's files: the API's own page builder (app-html.ts), run through tsx.
  const pageOf = appHtml(dist);
  const appPage = (pathname) => pageOf?.(pathname);

  const api = new URL(apiUrl);
  function proxy(request, response) {
    const upstream = http.request(
      {
        host: api.hostname,
        port: api.port,
        method: request.method,
        path: request.url,
        // As if the app were served by the API itself (its origin check of POST, PUT and DELETE).
        headers: {
          ...request.headers,
          host: api.host,
          ...(request.headers.origin ? { origin: api.origin } : {}),
          ...(request.headers.referer ? { referer: `${api.origin}/` } : {}),
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  }

  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address();
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
