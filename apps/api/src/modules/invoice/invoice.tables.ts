import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/db/columns.ts';
import { members, memberships } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';

/**
 * The last invoice number of a gym in a year. An invoice takes the next one in the transaction that issues
 * it (an upsert: the row's lock queues parallel issues), so a failed issue rolls its number back too: the
 * numbers of a gym and year run without gaps and never twice, as Dutch law requires (decision 016).
 */
export const invoiceNumbers = pgTable(
  'invoice_numbers',
  {
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    year: smallint().notNull(),
    lastNumber: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.gymId, table.year] })],
);

/**
 * An issued invoice, or a credit invoice that cancels one (`credited_invoice_id`, negative amounts). Its
 * number, date, parties, lines and amounts are never changed after it was issued, and it is never deleted:
 * the foreign keys to the gym, location and member refuse their deletion while invoices exist (a member is
 * anonymised instead). What moves is its status and how it was paid. Amounts in cents; the member's name and
 * the location's name as they were on the invoice date.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    gymId: integer()
      .notNull()
      .references(() => gyms.id, { onDelete: 'restrict' }),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    /** The period's membership, for the billing run (one invoice per membership and period). */
    membershipId: integer().references(() => memberships.id, { onDelete: 'set null' }),
    year: smallint().notNull(),
    sequence: integer().notNull(),
    /** `2026-000042`: the year and the gym's sequence. */
    invoiceNumber: text().notNull(),
    invoiceDate: date().notNull(),
    dueDate: date().notNull(),
    status: smallint().notNull(),
    paymentMethod: smallint(),
    creditedInvoiceId: integer(),
    memberName: text().notNull(),
    locationName: text().notNull(),
    subtotalCents: integer().notNull(),
    vatCents: integer().notNull(),
    totalCents: integer().notNull(),
    paidAt: timestamp({ withTimezone: true }),
    createdBy: integer(),
    /** The membership's period the billing run invoiced (first and last day); null for other invoices. */
    periodStart: date(),
    periodEnd: date(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_gym_number_unique').on(table.gymId, table.year, table.sequence),
    // A credit invoice cancels one invoice, once.
    uniqueIndex('invoices_credited_unique').on(table.creditedInvoiceId),
    foreignKey({ columns: [table.creditedInvoiceId], foreignColumns: [table.id] }).onDelete('restrict'),
    // The lists: a gym's or a location's invoices newest first, by status, and a member's.
    index('invoices_gym_date_idx').on(table.gymId, table.invoiceDate, table.id),
    index('invoices_gym_status_date_idx').on(table.gymId, table.status, table.invoiceDate, table.id),
    index('invoices_location_date_idx').on(table.locationId, table.invoiceDate, table.id),
    index('invoices_member_date_idx').on(table.memberId, table.invoiceDate, table.id),
    index('invoices_gym_number_idx').on(table.gymId, table.invoiceNumber),
    // The billing run invoices a membership's period once (decision 017).
    uniqueIndex('invoices_membership_period_unique')
      .on(table.membershipId, table.periodStart)
      .where(sql`${table.periodStart} is not null`),
    // What is still due (decision 017): by member (the door's debt check), by gym (the members in debt) and by
    // due date (the reminders). Small: most invoices are paid.
    index('invoices_member_due_idx')
      .on(table.memberId, table.dueDate)
      .where(sql`${table.status} in (1, 3, 5, 7) and ${table.creditedInvoiceId} is null`),
    index('invoices_gym_due_idx')
      .on(table.gymId, table.dueDate, table.memberId)
      .where(sql`${table.status} in (1, 3, 5, 7) and ${table.creditedInvoiceId} is null`),
    index('invoices_due_idx')
      .on(table.dueDate, table.id)
      .where(sql`${table.status} in (1, 3, 5, 7) and ${table.creditedInvoiceId} is null`),
    index('invoices_member_name_trgm_idx').using(
      'gin',
      table.gymId,
      sql`lower(${table.memberName}) gin_trgm_ops`,
    ),
    check('invoices_status_check', sql`${table.status} between 0 and 7`),
    check('invoices_payment_method_check', sql`${table.paymentMethod} between 0 and 2`),
    check('invoices_total_check', sql`${table.totalCents} = ${table.subtotalCents} + ${table.vatCents}`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    position: smallint().notNull(),
    description: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
    vatRate: smallint().notNull(),
    exclVatCents: integer().notNull(),
    vatCents: integer().notNull(),
    totalCents: integer().notNull(),
  },
  (table) => [
    uniqueIndex('invoice_lines_invoice_position_unique').on(table.invoiceId, table.position),
    check('invoice_lines_total_check', sql`${table.totalCents} = ${table.exclVatCents} + ${table.vatCents}`),
  ],
);
