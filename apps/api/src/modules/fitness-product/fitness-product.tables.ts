import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { files } from '../../platform/files/files.tables.ts';
import { suppliers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

/**
 * A supplier's fitness product (spec 000 sections 3 and 7). What it is lives in its versions: every add and
 * every change is a new version that waits for the platform (decision 020). `acceptedVersionId` is the last
 * accepted version, the only one the catalogue and orders see; `pendingVersionId` the change awaiting a
 * decision (the supplier's Awaiting tab). A product never accepted has no accepted version. Deleting a
 * product hides it (`deletedAt`): orders keep pointing at it.
 */
export const fitnessProducts = pgTable(
  'fitness_products',
  {
    id: id(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    acceptedVersionId: integer().references((): AnyPgColumn => fitnessProductVersions.id),
    pendingVersionId: integer().references((): AnyPgColumn => fitnessProductVersions.id),
    /** The accepted version's name (the first version's until one is accepted), lower-cased: sort and search. */
    sortName: text().notNull(),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('fitness_products_supplier_idx').on(table.supplierId, table.sortName, table.id),
    index('fitness_products_name_idx').on(table.sortName, table.id),
    index('fitness_products_name_trgm_idx').using('gin', table.sortName.op('gin_trgm_ops')),
    index('fitness_products_pending_idx')
      .on(table.pendingVersionId)
      .where(sql`${table.pendingVersionId} is not null`),
  ],
);

/**
 * One version of a product: the supplier's fields and, once the platform decided, its commission. Prices in
 * cents; `vatPercentage` 6, 9 or 21; `salesUnit` (`ProductSalesUnit`), `duration` (`ProductDuration`),
 * `numberType` (`ProductNumberType`), `status` (`ProductVersionStatus`). The margins of the platform, the
 * region manager and the gym are amounts in cents per unit, excluding VAT; the sale price excluding VAT is
 * the purchase price plus the three margins.
 */
export const fitnessProductVersions = pgTable(
  'fitness_product_versions',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references((): AnyPgColumn => fitnessProducts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull(),
    numberType: smallint().notNull(),
    purchasePriceCents: integer().notNull(),
    vatPercentage: smallint().notNull().default(6),
    salesUnit: smallint().notNull().default(0),
    duration: smallint().notNull().default(1),
    status: smallint().notNull().default(0),
    commissionType: smallint(),
    minimumTerm: smallint(),
    platformMarginCents: integer(),
    regionManagerMarginCents: integer(),
    gymMarginCents: integer(),
    /** Why the platform denied it (shown to the supplier). */
    denyReason: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('fitness_product_versions_product_idx').on(table.productId, table.id),
    index('fitness_product_versions_status_idx').on(table.status, table.createdAt, table.id),
    check('fitness_product_versions_price_check', sql`${table.purchasePriceCents} >= 0`),
    check('fitness_product_versions_vat_check', sql`${table.vatPercentage} in (6, 9, 21)`),
    check('fitness_product_versions_sales_unit_check', sql`${table.salesUnit} between 0 and 1`),
    check('fitness_product_versions_duration_check', sql`${table.duration} between 0 and 3`),
    check('fitness_product_versions_number_type_check', sql`${table.numberType} between 0 and 2`),
    check('fitness_product_versions_status_check', sql`${table.status} between 0 and 3`),
    check(
      'fitness_product_versions_margins_check',
      sql`coalesce(${table.platformMarginCents}, 0) >= 0 and coalesce(${table.regionManagerMarginCents}, 0) >= 0 and coalesce(${table.gymMarginCents}, 0) >= 0`,
    ),
    check(
      'fitness_product_versions_accepted_check',
      sql`${table.status} not in (1, 3) or (${table.commissionType} is not null and ${table.minimumTerm} is not null and ${table.platformMarginCents} is not null and ${table.regionManagerMarginCents} is not null and ${table.gymMarginCents} is not null)`,
    ),
  ],
);

/** The images of a version, in their order (at least one per version; a new version copies the rows it keeps). */
export const fitnessProductImages = pgTable(
  'fitness_product_images',
  {
    id: id(),
    versionId: integer()
      .notNull()
      .references(() => fitnessProductVersions.id, { onDelete: 'cascade' }),
    imageHash: text()
      .notNull()
      .references(() => files.hash),
    fileName: text().notNull(),
    order: smallint().notNull(),
  },
  (table) => [uniqueIndex('fitness_product_images_version_order_unique').on(table.versionId, table.order)],
);
