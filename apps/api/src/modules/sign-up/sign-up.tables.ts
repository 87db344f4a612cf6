import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/db/columns.ts';
import { members } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

/** What a pending sign-up keeps of the form (never the password itself: its hash is a column). */
export interface PendingSignUpData {
  subscriptionId: number | null;
  variantId: number | null;
  startDate: string | null;
  phoneNumber: string;
  gender: number;
  firstName: string;
  insertion: string | null;
  lastName: string;
  dateOfBirth: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  accountHolder: string;
  iban: string;
  kiosk: boolean;
}

/**
 * A sign-up waiting for its address to be proven (decision 018): nothing of it touches a member,
 * an account or a mandate until the link mailed to the address is used (`status` completed) or the desk
 * merges it (merged) or dismisses it. `kind` 'account': a registration finished from the desk's link whose
 * new account waits for the same proof (no membership of its own).
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    id: id(),
    kind: text({ enum: ['signUp', 'account'] }).notNull(),
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    /** The gym's live member of the address when the sign-up came in (null: none). */
    memberId: integer().references(() => members.id, { onDelete: 'set null' }),
    email: text().notNull(),
    data: jsonb().$type<PendingSignUpData>().notNull(),
    /** argon2id of the password typed: the new account's, made only once the address is proven. */
    passwordHash: text(),
    language: text({ enum: ['nl', 'en'] })
      .notNull()
      .default('nl'),
    /** SHA-256 of the link's token (the token itself is only in the mail). */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['open', 'completed', 'merged', 'dismissed'] })
      .notNull()
      .default('open'),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pending_sign_ups_token_unique').on(table.tokenHash),
    index('pending_sign_ups_gym_open_idx').on(table.gymId, table.status, table.createdAt),
    index('pending_sign_ups_location_open_idx').on(table.locationId, table.status, table.createdAt),
  ],
);
