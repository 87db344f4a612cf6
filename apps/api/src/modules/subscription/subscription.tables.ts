import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';

/*
 * Subscriptions of a gym (decision 013): what it sells, in variants, at some of its locations,
 * for some age groups and time slots. Money in cents; enumerations as the contract's numbers.
 */

/** An age group of a gym: a subscription for these ages only (both ends included). */
export const ageGroups = pgTable(
  'age_groups',
  {
    id: id(),
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    minimumAge: smallint().notNull(),
    maximumAge: smallint().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('age_groups_gym_name_unique').on(table.gymId, sql`lower(${table.name})`),
    check('age_groups_ages', sql`${table.minimumAge} >= 0 AND ${table.maximumAge} >= ${table.minimumAge}`),
  ],
);

/** A time slot group of a gym: entry on these days between these times (local time, end excluded). */
export const timeSlotGroups = pgTable(
  'time_slot_groups',
  {
    id: id(),
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** 0 Sunday ... 6 Saturday, sorted, each once. */
    days: smallint().array().notNull(),
    beginTime: time().notNull(),
    endTime: time().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('time_slot_groups_gym_name_unique').on(table.gymId, sql`lower(${table.name})`),
    check('time_slot_groups_times', sql`${table.endTime} > ${table.beginTime}`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    /** `SubscriptionType`: 0 Recurring, 1 Prepaid. */
    type: smallint().notNull(),
    name: text().notNull(),
    description: text(),
    sortOrder: integer().notNull().default(0),
    /** Percent (0, 9, 21). */
    vatRate: smallint().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The name is unique in the gym; the index also serves the list by name.
    uniqueIndex('subscriptions_gym_name_unique').on(table.gymId, sql`lower(${table.name})`),
    // The list's tabs and sorts: the gym, the active flag, then the sort key and the id.
    index('subscriptions_list_order_idx').on(table.gymId, table.isActive, table.sortOrder, table.id),
    index('subscriptions_list_name_idx').on(table.gymId, table.isActive, sql`lower(${table.name})`, table.id),
    index('subscriptions_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);

/** A variant of a subscription: its price, term, access and payment period. */
export const subscriptionVariants = pgTable(
  'subscription_variants',
  {
    id: id(),
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    oneOffCosts: integer().notNull(),
    oneOffCostsIncludesVat: boolean().notNull(),
    pricePerPeriod: integer().notNull(),
    pricePerPeriodIncludesVat: boolean().notNull(),
    durationPeriodAmount: integer().notNull(),
    durationPeriodType: smallint().notNull(),
    accessType: smallint().notNull(),
    accessPerPeriodAmount: integer(),
    accessPerPeriodType: smallint(),
    paymentPerPeriodAmount: integer().notNull(),
    paymentPerPeriodType: smallint().notNull(),
    noticePeriodAmount: integer().notNull(),
    noticePeriodType: smallint().notNull(),
    sortOrder: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscription_variants_subscription_idx').on(table.subscriptionId, table.sortOrder, table.id),
    check('subscription_variants_money', sql`${table.oneOffCosts} >= 0 AND ${table.pricePerPeriod} >= 0`),
  ],
);

/** The gym's locations that offer a subscription. */
export const subscriptionLocations = pgTable(
  'subscription_locations',
  {
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.locationId] }),
    index('subscription_locations_location_idx').on(table.locationId, table.subscriptionId),
  ],
);

/** The age groups a subscription is for (none: every age); a group in use cannot be deleted. */
export const subscriptionAgeGroups = pgTable(
  'subscription_age_groups',
  {
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    ageGroupId: integer()
      .notNull()
      // No action (checked at the statement's end): a gym's deletion takes its subscriptions along first.
      .references(() => ageGroups.id),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.ageGroupId] }),
    index('subscription_age_groups_group_idx').on(table.ageGroupId, table.subscriptionId),
  ],
);

/** The time slot groups a subscription admits in (none: any time); a group in use cannot be deleted. */
export const subscriptionTimeSlotGroups = pgTable(
  'subscription_time_slot_groups',
  {
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    timeSlotGroupId: integer()
      .notNull()
      .references(() => timeSlotGroups.id),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.timeSlotGroupId] }),
    index('subscription_time_slot_groups_group_idx').on(table.timeSlotGroupId, table.subscriptionId),
  ],
);
