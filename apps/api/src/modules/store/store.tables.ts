import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { files } from '../../platform/files/files.tables.ts';
import { employers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

/**
 * An item of the XP store (spec 000 section 3, StoreItem): the platform's (no employer: every employer's
 * employees see it) or an employer's own (only its employees see it). Cost in XP; stock counts down with
 * every redemption and never below zero.
 */
export const storeItems = pgTable(
  'store_items',
  {
    id: id(),
    name: text().notNull(),
    description: text().notNull().default(''),
    cost: integer().notNull(),
    /** 0 none, 1 gym clothing, 2 accessories, 3 tickets. */
    category: smallint().notNull().default(0),
    employerId: integer().references(() => employers.id, { onDelete: 'cascade' }),
    stock: integer().notNull().default(0),
    imageHash: text().references(() => files.hash),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('store_items_cost_check', sql`${table.cost} > 0`),
    check('store_items_stock_check', sql`${table.stock} >= 0`),
    check('store_items_category_check', sql`${table.category} between 0 and 3`),
    index('store_items_employer_name_idx').on(table.employerId, sql`lower(${table.name})`, table.id),
    index('store_items_name_idx').on(sql`lower(${table.name})`, table.id),
    index('store_items_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

/**
 * A redemption: an item bought with XP from a person's wallet (the ledger's `redemption` transfer), with its
 * delivery status. Name, cost and VAT rate are copied as they were (the item may change or go). `employer_id`:
 * the employer in whose shop it was bought (its `/employer/shop/order`).
 */
export const storeRedemptions = pgTable(
  'store_redemptions',
  {
    id: id(),
    storeItemId: integer().references(() => storeItems.id, { onDelete: 'set null' }),
    itemName: text().notNull(),
    cost: integer().notNull(),
    /** VAT percentage the platform owes when the XP (a multi-purpose voucher) is spent (decision 019). */
    vatPercentage: smallint().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    employerId: integer().references(() => employers.id, { onDelete: 'restrict' }),
    /** 0 Ordered, 1 Sent, 2 Delivered, 3 Cancelled (the XP refunded). */
    status: smallint().notNull().default(0),
    statusChangedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('store_redemptions_status_check', sql`${table.status} between 0 and 3`),
    check('store_redemptions_cost_check', sql`${table.cost} > 0`),
    index('store_redemptions_employer_idx').on(table.employerId, table.createdAt, table.id),
    index('store_redemptions_created_idx').on(table.createdAt, table.id),
    index('store_redemptions_user_idx').on(table.userId),
    index('store_redemptions_item_idx').on(table.storeItemId),
  ],
);
