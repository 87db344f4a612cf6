import type { FastifyInstance } from 'fastify';

/** Where the instance is in its life; a draining instance is on its way out. */
export interface Lifecycle {
  readonly isDraining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let isDraining = false;
  return {
    get isDraining() {
      return isDraining;
    },
    startDraining() {
      isDraining = true;
    },
  };
}

/**
 * While draining, every answer closes its connection (`Connection: close`): a client that keeps its
 * connection open reconnects (through the load balancer, to another instance), and a request still in
 * flight when the server stops leaves no idle keep-alive connection behind to hold the stop up.
 */
export function closeConnectionsWhileDraining(
  app: FastifyInstance,
  lifecycle: Pick<Lifecycle, 'isDraining'>,
) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.isDraining) reply.header('connection', 'close');
    return payload;
  });
}

export interface ShutdownParts {
  lifecycle: Lifecycle;
  app: FastifyInstance;
  /** Stops polling, waits for the mail being sent and hands back what it claimed but did not send. */
  mailWorker: { stop(): Promise<void> };
  /** Periodic jobs (clean-ups): stopped with the mail worker, waiting for a run in progress. */
  jobs?: { stop(): Promise<void> }[];
  mailTransport: { close(): void };
  database: { close(): Promise<void> };
  /**
   * How long health answers 503 while every other request is still served, so that a load balancer takes
   * the instance out of rotation before it stops accepting connections.
   */
  drainDelayMs: number;
  /** After the drain delay, how long in-flight requests and mail get before the process exits (1) anyway. */
  graceMs?: number;
  exit?: (code: number) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The stop of a SIGTERM (a rolling restart) or SIGINT: health answers 503 at once; after `drainDelayMs` the
 * server stops accepting connections and closes idle keep-alive ones, requests in flight finish (one that
 * still arrives on an open connection gets 503 and `Connection: close`), the mail worker releases its
 * claims, the database closes, and the process exits 0.
 */
export function createShutdown(parts: ShutdownParts): (signal: string) => Promise<void> {
  const exit = parts.exit ?? ((code: number) => process.exit(code));
  let isStopping = false;
  return async (signal) => {
    if (isStopping) return;
    isStopping = true;
    const { app } = parts;
    parts.lifecycle.startDraining();
    app.log.info({ signal, drainDelayMs: parts.drainDelayMs }, 'shutting down');
    const timer = setTimeout(
      () => {
        app.log.error('shutdown took too long; exiting');
        exit(1);
      },
      parts.drainDelayMs + (parts.graceMs ?? 10_000),
    );
    timer.unref();
    try {
      await sleep(parts.drainDelayMs);
      await Promise.all([
        app.close(),
        parts.mailWorker.stop(),
        ...(parts.jobs ?? []).map((job) => job.stop()),
      ]);
      parts.mailTransport.close();
      await parts.database.close();
      clearTimeout(timer);
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
}

/** Runs `shutdown` on SIGTERM and SIGINT. */
export function shutdownOnSignals(shutdown: (signal: string) => Promise<void>) {
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
