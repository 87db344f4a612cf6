import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { inTransaction } from '../db/errors.ts';
import { mailOutbox } from './mail.tables.ts';
import { enqueueMail, type MailRequest } from './outbox.ts';
import { renderMail } from './templates.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';
import { createMailWorker, type MailLogger, type MailWorkerOptions, retryDelayMs } from './worker.ts';

const FROM = 'XP Back-office <no-reply@xp.example>';

let t: TestApp;
const servers: TestSmtpServer[] = [];
const transports: MailTransport[] = [];
/** Every log entry of every worker, to prove no personal data reaches the logs. */
const logged: unknown[] = [];

const logger: MailLogger = {
  info: (details, message) => logged.push({ level: 'info', details, message }),
  warn: (details, message) => logged.push({ level: 'warn', details, message }),
  error: (details, message) => logged.push({ level: 'error', details, message }),
};

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await t.db.delete(mailOutbox);
});
afterAll(async () => {
  // Addresses, codes and links of every test above: none of them may be in a log entry.
  const logs = JSON.stringify(logged);
  expect(logged.length).toBeGreaterThan(0);
  expect(logs).not.toMatch(/@/);
  expect(logs).not.toMatch(/https?:/);
  expect(logs).not.toContain('482913');
  await t.close();
});

async function smtpServer(options: Parameters<typeof startSmtpServer>[0] = {}) {
  const server = await startSmtpServer(options);
  servers.push(server);
  return server;
}

function smtpTransport(url: string) {
  const transport = createSmtpTransport({ url, from: FROM, timeoutMs: 2_000 });
  transports.push(transport);
  return transport;
}

const worker = (transport: MailTransport, options: Partial<MailWorkerOptions> = {}) =>
  createMailWorker({ db: t.db, transport, logger, intervalMs: 60_000, ...options });

const outboxRow = async (id: number) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

/** Seconds from the database's now to the mail's next attempt. */
const secondsToNextAttempt = async (id: number) =>
  (
    await t.db
      .select({ wait: sql<number>`extract(epoch from (${mailOutbox.nextAttemptAt} - now()))::float8` })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id))
  )[0]!.wait;

/** Makes a scheduled retry due now, as if its backoff had passed. */
const makeDue = (id: number) =>
  t.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailOutbox.id, id));

const invitation: MailRequest = {
  to: 'nieuwe.beheerder@xp.example',
  language: 'nl',
  template: 'invitation',
  data: {
    inviterName: 'Anna de Vries',
    organisationName: 'Vitaal & Fit <Utrecht>',
    kindLabel: 'beheerder',
    link: 'http://localhost:3000/account/register/admin/abc123',
  },
};
const tfaCode: MailRequest = {
  to: 'Sam.Smith@xp.example',
  language: 'en',
  template: 'tfaCode',
  data: { code: '482913', minutes: 10 },
};

describe('delivery over SMTP', () => {
  it('delivers a mail enqueued in a committed transaction once, in nl and in en', async () => {
    const server = await smtpServer();
    await inTransaction(t.db, async (tx) => {
      await enqueueMail(tx, invitation);
      await enqueueMail(tx, tfaCode);
    });
    const mailWorker = worker(smtpTransport(server.url));

    expect(await mailWorker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(await mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(2);

    for (const request of [invitation, tfaCode]) {
      const expected = renderMail(request.template, request.language, request.data as never);
      const mails = server.received.filter((mail) => mail.envelopeTo.includes(request.to));
      expect(mails, request.to).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.envelopeFrom).toBe('no-reply@xp.example');
      expect(mail.headers.from).toContain('no-reply@xp.example');
      expect(mail.headers.to).toContain(request.to);
      expect(mail.headers['message-id']).toMatch(/^<outbox-\d+-\d+@xp\.example>$/);
      expect(mail.subject).toBe(expected.subject);
      expect(mail.text.trimEnd()).toBe(expected.text.trimEnd());
      expect(mail.html.trimEnd()).toBe(expected.html.trimEnd());
    }

    const [nl, en] = [invitation.to, tfaCode.to].map(
      (to) => server.received.find((mail) => mail.envelopeTo.includes(to))!,
    );
    expect(nl!.subject).toBe('Uitnodiging voor XP Back-office');
    expect(nl!.text).toContain('Anna de Vries nodigt je uit voor XP Back-office als beheerder');
    expect(nl!.text).toContain('Vitaal & Fit <Utrecht>');
    expect(nl!.text).toContain('http://localhost:3000/account/register/admin/abc123');
    expect(nl!.html).toContain('Vitaal &amp; Fit &lt;Utrecht&gt;');
    expect(nl!.html).toContain('href="http://localhost:3000/account/register/admin/abc123"');
    expect(nl!.html).toContain('<html lang="nl">');
    expect(en!.subject).toBe('Your verification code');
    expect(en!.text).toContain('482913');
    expect(en!.text).toContain('valid for 10 minutes');
    expect(en!.html).toContain('<html lang="en">');

    const rows = await t.db.select().from(mailOutbox);
    expect(rows.map((row) => [row.status, row.attempts, row.lockedUntil, row.lastError])).toEqual([
      ['sent', 1, null, null],
      ['sent', 1, null, null],
    ]);
    expect(rows.every((row) => row.sentAt instanceof Date)).toBe(true);
  });

  it('never sends a mail whose transaction rolled back', async () => {
    const server = await smtpServer();
    await expect(
      inTransaction(t.db, async (tx) => {
        await enqueueMail(tx, invitation);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await worker(smtpTransport(server.url)).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(0);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('keeps a mail through an SMTP outage and delivers it exactly once when the server is back', async () => {
    const port = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const mailWorker = worker(transport);
    const { id } = await enqueueMail(t.db, tfaCode);

    // Down: the attempt fails, the mail waits with a backoff.
    expect(await mailWorker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const waitSeconds = Number(await secondsToNextAttempt(id));
    const failed = await outboxRow(id);
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(1);
    expect(failed.sentAt).toBeNull();
    expect(failed.lockedUntil).toBeNull();
    expect(failed.lastError).toMatch(/^E[A-Z]+/);
    expect(failed.lastError).not.toContain('@');
    expect(waitSeconds).toBeGreaterThan(14);
    expect(waitSeconds).toBeLessThanOrEqual(15);

    // Not due yet: nothing is tried, even once the server is up.
    expect(await mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const server = await smtpServer({ port });
    expect(await mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(0);

    // The backoff has passed: delivered, and only once however often the worker runs.
    await makeDue(id);
    expect(await mailWorker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    for (let run = 0; run < 3; run++) {
      expect(await mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    }
    await makeDue(id);
    expect(await worker(transport).runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.envelopeTo).toEqual([tfaCode.to]);
    expect(server.received[0]!.text).toContain('482913');
    const sent = await outboxRow(id);
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(2);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.lastError).toBeNull();
  });

  it('backs off exponentially and marks the mail failed after ten attempts', async () => {
    const transport = smtpTransport(`smtp://127.0.0.1:${await freePort()}`);
    const mailWorker = worker(transport);
    const { id } = await enqueueMail(t.db, invitation);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      const result = await mailWorker.runOnce();
      const row = await outboxRow(id);
      expect(row.attempts).toBe(attempt);
      if (attempt < 10) {
        expect(result).toEqual({ sent: 0, retried: 1, failed: 0 });
        expect(row.status).toBe('pending');
        waits.push(Math.round(Number(await secondsToNextAttempt(id))));
        await makeDue(id);
      } else {
        expect(result).toEqual({ sent: 0, retried: 0, failed: 1 });
        expect(row.status).toBe('failed');
      }
    }
    expect(waits).toEqual([15, 30, 60, 120, 240, 480, 960, 1920, 3600]);
    // A failed mail is never tried again.
    await makeDue(id);
    expect(await mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await outboxRow(id)).attempts).toBe(10);
    expect(logged.some((entry) => (entry as { level: string }).level === 'error')).toBe(true);
  });

  it('computes the backoff as 15 s doubling per attempt, at most an hour', () => {
    expect([1, 2, 3, 4, 8, 9, 10, 30].map(retryDelayMs)).toEqual([
      15_000, 30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('several workers', () => {
  it('deliver each mail exactly once when they run at the same time', async () => {
    const server = await smtpServer({ delayMs: 15 });
    const recipients = Array.from({ length: 24 }, (_, index) => `ontvanger${index}@xp.example`);
    await inTransaction(t.db, async (tx) => {
      for (const to of recipients) {
        await enqueueMail(tx, {
          to,
          language: 'nl',
          template: 'tfaCode',
          data: { code: '123456', minutes: 10 },
        });
      }
    });
    const workers = Array.from({ length: 3 }, () => worker(smtpTransport(server.url), { batchSize: 3 }));

    const results = await Promise.all(workers.flatMap((w) => [w.runOnce(), w.runOnce()]));

    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(recipients.length);
    expect(server.received).toHaveLength(recipients.length);
    expect(server.received.flatMap((mail) => mail.envelopeTo).sort()).toEqual([...recipients].sort());
    const rows = await t.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('leaves a mail claimed by another worker alone until its lease has expired', async () => {
    const server = await smtpServer();
    const { id } = await enqueueMail(t.db, invitation);
    // Another instance claimed it and is still busy with it.
    await t.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(mailOutbox.id, id));
    const mailWorker = worker(smtpTransport(server.url));
    expect(await mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(0);

    // That instance died: after the lease the mail is claimed again and delivered.
    await t.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await mailWorker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(server.received).toHaveLength(1);
    expect((await outboxRow(id)).attempts).toBe(2);
  });
});

describe('a started worker', () => {
  it('sends a mail as soon as the transaction that enqueued it commits, and stops cleanly', async () => {
    const server = await smtpServer();
    await enqueueMail(t.db, tfaCode);
    // Polling once a minute: only the commit's notification can make the second mail leave quickly.
    const mailWorker = worker(smtpTransport(server.url), { intervalMs: 60_000 });
    mailWorker.start();
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));

    await inTransaction(t.db, (tx) => enqueueMail(tx, invitation));
    await vi.waitFor(() => expect(server.received).toHaveLength(2), { timeout: 3_000, interval: 20 });
    expect(server.received[1]!.envelopeTo).toEqual([invitation.to]);

    await mailWorker.stop();
    await enqueueMail(t.db, { ...invitation, to: 'na.stoppen@xp.example' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.received).toHaveLength(2);
  });

  it('finishes the mail being sent when it stops and releases the rest it claimed at once', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 3; index++) {
      ids.push((await enqueueMail(t.db, { ...tfaCode, to: `stop${index}@xp.example` })).id);
    }
    let finishSending!: () => void;
    const sending = new Promise<void>((resolve) => {
      finishSending = resolve;
    });
    const sent: string[] = [];
    // A slow SMTP server: the first mail is on its way when the instance stops.
    const slowTransport: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        await sending;
        sent.push(mail.to);
      },
      close() {},
    };
    const mailWorker = worker(slowTransport, { batchSize: 10 });
    mailWorker.start();
    await vi.waitFor(
      async () => {
        const rows = await t.db.select().from(mailOutbox);
        expect(rows.filter((row) => row.lockedUntil !== null)).toHaveLength(3);
      },
      { timeout: 5_000, interval: 20 },
    );

    const stopped = mailWorker.stop();
    finishSending();
    await stopped;

    // The mail on its way was sent; the others are due again at once for any other instance, and their
    // claim did not count as an attempt.
    expect(sent).toHaveLength(1);
    const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    const state = (row: (typeof rows)[number]) => [row.to, row.status, row.lockedUntil, row.attempts];
    expect(rows.map(state).sort()).toEqual(
      ids
        .map((_, index) => `stop${index}@xp.example`)
        .map((to) => (to === sent[0] ? [to, 'sent', null, 1] : [to, 'pending', null, 0]))
        .sort(),
    );
  });
});

describe('retention', () => {
  const DAY_MS = 24 * 60 * 60_000;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

  /** A mail in the given state, finished (sent or failed) `days` ago. */
  async function mailFinished(status: 'pending' | 'sent' | 'failed', days: number) {
    const { id } = await enqueueMail(t.db, tfaCode);
    const at = daysAgo(days);
    await t.db
      .update(mailOutbox)
      .set({ status, createdAt: at, nextAttemptAt: at, sentAt: status === 'sent' ? at : null })
      .where(eq(mailOutbox.id, id));
    return id;
  }

  /** No mail in these tests is due, except the one meant to fail. */
  const unreachable = async () => smtpTransport(`smtp://127.0.0.1:${await freePort()}`);

  const remainingIds = async () =>
    (await t.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(mailOutbox.id)).map((row) => row.id);

  it('deletes mail sent or failed more than 30 days ago, and keeps recent and pending mail', async () => {
    const oldSent = await mailFinished('sent', 31);
    const oldFailed = await mailFinished('failed', 45);
    const recentSent = await mailFinished('sent', 29);
    const recentFailed = await mailFinished('failed', 2);
    const oldPending = await mailFinished('pending', 60);
    const mailWorker = worker(await unreachable());

    expect(await mailWorker.purgeOld()).toBe(2);
    const remaining = await remainingIds();
    expect(remaining).toEqual([recentSent, recentFailed, oldPending]);
    expect(remaining).not.toContain(oldSent);
    expect(remaining).not.toContain(oldFailed);
    expect(await mailWorker.purgeOld()).toBe(0);
  });

  it('counts from the given moment and the configured number of days', async () => {
    await mailFinished('sent', 8);
    const pending = await mailFinished('pending', 8);
    const mailWorker = worker(await unreachable(), { retentionDays: 7 });

    expect(await mailWorker.purgeOld(daysAgo(2))).toBe(0);
    expect(await mailWorker.purgeOld()).toBe(1);
    expect(await remainingIds()).toEqual([pending]);
  });

  it('deletes a mail that failed for good counting from its last attempt', async () => {
    const mailWorker = worker(await unreachable(), { maxAttempts: 1 });
    const { id } = await enqueueMail(t.db, invitation);
    expect(await mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    // Failed now, so kept until 30 days from now.
    expect(Math.abs(Number(await secondsToNextAttempt(id)))).toBeLessThan(5);
    expect(await mailWorker.purgeOld(new Date(Date.now() + 29 * DAY_MS))).toBe(0);
    expect(await mailWorker.purgeOld(new Date(Date.now() + 31 * DAY_MS))).toBe(1);
    expect(await remainingIds()).toEqual([]);
  });

  it('deletes in batches until every old mail is gone', async () => {
    const at = daysAgo(40);
    await t.db.insert(mailOutbox).values(
      Array.from({ length: 1_234 }, (_, index) => ({
        to: `oud${index}@xp.example`,
        subject: 'Oud',
        text: 'oud',
        html: '<p>oud</p>',
        language: 'nl' as const,
        template: 'tfaCode',
        status: 'sent' as const,
        createdAt: at,
        nextAttemptAt: at,
        sentAt: at,
      })),
    );
    const recent = await mailFinished('sent', 1);

    expect(await worker(await unreachable()).purgeOld()).toBe(1_234);
    expect(await remainingIds()).toEqual([recent]);
  });

  it('is part of a started worker’s poll loop', async () => {
    await mailFinished('sent', 31);
    const recent = await mailFinished('sent', 1);
    const mailWorker = worker(await unreachable());
    mailWorker.start();
    await vi.waitFor(async () => expect(await remainingIds()).toEqual([recent]), { timeout: 5_000 });
    await mailWorker.stop();
  });
});
