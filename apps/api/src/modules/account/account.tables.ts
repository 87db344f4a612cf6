import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { users } from '../user/user.tables.ts';

/**
 * A signed-in session (one per login): the family of its refresh tokens and the active context the
 * claims are rebuilt from on every refresh.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeEnvironment: integer().notNull(),
    activeGymId: integer(),
    activeLocationId: integer(),
    activeEmployerId: integer(),
    activeAssociationId: integer(),
    activeContentEnvironmentId: integer(),
    activeSupplierId: integer(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('sessions_user_idx').on(table.userId),
    // The clean-up job finds ended sessions by when they ended.
    index('sessions_expires_idx').on(table.expiresAt),
    index('sessions_revoked_idx').on(table.revokedAt).where(sql`${table.revokedAt} is not null`),
  ],
);

/** Refresh tokens, stored as SHA-256 hashes; each is used once and replaced (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('refresh_tokens_session_idx').on(table.sessionId),
    // The clean-up job removes tokens used long ago.
    index('refresh_tokens_used_idx').on(table.usedAt).where(sql`${table.usedAt} is not null`),
  ],
);
