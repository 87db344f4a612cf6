/**
 * The API's CPU time a request, on its own (no pgbench): builds the app as `npm run bench` does, on a database
 * the benchmark filled, and drives a few list URLs with autocannon (a worker thread), reporting the CPU µs a
 * request of the API's thread for each. Run it under `node --cpu-prof` to see where that time goes:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/xp_bench_full npx tsx scripts/bench/cpu.ts
 *   CPU_PATHS='/Gym?pageSize=25&page=1' CPU_PROFILE=/tmp/gym.cpuprofile npx tsx scripts/bench/cpu.ts
 *
 * (CPU_PROFILE: a V8 CPU profile of the API's thread while the last path was measured, for Chrome's DevTools.)
 *
 * It signs in by writing session rows of the benchmark admin (an hour long) and signing their tokens with
 * a secret of its own, so that it never changes the admin's password under a benchmark that runs meanwhile.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { ACCESS_COOKIE } from '../../apps/api/src/platform/auth/cookies.ts';
import { createTokenSigner } from '../../apps/api/src/platform/auth/tokens.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import { openPostgres } from '../../apps/api/src/platform/db/client.ts';

const env = process.env;
const databaseUrl = env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('needs DATABASE_URL=postgres://... of a database `npm run bench` filled');
  process.exit(2);
}
const seconds = Number(env.CPU_SECONDS ?? '3');
const rounds = Number(env.CPU_ROUNDS ?? '1');
const connections = Number(env.BENCH_CONNECTIONS ?? '10');
const paths = (
  env.CPU_PATHS ??
  '/Gym?pageSize=25&page=1,/Location?pageSize=25&page=1,/GymRightsGroup?pageSize=25&page=1,' +
    '/Admin/Invitation?pageSize=25&page=1,/user?pageSize=25&page=1'
).split(',');

/** User and system CPU seconds of the calling thread (Linux: /proc/thread-self). */
function threadCpu() {
  const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const { filled } = (await client.query('select filled from bench_marker')).rows[0] as {
  filled: { adminEmail: string; firstGymId: number; firstLocationId: number };
};
const admin = (await client.query('select id from users where lower(email) = lower($1)', [filled.adminEmail]))
  .rows[0] as { id: number };
const secret = randomBytes(32).toString('base64url');
const signer = createTokenSigner(secret, 60 * 60);
/** Environments: Admin 0, Gym 1, Location 3. */
async function session(environment: number, gymId: number | null, locationId: number | null) {
  const id = randomUUID();
  await client.query(
    `insert into sessions (id, user_id, active_environment, active_gym_id, active_location_id, expires_at)
     values ($1, $2, $3, $4, $5, now() + interval '1 hour')`,
    [id, admin.id, environment, gymId, locationId],
  );
  return `${ACCESS_COOKIE}=${await signer.sign(id, admin.id)}`;
}
const cookies = {
  admin: await session(0, filled.firstGymId, null),
  gym: await session(1, filled.firstGymId, null),
  location: await session(3, filled.firstGymId, filled.firstLocationId),
};
const cookieOf = (url: string) =>
  /^\/(GymEmployee|GymEmployeeInvitation|GymRightsGroup)\b/i.test(url)
    ? cookies.gym
    : /^\/(LocationArea|Location\/\d)/i.test(url)
      ? cookies.location
      : cookies.admin;

const database = await openPostgres(databaseUrl, connections);
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-cpu-files-'));
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: env.LOG_LEVEL ?? 'warn', SESSION_SECRET: secret },
  { webDist: '/nonexistent', filesDir, accessTokenSeconds: 60 * 60 },
);
const app = await buildApp({ config, db: database.db });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

/** CPU_RATE: requests a second in all (autocannon's overallRate), so that two versions compare at one load. */
const rate = env.CPU_RATE ? Number(env.CPU_RATE) : undefined;
const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require('autocannon');
const { url, cookie, connections, seconds, rate } = workerData;
const times = [];
const statuses = {};
const instance = autocannon({ url, connections, duration: seconds, headers: { cookie }, ...(rate ? { overallRate: rate } : {}) });
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  times.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
instance.on('done', () => {
  times.sort((a, b) => a - b);
  parentPort.postMessage({ requests: times.length, statuses, p50: times[Math.floor(times.length / 2)] ?? NaN });
});
`;

function load(url: string, cookie: string, duration: number) {
  return new Promise<{ requests: number; statuses: Record<string, number>; p50: number }>(
    (resolve, reject) => {
      const worker = new Worker(LOAD, {
        eval: true,
        workerData: { url, cookie, connections, seconds: duration, rate },
      });
      worker.once('message', (result) => {
        resolve(result);
        void worker.terminate();
      });
      worker.once('error', reject);
    },
  );
}

const profileFile = env.CPU_PROFILE;
const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.setSamplingInterval', { interval: 200 });

for (let round = 0; round < rounds; round++) {
  for (const item of paths) {
    const url = `${origin}/api${item}`;
    const cookie = cookieOf(item);
    const first = await fetch(url, { headers: { cookie } });
    if (first.status !== 200) console.warn(`${item}: ${first.status} ${await first.text()}`);
    await load(url, cookie, 1);
    if (profileFile) await inspector.post('Profiler.start');
    const before = threadCpu();
    const measured = await load(url, cookie, seconds);
    const after = threadCpu();
    const perRequest = (cpuSeconds: number) => ((cpuSeconds / measured.requests) * 1e6).toFixed(0);
    if (profileFile) {
      const { profile } = await inspector.post('Profiler.stop');
      fs.writeFileSync(profileFile, JSON.stringify(profile));
    }
    console.log(
      `${item}: ${JSON.stringify(measured.statuses)} ${(measured.requests / seconds).toFixed(0)} req/s, ` +
        `p50 ${measured.p50.toFixed(1)} ms, API thread ${perRequest(after.user + after.system - before.user - before.system)} ` +
        `µs a request (user ${perRequest(after.user - before.user)}, system ${perRequest(after.system - before.system)})`,
    );
  }
}

// Requests autocannon left in flight finish before the pool ends.
await new Promise((resolve) => setTimeout(resolve, 500));
await app.close();
await database.close();
await client.query('delete from sessions where user_id = $1 and expires_at > now() + $2::interval', [
  admin.id,
  '50 minutes',
]);
await client.end();
fs.rmSync(filesDir, { recursive: true, force: true });
