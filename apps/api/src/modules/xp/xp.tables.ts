import { xpTransferKinds } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/db/columns.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { employers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

const xp = () => bigint({ mode: 'number' });

/**
 * An account of the XP ledger (decision 019): the platform's issuance (where every XP comes from: its
 * balance is minus the XP in circulation, the one account allowed below zero), the store (where spent XP
 * goes), each employer's balance and each person's wallet. `balance` is a cache of the sum of the
 * account's entries, moved in the transaction that writes them; a check recomputes it.
 */
export const xpAccounts = pgTable(
  'xp_accounts',
  {
    id: id(),
    kind: text({ enum: ['issuance', 'store', 'employer', 'wallet'] }).notNull(),
    employerId: integer().references(() => employers.id, { onDelete: 'restrict' }),
    userId: integer().references(() => users.id, { onDelete: 'restrict' }),
    balance: xp().notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check('xp_accounts_kind_check', sql`${table.kind} in ('issuance', 'store', 'employer', 'wallet')`),
    check(
      'xp_accounts_owner_check',
      sql`(${table.kind} = 'employer') = (${table.employerId} is not null) and (${table.kind} = 'wallet') = (${table.userId} is not null)`,
    ),
    check('xp_accounts_balance_check', sql`${table.kind} = 'issuance' or ${table.balance} >= 0`),
    uniqueIndex('xp_accounts_platform_unique')
      .on(table.kind)
      .where(sql`${table.kind} in ('issuance', 'store')`),
    uniqueIndex('xp_accounts_employer_unique').on(table.employerId),
    uniqueIndex('xp_accounts_user_unique').on(table.userId),
  ],
);

/**
 * One movement of XP from one account to another, never updated or deleted (a trigger refuses both): a
 * mistake is undone by a movement back. Its two entries (`xp_entries`) are written with it.
 * `employer_id` is the employer the movement is shown to (its purchase, its grants, the rewards of its
 * challenges, its employees' redemptions in its shop); `user_id` the person concerned.
 */
export const xpTransfers = pgTable(
  'xp_transfers',
  {
    id: id(),
    kind: text({ enum: xpTransferKinds }).notNull(),
    fromAccountId: integer()
      .notNull()
      .references(() => xpAccounts.id, { onDelete: 'restrict' }),
    toAccountId: integer()
      .notNull()
      .references(() => xpAccounts.id, { onDelete: 'restrict' }),
    amount: xp().notNull(),
    employerId: integer().references(() => employers.id, { onDelete: 'restrict' }),
    userId: integer().references(() => users.id, { onDelete: 'restrict' }),
    /** What caused it, one at most: the paid XP invoice, the completed challenge, the redemption. */
    xpInvoiceId: integer(),
    challengeId: integer().references(() => challenges.id, { onDelete: 'restrict' }),
    redemptionId: integer(),
    /** Why (a correction's reason is required). */
    reason: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('xp_transfers_amount_check', sql`${table.amount} > 0`),
    check('xp_transfers_accounts_check', sql`${table.fromAccountId} <> ${table.toAccountId}`),
    check(
      'xp_transfers_kind_check',
      sql`${table.kind} in ('purchase', 'grant', 'reward', 'redemption', 'refund', 'correction')`,
    ),
    check(
      'xp_transfers_reason_check',
      sql`${table.kind} <> 'correction' or length(trim(coalesce(${table.reason}, ''))) > 0`,
    ),
    // A paid invoice credits once, a completion is rewarded once, a redemption spends once and refunds once.
    uniqueIndex('xp_transfers_purchase_unique').on(table.xpInvoiceId).where(sql`${table.kind} = 'purchase'`),
    uniqueIndex('xp_transfers_reward_unique')
      .on(table.challengeId, table.userId)
      .where(sql`${table.kind} = 'reward'`),
    uniqueIndex('xp_transfers_redemption_unique')
      .on(table.kind, table.redemptionId)
      .where(sql`${table.redemptionId} is not null`),
    // The employer's list (newest first) and the admin's.
    index('xp_transfers_employer_idx').on(table.employerId, table.createdAt, table.id),
    index('xp_transfers_created_idx').on(table.createdAt, table.id),
    // A kind's tab and its count, of one employer and of all (migration 0043).
    index('xp_transfers_employer_kind_idx').on(table.employerId, table.kind, table.createdAt, table.id),
    index('xp_transfers_kind_idx').on(table.kind, table.createdAt, table.id),
    index('xp_transfers_reason_trgm_idx')
      .using('gin', sql`lower(${table.reason}) gin_trgm_ops`)
      .where(sql`${table.reason} is not null`),
    index('xp_transfers_from_idx').on(table.fromAccountId, table.id),
    index('xp_transfers_to_idx').on(table.toAccountId, table.id),
    index('xp_transfers_user_idx').on(table.userId),
  ],
);

/** The two sides of a transfer: minus on the account it leaves, plus on the one it reaches. Never changed. */
export const xpEntries = pgTable(
  'xp_entries',
  {
    id: id(),
    transferId: integer()
      .notNull()
      .references(() => xpTransfers.id, { onDelete: 'restrict' }),
    accountId: integer()
      .notNull()
      .references(() => xpAccounts.id, { onDelete: 'restrict' }),
    amount: xp().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('xp_entries_amount_check', sql`${table.amount} <> 0`),
    index('xp_entries_account_idx').on(table.accountId, table.id),
    index('xp_entries_transfer_idx').on(table.transferId),
  ],
);

/**
 * The last number of the platform's XP invoices in a year (`XP2026-000042`): taken in the transaction that
 * issues the invoice, so the numbers run without gaps (as decision 016's per gym).
 */
export const xpInvoiceNumbers = pgTable('xp_invoice_numbers', {
  year: smallint().primaryKey(),
  lastNumber: integer().notNull(),
});

/**
 * An XP invoice of the platform to an employer: XP bought, or a credit invoice cancelling one. A
 * multi-purpose voucher (decision 019): no VAT when sold. Number, date, employer (name and billing address
 * as they were), XP and amounts are never changed; status, payment method and paid date move.
 */
export const xpInvoices = pgTable(
  'xp_invoices',
  {
    id: id(),
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'restrict' }),
    year: smallint().notNull(),
    sequence: integer().notNull(),
    number: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    employerName: text().notNull(),
    /** The billing address as it was, one line per part. */
    employerAddress: text(),
    amountOfXp: xp().notNull(),
    netCents: xp().notNull(),
    vatCents: xp().notNull().default(0),
    totalCents: xp().notNull(),
    /** Invoice status (0 Draft ... 7 Charged back). */
    status: smallint().notNull(),
    paymentMethod: smallint(),
    paidAt: timestamp({ withTimezone: true }),
    creditedInvoiceId: integer(),
    /** How the payment is collected: `checkout` (iDEAL and the like) or `directDebit` (automatic collection). */
    collection: text({ enum: ['checkout', 'directDebit'] })
      .notNull()
      .default('checkout'),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('xp_invoices_number_unique').on(table.year, table.sequence),
    uniqueIndex('xp_invoices_credited_unique').on(table.creditedInvoiceId),
    index('xp_invoices_employer_idx').on(table.employerId, table.issuedAt, table.id),
    index('xp_invoices_issued_idx').on(table.issuedAt, table.id),
    index('xp_invoices_status_idx').on(table.status, table.issuedAt, table.id),
    index('xp_invoices_number_trgm_idx').using('gin', table.number.op('gin_trgm_ops')),
    check('xp_invoices_status_check', sql`${table.status} between 0 and 7`),
    check('xp_invoices_collection_check', sql`${table.collection} in ('checkout', 'directDebit')`),
  ],
);

/** A participant who completed a challenge, and the reward transfer it earned (at most once). */
export const challengeCompletions = pgTable(
  'challenge_completions',
  {
    challengeId: integer()
      .notNull()
      .references(() => challenges.id, { onDelete: 'restrict' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    completedAt: createdAt(),
    /** The reward's transfer (null: the challenge had no reward). */
    transferId: integer().references(() => xpTransfers.id, { onDelete: 'restrict' }),
    recordedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.challengeId, table.userId] }), index().on(table.userId)],
);
