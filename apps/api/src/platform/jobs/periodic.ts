import { connectionFailure } from '../db/errors.ts';

/** pino's shape (Fastify's `app.log` fits). */
export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What may be logged of a failure: a SQLSTATE or Node error code, never a message (it may hold values). */
function errorCode(error: unknown): string {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === 'string' ? code : cause?.code;
  return typeof found === 'string' && /^[A-Z0-9_]{2,40}$/.test(found) ? found : 'ERROR';
}

export interface PeriodicJob {
  /** Runs at once, then every `intervalMs` after the previous run ended (runs never overlap). */
  start(): void;
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
  /** Runs now, or once more right after the run in progress (new work came in); nothing when not started. */
  wakeUp(): void;
}

/**
 * A job run on a timer in every instance. The timer is unref'd (it never keeps the process alive), and a
 * failed run (the database away, say) is logged by its name and tried again at the next interval.
 */
export function createPeriodicJob(options: {
  name: string;
  intervalMs: number;
  logger: JobLogger;
  run: (isStopping: () => boolean) => Promise<unknown>;
  /** What is logged of a failed run (default: its SQLSTATE or Node error code); never a message with values. */
  describeError?: (error: unknown) => string;
}): PeriodicJob {
  const { name, intervalMs, logger, run, describeError = errorCode } = options;
  let isStarted = false;
  let isStopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  let isWokenDuringRun = false;

  function schedule(delayMs: number) {
    if (!isStarted || isStopping) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    if (current) {
      isWokenDuringRun = true;
      return;
    }
    isWokenDuringRun = false;
    current = run(() => isStopping)
      .catch((error: unknown) =>
        logger.warn(
          { job: name, error: connectionFailure(error) ?? describeError(error) },
          'periodic job failed; retrying later',
        ),
      )
      .finally(() => {
        current = undefined;
        schedule(isWokenDuringRun ? 0 : intervalMs);
      });
  }

  return {
    start() {
      if (isStarted) return;
      isStarted = true;
      isStopping = false;
      schedule(0);
    },
    async stop() {
      isStopping = true;
      clearTimeout(timer);
      await current;
      isStarted = false;
    },
    wakeUp() {
      if (!isStarted || isStopping) return;
      if (current) isWokenDuringRun = true;
      else schedule(0);
    },
  };
}
