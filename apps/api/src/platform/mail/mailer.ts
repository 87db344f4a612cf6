import type { Database } from '../db/client.ts';
import type { MailRequest } from './outbox.ts';

export type { MailRequest };

/** What services take to send mail (`enqueueMail` in the app): enqueues in the caller's transaction. */
export type Mailer = (db: Database, mail: MailRequest) => Promise<unknown>;
