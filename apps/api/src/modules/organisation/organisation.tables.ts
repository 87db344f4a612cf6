import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
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
    /** What the gym's invoices show of it (decision 016): KvK number and VAT identification number. */
    kvkNumber: text(),
    vatNumber: text(),
    /** The SEPA creditor identifier (incassant-ID) the gym collects direct debits under (decision 017). */
    sepaCreditorId: text(),
    /**
     * Employees (`gym_employees`) whose account still exists, kept by triggers in the database (migration
     * 0022) in the same transaction as every write: the list shows it without counting thousands of rows.
     */
    employeeCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('gyms_slug_unique').on(sql`lower(${table.slug})`),
    index('gyms_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('gyms_slug_trgm_idx').using('gin', table.slug.op('gin_trgm_ops')),
    // The list's sort keys, the id breaking ties (the slug's is the unique index).
    index('gyms_list_name_idx').on(sql`lower(${table.name})`, table.id),
    index('gyms_list_created_idx').on(table.createdAt, table.id),
  ],
);

/** An organisation with only a name; its lists (the switch picker) sort on `lower(name), id` and search it. */
const organisation = (name: string) =>
  pgTable(
    name,
    { id: id(), name: text().notNull(), createdAt: createdAt(), updatedAt: updatedAt() },
    (table) => [
      index(`${name}_list_name_idx`).on(sql`lower(${table.name})`, table.id),
      index(`${name}_name_trgm_idx`).using('gin', table.name.op('gin_trgm_ops')),
    ],
  );

/** An employer funding its employees' fitness with XP; names are unique (case-insensitive). */
export const employers = pgTable(
  'employers',
  {
    id: id(),
    name: text().notNull(),
    /**
     * Employees (`employer_employees`) whose account still exists, kept by triggers in the database
     * (migration 0022) in the same transaction as every write; the list shows and sorts on it.
     */
    employeeCount: integer().notNull().default(0),
    // The employer's settings (spec 000 section 3, `/employer/settings`).
    description: text().notNull().default(''),
    personnelNumber: text(),
    logoHash: text().references(() => files.hash),
    /** What its employees may use: fitness, home training equipment, online sports, associations. */
    accessFitness: boolean().notNull().default(true),
    accessHomeTraining: boolean().notNull().default(false),
    accessOnlineSports: boolean().notNull().default(false),
    accessAssociations: boolean().notNull().default(false),
    /** Where its invoices are sent (the spec's email modal); null: its contacts marked for invoices. */
    invoiceEmail: text(),
    // Financial settings: contract type (`EmployerPaymentType` 1-3), duration (`ContractDuration` 1-3),
    // extension in years, and the employer's contribution in cents.
    contractType: smallint(),
    contractDuration: smallint(),
    extensionYears: smallint(),
    contributionCents: integer(),
    /** Automatic collection: the platform provider's customer and the mandate of its first payment. */
    paymentCustomerId: text(),
    paymentMandateId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('employers_name_unique').on(sql`lower(${table.name})`),
    index('employers_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('employers_list_created_idx').on(table.createdAt, table.id),
    index('employers_list_employees_idx').on(table.employeeCount, table.id),
  ],
);
/**
 * A supplier of fitness products (spec 001 section 3). `status` (`SupplierStatus`): 0 Pending (added by the
 * platform, not yet accepted), 1 Active, 2 Denied, 3 Disabled (deleted: its users cannot act for it and its
 * products leave the catalogue; ReEnable makes it Active again). Company data may be incomplete while Pending.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    name: text().notNull(),
    email: text(),
    firstName: text(),
    insertion: text(),
    lastName: text(),
    address: text(),
    houseNumber: text(),
    zipcode: text(),
    city: text(),
    country: text(),
    phoneNumber: text(),
    kvkNumber: text(),
    btwNumber: text(),
    bankAccountNumber: text(),
    status: smallint().notNull().default(1),
    statusChangedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('suppliers_list_name_idx').on(sql`lower(${table.name})`, table.id),
    index('suppliers_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('suppliers_status_name_idx').on(table.status, sql`lower(${table.name})`, table.id),
    index('suppliers_created_idx').on(table.createdAt, table.id),
    check('suppliers_status_check', sql`${table.status} between 0 and 3`),
  ],
);
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
    /** A member in debt at the door (`DebtPolicy`): 0 refused ('openPayment'), 1 let in with a warning. */
    debtPolicy: smallint().notNull().default(0),
    /** Days after a failed direct debit before it is tried once more (decision 017). */
    paymentRetryDays: smallint().notNull().default(5),
    /** Days after the due date before an unpaid invoice puts the member in debt. */
    paymentGraceDays: smallint().notNull().default(14),
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
    // An association's locations (or those of none) by name and by city, the id breaking ties, then the
    // columns the search reads: their pages and counts read the index alone (migration 0025). The first
    // also serves the associations' location counts and the foreign key.
    index('locations_association_list_name_idx').on(
      table.associationId,
      sql`lower(${table.name})`,
      table.id,
      table.name,
      table.city,
      table.gymId,
    ),
    index('locations_association_list_city_idx').on(
      table.associationId,
      sql`lower(coalesce(${table.city}, ''))`,
      table.id,
      table.city,
      table.name,
      table.gymId,
    ),
    index('locations_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('locations_list_gym_name_idx').on(table.gymId, sql`lower(${table.name})`, table.id),
  ],
);

const linkColumn = () => integer().notNull();

/**
 * A link between an organisation and a user (staff, employees): both keys together the primary key, an
 * index on the user for "where does this user belong", and when the link was made. Removing either side
 * removes the link.
 */
function membership<const K extends string>(name: string, key: K, parent: () => AnyPgColumn) {
  const parentColumn = { [key]: linkColumn().references(parent, { onDelete: 'cascade' }) } as Record<
    K,
    ReturnType<typeof linkColumn>
  >;
  return pgTable(
    name,
    {
      ...parentColumn,
      userId: integer()
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      createdAt: createdAt(),
    },
    (table) => [primaryKey({ columns: [table[key], table.userId] }), index().on(table.userId)],
  );
}

/**
 * Staff of a gym (role Employee): invited by the gym, with rights per gym, per location and by group. The
 * user's sort keys are copied onto the link (migration 0024, kept by triggers on both tables; null while the
 * account is deleted), so the gym's people lists walk the gym's links in name or e-mail order; so is the
 * number of the gym's locations the user works at (migration 0029), for the sort on it.
 */
export const gymEmployees = pgTable(
  'gym_employees',
  {
    gymId: linkColumn().references(() => gyms.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** `userSortName` of the user, null while the account is deleted; written by triggers only. */
    sortName: text(),
    /** `lower(email)` of the user, null while the account is deleted; written by triggers only. */
    sortEmail: text(),
    /** `users.search_text` of the user, null while the account is deleted; written by triggers only. */
    searchText: text(),
    /**
     * At how many of the gym's locations the user works (linked in `location_employees` or holding a right
     * in `location_right_grants` there; a location counts once): kept by triggers (migration 0029).
     */
    locationCount: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.gymId, table.userId] }),
    // The gym's people searched (migration 0026): the gym and the search text's trigrams in one GIN index
    // (btree_gin), so a search reads the gym's matches only.
    index('gym_employees_search_idx')
      .using('gin', table.gymId, sql`${table.searchText} gin_trgm_ops`)
      .where(sql`${table.searchText} is not null`),
    index().on(table.userId),
    index('gym_employees_name_idx')
      .on(table.gymId, table.sortName, table.userId)
      .where(sql`${table.sortName} is not null`),
    index('gym_employees_email_idx')
      .on(table.gymId, table.sortEmail, table.userId)
      .where(sql`${table.sortEmail} is not null`),
    // The gym employees by location count (migration 0029): the live links, like the name's.
    index('gym_employees_location_count_idx')
      .on(table.gymId, table.locationCount, table.userId)
      .where(sql`${table.sortName} is not null`),
  ],
);

/**
 * Employees working at a location (a subset of the gym's employees), added with `NewEmployees`; their
 * location rights there are granted separately.
 */
export const locationEmployees = membership('location_employees', 'locationId', () => locations.id);

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
export const employerUsers = membership('employer_users', 'employerId', () => employers.id);

/** Employees whose fitness an employer funds with XP (joined by registering from, or accepting, an invitation). */
export const employerEmployees = pgTable(
  'employer_employees',
  {
    employerId: linkColumn().references(() => employers.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** `userSortName` of the user, null while the account is deleted; written by triggers only. */
    sortName: text(),
    /** `lower(email)` of the user, null while the account is deleted; written by triggers only. */
    sortEmail: text(),
    /** `users.search_text` of the user, null while the account is deleted; written by triggers only. */
    searchText: text(),
  },
  (table) => [
    primaryKey({ columns: [table.employerId, table.userId] }),
    // The employer's people searched (migration 0026): the employer and the search text's trigrams in one GIN index
    // (btree_gin), so a search reads the employer's matches only.
    index('employer_employees_search_idx')
      .using('gin', table.employerId, sql`${table.searchText} gin_trgm_ops`)
      .where(sql`${table.searchText} is not null`),
    index().on(table.userId),
    // The employer employees' sorts on employee since, name and e-mail (migration 0024).
    index('employer_employees_since_idx').on(table.employerId, table.createdAt, table.userId),
    index('employer_employees_name_idx')
      .on(table.employerId, table.sortName, table.userId)
      .where(sql`${table.sortName} is not null`),
    index('employer_employees_email_idx')
      .on(table.employerId, table.sortEmail, table.userId)
      .where(sql`${table.sortEmail} is not null`),
  ],
);

/** Users who act for a supplier (role Supplier). */
export const supplierUsers = membership('supplier_users', 'supplierId', () => suppliers.id);
