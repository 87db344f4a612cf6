// The check-in run of `npm run bench` (issue 12): `connections` loops, each on one keep-alive connection of
// its own and signed in as its own member accounts (taken in turn, so that no member checks in more than a
// real one would), POST /api/Entry/CheckIn with the location's QR code as fast as the answers come, for
// `seconds`. Runs in a worker thread, like load.mjs, so that it does not share the API's event loop.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { origin, qrCode, cookies, connections, seconds } = workerData;
const url = new URL('/api/Entry/CheckIn', origin);
const body = JSON.stringify({ qrCode });
const times = [];
const statuses = {};
const outcomes = {};
let failures = 0;

function post(agent, cookie) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie,
          origin,
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          times.push(performance.now() - started);
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          if (response.statusCode === 200) {
            // The API's envelope: { ok, data: { admitted, reason, ... }, errors }.
            const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            const outcome = data?.admitted ? 'admitted' : (data?.reason ?? 'unknown');
            outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
          }
          resolve();
        });
      },
    );
    request.on('error', () => {
      failures += 1;
      resolve();
    });
    request.end(body);
  });
}

const deadline = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async (_, index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const own = cookies.filter((_cookie, at) => at % connections === index);
    for (let turn = 0; performance.now() < deadline; turn += 1) await post(agent, own[turn % own.length]);
    agent.destroy();
  }),
);
times.sort((a, b) => a - b);
const at = (fraction) =>
  times.length ? times[Math.min(times.length - 1, Math.floor(fraction * times.length))] : Number.NaN;
parentPort.postMessage({ requests: times.length, p50: at(0.5), p95: at(0.95), statuses, outcomes, failures });
