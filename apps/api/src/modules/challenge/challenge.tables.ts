import type { ChallengeTemplateSnapshot } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { associations, employers, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

const date = () => timestamp({ withTimezone: true });

type OwnerColumns = { locationId: AnyPgColumn; employerId: AnyPgColumn; associationId: AnyPgColumn };

/** Offsets that give each owner kind its own range of `challengeOwnerKey` values. */
export const OWNER_KEY_OFFSET = { location: 0, employer: 2 ** 32, association: 2 ** 33 } as const;

/**
 * One bigint naming the owner (location, employer or association), so one index per sort key serves
 * every owner kind's list; lists filter on this same expression.
 */
export const challengeOwnerKey = (t: OwnerColumns) =>
  sql<number>`coalesce(${t.locationId}::bigint, ${t.employerId}::bigint + ${sql.raw(String(OWNER_KEY_OFFSET.employer))}, ${t.associationId}::bigint + ${sql.raw(String(OWNER_KEY_OFFSET.association))})`;

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
    // The owner's tab counts (active, inactive; a search's too) as index-only scans on the plain owner column.
    index('challenges_location_idx').on(table.locationId, table.isActive, table.name),
    index('challenges_employer_idx').on(table.employerId, table.isActive, table.name),
    index('challenges_association_idx').on(table.associationId, table.isActive, table.name),
    index('challenges_template_idx').on(table.challengeTemplateId),
    index('challenges_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    // The owner's list: one index per sort key, the id breaking ties; the default order also per tab. After
    // the id the columns a page's filter reads (the owner key's columns, the tab, the searched name), so a
    // deep page picks its ids by an index-only walk (migration 0025).
    ...(
      [
        ['challenges_list_created_idx', table.createdAt],
        ['challenges_list_name_idx', sql`lower(${table.name})`],
        ['challenges_list_start_idx', table.startDate],
        ['challenges_list_reward_idx', table.entreoPointsReward],
      ] as const
    ).map(([name, key]) =>
      index(name).on(
        challengeOwnerKey(table),
        key,
        table.id,
        table.locationId,
        table.employerId,
        table.associationId,
        table.isActive,
        table.name,
      ),
    ),
    index('challenges_list_active_idx').on(
      challengeOwnerKey(table),
      table.isActive,
      table.createdAt,
      table.id,
      table.locationId,
      table.employerId,
      table.associationId,
      table.name,
    ),
  ],
);

/**
 * The challenges per owner (`challengeOwnerKey`) and active flag, kept by triggers on `challenges`
 * (migration 0028): the challenge list's total and tab counts without a search (decision 009). Written
 * only by those triggers.
 */
export const challengeCounts = pgTable(
  'challenge_counts',
  {
    ownerKey: bigint({ mode: 'number' }).notNull(),
    isActive: boolean().notNull(),
    count: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ownerKey, table.isActive] })],
);
