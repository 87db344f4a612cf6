/**
 * The benchmark's instruments: the load of one URL (autocannon in a worker, load.mjs), the SQL the API ran
 * for a request (captured from its drizzle logger) and that SQL run bare by pgbench, and the CPU time of the
 * calling thread.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { SESSION_OPTIONS } from '../../apps/api/src/platform/db/client.ts';

const run = promisify(execFile);

/** Milliseconds as the report writes them ('-' for none). */
export const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(1));

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

/** The SQL of one request: the API's drizzle logs every statement it runs (`logQuery`) while capturing. */
export class SqlCapture {
  private captured: { sql: string; params: unknown[] }[] | undefined;
  readonly logQuery = (sql: string, params: unknown[]) => {
    this.captured?.push({ sql, params });
  };
  start() {
    this.captured = [];
  }
  /** The statements since `start`, their parameters written in; capturing stops. */
  stop(): string[] {
    const statements = (this.captured ?? []).map(inline);
    this.captured = undefined;
    return statements;
  }
}

/**
 * CPU seconds (user + system) the calling thread used so far, from /proc/thread-self (Linux; NaN
 * elsewhere): the API's thread here, autocannon's in load.mjs. With pgbench's client time (below) it shows
 * what each side's load generator costs on the cores that the API and PostgreSQL use too.
 */
export function threadCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export interface LoadResult {
  p50: number;
  p95: number;
  rps: number;
  requests: number;
  statuses: Record<string, number>;
  errors: number;
  clientCpuSeconds: number;
}

/** `connections` connections requesting `url` for `seconds`, in a worker (load.mjs). */
export function load(url: string, cookie: string, connections: number, seconds: number) {
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(new URL('./load.mjs', import.meta.url), {
      workerData: { url, cookie, connections, seconds },
    });
    worker.once('message', (result) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

export interface PgbenchOptions {
  databaseUrl: string;
  connections: number;
  seconds: number;
  /** Where the scripts are written. */
  scriptDir: string;
  /** BENCH_SQL_DIR: the scripts are kept there, each case named in index.txt. */
  keptSqlDir?: string;
}

const hasGnuTime = fs.existsSync('/usr/bin/time');

/** Runs a case's statements with pgbench: transactions a second, and the CPU time of pgbench's client. */
export async function pgbench(
  statements: string[],
  index: number,
  label: { endpoint: string; name: string },
  { databaseUrl, connections, seconds, scriptDir, keptSqlDir }: PgbenchOptions,
) {
  const file = path.join(scriptDir, `case-${index}.sql`);
  if (keptSqlDir) {
    fs.appendFileSync(
      path.join(scriptDir, 'index.txt'),
      `case-${index}.sql\t${label.endpoint}\t${label.name}\n`,
    );
  }
  // One line per statement: pgbench reads a script line by line, a statement ending at its semicolon.
  fs.writeFileSync(
    file,
    `${statements.map((statement) => `${statement.replace(/\s*\n\s*/g, ' ')};`).join('\n')}\n`,
  );
  const args = ['-n', '-c', String(connections), '-j', '2', '-T', String(seconds), '-f', file, databaseUrl];
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
