import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { files } from '../../platform/files/files.tables.ts';

/**
 * A picture of the picture bank (spec 000 section 3, 001 section 3): a stored image with the file name it
 * was uploaded under, a category (`Theme`: Movement, Nutrition, Relaxation) and an active flag. Challenge
 * templates refer to it by id.
 */
export const pictureBankItems = pgTable(
  'picture_bank_items',
  {
    id: id(),
    fileHash: text()
      .notNull()
      .references(() => files.hash, { onDelete: 'restrict' }),
    fileName: text().notNull(),
    category: integer().notNull(),
    isActive: boolean().notNull().default(true),
    /**
     * The file's `byte_size`, copied so that the list sorts on an index: the database sets it from the
     * file on every insert and on every change of the file (a trigger, migration 0025); a file's bytes, and
     * so its size, never change under its hash.
     */
    byteSize: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('picture_bank_items_category_active_idx').on(table.category, table.isActive),
    index('picture_bank_items_active_idx').on(table.isActive),
    index('picture_bank_items_file_name_trgm_idx').using('gin', table.fileName.op('gin_trgm_ops')),
    // One index per sort, the id breaking ties, then the filtered columns: a deep page picks its ids by an
    // index-only walk (migration 0025).
    index('picture_bank_items_list_name_idx').on(
      sql`lower(${table.fileName})`,
      table.id,
      table.fileName,
      table.isActive,
      table.category,
    ),
    index('picture_bank_items_list_created_idx').on(
      table.createdAt,
      table.id,
      table.isActive,
      table.category,
    ),
    index('picture_bank_items_list_size_idx').on(table.byteSize, table.id, table.isActive, table.category),
  ],
);
