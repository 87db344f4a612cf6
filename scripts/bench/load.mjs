// Runs autocannon in a worker thread, so that the load does not share the event loop of the API it measures.
// Every response time is kept, for exact p50 and p95.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, cookie, connections, seconds } = workerData;
const times = [];
const statuses = {};
const instance = autocannon({ url, connections, duration: seconds, headers: { cookie } });
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  times.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
instance.on('done', (result) => {
  times.sort((a, b) => a - b);
  const at = (fraction) =>
    times.length ? times[Math.min(times.length - 1, Math.floor(fraction * times.length))] : NaN;
  parentPort.postMessage({
    p50: at(0.5),
    p95: at(0.95),
    requests: times.length,
    rps: times.length / seconds,
    statuses,
    errors: result.errors + result.timeouts,
  });
});
