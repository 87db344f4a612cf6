/**
 * `npm run bench`: fills a PostgreSQL database (DATABASE_URL) with the scale data of decision 009, starts the
 * API on it, and measures every list endpoint of the contracts (page 1, page 500, a search, each sort, each
 * tab) with autocannon, and the SQL the API ran for the same request with pgbench. See docs/performance.md.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import * as contracts from '@xp/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type AppServices, buildApp } from '../../apps/api/src/app.ts';
import { runBilling } from '../../apps/api/src/modules/billing/billing-run.ts';
import { ACCESS_COOKIE } from '../../apps/api/src/platform/auth/cookies.ts';
import { hashPassword } from '../../apps/api/src/platform/auth/password.ts';
import { createTokenSigner } from '../../apps/api/src/platform/auth/tokens.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import type { Database } from '../../apps/api/src/platform/db/client.ts';
import { openPostgres, SESSION_OPTIONS } from '../../apps/api/src/platform/db/client.ts';
import * as schema from '../../apps/api/src/platform/db/schema.ts';
import { FILL_VERSION, type Filled, fill, sizesFor } from './fill.ts';
import { memberSizesFor } from './fill-members.ts';

const run = promisify(execFile);
const env = process.env;
const databaseUrl = env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error(
    'npm run bench needs DATABASE_URL=postgres://... (a database it may fill; see docs/performance.md)',
  );
  process.exit(2);
}
const scale = Number(env.BENCH_SCALE ?? '1');
const seconds = Number(env.BENCH_SECONDS ?? '3');
const pgbenchSeconds = Number(env.BENCH_PGBENCH_SECONDS ?? '5');
const connections = Number(env.BENCH_CONNECTIONS ?? '10');
const warmupSeconds = Number(env.BENCH_WARMUP_SECONDS ?? '1');
/** Only endpoints whose path contains one of these (comma-separated). */
const only = env.BENCH_ONLY?.toLowerCase()
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const checkInSeconds = Number(env.BENCH_CHECKIN_SECONDS ?? '10');
const onlyCases = env.BENCH_CASES?.toLowerCase();
const allowExistingData = env.BENCH_ALLOW_EXISTING_DATA === '1';
if (!(scale > 0 && scale <= 10) || !(seconds > 0) || !(pgbenchSeconds > 0) || !(connections > 0)) {
  console.error(
    'BENCH_SCALE must be in (0, 10], BENCH_SECONDS, BENCH_PGBENCH_SECONDS and BENCH_CONNECTIONS > 0',
  );
  process.exit(2);
}
const log = (line: string) => console.log(line);

// ------------------------------------------------------------------------------------------------ database
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const hasTable = async (name: string) =>
  (await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [name])).rows[0]!
    .found;
const marker = (await hasTable('public.bench_marker'))
  ? (await client.query<{ scale: number; filled: Filled }>('select scale, filled from bench_marker')).rows[0]
  : undefined;
if (!marker && (await hasTable('public.users'))) {
  const { rows } = await client.query<{ any: boolean }>('select exists (select 1 from users) as any');
  if (rows[0]!.any && !allowExistingData) {
    console.error(
      'This database holds data that the benchmark did not make. Use an empty database, or set ' +
        'BENCH_ALLOW_EXISTING_DATA=1 to add the benchmark data beside it.',
    );
    process.exit(2);
  }
}
if (marker && marker.scale !== scale) {
  console.error(
    `This database holds benchmark data of BENCH_SCALE=${marker.scale}; use a fresh database for ${scale}.`,
  );
  process.exit(2);
}
if (marker && (marker.filled.version ?? 1) !== FILL_VERSION) {
  console.error(
    `This database holds benchmark data of an older fill (version ${marker.filled.version ?? 1}, now ${FILL_VERSION}); use a fresh database.`,
  );
  process.exit(2);
}

log(`Migrating ${new URL(databaseUrl).pathname.slice(1)} ...`);
const appliedMigrations = async () =>
  (await hasTable('drizzle.__drizzle_migrations'))
    ? Number(
        (await client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations')).rows[0]!
          .n,
      )
    : 0;
const migrationsBefore = await appliedMigrations();
const migrator = await openPostgres(databaseUrl);
await migrator.migrate();
await migrator.close();
// A migration of filled tables (new indexes, rewritten rows) leaves the planner's statistics and the
// visibility map behind, and autovacuum may be off or late: without them index-only walks read the heap.
if (marker && (await appliedMigrations()) > migrationsBefore) {
  const started = Date.now();
  await client.query('vacuum analyze');
  log(`New migrations on filled data: vacuum analyze, ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

const password = randomBytes(18).toString('base64url');
const passwordHash = await hashPassword(password);
let filled: Filled;
if (marker) {
  log(`Benchmark data of BENCH_SCALE=${scale} already there; not filled again.`);
  filled = marker.filled;
  await client.query('update users set password_hash = $1 where lower(email) = lower($2)', [
    passwordHash,
    filled.adminEmail,
  ]);
} else {
  const sizes = sizesFor(scale);
  const memberSizes = memberSizesFor(scale);
  log(`Filling (BENCH_SCALE=${scale}): ${JSON.stringify({ ...sizes, ...memberSizes })}`);
  const started = Date.now();
  filled = await fill(client, sizes, { email: 'bench-admin@bench.example', passwordHash }, log, memberSizes);
  await client.query(
    'create table bench_marker (scale float8 not null, filled jsonb not null, at timestamptz default now())',
  );
  await client.query('insert into bench_marker (scale, filled) values ($1, $2)', [scale, filled]);
  log(`Filled in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

// ------------------------------------------------------------------------------------------------ the API
/** The SQL of one request: the API's drizzle logs every statement it runs while `capturing` is set. */
let captured: { sql: string; params: unknown[] }[] | undefined;
// The API's own pool connects with SESSION_OPTIONS (no JIT, no parallel workers: `openPostgres`); this pool
// and pgbench (PGOPTIONS below) connect the same way.
const pool = new pg.Pool({ connectionString: databaseUrl, max: connections, options: SESSION_OPTIONS });
const db = drizzle(pool, {
  schema,
  casing: 'snake_case',
  logger: { logQuery: (sql, params) => captured?.push({ sql, params }) },
}) as unknown as Database;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-bench-files-'));
// A secret of the run's own, so that the check-in run can sign its member accounts' sessions (below).
const sessionSecret = randomBytes(32).toString('base64url');
// As production serves (its headers, cookies and routes); the SPA is not built for it.
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_SECRET: sessionSecret },
  // A run outlives the 15-minute access token; the session is read on every request all the same.
  { webDist: '/nonexistent', filesDir, accessTokenSeconds: 24 * 60 * 60 },
);
let services: AppServices | undefined;
const app = await buildApp({
  config,
  db,
  onServices: (made) => {
    services = made;
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

function cookiesOf(response: Response, previous = '') {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=') as [string, string];
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function signIn(switches: { path: string; body: object }[] = []) {
  const login = await fetch(`${origin}/api/account/cookielogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: filled.adminEmail, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  let cookie = cookiesOf(login);
  for (const { path: switchPath, body } of switches) {
    const answer = await fetch(`${origin}/api${switchPath}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify(body),
    });
    if (answer.status !== 200)
      throw new Error(`${switchPath} failed: ${answer.status} ${await answer.text()}`);
    cookie = cookiesOf(answer, cookie);
  }
  return cookie;
}

const sessions = {
  admin: await signIn(),
  employer: await signIn([
    { path: '/Account/SwitchActiveEmployer', body: { employerId: filled.firstEmployerId } },
  ]),
  gym: await signIn([{ path: '/Account/SwitchActiveGym', body: { gymId: filled.firstGymId } }]),
  association: await signIn([
    { path: '/Account/SwitchActiveAssociation', body: { associationId: filled.firstAssociationId } },
  ]),
  location: await signIn([
    { path: '/Account/SwitchActiveGym', body: { gymId: filled.firstGymId } },
    { path: '/Account/SwitchActiveLocation', body: { locationId: filled.firstLocationId } },
  ]),
};
type Context = keyof typeof sessions;

// ------------------------------------------------------------------------------------------------ the cases
/** Which session lists what (the rest: the admin without an active environment), and what to search. */
const contextOf: Record<string, Context> = {
  '/EmployerEmployee': 'employer',
  '/Employer/{activeEmployerId}/EmployeeInvitations': 'employer',
  '/challenge': 'employer',
  '/challenge/popular': 'employer',
  '/GymEmployee': 'gym',
  '/GymEmployeeInvitation': 'gym',
  '/GymRightsGroup': 'gym',
  '/association/active/locations': 'association',
  '/LocationArea': 'location',
  '/Location/{id}/Employees': 'location',
  '/Location/KnownUsers': 'location',
  '/Location/{id}/Rights': 'location',
  '/Subscription': 'gym',
  '/AgeGroup': 'gym',
  '/TimeSlotGroup': 'gym',
  '/Member': 'gym',
  '/Member/OpenRegistration': 'gym',
  '/Subscription/{id}/Members': 'gym',
  '/Entry': 'location',
  '/EntryAttempt': 'location',
  '/Location/{id}/InsideMembers': 'location',
};
const searchOf: Record<string, string> = {
  '/Gym': 'sportschool 12',
  '/Employer': 'werkgever 1',
  '/association': 'vereniging',
  '/challenge': 'uitdaging 1',
  '/challenge/popular': 'uitdaging 1',
  '/challengeTemplate': 'uitdaging 1',
  '/PictureBankItem/all': 'foto-1',
  '/Location': 'amster',
  '/LocationArea': 'zaal 1',
  '/Subscription': 'flex',
  '/AgeGroup': 'volw',
  '/TimeSlotGroup': 'dal',
};
/** Yesterday in the Netherlands: the day of entries listed at a location. */
const entryDay = (
  await client.query<{ day: string }>(
    `select ((now() at time zone 'Europe/Amsterdam')::date - 1)::text as day`,
  )
).rows[0]!.day;
/** Query parameters a list always gets: the entries of a location are those of one day (the screen's default). */
const extraQueryOf: Record<string, string> = { '/Entry': `&from=${entryDay}&to=${entryDay}` };
/** Needs data the benchmark does not make, or is no back-office list. */
const skipped = new Set([
  '/dev/mailbox',
  '/Location/Public',
  '/GymRightsGroup/{id}/Employees',
  '/GymRightsGroup/{id}/Candidates',
]);
const pathParams = (endpointPath: string) =>
  endpointPath
    .replace('{activeEmployerId}', String(filled.firstEmployerId))
    // The switcher's list of gyms (the admin may switch to every gym).
    .replace('{kind}', 'gym')
    .replace('/association/locations/{id}', `/association/locations/${filled.firstAssociationId}`)
    .replace('/Subscription/{id}/', `/Subscription/${filled.members?.firstSubscriptionId}/`)
    .replace('{id}', String(filled.firstLocationId));

interface Case {
  endpoint: string;
  name: string;
  url: string;
  context: Context;
}
type Shape = Record<string, { unwrap?: () => { options?: string[] }; options?: string[] }>;
const tabValues = (key: string, field: Shape[string]): string[] => {
  const options = field.unwrap?.().options ?? field.options;
  if (key === 'isActive') return ['true', 'false'];
  if (key === 'role') return ['Employee', 'Employer'];
  if (options && key !== 'locationId') return options.slice(0, 3);
  if (key === 'theme' || key === 'category') return ['0'];
  if (key === 'status') return ['2'];
  return [];
};

const deepestPage = Math.floor(contracts.MAX_LIST_OFFSET / 25) + 1;
const cases: Case[] = [];
const seenPaths = new Set<string>();
for (const group of Object.values(contracts)) {
  if (!group || typeof group !== 'object') continue;
  for (const value of Object.values(group as Record<string, unknown>)) {
    const endpoint = value as contracts.EndpointDefinition & {
      response: { shape?: Record<string, unknown> };
    };
    if (
      !endpoint ||
      typeof endpoint !== 'object' ||
      endpoint.method !== 'GET' ||
      typeof endpoint.path !== 'string'
    )
      continue;
    if (!endpoint.response?.shape?.items || !endpoint.response.shape.total || skipped.has(endpoint.path))
      continue;
    if (seenPaths.has(endpoint.path)) continue;
    seenPaths.add(endpoint.path);
    if (only && !only.some((part) => endpoint.path.toLowerCase().includes(part))) continue;
    const shape = (endpoint.query?.shape ?? {}) as Shape;
    // A list of one location names it in the query (`/Location/KnownUsers?locationId=`).
    // (The member list's `locationId` is a filter of the gym's list instead: measured as a case of its own.)
    const ofLocation =
      shape.locationId && endpoint.path !== '/Member' ? `&locationId=${filled.firstLocationId}` : '';
    const base = `${origin}/api${pathParams(endpoint.path)}?pageSize=25${ofLocation}${extraQueryOf[endpoint.path] ?? ''}`;
    const context = contextOf[endpoint.path] ?? 'admin';
    const add = (name: string, query: string) => {
      if (!onlyCases || name.toLowerCase().includes(onlyCases))
        cases.push({ endpoint: endpoint.path, name, url: `${base}&${query}`, context });
    };
    add('page 1', 'page=1');
    add('page 500', 'page=500');
    // The deepest page a list serves (decision 009 bounds the offset); page 500 lies beyond it at 25 a page.
    add(`page ${deepestPage}`, `page=${deepestPage}`);
    add('search', `page=1&search=${encodeURIComponent(searchOf[endpoint.path] ?? 'jansen')}`);
    for (const sort of shape.sort?.unwrap?.().options ?? [])
      add(`sort ${sort}`, `page=1&sort=${sort}&direction=asc`);
    for (const [key, field] of Object.entries(shape)) {
      if (['page', 'pageSize', 'search', 'sort', 'direction'].includes(key)) continue;
      // The member list's status tabs: 1 non-active, 2 sleeping, 3 active (spec 001 §4).
      const tabs = endpoint.path === '/Member' && key === 'status' ? ['1', '2', '3'] : tabValues(key, field);
      for (const tab of tabs) add(`${key}=${tab}`, `page=1&${key}=${tab}`);
    }
    // The member list of a location (its environment), and a member's own entries (the gym's).
    const extra = (name: string, url: string, context: Context) => {
      if (!onlyCases || name.toLowerCase().includes(onlyCases))
        cases.push({ endpoint: endpoint.path, name, url, context });
    };
    if (endpoint.path === '/Member') {
      extra('location env page 1', `${base}&page=1`, 'location');
      extra('location env search', `${base}&page=1&search=jansen`, 'location');
      extra('locationId filter', `${base}&page=1&locationId=${filled.firstLocationId}`, 'gym');
    }
    if (endpoint.path === '/Entry' && filled.members) {
      extra(
        "a member's own entries",
        `${origin}/api/Entry?pageSize=25&page=1&memberId=${filled.members.sampleMemberId}`,
        'gym',
      );
    }
  }
}

// ------------------------------------------------------------------------------------------------ measuring
const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

/** A statement with its parameters written in, for pgbench. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text =
    value instanceof Date
      ? value.toISOString()
      : Array.isArray(value)
        ? `{${value.map((item) => `"${String(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}
const inline = ({ sql, params }: { sql: string; params: unknown[] }) =>
  sql.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1]));

/** The check-in run as a line of the report: the target's figure (first entries of the day), then repeated. */
function checkInLine(run: CheckInRun) {
  const { first, repeated } = run;
  const answers = (m: CheckInMeasure) =>
    `answers ${JSON.stringify(m.statuses)}, outcomes ${JSON.stringify(m.outcomes)}` +
    (m.failures ? `, ${m.failures} failed` : '');
  return (
    `Check-in (POST /Entry/CheckIn) at ${connections} connections, ${run.accounts} member accounts at ` +
    `${run.locations} locations. Each a member's first entry of the day (every account once): ${first.admitted} admitted in ` +
    `${first.seconds.toFixed(1)} s, ${first.perSecond.toFixed(0)} a second, target ≥ 1,500 ` +
    `${first.perSecond >= 1500 ? 'met' : 'missed'}; p50 ${ms(first.p50)} ms, p95 ${ms(first.p95)} ms; the API's ` +
    `thread ${first.apiCpu.toFixed(0)} µs CPU a check-in; ${answers(first)}. Repeated the same day (${run.repeating} accounts in turn): ` +
    `${repeated.admitted} admitted in ${repeated.seconds.toFixed(1)} s, ${repeated.perSecond.toFixed(0)} a second; ` +
    `p50 ${ms(repeated.p50)} ms, p95 ${ms(repeated.p95)} ms; ${repeated.apiCpu.toFixed(0)} µs; ${answers(repeated)}.`
  );
}

/**
 * CPU seconds (user + system) the calling thread used so far, from /proc/thread-self (Linux; NaN
 * elsewhere): the API's thread here, autocannon's in load.mjs. With pgbench's client time (below) it shows
 * what each side's load generator costs on the cores that the API and PostgreSQL use too.
 */
function threadCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function load(url: string, cookie: string, duration = seconds) {
  return new Promise<{
    p50: number;
    p95: number;
    rps: number;
    requests: number;
    statuses: Record<string, number>;
    errors: number;
    clientCpuSeconds: number;
  }>((resolve, reject) => {
    const worker = new Worker(new URL('./load.mjs', import.meta.url), {
      workerData: { url, cookie, connections, seconds: duration },
    });
    worker.once('message', (result) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

// BENCH_SQL_DIR: keep each case's statements there (case-<n>.sql, named in index.txt), e.g. for EXPLAIN.
const keptSqlDir = env.BENCH_SQL_DIR;
if (keptSqlDir) fs.mkdirSync(keptSqlDir, { recursive: true });
const scriptDir = keptSqlDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'xp-bench-sql-'));
async function pgbench(statements: string[], index: number) {
  const file = path.join(scriptDir, `case-${index}.sql`);
  if (keptSqlDir) {
    const { endpoint, name } = cases[index]!;
    fs.appendFileSync(path.join(scriptDir, 'index.txt'), `case-${index}.sql\t${endpoint}\t${name}\n`);
  }
  // One line per statement: pgbench reads a script line by line, a statement ending at its semicolon.
  fs.writeFileSync(
    file,
    `${statements.map((statement) => `${statement.replace(/\s*\n\s*/g, ' ')};`).join('\n')}\n`,
  );
  const args = [
    '-n',
    '-c',
    String(connections),
    '-j',
    '2',
    '-T',
    String(pgbenchSeconds),
    '-f',
    file,
    databaseUrl!,
  ];
  // GNU time, where there is one, for the CPU time of pgbench's client (its threads).
  const options = { maxBuffer: 1 << 20, env: { ...process.env, PGOPTIONS: SESSION_OPTIONS } };
  const { stdout, stderr } = hasGnuTime
    ? await run('/usr/bin/time', ['-f', 'pgbench-cpu %U %S', 'pgbench', ...args], options)
    : await run('pgbench', args, options);
  const tps = /tps = ([\d.]+)/.exec(stdout);
  const transactions = /actually processed: (\d+)/.exec(stdout);
  const cpu = /pgbench-cpu ([\d.]+) ([\d.]+)/.exec(stderr);
  return {
    tps: tps ? Number(tps[1]) : Number.NaN,
    transactions: transactions ? Number(transactions[1]) : Number.NaN,
    clientCpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN,
  };
}
const hasGnuTime = fs.existsSync('/usr/bin/time');

interface Row {
  endpoint: string;
  name: string;
  status: string;
  p50: number;
  p95: number;
  rps: number;
  tps: number;
  statements: number;
  /** CPU microseconds a request (a transaction): the API's thread, autocannon's, pgbench's client. */
  isTooDeep: boolean;
  apiCpu: number;
  autocannonCpu: number;
  pgbenchCpu: number;
}
const rows: Row[] = [];
log(
  `\nMeasuring ${cases.length} cases: autocannon ${connections} connections ${seconds} s, pgbench ${pgbenchSeconds} s each.`,
);
for (const [index, item] of cases.entries()) {
  const cookie = sessions[item.context];
  captured = [];
  const first = await fetch(item.url, { headers: { cookie } });
  // A page deeper than the list serves is refused by design (decision 009).
  const isTooDeep = first.status === 400 && (await first.text()).includes('validation.pageTooDeep');
  const statements = captured.map(inline);
  captured = undefined;
  // Warmed up first (JIT, the database's caches), then measured.
  if (warmupSeconds > 0) await load(item.url, cookie, warmupSeconds);
  const apiCpuBefore = threadCpuSeconds();
  const measured = await load(item.url, cookie);
  const apiCpuSeconds = threadCpuSeconds() - apiCpuBefore;
  const bare =
    statements.length > 0
      ? await pgbench(statements, index)
      : { tps: Number.NaN, transactions: Number.NaN, clientCpuSeconds: Number.NaN };
  const tps = bare.tps;
  const statuses = Object.keys(measured.statuses).join('/') || (measured.errors ? 'errors' : '-');
  const perRequest = (cpuSeconds: number, count: number) => (cpuSeconds / count) * 1e6;
  const row: Row = {
    ...item,
    status: statuses,
    ...measured,
    tps,
    statements: statements.length,
    isTooDeep,
    apiCpu: perRequest(apiCpuSeconds, measured.requests),
    autocannonCpu: perRequest(measured.clientCpuSeconds, measured.requests),
    pgbenchCpu: perRequest(bare.clientCpuSeconds, bare.transactions),
  };
  rows.push(row);
  log(
    `${item.endpoint} ${item.name}: ${statuses} p50 ${ms(row.p50)} ms p95 ${ms(row.p95)} ms ${row.rps.toFixed(0)} req/s, ` +
      `pgbench ${tps.toFixed(0)} tps (${statements.length} statements); CPU µs a request: API thread ` +
      `${row.apiCpu.toFixed(0)}, autocannon ${row.autocannonCpu.toFixed(0)}, pgbench client ${row.pgbenchCpu.toFixed(0)}`,
  );
}

// ------------------------------------------------------------------------------------------------ check-in
/**
 * Admitted check-ins a second (decision 014). BENCH_CONNECTIONS loops (a connection each) post the QR codes of
 * their accounts' locations as the member accounts of the fill (members of the first gym holding Flex, over
 * its locations: a monthly limit and time slots, so every check-in reads the membership, its pauses, the
 * time slots and the month's entries), each loop taking its own accounts. Their sessions are written here
 * and signed with the run's secret (a sign-in each would hash a password a thousand times). Admitted: the
 * entries the run added, counted in the table.
 *
 * Measured two ways. First entries of the day (the target's figure): every account checks in once (20,000
 * at full scale: 13 s at 1,500 a second; when a pass is shorter than BENCH_CHECKIN_SECONDS, its entries are
 * deleted, their members' latest entries and status days going back, and the accounts pass again); so every
 * check-in moves its member's status instants to other days, as a real member's one visit a day does.
 * Repeated: the first thousand accounts in turn for BENCH_CHECKIN_SECONDS, the same members again and again
 * the same day (only their first entry moves their days).
 */
interface CheckInMeasure {
  seconds: number;
  requests: number;
  admitted: number;
  perSecond: number;
  p50: number;
  p95: number;
  statuses: Record<string, number>;
  outcomes: Record<string, number>;
  failures: number;
  /** CPU µs of the API's thread a check-in. */
  apiCpu: number;
}
interface CheckInRun {
  accounts: number;
  /** The locations the accounts check in at. */
  locations: number;
  /** The accounts the repeated check-ins cycle through. */
  repeating: number;
  first: CheckInMeasure;
  repeated: CheckInMeasure;
}
let checkInRun: CheckInRun | undefined;
const runsCheckIn =
  filled.members !== undefined &&
  checkInSeconds > 0 &&
  (!only || only.some((part) => '/entry/checkin'.includes(part) || part === 'checkin')) &&
  !onlyCases;
if (runsCheckIn && filled.members) {
  const { checkInUsers } = filled.members;
  const signer = createTokenSigner(sessionSecret, config.accessTokenSeconds);
  const ids = Array.from({ length: checkInUsers.count }, (_, at) => checkInUsers.firstUserId + at);
  const sessionIds = ids.map(() => randomUUID());
  await client.query(
    `insert into sessions (id, user_id, active_environment, expires_at)
     select unnest($1::uuid[]), unnest($2::int[]), 2, now() + interval '1 day'`,
    [sessionIds, ids],
  );
  const cookies = await Promise.all(
    ids.map(async (id, at) => `${ACCESS_COOKIE}=${await signer.sign(sessionIds[at]!, id)}`),
  );
  // Each account checks in at the location of its Flex membership (the one the fill chose: the lowest id).
  const locationOf = new Map(
    (
      await client.query<{ userId: number; qrCode: string }>(
        `select distinct on (m.user_id) m.user_id as "userId", l.qr_code as "qrCode"
         from members m
         join memberships ms on ms.member_id = m.id and ms.subscription_id = $3 and ms.end_date is null
         join locations l on l.id = ms.location_id
         where m.user_id between $1 and $2 order by m.user_id, ms.location_id`,
        [ids[0], ids.at(-1), checkInUsers.subscriptionId],
      )
    ).rows.map((row) => [row.userId, row.qrCode]),
  );
  const bodies = ids.map((id) => JSON.stringify({ qrCode: locationOf.get(id) }));
  const locations = new Set(locationOf.values()).size;
  // Repeated check-ins (and the warm-up) cycle through the first thousand.
  const repeating = Math.min(1_000, ids.length);
  const lastEntry = async () =>
    Number(
      (await client.query<{ id: string }>('select coalesce(max(id), 0) as id from entries')).rows[0]!.id,
    );
  // The check-ins leave the data as filled: their entries (the first gym's members inside now, their
  // last visits) would change what the next run's lists of entries and who is inside read.
  const deleteEntriesAfter = (id: number) => client.query('delete from entries where id > $1', [id]);
  const filledUpTo = await lastEntry();
  // One check-in's statements, kept for EXPLAIN with the lists' (BENCH_SQL_DIR).
  captured = [];
  const probe = await fetch(`${origin}/api/Entry/CheckIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies[0]!, origin },
    body: bodies[0],
  });
  if (probe.status !== 200) throw new Error(`check-in failed: ${probe.status} ${await probe.text()}`);
  if (keptSqlDir)
    fs.writeFileSync(path.join(keptSqlDir, 'checkin.sql'), `${captured.map(inline).join(';\n')};\n`);
  captured = undefined;
  await deleteEntriesAfter(filledUpTo);
  interface WorkerResult {
    requests: number;
    times: number[];
    elapsed: number;
    statuses: Record<string, number>;
    outcomes: Record<string, number>;
    failures: number;
  }
  const checkIns = (once: boolean, duration: number) =>
    new Promise<WorkerResult>((resolve, reject) => {
      const accounts = once ? ids.length : repeating;
      const worker = new Worker(new URL('./checkin.mjs', import.meta.url), {
        workerData: {
          origin,
          cookies: cookies.slice(0, accounts),
          bodies: bodies.slice(0, accounts),
          connections,
          seconds: duration,
          once,
        },
      });
      worker.once('message', (result) => {
        resolve(result);
        void worker.terminate();
      });
      worker.once('error', reject);
    });
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
  };
  const measure = async (once: boolean): Promise<CheckInMeasure> => {
    const times: number[] = [];
    const statuses: Record<string, number> = {};
    const outcomes: Record<string, number> = {};
    let seconds = 0;
    let admitted = 0;
    let failures = 0;
    let cpu = 0;
    do {
      const before = await lastEntry();
      const cpuBefore = threadCpuSeconds();
      const result = await checkIns(once, checkInSeconds);
      cpu += threadCpuSeconds() - cpuBefore;
      seconds += result.elapsed;
      times.push(...result.times);
      add(statuses, result.statuses);
      add(outcomes, result.outcomes);
      failures += result.failures;
      admitted += (
        await client.query<{ n: number }>(
          'select count(*)::int as n from entries where id > $1 and source = 0',
          [before],
        )
      ).rows[0]!.n;
      await deleteEntriesAfter(before);
    } while (once && seconds < checkInSeconds);
    times.sort((a, b) => a - b);
    const at = (fraction: number) =>
      times.length ? times[Math.min(times.length - 1, Math.floor(fraction * times.length))]! : Number.NaN;
    return {
      seconds,
      requests: times.length,
      admitted,
      perSecond: admitted / seconds,
      p50: at(0.5),
      p95: at(0.95),
      statuses,
      outcomes,
      failures,
      apiCpu: (cpu / Math.max(1, times.length)) * 1e6,
    };
  };
  if (warmupSeconds > 0) {
    await checkIns(false, warmupSeconds);
    await deleteEntriesAfter(filledUpTo);
  }
  checkInRun = {
    accounts: ids.length,
    locations,
    repeating,
    first: await measure(true),
    repeated: await measure(false),
  };
  log(`\n${checkInLine(checkInRun)}`);
  await client.query('delete from sessions where id = any($1::uuid[])', [sessionIds]);
}

// ------------------------------------------------------------------------------------------------ billing
/**
 * The billing run (decision 017) over `BENCH_BILLING_MEMBERSHIPS` (100,000) running memberships of
 * the fill, each with a period due (its next period moved to the first that starts in the last 16 days, so
 * within the run's 14 days ahead): how long the run takes to invoice them all (invoices, lines and mails),
 * and that a second run makes none. The rest of the fill's memberships are left out of it.
 */
const billingMemberships = Number(env.BENCH_BILLING_MEMBERSHIPS ?? '100000');
let billingText = '';
if (filled.members !== undefined && only?.includes('billing') && !onlyCases) {
  const chosen = await client.query(
    `with chosen as (select ms.id from memberships ms join subscriptions s on s.id = ms.subscription_id
                     where ms.end_date is null and s.type = 0 order by ms.id limit $1)
     update membership_billing b set next_period = 0,
       next_period_start = case when b.membership_id in (select id from chosen) then ms.start_date end
     from memberships ms where ms.id = b.membership_id`,
    [billingMemberships],
  );
  const restarted = (await client.query<{ n: number }>(`select billing_restart_from(current_date - 16) as n`))
    .rows[0]!.n;
  await client.query('vacuum analyze membership_billing');
  const due = (
    await client.query<{ n: number }>(
      `select count(*)::int as n from membership_billing where next_period_start <= current_date + 14`,
    )
  ).rows[0]!.n;
  log(
    `\nBilling: ${due} memberships due of ${chosen.rowCount} (${restarted} moved to their current period).`,
  );
  const deps = { db, payments: services!.payments, links: services!.links, publicUrl: config.publicUrl };
  const started = performance.now();
  const first = await runBilling(deps);
  const firstSeconds = (performance.now() - started) / 1000;
  const again = performance.now();
  const second = await runBilling(deps);
  const secondSeconds = (performance.now() - again) / 1000;
  billingText =
    `Billing run: ${first.invoices.toLocaleString('en')} invoices (${first.notices.toLocaleString('en')} mails) ` +
    `for ${due.toLocaleString('en')} memberships due in ${firstSeconds.toFixed(1)} s ` +
    `(${(first.invoices / firstSeconds).toFixed(0)} invoices/s, target 100,000 in <= 60 s); ` +
    `a second run: ${second.invoices} invoices in ${secondSeconds.toFixed(1)} s.`;
  log(billingText);
}

// ------------------------------------------------------------------------------------------------ the table
const isSearch = (row: Row) => row.name === 'search' || row.name.endsWith(' search');
const meets = (row: Row) =>
  row.status === '200' &&
  row.p95 <= (isSearch(row) ? 100 : 50) &&
  (Number.isNaN(row.tps) || row.rps / row.tps >= 0.5);
/**
 * A page deeper than the lists serve is refused (400 validation.pageTooDeep) by design: page 500, and page
 * 401 of a list of more than 25 rows a page (one that ignores `pageSize`).
 */
const verdict = (row: Row) =>
  row.status === '400' && row.isTooDeep ? 'refused' : meets(row) ? 'met' : 'missed';
const table = [
  '| endpoint | case | status | p50 ms | p95 ms | req/s | pgbench tps | ratio | target |',
  '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ...rows.map(
    (row) =>
      `| ${row.endpoint} | ${row.name} | ${row.status} | ${ms(row.p50)} | ${ms(row.p95)} | ${row.rps.toFixed(0)} | ` +
      `${Number.isNaN(row.tps) ? '-' : row.tps.toFixed(0)} | ${Number.isNaN(row.tps) ? '-' : (row.rps / row.tps).toFixed(2)} | ` +
      `${verdict(row)} |`,
  ),
].join('\n');
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const server = (await client.query<{ server_version: string }>('show server_version')).rows[0]!
  .server_version;
/** The median over the cases of a per-request CPU time. */
const medianOf = (values: number[]) => {
  const known = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)]! : Number.NaN;
};
const cpuLine =
  `CPU a request (median of the cases): the API's thread ${medianOf(rows.map((row) => row.apiCpu)).toFixed(0)} µs, ` +
  `autocannon's ${medianOf(rows.map((row) => row.autocannonCpu)).toFixed(0)} µs; ` +
  `pgbench's client ${medianOf(rows.map((row) => row.pgbenchCpu)).toFixed(0)} µs a transaction.`;
const summary =
  `BENCH_SCALE=${scale}, ${connections} connections, autocannon ${seconds} s and pgbench ${pgbenchSeconds} s per case; ` +
  `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${server}. ` +
  `${rows.filter(meets).length} of ${rows.length} cases meet the targets (list p95 ≤ 50 ms, search p95 ≤ 100 ms, ratio ≥ 0.5)` +
  `, ${rows.filter((row) => verdict(row) === 'refused').length} refused as too deep. ${cpuLine}`;
const checkInText = `${checkInRun ? `\n\n${checkInLine(checkInRun)}` : ''}${billingText ? `\n\n${billingText}` : ''}`;
log(`\n${summary}\n\n${table}${checkInText}\n`);
if (env.BENCH_OUTPUT) fs.writeFileSync(env.BENCH_OUTPUT, `${summary}\n\n${table}${checkInText}\n`);

await app.close();
await pool.end();
await client.end();
fs.rmSync(filesDir, { recursive: true, force: true });
if (!keptSqlDir) fs.rmSync(scriptDir, { recursive: true, force: true });
