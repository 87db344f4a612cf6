/**
 * `npm run bench`: fills a PostgreSQL database (DATABASE_URL) with the scale data of decision 009, starts the
 * API on it, and measures every list endpoint of the contracts (page 1, page 500, a search, each sort, each
 * tab) with autocannon, and the SQL the API ran for the same request with pgbench. See docs/performance.md.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type AppServices, buildApp } from '../../apps/api/src/app.ts';
import { runBilling } from '../../apps/api/src/modules/billing/billing-run.ts';
import { hashPassword } from '../../apps/api/src/platform/auth/password.ts';
import { createTokenSigner } from '../../apps/api/src/platform/auth/tokens.ts';
import { loadConfig } from '../../apps/api/src/platform/config.ts';
import type { Database } from '../../apps/api/src/platform/db/client.ts';
import { openPostgres, SESSION_OPTIONS } from '../../apps/api/src/platform/db/client.ts';
import { type Context, listCases } from './cases.ts';
import { type CheckInRun, checkInLine, measureCheckIns } from './checkin-run.ts';
import { FILL_VERSION, type Filled, fill, sizesFor } from './fill.ts';
import { memberSizesFor } from './fill-members.ts';
import { load, ms, pgbench, SqlCapture, threadCpuSeconds } from './measure.ts';
import { type Row, report } from './report.ts';

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
/** The SQL of one request: the API's drizzle logs every statement it runs while capturing. */
const capture = new SqlCapture();
// The API's own pool connects with SESSION_OPTIONS (no JIT, no parallel workers: `openPostgres`); this pool
// and pgbench (PGOPTIONS below) connect the same way.
const pool = new pg.Pool({ connectionString: databaseUrl, max: connections, options: SESSION_OPTIONS });
const db = drizzle(pool, {
  casing: 'snake_case',
  logger: { logQuery: capture.logQuery },
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

const sessions: Record<Context, string> = {
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

// ------------------------------------------------------------------------------------------------ the cases
/** Yesterday in the Netherlands: the day of entries listed at a location. */
const entryDay = (
  await client.query<{ day: string }>(
    `select ((now() at time zone 'Europe/Amsterdam')::date - 1)::text as day`,
  )
).rows[0]!.day;
const cases = listCases({ filled, origin, entryDay, only, onlyCases });

// ------------------------------------------------------------------------------------------------ measuring
// BENCH_SQL_DIR: keep each case's statements there (case-<n>.sql, named in index.txt), e.g. for EXPLAIN.
const keptSqlDir = env.BENCH_SQL_DIR;
if (keptSqlDir) fs.mkdirSync(keptSqlDir, { recursive: true });
const scriptDir = keptSqlDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'xp-bench-sql-'));
const pgbenchOptions = { databaseUrl, connections, seconds: pgbenchSeconds, scriptDir, keptSqlDir };

const rows: Row[] = [];
log(
  `\nMeasuring ${cases.length} cases: autocannon ${connections} connections ${seconds} s, pgbench ${pgbenchSeconds} s each.`,
);
for (const [index, item] of cases.entries()) {
  const cookie = sessions[item.context];
  capture.start();
  const first = await fetch(item.url, { headers: { cookie } });
  // A page deeper than the list serves is refused by design (decision 009).
  const isTooDeep = first.status === 400 && (await first.text()).includes('validation.pageTooDeep');
  const statements = capture.stop();
  // Warmed up first (JIT, the database's caches), then measured.
  if (warmupSeconds > 0) await load(item.url, cookie, connections, warmupSeconds);
  const apiCpuBefore = threadCpuSeconds();
  const measured = await load(item.url, cookie, connections, seconds);
  const apiCpuSeconds = threadCpuSeconds() - apiCpuBefore;
  const bare =
    statements.length > 0
      ? await pgbench(statements, index, item, pgbenchOptions)
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
let checkInRun: CheckInRun | undefined;
const runsCheckIn =
  filled.members !== undefined &&
  checkInSeconds > 0 &&
  (!only || only.some((part) => '/entry/checkin'.includes(part) || part === 'checkin')) &&
  !onlyCases;
if (runsCheckIn && filled.members) {
  checkInRun = await measureCheckIns({
    client,
    members: filled.members,
    origin,
    signer: createTokenSigner(sessionSecret, config.accessTokenSeconds),
    capture,
    connections,
    checkInSeconds,
    warmupSeconds,
    keptSqlDir,
  });
  log(`\n${checkInLine(checkInRun)}`);
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
const server = (await client.query<{ server_version: string }>('show server_version')).rows[0]!
  .server_version;
const { summary, table } = report(rows, { scale, connections, seconds, pgbenchSeconds, server });
const checkInText = `${checkInRun ? `\n\n${checkInLine(checkInRun)}` : ''}${billingText ? `\n\n${billingText}` : ''}`;
log(`\n${summary}\n\n${table}${checkInText}\n`);
if (env.BENCH_OUTPUT) fs.writeFileSync(env.BENCH_OUTPUT, `${summary}\n\n${table}${checkInText}\n`);

await app.close();
await pool.end();
await client.end();
fs.rmSync(filesDir, { recursive: true, force: true });
if (!keptSqlDir) fs.rmSync(scriptDir, { recursive: true, force: true });
