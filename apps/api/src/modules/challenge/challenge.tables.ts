import type { ChallengeTemplateSnapshot } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { associations, employers, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

const date = () => timestamp({ withTimezone: true });

/**
 * A challenge a location, an employer or an association runs (spec 000 sections 3, 5 and 9), made from a
 * challenge template. `templateSnapshot` is the template as it was then (`challengeTemplatePlainModel`);
 * `name` copies its name for searching and sorting. Exactly one owner column is set. No dates means no
 * fixed period (`hasDate` / `hasFromDate` off). A template cannot be deleted while a challenge uses it.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: id(),
    challengeTemplateId: integer()
      .notNull()
      .references(() => challengeTemplates.id, { onDelete: 'restrict' }),
    templateSnapshot: jsonb().$type<ChallengeTemplateSnapshot>().notNull(),
    name: text().notNull(),
    locationId: integer().references(() => locations.id, { onDelete: 'cascade' }),
    employerId: integer().references(() => employers.id, { onDelete: 'cascade' }),
    associationId: integer().references(() => associations.id, { onDelete: 'cascade' }),
    startDate: date(),
    endDate: date(),
    fromDate: date(),
    fromEndDate: date(),
    entreoPointsReward: integer().notNull(),
    isActive: boolean().notNull().default(true),
    sendNotifications: boolean().notNull().default(false),
    /** Made by a platform administrator. */
    createdByPlatform: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'challenges_one_owner_check',
      sql`num_nonnulls(${table.locationId}, ${table.employerId}, ${table.associationId}) = 1`,
    ),
    index('challenges_location_idx').on(table.locationId, table.createdAt),
    index('challenges_employer_idx').on(table.employerId, table.createdAt),
    index('challenges_association_idx').on(table.associationId, table.createdAt),
    index('challenges_template_idx').on(table.challengeTemplateId),
    index('challenges_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);
