import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';

export interface MailboxFilter {
  to?: string | undefined;
  page: number;
  limit: number;
}

/** Newest first; filtered by address through the `lower(to), id` index. */
export async function list(db: Database, filter: MailboxFilter) {
  const where = filter.to ? eq(sql`lower(${mailOutbox.to})`, filter.to.toLowerCase()) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}
