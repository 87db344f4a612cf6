import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { subscriptions, subscriptionVariants } from '../subscription/subscription.tables.ts';
import { users } from '../user/user.tables.ts';

/*
 * Members of a gym and their memberships (decision 014). The member status is kept as two
 * instants (`non_active_from`, `sleeping_from`) by triggers on the entries, the member and the locations'
 * status requirements (migrations 0031, 0036), so that a status is a range condition on an indexed column at
 * any moment, without a nightly job; they live in `member_statuses`, a narrow row of its own beside the
 * member's, which a check-in updates without rewriting the member's row and its indexes.
 */

const instant = () => timestamp({ withTimezone: true });
const day = () => date({ mode: 'string' });

export const members = pgTable(
  'members',
  {
    id: id(),
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    /** The member's own account (the member app's check-in); one member per account and gym. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    insertion: text(),
    lastName: text().notNull(),
    email: text(),
    phoneNumber: text(),
    /** `Gender`: 0 Male, 1 Female; null: not given. */
    gender: smallint(),
    dateOfBirth: day(),
    street: text(),
    houseNumber: text(),
    postalCode: text(),
    city: text(),
    /** The main location: the location of the latest membership (or chosen at the desk). */
    homeLocationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    /** False while a public sign-up waits for the location to complete it (an open registration). */
    registrationCompleted: boolean().notNull().default(true),
    /** Bank details an import brings for the payments issue (which turns them into mandates). */
    iban: text(),
    accountHolder: text(),
    mandateReference: text(),
    mandateSignedOn: day(),
    /**
     * The code of the link that lets the person finish a registration begun at the desk
     * (`/inschrijven/afronden/{code}`, decision 018): account, bank details, first payment. Once.
     */
    registrationCode: text(),
    anonymisedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sortName: text()
      .generatedAlwaysAs(sql`lower("last_name" || ' ' || "first_name" || coalesce(' ' || "insertion", ''))`)
      .notNull(),
    searchText: text()
      .generatedAlwaysAs(
        sql`lower("first_name" || coalesce(' ' || "insertion", '') || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("postal_code", '') || ' ' || coalesce(replace("postal_code", ' ', ''), ''))`,
      )
      .notNull(),
  },
  (table) => [
    uniqueIndex('members_gym_email_unique')
      .on(table.gymId, sql`lower(${table.email})`)
      .where(sql`${table.email} is not null`),
    uniqueIndex('members_gym_user_unique')
      .on(table.gymId, table.userId)
      .where(sql`${table.userId} is not null`),
    // The list's sorts and status tabs within the gym.
    index('members_gym_sort_name_idx').on(table.gymId, table.sortName, table.id),
    index('members_gym_created_idx').on(table.gymId, table.createdAt, table.id),
    index('members_gym_postal_code_idx').on(table.gymId, table.postalCode, table.id),
    index('members_home_location_idx').on(table.homeLocationId, table.sortName, table.id),
    index('members_open_registration_idx')
      .on(table.gymId, table.createdAt, table.id)
      .where(sql`not ${table.registrationCompleted}`),
    index('members_search_idx').using('gin', table.gymId, sql`${table.searchText} gin_trgm_ops`),
    uniqueIndex('members_registration_code_unique')
      .on(table.registrationCode)
      .where(sql`${table.registrationCode} is not null`),
    check('members_gender', sql`${table.gender} in (0, 1)`),
  ],
);
export type MemberRow = typeof members.$inferSelect;

/**
 * A member's latest entry and status instants (migration 0036, decision 014), one row a member, written with
 * the member by triggers: what a check-in changes, apart from the member's wide row with its twelve indexes
 * (the trigram index's forty entries a row included). The gym, main location and creation are copies of the
 * member's, which the instants follow.
 */
export const memberStatuses = pgTable(
  'member_statuses',
  {
    memberId: integer()
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    gymId: integer().notNull(),
    homeLocationId: integer(),
    createdAt: instant().notNull(),
    /** Kept by the entries' triggers: the latest entry. */
    lastEntryAt: instant(),
    /** From then on Non-active, Sleeping (null: never, by the requirements of the main location). */
    nonActiveFrom: instant(),
    sleepingFrom: instant(),
  },
  (table) => [
    index('member_statuses_gym_last_entry_idx').on(table.gymId, table.lastEntryAt, table.memberId),
    // Not active from: the earlier of the two instants (`least` skips a null), the statuses' ranges and
    // today's part of the kept counts below.
    index('member_statuses_gym_inactive_idx').on(
      table.gymId,
      sql`least(${table.nonActiveFrom}, ${table.sleepingFrom})`,
    ),
    index('member_statuses_gym_sleeping_idx').on(table.gymId, table.sleepingFrom),
  ],
);

/**
 * The members of a gym by the day (UTC) from which they are not active (`kind` 1: the earlier instant) and
 * sleeping (`kind` 2), 'infinity' for never; kept by statement triggers on `members` (migration 0032,
 * decision 014), in `SHARDS` rows a day by member id, so that the day's check-ins, which all move their
 * members to the same day, do not queue on one row. The member list's tab counts without a filter: a
 * status count at a moment is the members of the days before today plus today's, read from the members.
 */
export const memberStatusDays = pgTable(
  'member_status_days',
  {
    gymId: integer().notNull(),
    kind: smallint().notNull(),
    day: day().notNull(),
    shard: smallint().notNull(),
    members: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.gymId, table.kind, table.day, table.shard] })],
);

/**
 * The members of each location (their main location, or a membership there) by the day from which they are
 * not active and sleeping: `member_status_days` per location, for a location's tab counts (migration 0033,
 * decision 014). Kept by statement triggers on `members` and `memberships`.
 */
export const memberLocationStatusDays = pgTable(
  'member_location_status_days',
  {
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    kind: smallint().notNull(),
    day: day().notNull(),
    shard: smallint().notNull(),
    members: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.kind, table.day, table.shard] })],
);

/** A subscription's variant taken out by a member at a location, from a start date (to an end date). */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    // No action (checked at the statement's end): a variant members hold cannot be removed, a gym's
    // deletion takes both along.
    subscriptionId: integer()
      .notNull()
      .references(() => subscriptions.id),
    variantId: integer()
      .notNull()
      .references(() => subscriptionVariants.id),
    locationId: integer()
      .notNull()
      .references(() => locations.id),
    startDate: day().notNull(),
    /** The last day it runs; null: it runs on. */
    endDate: day(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('memberships_member_idx').on(table.memberId, table.startDate),
    index('memberships_location_member_idx').on(table.locationId, table.memberId),
    index('memberships_subscription_idx').on(table.subscriptionId, table.startDate, table.id),
    index('memberships_variant_idx').on(table.variantId),
    check('memberships_dates', sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`),
  ],
);
export type MembershipRow = typeof memberships.$inferSelect;

/** A pause (freeze) of a membership: no entry from `from_date` to `to_date` (both included). */
export const membershipPauses = pgTable(
  'membership_pauses',
  {
    id: id(),
    membershipId: integer()
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    fromDate: day().notNull(),
    toDate: day().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('membership_pauses_membership_idx').on(table.membershipId, table.fromDate),
    check('membership_pauses_dates', sql`${table.toDate} >= ${table.fromDate}`),
  ],
);
