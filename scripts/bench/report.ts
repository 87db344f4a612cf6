/** The benchmark's report: a row a case, its verdict against the targets of decision 009, and the summary. */
import os from 'node:os';
import { ms } from './measure.ts';

export interface Row {
  endpoint: string;
  name: string;
  status: string;
  p50: number;
  p95: number;
  rps: number;
  tps: number;
  statements: number;
  /** Refused as deeper than the list serves (400 validation.pageTooDeep). */
  isTooDeep: boolean;
  /** CPU microseconds a request (a transaction): the API's thread, autocannon's, pgbench's client. */
  apiCpu: number;
  autocannonCpu: number;
  pgbenchCpu: number;
}

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

/** The median over the cases of a per-request CPU time. */
const medianOf = (values: number[]) => {
  const known = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)]! : Number.NaN;
};

export interface ReportSettings {
  scale: number;
  connections: number;
  seconds: number;
  pgbenchSeconds: number;
  /** PostgreSQL's `server_version`. */
  server: string;
}

/** The table of the cases and the line above it (the run's settings, the machine, how many met the targets). */
export function report(rows: Row[], { scale, connections, seconds, pgbenchSeconds, server }: ReportSettings) {
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
  const cpuLine =
    `CPU a request (median of the cases): the API's thread ${medianOf(rows.map((row) => row.apiCpu)).toFixed(0)} µs, ` +
    `autocannon's ${medianOf(rows.map((row) => row.autocannonCpu)).toFixed(0)} µs; ` +
    `pgbench's client ${medianOf(rows.map((row) => row.pgbenchCpu)).toFixed(0)} µs a transaction.`;
  const summary =
    `BENCH_SCALE=${scale}, ${connections} connections, autocannon ${seconds} s and pgbench ${pgbenchSeconds} s per case; ` +
    `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${server}. ` +
    `${rows.filter(meets).length} of ${rows.length} cases meet the targets (list p95 ≤ 50 ms, search p95 ≤ 100 ms, ratio ≥ 0.5)` +
    `, ${rows.filter((row) => verdict(row) === 'refused').length} refused as too deep. ${cpuLine}`;
  return { summary, table };
}
