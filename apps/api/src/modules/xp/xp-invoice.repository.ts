import { InvoiceStatus, openXpInvoiceStatuses, type XpInvoice } from '@xp/contracts';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, limitOffset, orderBy, tabCounts } from '../../platform/http/paging.ts';
import { payments } from '../payment/payments.tables.ts';
import { dutchDayStart, PAYMENT_SUBJECT } from './xp.repository.ts';
import { xpInvoiceNumbers, xpInvoices } from './xp.tables.ts';

// ------------------------------------------------------------------------------------------- invoices

export type XpInvoiceRow = typeof xpInvoices.$inferSelect;

/** The next number of the year, in the caller's transaction (the row lock queues parallel issues). */
export async function nextInvoiceNumber(tx: Database, year: number) {
  const [row] = await tx
    .insert(xpInvoiceNumbers)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: xpInvoiceNumbers.year,
      set: { lastNumber: sql`${xpInvoiceNumbers.lastNumber} + 1` },
    })
    .returning({ sequence: xpInvoiceNumbers.lastNumber });
  const sequence = row!.sequence;
  return { year, sequence, number: `XP${year}-${String(sequence).padStart(6, '0')}` };
}

export async function insertInvoice(tx: Database, values: typeof xpInvoices.$inferInsert) {
  const [row] = await tx.insert(xpInvoices).values(values).returning();
  return row!;
}

export async function findInvoice(db: Database, id: number, employerId?: number) {
  const [row] = await db
    .select()
    .from(xpInvoices)
    .where(
      and(
        eq(xpInvoices.id, id),
        employerId === undefined ? undefined : eq(xpInvoices.employerId, employerId),
      ),
    );
  return row;
}

export async function lockInvoice(tx: Database, id: number) {
  const [row] = await tx.select().from(xpInvoices).where(eq(xpInvoices.id, id)).for('update');
  return row;
}

export async function setInvoiceStatus(
  tx: Database,
  id: number,
  values: { status: number; paymentMethod?: number; paidAt?: Date },
) {
  await tx.update(xpInvoices).set(values).where(eq(xpInvoices.id, id));
}

export async function creditOf(db: Database, id: number) {
  const [row] = await db
    .select({ id: xpInvoices.id })
    .from(xpInvoices)
    .where(eq(xpInvoices.creditedInvoiceId, id));
  return row?.id ?? null;
}

/** The invoice's payments, newest first. */
export async function paymentsOf(db: Database, invoiceId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.subject, PAYMENT_SUBJECT), eq(payments.subjectId, invoiceId)))
    .orderBy(desc(payments.id));
}

export interface InvoiceFilter extends ListQuery {
  employerId?: number | undefined;
  status?: number | undefined;
  open?: boolean | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** XP invoices with their newest payment's checkout link (open payments only). */
export async function listInvoices(db: Database, filter: InvoiceFilter) {
  const base: SQL[] = [];
  if (filter.employerId !== undefined) base.push(eq(xpInvoices.employerId, filter.employerId));
  if (filter.from) base.push(gte(xpInvoices.issuedAt, dutchDayStart(filter.from)));
  if (filter.to) base.push(lt(xpInvoices.issuedAt, sql`${dutchDayStart(filter.to)} + interval '1 day'`));
  if (filter.search) {
    const pattern = likePattern(filter.search.toLowerCase());
    base.push(
      sql`(lower(${xpInvoices.number}) like ${pattern} or lower(${xpInvoices.employerName}) like ${pattern})`,
    );
  }
  const openCondition = and(
    inArray(xpInvoices.status, [...openXpInvoiceStatuses]),
    sql`${xpInvoices.creditedInvoiceId} is null`,
  )!;
  const where = [...base];
  if (filter.open) where.push(openCondition);
  if (filter.status !== undefined) where.push(eq(xpInvoices.status, filter.status));
  const { limit, offset } = limitOffset(filter);
  const rows = await db
    .select()
    .from(xpInvoices)
    .where(and(...where))
    .orderBy(
      ...orderBy(
        { ...filter, direction: filter.sort ? filter.direction : 'desc' },
        {
          invoiceDate: xpInvoices.issuedAt,
          invoiceNumber: xpInvoices.number,
          amountOfXp: xpInvoices.amountOfXp,
        },
        'invoiceDate',
        xpInvoices.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const count = (extra?: SQL) =>
    db
      .select({ one: sql`1` })
      .from(xpInvoices)
      .where(and(...base, filter.open ? openCondition : undefined, extra)) as never;
  const statuses = Object.values(InvoiceStatus);
  const counts = await tabCounts(
    db,
    filter,
    {
      all: count(),
      ...Object.fromEntries(statuses.map((status) => [String(status), count(eq(xpInvoices.status, status))])),
    } as Record<string, never>,
    filter.status === undefined ? 'all' : String(filter.status),
  );
  return { rows, ...counts };
}

/** The open payment's checkout links of these invoices (the newest payment of each, if open). */
export async function checkoutLinksOf(db: Database, invoiceIds: number[]): Promise<Map<number, string>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([payments.subjectId], {
      invoiceId: payments.subjectId,
      status: payments.status,
      checkoutUrl: payments.checkoutUrl,
    })
    .from(payments)
    .where(and(eq(payments.subject, PAYMENT_SUBJECT), inArray(payments.subjectId, invoiceIds)))
    .orderBy(payments.subjectId, desc(payments.id));
  return new Map(
    rows
      .filter((row) => row.status === 'open' && row.checkoutUrl)
      .map((row) => [row.invoiceId, row.checkoutUrl!]),
  );
}

export async function creditsOf(db: Database, invoiceIds: number[]): Promise<Map<number, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: xpInvoices.id, credited: xpInvoices.creditedInvoiceId })
    .from(xpInvoices)
    .where(inArray(xpInvoices.creditedInvoiceId, invoiceIds));
  return new Map(rows.map((row) => [row.credited!, row.id]));
}

export const toXpInvoice = (
  row: XpInvoiceRow,
  creditInvoiceId: number | null,
  checkoutUrl: string | null,
): XpInvoice => ({
  id: row.id,
  invoiceNumber: row.number,
  invoiceDate: row.issuedAt.toISOString(),
  dueDate: row.dueAt.toISOString(),
  employerId: row.employerId,
  employerName: row.employerName,
  employerAddress: row.employerAddress,
  amountOfXp: row.amountOfXp,
  totalPrice: row.totalCents,
  vat: row.vatCents,
  status: row.status,
  paymentMethod: row.paymentMethod,
  paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  collection: row.collection,
  creditedInvoiceId: row.creditedInvoiceId,
  creditInvoiceId,
  checkoutUrl,
});
