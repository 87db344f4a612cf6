import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { mailOutbox } from './mail.tables.ts';
import { type MailLanguage, type MailTemplate, type MailTemplateData, renderMail } from './templates.ts';

export type MailRequest<T extends MailTemplate = MailTemplate> = {
  [K in T]: { to: string; language: MailLanguage; template: K; data: MailTemplateData[K] };
}[T];

/** The workers of this process, told when a mail may be waiting (see `wakeMailWorkers`). */
const listeners = new Set<() => void>();

/** @internal for the worker */
export function onMailEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells the mail workers of this process to look for due mail now instead of at their next tick. Call it
 * after the transaction that enqueued a mail has committed (before that the worker cannot see the row).
 */
export function wakeMailWorkers(): void {
  for (const listener of listeners) listener();
}

/**
 * Renders a mail and puts it in the outbox with `db`: pass the transaction of the change that causes it,
 * so that the mail exists exactly when that change commits. Outside a transaction the row is committed
 * at once and the workers are woken; inside one, call `wakeMailWorkers()` after the commit (or leave it
 * to the worker's next tick, a few seconds later).
 */
export async function enqueueMail(db: Database, mail: MailRequest): Promise<{ id: number }> {
  const rendered = renderMail<MailTemplate>(mail.template, mail.language, mail.data);
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to, language: mail.language, template: mail.template, ...rendered })
    .returning({ id: mailOutbox.id });
  if (!(db instanceof PgTransaction)) wakeMailWorkers();
  return row!;
}
