import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { ok?: boolean; data?: unknown; errors?: { key: string; message: string }[] } | undefined;
}

/** One HTTP request to 127.0.0.1:`port`; answers status, headers and the parsed JSON body. */
export function httpRequest(
  port: number,
  options: { method?: string; path: string; body?: unknown; cookie?: string; agent?: http.Agent | false },
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: options.agent ?? false,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: HttpAnswer['body'];
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The cookie header of a response's `set-cookie` (cleared cookies left out). */
export const cookiesOf = (answer: HttpAnswer) =>
  (answer.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

export interface ChildServer {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when ended by a signal) once the process has ended. */
  exited: Promise<number | null>;
  isRunning(): boolean;
  /** Ends the process (SIGKILL) if it still runs. */
  kill(): Promise<void>;
}

/**
 * Starts the API as its own process (`node --import tsx <entry>`, in apps/api) on a free port of 127.0.0.1
 * with exactly `env` besides PATH and HOME, and waits until `/api/health` answers 200.
 */
export async function startChildServer(options: {
  entry?: string;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'src/main.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const server: ChildServer = {
    port,
    child,
    output: () => output,
    exited,
    isRunning,
    async kill() {
      if (!isRunning()) return;
      child.kill('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (!isRunning()) throw new Error(`the server process ended while starting:\n${output}`);
    const answer = await httpRequest(port, { path: '/api/health' }).catch(() => undefined);
    if (answer?.status === 200) return server;
    await sleep(100);
  }
  await server.kill();
  throw new Error(`the server did not become healthy in time:\n${output}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
