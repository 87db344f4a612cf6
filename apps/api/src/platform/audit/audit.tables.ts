import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every change made through the back-office: who, when, which entity, old -> new. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: integer(),
    /** Who: 'user' (signed in), 'public' (no session), or 'system:<job>' (a job, a provider's callback). */
    actor: text(),
    entity: text().notNull(),
    entityId: text().notNull(),
    action: text({ enum: ['create', 'update', 'delete'] }).notNull(),
    changes: jsonb().$type<Record<string, { old: unknown; new: unknown }>>().notNull(),
    requestId: text(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    index('audit_log_at_idx').on(table.at),
  ],
);
