import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * An uploaded file after checking and re-encoding, kept once by the SHA-256 of its stored bytes (the bytes
 * live in the file store under that hash). Rows that refer to a file keep their own file name.
 */
export const files = pgTable('files', {
  hash: text().primaryKey(),
  mimeType: text().notNull(),
  byteSize: integer().notNull(),
  width: integer(),
  height: integer(),
  createdAt: createdAt(),
});
