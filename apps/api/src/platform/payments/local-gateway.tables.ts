import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns.ts';

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
    /**
     * The secret of the checkout link (`/dev/checkout/{id}?token=…`, 122 random bits): only who holds the link
     * sees and settles the payment, as on Mollie's hosted page (decision 015).
     */
    checkoutToken: text().notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('local_provider_payments_idempotency_unique').on(table.idempotencyKey)],
);
