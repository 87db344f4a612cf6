import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    /** argon2id; null while the account cannot sign in (invited, deleted). */
    passwordHash: text(),
    role: text({ enum: ['Admin', 'Employee', 'ContentCreator', 'Employer', 'Supplier'] }).notNull(),
    firstName: text().notNull(),
    insertion: text(),
    lastName: text().notNull(),
    language: text({ enum: ['nl', 'en'] })
      .notNull()
      .default('nl'),
    phoneNumber: text(),
    /** Sign-in asks for a mailed code after the password. */
    isTfaEnabled: boolean().notNull().default(false),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    index('users_role_idx').on(table.role),
  ],
);
export type UserRow = typeof users.$inferSelect;

/** A new email address waiting for confirmation from the link mailed to it. */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_changes_user_idx').on(table.userId)],
);
