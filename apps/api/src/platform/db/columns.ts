import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Columns every table shares. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * A `timestamptz` column read as ISO 8601 text in UTC (`2026-11-24T19:40:00.123Z`), for selections written
 * in SQL (which skip the column's mapping to `Date`): the same text `Date.toISOString()` gives.
 */
export const isoText = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The same for a column that may be null. */
export const isoTextOrNull = (column: SQLWrapper) => isoText(column) as SQL<string | null>;
