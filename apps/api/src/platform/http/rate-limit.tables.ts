import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Fixed-window counters for rate limits (login per account and per address); shared by all instances. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (table) => [
    uniqueIndex('rate_limits_key').on(table.key),
    index('rate_limits_window_idx').on(table.windowStart),
  ],
);
