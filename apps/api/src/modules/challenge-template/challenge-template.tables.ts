import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { files } from '../../platform/files/files.tables.ts';
import { pictureBankItems } from '../picture-bank/picture-bank.tables.ts';

const date = () => timestamp({ withTimezone: true });

/**
 * A challenge template of the platform (spec 000 section 3): what a challenge is copied from. Enumerations
 * are stored as their numbers (`Theme`, `MeasurementType`, `MeasurementUnit`, `Activity`, `Difficulty`,
 * `PublicationStatus`, `GoalPeriod` for the completion period, `TemplateMeasurementPeriod` for the
 * frequency period). No dates means no fixed period (`hasDate` / `hasFromDate` off).
 */
export const challengeTemplates = pgTable(
  'challenge_templates',
  {
    id: id(),
    name: text().notNull(),
    description: text().notNull(),
    uniqueFeatureDescription: text(),
    activityDescription: text(),
    benefitDescription: text(),
    theme: integer().notNull(),
    measurement: integer().notNull(),
    measurementUnit: integer().notNull(),
    activity: integer().notNull(),
    difficulty: integer().notNull(),
    /** Disabled 0, Draft 1, Published 2. */
    status: integer().notNull().default(2),
    isActive: boolean().notNull().default(true),
    completionPeriod: integer().notNull(),
    completionAmount: integer().notNull(),
    frequencyPeriod: integer().notNull(),
    frequencyAmount: integer().notNull(),
    frequencyPeriodAmount: integer().notNull(),
    measurementAmount: integer().notNull(),
    entreoPointsReward: integer().notNull(),
    startDate: date(),
    endDate: date(),
    fromDate: date(),
    fromEndDate: date(),
    publishDate: date(),
    sendNotifications: boolean().notNull().default(false),
    thirdParty: boolean().notNull().default(false),
    challengeBannerHash: text().references(() => files.hash, { onDelete: 'restrict' }),
    pictureBankItemId: integer().references(() => pictureBankItems.id, { onDelete: 'restrict' }),
    /**
     * How many challenges (of every owner) were made from the template: a counter the database keeps
     * (triggers, migration 0022), so the popular templates need not count every challenge per request.
     */
    challengeCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('challenge_templates_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('challenge_templates_active_idx').on(table.isActive),
    index('challenge_templates_picture_idx').on(table.pictureBankItemId),
    // The list's sorts, the id breaking ties. The name's index holds the filtered columns after the id, so
    // a deep page picks its ids by an index-only walk (migration 0025).
    index('challenge_templates_list_name_idx').on(
      sql`lower(${table.name})`,
      table.id,
      table.name,
      table.isActive,
      table.status,
      table.theme,
    ),
    index('challenge_templates_list_theme_idx').on(table.theme, table.id),
    index('challenge_templates_list_status_idx').on(table.status, table.id),
    index('challenge_templates_list_created_idx').on(table.createdAt, table.id),
    // The popular templates (active, published) by their kept challenge count, both ways, then by name.
    index('challenge_templates_popular_idx')
      .on(
        table.challengeCount.desc().nullsFirst(),
        sql`lower(${table.name})`,
        table.id,
        table.name,
        table.theme,
      )
      .where(sql`${table.isActive} and ${table.status} = 2`),
    index('challenge_templates_popular_asc_idx')
      .on(table.challengeCount, sql`lower(${table.name})`, table.id, table.name, table.theme)
      .where(sql`${table.isActive} and ${table.status} = 2`),
  ],
);
