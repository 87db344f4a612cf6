// The check-in run of `npm run bench` (decision 014): `connections` loops, each on one keep-alive connection of
// its own and signed in as its own member accounts, POST /api/Entry/CheckIn with its location's QR code (`bodies`)
// as fast as the answers come. `once`: every account checks in once (a round: each check-in is its member's
// first entry of the day, as a real member's is; the run deletes a round's entries before the next);
// otherwise the accounts in turn for `seconds` (repeated check-ins of the same members the same day). Runs in
// a worker thread, like load.mjs, so that it does not share the API's event loop.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { origin, cookies, bodies, connections, seconds, once } = workerData;
const url = new URL('/api/Entry/CheckIn', origin);
const times = [];
const statuses = {};
const outcomes = {};
let failures = 0;

function post(agent, at) {
  const body = bodies[at];
  const cookie = cookies[at];
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

const begun = performance.now();
const deadline = begun + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async (_, index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const own = cookies.map((_cookie, at) => at).filter((at) => at % connections === index);
    if (once) for (const at of own) await post(agent, at);
    else
      for (let turn = 0; performance.now() < deadline; turn += 1) await post(agent, own[turn % own.length]);
    agent.destroy();
  }),
);
const elapsed = (performance.now() - begun) / 1000;
parentPort.postMessage({ requests: times.length, times, elapsed, statuses, outcomes, failures });
