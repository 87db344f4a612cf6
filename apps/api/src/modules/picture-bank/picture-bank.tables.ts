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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('picture_bank_items_category_active_idx').on(table.category, table.isActive),
    index('picture_bank_items_active_idx').on(table.isActive),
    index('picture_bank_items_file_name_trgm_idx').using('gin', table.fileName.op('gin_trgm_ops')),
    index('picture_bank_items_list_name_idx').on(sql`lower(${table.fileName})`, table.id),
    index('picture_bank_items_list_created_idx').on(table.createdAt, table.id),
  ],
);
