import { paymentProviders, paymentStatuses, sequenceTypes } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';

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
    /** Where the provider sends the person back: our return route (`/api/Payment/Return/{returnToken}`). */
    redirectUrl: text(),
    /**
     * The return route's key (random, unguessable) and where it sends the person now: the page of whoever
     * asked last for this attempt (the pay page, the sign-up's result page, the back-office). The attempt is
     * one whatever page it returns to (decision 015).
     */
    returnToken: text(),
    returnUrl: text(),
    /** Why the last call to the provider failed (a code, never a message that could hold personal data). */
    lastError: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_idempotency_key_unique').on(table.idempotencyKey),
    uniqueIndex('payments_provider_payment_unique').on(table.provider, table.providerPaymentId),
    uniqueIndex('payments_return_token_unique').on(table.returnToken),
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

export const refundReasons = ['creditInvoice', 'paidAfterCancel', 'paidTwice'] as const;
export const refundMethods = ['bank', 'card', 'cash', 'provider', 'chargeback'] as const;

/**
 * Money to give back (decision 015): a payment that arrived for an invoice or order that was cancelled or
 * already paid (`paidAfterCancel`, `paidTwice`), or what was paid for an invoice that a credit invoice then
 * cancelled (`creditInvoice`; `payment_id` null when it was paid at the desk). Every paid payment belongs to
 * a paid invoice or order, or to a row here: nothing received goes unrecorded. `gym_id` null: the platform
 * owes it (XP invoices, product orders). Settled once: `refunded` with how (`bank`, `card`, `cash`, through
 * the provider's refund, or by the payer's chargeback).
 */
export const refundsOwed = pgTable(
  'refunds_owed',
  {
    id: id(),
    gymId: integer().references(() => gyms.id, { onDelete: 'cascade' }),
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    /** The domain and row it was paid for (`invoice`, `xpInvoice`, `productOrder`). */
    subject: text().notNull(),
    subjectId: integer().notNull(),
    paymentId: integer().references(() => payments.id, { onDelete: 'restrict' }),
    /** What the lists show: the invoice or order number and who paid (as on the invoice). */
    reference: text().notNull(),
    payerName: text().notNull(),
    amountCents: integer().notNull(),
    reason: text({ enum: refundReasons }).notNull(),
    status: text({ enum: ['owed', 'refunded'] })
      .notNull()
      .default('owed'),
    method: text({ enum: refundMethods }),
    /** The provider's refund (`re_...`) when refunded through it. */
    providerRefundId: text(),
    refundedAt: timestamp({ withTimezone: true }),
    refundedBy: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A payment is owed back once.
    uniqueIndex('refunds_owed_payment_unique').on(table.paymentId),
    // A credited invoice's refund, once.
    uniqueIndex('refunds_owed_credit_unique')
      .on(table.subject, table.subjectId)
      .where(sql`${table.reason} = 'creditInvoice'`),
    index('refunds_owed_gym_idx').on(table.gymId, table.status, table.id),
    index('refunds_owed_location_idx').on(table.locationId, table.status, table.id),
    index('refunds_owed_platform_idx').on(table.status, table.id).where(sql`${table.gymId} is null`),
    check('refunds_owed_amount_check', sql`${table.amountCents} > 0`),
    check('refunds_owed_reason_check', sql`${table.reason} in (${inList(refundReasons)})`),
    check('refunds_owed_status_check', sql`${table.status} in ('owed', 'refunded')`),
    check(
      'refunds_owed_method_check',
      sql`${table.method} is null or ${table.method} in (${inList(refundMethods)})`,
    ),
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
