import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members, memberships } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

/*
 * Entries at the door and the refused check-ins (decision 014): the largest tables of the
 * platform (20,000,000 entries in the benchmark), so ids are bigint and every list walks an index.
 */

const instant = () => timestamp({ withTimezone: true });

/** Where and who of an entry and of a refused check-in: the gym, the location, the member. */
const door = () => ({
  gymId: integer()
    .notNull()
    .references(() => gyms.id, { onDelete: 'cascade' }),
  locationId: integer()
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  memberId: integer()
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
});

export const entries = pgTable(
  'entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...door(),
    /** The membership it counted on (null: let in by staff without one). */
    membershipId: integer().references(() => memberships.id, { onDelete: 'set null' }),
    entryAt: instant().notNull(),
    exitAt: instant(),
    /** `EntrySource`: 0 check-in, 1 desk, 2 approved refusal. */
    source: smallint().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
    /**
     * The member's `sort_name`, copied by triggers (migration 0034: on insert, and when the member's name
     * changes, anonymised too): a location's entries sort and are searched by name from their own index,
     * without reading a member per entry.
     */
    memberSortName: text().notNull().default(''),
  },
  (table) => [
    index('entries_location_entry_idx').on(table.locationId, table.entryAt, table.id, table.memberSortName),
    index('entries_member_entry_idx').on(table.memberId, table.entryAt, table.id),
    index('entries_membership_entry_idx').on(table.membershipId, table.entryAt),
    // Who is inside: the location's entries without an exit, by entry time.
    index('entries_inside_idx').on(table.locationId, table.entryAt).where(sql`${table.exitAt} is null`),
    check('entries_exit_after_entry', sql`${table.exitAt} is null or ${table.exitAt} >= ${table.entryAt}`),
  ],
);
export type EntryRow = typeof entries.$inferSelect;

/** A check-in the door refused, with the reason; staff may let the member in (an entry of its own). */
export const entryAttempts = pgTable(
  'entry_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...door(),
    membershipId: integer().references(() => memberships.id, { onDelete: 'set null' }),
    at: instant().notNull().defaultNow(),
    reason: text().notNull(),
    approvedEntryId: bigint({ mode: 'number' }).references(() => entries.id, { onDelete: 'set null' }),
    approvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('entry_attempts_location_at_idx').on(table.locationId, table.at, table.id),
    index('entry_attempts_open_idx')
      .on(table.locationId, table.at, table.id)
      .where(sql`${table.approvedEntryId} is null`),
    index('entry_attempts_member_idx').on(table.memberId, table.at),
  ],
);
