// Runs autocannon in a worker thread, so that the load does not share the event loop of the API it measures.
// Every response time is kept, for exact p50 and p95. It also reports the CPU time its own thread used
// (Linux: /proc/thread-self), to show what the load generator costs beside the API it measures.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/** CPU seconds (user + system) of the calling thread; NaN where /proc/thread-self is not there. */
function threadCpuSeconds() {
  try {
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const { url, cookie, connections, seconds } = workerData;
const times = [];
const cpuBefore = threadCpuSeconds();
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
    clientCpuSeconds: threadCpuSeconds() - cpuBefore,
  });
});
