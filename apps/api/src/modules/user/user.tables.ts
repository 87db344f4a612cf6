import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';

type NameColumns = { firstName: AnyPgColumn; insertion: AnyPgColumn; lastName: AnyPgColumn };

/**
 * First name, insertion (when there is one) and last name, lower-cased: the full-name sort key. Built with
 * `||` (immutable, unlike `concat_ws`) so an index can hold it; queries use this same expression.
 */
export const userSortName = (t: NameColumns) =>
  sql<string>`lower(${t.firstName} || coalesce(' ' || ${t.insertion}, '') || ' ' || ${t.lastName})`;

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
    /**
     * When the address was proven by a link mailed to it (decision 018): an invitation, a reset or a change link,
     * the sign-up's confirmation. Null: made by a form that did not prove it; the check-in refuses it.
     */
    emailProvenAt: timestamp({ withTimezone: true }).defaultNow(),
    /**
     * Full name and e-mail, lower-cased: what list searches match (`users_search_trgm_idx`). Stored
     * (migration 0027): a search's recheck of thousands of matches reads it instead of computing it.
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower("first_name" || coalesce(' ' || "insertion", '') || ' ' || "last_name" || ' ' || "email")`,
      ),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => {
    // Lists show only live users: every list index leaves the deleted ones out.
    const live = sql`${table.deletedAt} is null`;
    return [
      uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
      index('users_role_idx').on(table.role),
      index('users_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`).where(live),
      // One index per sort key of the user list, for all roles and within a role tab; the id breaks ties.
      // An expression's columns follow the id (migration 0022): a page's ids then come from an index-only
      // scan (PostgreSQL reads an expression index only-index when the expression's columns are in it),
      // so a deep page's offset skips index entries, not table rows.
      index('users_list_name_idx').on(sql`lower(${table.lastName})`, table.id, table.lastName).where(live),
      index('users_list_email_idx').on(sql`lower(${table.email})`, table.id, table.email).where(live),
      index('users_list_created_idx').on(table.createdAt, table.id).where(live),
      index('users_list_role_idx').on(table.role, table.id).where(live),
      index('users_list_role_name_idx')
        .on(table.role, sql`lower(${table.lastName})`, table.id, table.lastName)
        .where(live),
      index('users_list_role_email_idx')
        .on(table.role, sql`lower(${table.email})`, table.id, table.email)
        .where(live),
      index('users_list_role_created_idx').on(table.role, table.createdAt, table.id).where(live),
      index('users_sort_name_idx')
        .on(userSortName(table), table.id, table.firstName, table.insertion, table.lastName)
        .where(live),
    ];
  },
);
export type UserRow = typeof users.$inferSelect;

/**
 * Live users per role, kept by triggers on `users` (migration 0024): the user list's tab counts without a
 * search (decision 009). Written only by those triggers.
 */
export const userRoleCounts = pgTable('user_role_counts', {
  role: text().primaryKey(),
  count: integer().notNull().default(0),
});

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
