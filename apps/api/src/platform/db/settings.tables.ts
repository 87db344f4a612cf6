import { pgTable, text } from 'drizzle-orm/pg-core';

/** Platform-wide values generated once (e.g. the session signing secret when none is configured). */
export const appSettings = pgTable('app_settings', { key: text().primaryKey(), value: text().notNull() });
