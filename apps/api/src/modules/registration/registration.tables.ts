import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/db/columns.ts';
import { employers, gyms, suppliers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

/**
 * An invitation to register, of one of the seven kinds. The code is mailed and stored only as a hash.
 * pending -> registered (account made, verification pending) -> used; or cancelled; or, for an employee
 * of an employer who already has an account, pending -> used (accepted) or denied.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    kind: text({
      enum: [
        'admin',
        'gymEmployee',
        'employerEmployee',
        'contentCreator',
        'gymEmployer',
        'employer',
        'supplier',
      ],
    }).notNull(),
    email: text().notNull(),
    codeHash: text().notNull(),
    status: text({ enum: ['pending', 'registered', 'used', 'cancelled', 'denied'] })
      .notNull()
      .default('pending'),
    invitedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    gymId: integer().references(() => gyms.id, { onDelete: 'cascade' }),
    employerId: integer().references(() => employers.id, { onDelete: 'cascade' }),
    supplierId: integer().references(() => suppliers.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    usedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    deniedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_code_hash_unique').on(table.codeHash),
    index('invitations_kind_status_idx').on(table.kind, table.status, table.createdAt),
    index('invitations_email_idx').on(sql`lower(${table.email})`),
    // One open invitation per kind, address and organisation: two gyms may invite the same person.
    uniqueIndex('invitations_open_unique')
      .on(
        table.kind,
        sql`lower(${table.email})`,
        sql`coalesce(${table.gymId}, 0)`,
        sql`coalesce(${table.employerId}, 0)`,
        sql`coalesce(${table.supplierId}, 0)`,
      )
      .where(sql`${table.status} in ('pending', 'registered')`),
  ],
);

/** A mailed six-digit code: for a sign-in (with the pending session in a cookie) or a registration. */
export const tfaChallenges = pgTable(
  'tfa_challenges',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['login', 'registration'] }).notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('tfa_challenges_user_idx').on(table.userId, table.purpose)],
);
