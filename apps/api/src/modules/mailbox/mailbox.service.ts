import type { MailboxMessage } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import * as repository from './mailbox.repository.ts';

/** The development mailbox: the outbox as a list of mails, newest first. Only served outside production. */
export async function listMailbox(
  db: Database,
  filter: repository.MailboxFilter,
): Promise<{ items: MailboxMessage[]; total: number }> {
  const { items, total } = await repository.list(db, filter);
  return {
    items: items.map((mail) => ({
      ...mail,
      createdAt: mail.createdAt.toISOString(),
      sentAt: mail.sentAt?.toISOString() ?? null,
    })),
    total,
  };
}
