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
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { ACCESS_COOKIE } from '../../apps/api/src/platform/auth/cookies.ts';
import type { TokenSigner } from '../../apps/api/src/platform/auth/tokens.ts';
import type { FilledMembers } from './fill-members.ts';
import { ms, type SqlCapture, threadCpuSeconds } from './measure.ts';

export interface CheckInMeasure {
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
export interface CheckInRun {
  /** The loops (BENCH_CONNECTIONS) that posted the check-ins. */
  connections: number;
  accounts: number;
  /** The locations the accounts check in at. */
  locations: number;
  /** The accounts the repeated check-ins cycle through. */
  repeating: number;
  first: CheckInMeasure;
  repeated: CheckInMeasure;
}

export interface CheckInOptions {
  client: pg.Client;
  members: FilledMembers;
  /** The API's origin (`http://127.0.0.1:<port>`). */
  origin: string;
  /** Signs the member accounts' sessions with the run's secret. */
  signer: TokenSigner;
  capture: SqlCapture;
  connections: number;
  /** BENCH_CHECKIN_SECONDS: how long each way is measured. */
  checkInSeconds: number;
  warmupSeconds: number;
  /** BENCH_SQL_DIR: one check-in's statements are kept there (checkin.sql). */
  keptSqlDir?: string;
}

interface WorkerResult {
  requests: number;
  times: number[];
  elapsed: number;
  statuses: Record<string, number>;
  outcomes: Record<string, number>;
  failures: number;
}

export async function measureCheckIns({
  client,
  members,
  origin,
  signer,
  capture,
  connections,
  checkInSeconds,
  warmupSeconds,
  keptSqlDir,
}: CheckInOptions): Promise<CheckInRun> {
  const { checkInUsers } = members;
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
  capture.start();
  const probe = await fetch(`${origin}/api/Entry/CheckIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies[0]!, origin },
    body: bodies[0],
  });
  if (probe.status !== 200) throw new Error(`check-in failed: ${probe.status} ${await probe.text()}`);
  const statements = capture.stop();
  if (keptSqlDir) fs.writeFileSync(path.join(keptSqlDir, 'checkin.sql'), `${statements.join(';\n')};\n`);
  await deleteEntriesAfter(filledUpTo);
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
  const checkInRun: CheckInRun = {
    connections,
    accounts: ids.length,
    locations,
    repeating,
    first: await measure(true),
    repeated: await measure(false),
  };
  await client.query('delete from sessions where id = any($1::uuid[])', [sessionIds]);
  return checkInRun;
}

/** The check-in run as a line of the report: the target's figure (first entries of the day), then repeated. */
export function checkInLine(run: CheckInRun) {
  const { first, repeated } = run;
  const answers = (m: CheckInMeasure) =>
    `answers ${JSON.stringify(m.statuses)}, outcomes ${JSON.stringify(m.outcomes)}` +
    (m.failures ? `, ${m.failures} failed` : '');
  return (
    `Check-in (POST /Entry/CheckIn) at ${run.connections} connections, ${run.accounts} member accounts at ` +
    `${run.locations} locations. Each a member's first entry of the day (every account once): ${first.admitted} admitted in ` +
    `${first.seconds.toFixed(1)} s, ${first.perSecond.toFixed(0)} a second, target ≥ 1,500 ` +
    `${first.perSecond >= 1500 ? 'met' : 'missed'}; p50 ${ms(first.p50)} ms, p95 ${ms(first.p95)} ms; the API's ` +
    `thread ${first.apiCpu.toFixed(0)} µs CPU a check-in; ${answers(first)}. Repeated the same day (${run.repeating} accounts in turn): ` +
    `${repeated.admitted} admitted in ${repeated.seconds.toFixed(1)} s, ${repeated.perSecond.toFixed(0)} a second; ` +
    `p50 ${ms(repeated.p50)} ms, p95 ${ms(repeated.p95)} ms; ${repeated.apiCpu.toFixed(0)} µs; ${answers(repeated)}.`
  );
}
