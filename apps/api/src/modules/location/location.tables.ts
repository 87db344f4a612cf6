import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { locations } from '../organisation/organisation.tables.ts';

/**
 * The payment provider a location collects with (kind Mollie = 0). The API key is stored encrypted
 * (AES-256-GCM with the key from the configuration); only its last characters are kept in the clear, to
 * show it masked.
 */
export const locationPaymentProviders = pgTable(
  'location_payment_providers',
  {
    id: id(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    kind: integer().notNull(),
    apiKeyEncrypted: text().notNull(),
    apiKeyLastChars: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('location_payment_providers_location_unique').on(table.locationId)],
);

/**
 * An opening time range of a location on a weekday (0 Sunday ... 6 Saturday), `HH:mm`; a weekday without
 * ranges is a closed day. Ranges of one day do not overlap (checked when saved).
 */
export const locationOpeningHours = pgTable(
  'location_opening_hours',
  {
    id: id(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    weekday: integer().notNull(),
    opensAt: text().notNull(),
    closesAt: text().notNull(),
  },
  (table) => [
    index('location_opening_hours_location_idx').on(table.locationId, table.weekday, table.opensAt),
    check('location_opening_hours_weekday_check', sql`${table.weekday} between 0 and 6`),
    check('location_opening_hours_range_check', sql`${table.opensAt} < ${table.closesAt}`),
  ],
);

/**
 * After how many days of absence a member of the location gets a status: Non-active (1), Sleeping (2).
 */
export const locationStatusRequirements = pgTable(
  'location_status_requirements',
  {
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    memberStatus: integer().notNull(),
    requiredDaysOfAbsence: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.locationId, table.memberStatus] }),
    check('location_status_requirements_days_check', sql`${table.requiredDaysOfAbsence} > 0`),
  ],
);
