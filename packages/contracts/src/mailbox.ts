import { endpoint, policy } from './http.ts';
import { z } from './zod-setup.ts';

const tags = ['Development'];

/** A mail of the outbox as the development mailbox shows it. */
export const mailboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** `pending` until the worker has handed it over (or, without SMTP, marked it delivered). */
  status: z.enum(['pending', 'sent', 'failed']),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MailboxMessage = z.infer<typeof mailboxMessage>;

export const mailboxQuery = z.object({
  /** Only mail to this address (case-insensitive). */
  to: z.string().trim().max(320).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const mailboxEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/dev/mailbox',
    policy: policy.development,
    summary: 'Development mailbox: every mail of the outbox, newest first (not served in production)',
    tags,
    query: mailboxQuery,
    response: z.object({ items: z.array(mailboxMessage), total: z.number().int() }),
  }),
};
