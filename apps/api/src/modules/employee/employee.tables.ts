import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { gyms } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

/** A named set of gym rights; its members hold them like directly granted rights. */
export const gymRightsGroups = pgTable(
  'gym_rights_groups',
  {
    id: id(),
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Gym rights (`ManageMembers`, ...). */
    rights: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('gym_rights_groups_gym_name_unique').on(table.gymId, sql`lower(${table.name})`)],
);

export const gymRightsGroupMembers = pgTable(
  'gym_rights_group_members',
  {
    groupId: integer()
      .notNull()
      .references(() => gymRightsGroups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.userId] }), index().on(table.userId)],
);
