import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { users } from '../user/user.tables.ts';

export const gyms = pgTable(
  'gyms',
  {
    id: id(),
    name: text().notNull(),
    slug: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('gyms_slug_unique').on(sql`lower(${table.slug})`)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('locations_slug_unique').on(sql`lower(${table.slug})`),
    index('locations_gym_idx').on(table.gymId),
  ],
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

const organisation = (name: string) =>
  pgTable(name, { id: id(), name: text().notNull(), createdAt: createdAt(), updatedAt: updatedAt() });

export const employers = organisation('employers');
export const associations = organisation('associations');
export const suppliers = organisation('suppliers');
export const contentEnvironments = organisation('content_environments');

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
