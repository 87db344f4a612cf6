import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../db/columns.ts';

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Every mail, rendered, waiting for (or past) delivery. Written in the transaction of the change that
 * causes it; the worker sends it. Without SMTP this table is the development mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    language: text({ enum: ['nl', 'en'] }).notNull(),
    template: text().notNull(),
    status: text({ enum: mailStatuses }).notNull().default('pending'),
    /** Claims so far (a claim counts even when the worker died before it could report). */
    attempts: integer().notNull().default(0),
    /** When a pending mail is due; for a failed mail, when it failed for good. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: while in the future, no other worker claims the row. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** Error code and SMTP status of the last failure; never an address or message text. */
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // The worker's claim: pending rows by due time.
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    // Retention: finished rows by when they finished (sent, or failed for good).
    index('mail_outbox_finished_idx')
      .on(sql`coalesce(${table.sentAt}, ${table.nextAttemptAt})`)
      .where(sql`${table.status} <> 'pending'`),
    // The mailbox of one address, newest first (the unfiltered list walks the primary key).
    index('mail_outbox_to_idx').on(sql`lower(${table.to})`, table.id),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
    check('mail_outbox_language_check', sql`${table.language} in ('nl', 'en')`),
  ],
);
