import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { createPeriodicJob } from '../jobs/periodic.ts';
import { mailOutbox } from './mail.tables.ts';
import { listenForMail } from './notify.ts';
import type { MailTransport } from './transport.ts';

/** pino's shape (Fastify's `app.log` fits). Entries carry ids and error codes, never addresses or content. */
export interface MailLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  logger: MailLogger;
  /** How often to look for due mail besides being woken up. */
  intervalMs?: number;
  /** Rows claimed per round trip. */
  batchSize?: number;
  /** How long a claim holds; after it a crashed worker's mail is claimed again. Well above SMTP timeouts. */
  leaseMs?: number;
  /** After this many attempts a mail is marked failed. */
  maxAttempts?: number;
  /** Sent and failed mail is deleted this many days after it was sent or failed (checked hourly). */
  retentionDays?: number;
}

export interface MailRunResult {
  sent: number;
  /** Failed and scheduled again. */
  retried: number;
  /** Failed for the last time. */
  failed: number;
}

export interface MailWorker {
  /** Polls every `intervalMs`, and runs at once when a transaction that enqueued mail commits. */
  start(): void;
  /** Stops polling, waits for the mail being sent, if any, and releases the rest of its claimed mail. */
  stop(): Promise<void>;
  /** Sends everything due now and answers what happened; tests drive the worker with it. */
  runOnce(): Promise<MailRunResult>;
  /** Look for due mail now (called on every committed enqueue, on any instance). */
  wakeUp(): void;
  /** Deletes mail sent or failed more than `retentionDays` before `now`; answers how many. */
  purgeOld(now?: Date): Promise<number>;
}

export const MAIL_BACKOFF = { baseMs: 15_000, maxMs: 60 * 60_000 };

/** 15 s after the first failed attempt, doubling each time, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAIL_BACKOFF.baseMs * 2 ** Math.max(attempts - 1, 0), MAIL_BACKOFF.maxMs);

/** What may be stored and logged of a failure: the error code and SMTP status, not its message. */
export function describeMailError(error: unknown): string {
  const details = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const code =
    typeof details.code === 'string' && /^[A-Z_]{2,40}$/.test(details.code) ? details.code : 'ERROR';
  const status = typeof details.responseCode === 'number' ? ` ${details.responseCode}` : '';
  const command =
    typeof details.command === 'string' && /^[A-Z ]{2,20}$/.test(details.command)
      ? ` (${details.command})`
      : '';
  return `${code}${status}${command}`;
}

const DAY_MS = 24 * 60 * 60_000;
const PURGE_INTERVAL_MS = 60 * 60_000;
const PURGE_BATCH_SIZE = 500;

const millis = (ms: number) => sql`(${Math.round(ms)}::integer * interval '1 millisecond')`;

/**
 * Delivers the outbox. A mail is claimed with `FOR UPDATE SKIP LOCKED` plus a lease (`locked_until`), so
 * instances polling the same database never send one mail twice; it is then sent outside any
 * transaction and marked sent, or rescheduled with exponential backoff.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, logger } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const retentionDays = options.retentionDays ?? 30;

  let isStopping = false;
  let stopListening: (() => Promise<void>) | undefined;
  let lastPurgeAt = 0;

  async function claim() {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        // Whole milliseconds, so the lease reads back exactly and can prove the claim is still ours.
        lockedUntil: sql`date_trunc('milliseconds', now() + ${millis(leaseMs)})`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        template: mailOutbox.template,
        attempts: mailOutbox.attempts,
        createdAt: mailOutbox.createdAt,
        lockedUntil: mailOutbox.lockedUntil,
      });
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number];
  /** Only the holder of the lease reports on a mail. */
  const ours = (mail: Claimed) =>
    and(
      eq(mailOutbox.id, mail.id),
      eq(mailOutbox.status, 'pending'),
      eq(mailOutbox.lockedUntil, mail.lockedUntil!),
    );

  async function deliver(mail: Claimed): Promise<keyof MailRunResult> {
    try {
      await transport.send(mail);
    } catch (error) {
      const lastError = describeMailError(error);
      const isFinal = mail.attempts >= maxAttempts;
      const delayMs = retryDelayMs(mail.attempts);
      await db
        .update(mailOutbox)
        .set({
          status: isFinal ? 'failed' : 'pending',
          // A failed mail keeps when it failed, for the retention.
          nextAttemptAt: isFinal ? sql`now()` : sql`now() + ${millis(delayMs)}`,
          lockedUntil: null,
          lastError,
        })
        .where(ours(mail));
      const details = { mailId: mail.id, template: mail.template, attempts: mail.attempts, error: lastError };
      if (isFinal) logger.error(details, 'mail delivery failed; giving up');
      else logger.warn({ ...details, retryInMs: delayMs }, 'mail delivery failed; will retry');
      return isFinal ? 'failed' : 'retried';
    }
    const marked = await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(ours(mail))
      .returning({ id: mailOutbox.id });
    if (marked.length === 0) {
      // Sending outlived the lease; another worker may have claimed the mail meanwhile.
      logger.warn({ mailId: mail.id, template: mail.template }, 'mail sent after its claim expired');
    } else {
      logger.info({ mailId: mail.id, template: mail.template, transport: transport.kind }, 'mail sent');
    }
    return 'sent';
  }

  /**
   * A stopping worker hands back the mail it claimed but did not try to send, so that another instance sends
   * it at once rather than after the lease; the claim did not count as an attempt.
   */
  async function release(mails: Claimed[]) {
    if (mails.length === 0) return;
    const released = await db
      .update(mailOutbox)
      .set({ lockedUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
      .where(or(...mails.map(ours)))
      .returning({ id: mailOutbox.id });
    logger.info({ released: released.length }, 'claimed mail released');
  }

  async function runOnce(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, retried: 0, failed: 0 };
    // Until nothing is due: a failed mail is due again no sooner than the first backoff.
    while (!isStopping) {
      const batch = await claim();
      for (const [index, mail] of batch.entries()) {
        if (isStopping) {
          await release(batch.slice(index));
          break;
        }
        result[await deliver(mail)] += 1;
      }
      if (batch.length < batchSize) break;
    }
    return result;
  }

  /** When a finished mail finished; `mail_outbox_finished_idx` indexes exactly this. */
  const finishedAt = sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.nextAttemptAt})`;

  async function purgeOld(now = new Date()): Promise<number> {
    const cutoff = sql`${new Date(now.getTime() - retentionDays * DAY_MS).toISOString()}::timestamptz`;
    let purged = 0;
    // In batches, so no statement holds many row locks or runs long.
    while (!isStopping) {
      const old = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        // Literal, not a parameter, so the index's condition is provable in any plan.
        .where(and(sql`${mailOutbox.status} <> 'pending'`, lt(finishedAt, cutoff)))
        .limit(PURGE_BATCH_SIZE);
      const deleted = await db
        .delete(mailOutbox)
        .where(inArray(mailOutbox.id, old))
        .returning({ id: mailOutbox.id });
      purged += deleted.length;
      if (deleted.length < PURGE_BATCH_SIZE) break;
    }
    if (purged > 0) logger.info({ purged, retentionDays }, 'old mail purged');
    return purged;
  }

  /** The poll loop's run: the outbox, and at most once an hour the retention. */
  async function runScheduled() {
    await runOnce();
    if (Date.now() - lastPurgeAt >= PURGE_INTERVAL_MS) {
      lastPurgeAt = Date.now();
      await purgeOld();
    }
  }

  // The database away (restart, failover) or anything else: logged, and the next poll tries again.
  const job = createPeriodicJob({
    name: 'mail',
    intervalMs,
    logger,
    run: runScheduled,
    describeError: describeMailError,
  });

  return {
    start() {
      isStopping = false;
      stopListening ??= listenForMail(db, job.wakeUp, (error) =>
        logger.warn({ error: describeMailError(error) }, 'mail worker cannot listen for new mail; polling'),
      );
      job.start();
    },
    async stop() {
      isStopping = true;
      await stopListening?.();
      stopListening = undefined;
      await job.stop();
    },
    runOnce,
    wakeUp: job.wakeUp,
    purgeOld,
  };
}
