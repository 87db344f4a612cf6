import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { files } from '../../platform/files/files.tables.ts';
import { users } from '../user/user.tables.ts';

export const gyms = pgTable(
  'gyms',
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull(),
    /** Banner of the public sign-up pages (`/inschrijven/{gymSlug}`). */
    registrationBannerHash: text().references(() => files.hash),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('gyms_slug_unique').on(sql`lower(${table.slug})`),
    index('gyms_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('gyms_slug_trgm_idx').using('gin', table.slug.op('gin_trgm_ops')),
  ],
);

const organisation = (name: string) =>
  pgTable(name, { id: id(), name: text().notNull(), createdAt: createdAt(), updatedAt: updatedAt() });

export const employers = organisation('employers');
export const suppliers = organisation('suppliers');
export const contentEnvironments = organisation('content_environments');

/** A group of locations (of any gym), run from the association environment. */
export const associations = pgTable(
  'associations',
  {
    id: id(),
    name: text().notNull(),
    bannerHash: text().references(() => files.hash),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('associations_name_unique').on(sql`lower(${table.name})`),
    index('associations_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: id(),
    gymId: integer()
      .notNull()
      .references(() => gyms.id),
    name: text().notNull(),
    slug: text().notNull(),
    email: text(),
    street: text(),
    houseNumber: text(),
    postalCode: text(),
    city: text(),
    /** How long a member is expected to stay after checking in, in minutes. */
    memberExpectedInsideTime: integer().notNull().default(90),
    visibleOnRegistrationPage: boolean().notNull().default(true),
    /** The code in the QR code at the door; a new one replaces it. */
    qrCode: text(),
    qrCodeIssuedAt: timestamp({ withTimezone: true }),
    /** The association the location belongs to, if any (at most one). */
    associationId: integer().references(() => associations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('locations_slug_unique').on(sql`lower(${table.slug})`),
    uniqueIndex('locations_qr_code_unique').on(table.qrCode),
    index('locations_gym_idx').on(table.gymId),
    index('locations_association_idx').on(table.associationId),
    index('locations_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

/** Staff of a gym (role Employee): invited by the gym, with rights per gym, per location and by group. */
export const gymEmployees = pgTable(
  'gym_employees',
  {
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.gymId, table.userId] }), index().on(table.userId)],
);

/**
 * Employees working at a location (a subset of the gym's employees), added with `NewEmployees`; their
 * location rights there are granted separately.
 */
export const locationEmployees = pgTable(
  'location_employees',
  {
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.userId] }), index().on(table.userId)],
);

/** A gym right (`ManageMembers`, ...) an employee holds in a gym. */
export const gymRightGrants = pgTable(
  'gym_right_grants',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    right: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.gymId, table.right] }), index().on(table.gymId)],
);

/** A location right an employee holds on a location. */
export const locationRightGrants = pgTable(
  'location_right_grants',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    right: text().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.locationId, table.right] }),
    index().on(table.locationId),
  ],
);

/** Users who act for an employer (role Employer). */
export const employerUsers = pgTable(
  'employer_users',
  {
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.employerId, table.userId] }), index().on(table.userId)],
);

/** Employees whose fitness an employer funds with XP (joined by registering from, or accepting, an invitation). */
export const employerEmployees = pgTable(
  'employer_employees',
  {
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.employerId, table.userId] }), index().on(table.userId)],
);

/** Users who act for a supplier (role Supplier). */
export const supplierUsers = pgTable(
  'supplier_users',
  {
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.supplierId, table.userId] }), index().on(table.userId)],
);
