import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { employers } from '../organisation/organisation.tables.ts';

/** An address of an employer (spec 000 section 3, Address): billing (1) or visiting (2). */
export const employerAddresses = pgTable(
  'employer_addresses',
  {
    id: id(),
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    addressType: smallint().notNull(),
    street: text().notNull(),
    houseNumber: text().notNull(),
    postalCode: text().notNull(),
    city: text().notNull(),
    country: text().notNull().default('NL'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.employerId)],
);

/** A contact person of an employer (spec 000 section 3, Contact person) and what they receive. */
export const employerContacts = pgTable(
  'employer_contacts',
  {
    id: id(),
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    insertion: text(),
    lastName: text().notNull(),
    description: text(),
    phoneNumber: text(),
    email: text(),
    registrations: boolean().notNull().default(false),
    newsletters: boolean().notNull().default(false),
    invoices: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.employerId)],
);
