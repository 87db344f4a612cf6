import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import { members, memberships } from '../member/member.tables.ts';
import { locations } from '../organisation/organisation.tables.ts';

/*
 * Recurring billing and dunning (decision 017): what the billing run invoices next, the
 * members' mandates at their locations' payment providers, the direct debits waiting to be collected, and
 * the notices sent about an invoice.
 */

const day = () => date({ mode: 'string' });

/**
 * A membership's next period to invoice, one row a membership, made with it by a statement trigger on
 * `memberships` (migration 0040): a narrow row beside the membership, which the billing run moves without
 * writing the membership (whose update triggers recount the location status days).
 */
export const membershipBilling = pgTable(
  'membership_billing',
  {
    membershipId: integer()
      .primaryKey()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** The membership's gym: the run invoices gym by gym (one number counter each, runs side by side). */
    gymId: integer().notNull(),
    /** The next period to invoice: 0 is the first (with the one-off costs). */
    nextPeriod: integer().notNull().default(0),
    /** Its first day; null: nothing more to invoice (the membership ended, or a prepaid term is invoiced). */
    nextPeriodStart: day(),
  },
  (table) => [
    index('membership_billing_gym_due_idx')
      .on(table.gymId, table.nextPeriodStart, table.membershipId)
      .where(sql`${table.nextPeriodStart} is not null`),
  ],
);

/**
 * A member's customer and SEPA mandate at the provider of a location (each location may have its own Mollie
 * account). Made from the IBAN the member gave (sign-up, import) when the first charge is due, or from a
 * first payment by iDEAL.
 */
export const memberMandates = pgTable(
  'member_mandates',
  {
    id: id(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    customerId: text().notNull(),
    /** Null until the provider made it. */
    mandateId: text(),
    /** The mandate reference the pre-notification shows. */
    reference: text().notNull(),
    /** As the provider says: `pending`, `valid`, `invalid`. */
    status: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('member_mandates_member_location_unique').on(table.memberId, table.locationId)],
);

/**
 * A direct debit of an invoice waiting for its day: the billing run charges it on the member's mandate
 * (attempt 1 on the due date; a failed charge comes back once as attempt 2 after the location's retry days).
 * A run takes rows by a lease, so two instances never charge one at once, and a run that died leaves
 * nothing stuck (the payment's idempotency key makes a second call of an attempt harmless anyway).
 */
export const invoiceCollections = pgTable(
  'invoice_collections',
  {
    invoiceId: integer()
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** 1: the charge on the due date; 2: the one retry after a failed charge. */
    round: smallint().notNull(),
    /** The payment attempt (its idempotency key) once a run took it: a run that died repeats the same one. */
    paymentAttempt: smallint(),
    collectOn: day().notNull(),
    leaseUntil: timestamp({ withTimezone: true }),
  },
  (table) => [index('invoice_collections_due_idx').on(table.collectOn, table.invoiceId)],
);

/** The kinds of notice about an invoice (`invoice_notices.kind`). */
export const NoticeKind = {
  /** At issue: the SEPA pre-notification (with a mandate) or the invoice with its pay link. */
  Issued: 1,
  /** A charge failed or was charged back: a pay link (per attempt). */
  PaymentFailed: 2,
  /** The free reminder with 14 days to pay (WIK) when the member falls into debt. */
  Reminder: 3,
} as const;

/** A notice mailed about an invoice, once per kind and attempt: a second run sends nothing again. */
export const invoiceNotices = pgTable(
  'invoice_notices',
  {
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: smallint().notNull(),
    attempt: smallint().notNull().default(0),
    sentAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.invoiceId, table.kind, table.attempt] })],
);
