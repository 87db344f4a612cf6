import type { Database } from '../db/client.ts';
import { insertRecords } from '../db/records.ts';
import { mailOutbox } from './mail.tables.ts';
import { notifyMailEnqueued } from './notify.ts';
import { type MailLanguage, type MailTemplate, type MailTemplateData, renderMail } from './templates.ts';

export type MailRequest<T extends MailTemplate = MailTemplate> = {
  [K in T]: { to: string; language: MailLanguage; template: K; data: MailTemplateData[K] };
}[T];

/**
 * Renders a mail and puts it in the outbox with `db`: pass the transaction of the change that causes it,
 * so that the mail exists exactly when that change commits. The commit also wakes the mail workers of
 * every instance (NOTIFY), so the mail leaves at once.
 */
export async function enqueueMail(db: Database, mail: MailRequest): Promise<{ id: number }> {
  const rendered = renderMail<MailTemplate>(mail.template, mail.language, mail.data);
  const [row] = await db
    .insert(mailOutbox)
    .values({ to: mail.to, language: mail.language, template: mail.template, ...rendered })
    .returning({ id: mailOutbox.id });
  await notifyMailEnqueued(db);
  return row!;
}

/** Many mails in one statement (the billing run's notices), with one wake-up of the workers. */
export async function enqueueMails(db: Database, mails: MailRequest[]): Promise<void> {
  if (mails.length === 0) return;
  await insertRecords(
    db,
    'mail_outbox',
    [
      ['to', 'text'],
      ['language', 'text'],
      ['template', 'text'],
      ['subject', 'text'],
      ['text', 'text'],
      ['html', 'text'],
    ],
    mails.map((mail) => ({
      to: mail.to,
      language: mail.language,
      template: mail.template,
      ...renderMail<MailTemplate>(mail.template, mail.language, mail.data),
    })),
  );
  await notifyMailEnqueued(db);
}
