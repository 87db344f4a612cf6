import { paymentProviders, paymentStatuses, sequenceTypes } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { gyms, locations } from '../../modules/organisation/organisation.tables.ts';
import { createdAt, id, updatedAt } from '../db/columns.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * One collection attempt: a payment at a provider, for one subject (`subject` names the domain, e.g. an
 * invoice, `subject_id` its row). The row is written before the provider is called, under a deterministic
 * idempotency key (subject, id, attempt), so an attempt whose call failed is sent again with the same key
 * and the provider answers the payment it made (never a second charge). Its status and charged-back amount
 * are only ever moved by what the provider answers (decision 015).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** The gym it is collected for (null: the platform's own payments, e.g. an employer's XP). */
    gymId: integer().references(() => gyms.id, { onDelete: 'cascade' }),
    /** Whose provider collects it (null: the platform's own key). */
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    provider: text({ enum: paymentProviders }).notNull(),
    /** The provider's id (`tr_...`); null until the provider has answered the creation. */
    providerPaymentId: text(),
    idempotencyKey: text().notNull(),
    subject: text().notNull(),
    subjectId: integer().notNull(),
    sequenceType: text({ enum: sequenceTypes }).notNull(),
    amountCents: integer().notNull(),
    chargedBackCents: integer().notNull().default(0),
    description: text().notNull(),
    status: text({ enum: paymentStatuses }).notNull().default('created'),
    customerId: text(),
    mandateId: text(),
    /** Where the person pays (first and one-off payments). */
    checkoutUrl: text(),
    redirectUrl: text(),
    /** Why the last call to the provider failed (a code, never a message that could hold personal data). */
    lastError: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_idempotency_key_unique').on(table.idempotencyKey),
    uniqueIndex('payments_provider_payment_unique').on(table.provider, table.providerPaymentId),
    index('payments_subject_idx').on(table.subject, table.subjectId, table.id),
    check('payments_amount_check', sql`${table.amountCents} > 0`),
    check(
      'payments_charged_back_check',
      sql`${table.chargedBackCents} >= 0 and ${table.chargedBackCents} <= ${table.amountCents}`,
    ),
    check('payments_status_check', sql`${table.status} in (${inList(paymentStatuses)})`),
    check('payments_provider_check', sql`${table.provider} in (${inList(paymentProviders)})`),
    check('payments_sequence_type_check', sql`${table.sequenceType} in (${inList(sequenceTypes)})`),
  ],
);

/** A payment's history: every status or charged-back amount it moved to, and when. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    chargedBackCents: integer().notNull(),
    at: createdAt(),
  },
  (table) => [index('payment_events_payment_idx').on(table.paymentId, table.id)],
);

// ------------------------------------------------------------------------- the local test provider
// Its own state, as Mollie keeps its own: kept in the database so that every instance serves its checkout.

export const localProviderCustomers = pgTable('local_provider_customers', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull(),
  createdAt: createdAt(),
});

export const localProviderMandates = pgTable('local_provider_mandates', {
  id: text().primaryKey(),
  customerId: text()
    .notNull()
    .references(() => localProviderCustomers.id, { onDelete: 'cascade' }),
  status: text({ enum: ['pending', 'valid', 'invalid'] }).notNull(),
  method: text({ enum: ['directdebit', 'ideal'] }).notNull(),
  /** The account's last four characters: the test provider keeps no whole IBAN. */
  accountLastChars: text(),
  createdAt: createdAt(),
});

export const localProviderPayments = pgTable(
  'local_provider_payments',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    description: text().notNull(),
    status: text({ enum: ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] }).notNull(),
    sequenceType: text({ enum: ['oneoff', 'first', 'recurring'] }).notNull(),
    customerId: text(),
    mandateId: text(),
    chargedBackCents: integer().notNull().default(0),
    redirectUrl: text().notNull(),
    webhookUrl: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('local_provider_payments_idempotency_unique').on(table.idempotencyKey)],
);
