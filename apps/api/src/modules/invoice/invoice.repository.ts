import { InvoiceStatus } from '@xp/contracts';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { isoText } from '../../platform/db/columns.ts';
import {
  cappedCounts,
  type ListQuery,
  likePattern,
  limitOffset,
  orderBy,
  pagedCounts,
} from '../../platform/http/paging.ts';
import type { Scope } from '../member/member.repository.ts';
import { members } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { paymentEvents, payments } from '../payment/payments.tables.ts';
import { invoiceLines, invoiceNumbers, invoices } from './invoice.tables.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'year' | 'sequence' | 'invoiceNumber'>;
export type NewLine = Omit<typeof invoiceLines.$inferInsert, 'id' | 'invoiceId' | 'position'>;

/** The payments of invoices are the `invoice` subject's. */
export const PAYMENT_SUBJECT = 'invoice';

/** The invoices a session sees: its gym's, and in the Location environment its location's only. */
const inScope = (scope: Scope) =>
  and(
    eq(invoices.gymId, scope.gymId),
    scope.locationId === null ? undefined : eq(invoices.locationId, scope.locationId),
  );

/**
 * Issues an invoice with the gym's next number of the invoice date's year: the counter row is taken by an
 * upsert, whose row lock queues parallel issues and whose change rolls back with a failed one, so the
 * numbers run without gaps and never twice.
 */
export async function issue(tx: Database, values: NewInvoice, lines: NewLine[]) {
  const year = Number(String(values.invoiceDate).slice(0, 4));
  const [counter] = await tx
    .insert(invoiceNumbers)
    .values({ gymId: values.gymId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceNumbers.gymId, invoiceNumbers.year],
      set: { lastNumber: sql`${invoiceNumbers.lastNumber} + 1` },
    })
    .returning({ sequence: invoiceNumbers.lastNumber });
  const sequence = counter!.sequence;
  const [row] = await tx
    .insert(invoices)
    .values({
      ...values,
      year,
      sequence,
      invoiceNumber: `${year}-${String(sequence).padStart(6, '0')}`,
    })
    .returning();
  await tx
    .insert(invoiceLines)
    .values(lines.map((line, position) => ({ ...line, invoiceId: row!.id, position: position + 1 })));
  return row!;
}

/** Who issued an invoice: the gym's name and the location's address (the PDF's letterhead). */
export const issuerOf = async (db: Database, invoice: InvoiceRow) =>
  (
    await db
      .select({
        gymName: gyms.name,
        kvkNumber: gyms.kvkNumber,
        vatNumber: gyms.vatNumber,
        locationName: locations.name,
        street: locations.street,
        houseNumber: locations.houseNumber,
        postalCode: locations.postalCode,
        city: locations.city,
        email: locations.email,
      })
      .from(locations)
      .innerJoin(gyms, eq(gyms.id, locations.gymId))
      .where(eq(locations.id, invoice.locationId))
  )[0]!;

export const emailOfMember = async (db: Database, memberId: number) =>
  (await db.select({ email: members.email }).from(members).where(eq(members.id, memberId)))[0]?.email ?? null;

export const numberOf = async (db: Database, id: number) =>
  (await db.select({ number: invoices.invoiceNumber }).from(invoices).where(eq(invoices.id, id)))[0]
    ?.number ?? null;

/** A location of the gym, with the name the invoice shows. */
export const locationOf = async (db: Database, gymId: number, locationId: number) =>
  (
    await db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.id, locationId), eq(locations.gymId, gymId)))
  )[0];

/**
 * A credit invoice that cancels `invoice`: its lines negated, its own number, dated `invoiceDate`. Of an
 * unpaid invoice it settles it (Paid); of a paid one it is Open: the gym owes the refund (decision 016).
 */
export async function issueCredit(
  tx: Database,
  invoice: InvoiceRow,
  invoiceDate: string,
  createdBy: number | null,
) {
  const lines = await linesOf(tx, invoice.id);
  return issue(
    tx,
    {
      gymId: invoice.gymId,
      locationId: invoice.locationId,
      memberId: invoice.memberId,
      membershipId: invoice.membershipId,
      invoiceDate,
      dueDate: invoiceDate,
      status: invoice.status === InvoiceStatus.Paid ? InvoiceStatus.Open : InvoiceStatus.Paid,
      creditedInvoiceId: invoice.id,
      memberName: invoice.memberName,
      locationName: invoice.locationName,
      subtotalCents: -invoice.subtotalCents,
      vatCents: -invoice.vatCents,
      totalCents: -invoice.totalCents,
      createdBy,
    },
    lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: -line.unitPriceCents,
      vatRate: line.vatRate,
      exclVatCents: -line.exclVatCents,
      vatCents: -line.vatCents,
      totalCents: -line.totalCents,
    })),
  );
}

export async function find(db: Database, scope: Scope, id: number, lock = false) {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), inScope(scope)));
  return (await (lock ? query.for('update') : query))[0];
}

/** The invoice of a payment, locked (the payment listener moves its status). */
export const lockById = async (db: Database, id: number) =>
  (await db.select().from(invoices).where(eq(invoices.id, id)).for('update'))[0];

export const linesOf = (db: Database, invoiceId: number) =>
  db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position));

/** The credit invoice that cancelled an invoice, locked. */
export const creditRowOf = async (db: Database, invoiceId: number) =>
  (await db.select().from(invoices).where(eq(invoices.creditedInvoiceId, invoiceId)).for('update'))[0];

/** The credit invoice that cancelled an invoice, if any. */
export const creditOf = async (db: Database, invoiceId: number) =>
  (await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.creditedInvoiceId, invoiceId)))[0]
    ?.id ?? null;

export const setStatus = (
  db: Database,
  id: number,
  values: Pick<Partial<InvoiceRow>, 'status' | 'paymentMethod' | 'paidAt'>,
) =>
  db
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(invoices.id, id));

/** An invoice's payments, newest first, with their history. */
export async function paymentsOf(db: Database, invoiceId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.subject, PAYMENT_SUBJECT), eq(payments.subjectId, invoiceId)))
    .orderBy(desc(payments.id));
  if (rows.length === 0) return [];
  const events = await db
    .select({
      paymentId: paymentEvents.paymentId,
      status: paymentEvents.status,
      chargedBackCents: paymentEvents.chargedBackCents,
      at: isoText(paymentEvents.at),
    })
    .from(paymentEvents)
    .where(
      inArray(
        paymentEvents.paymentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentEvents.id));
  return rows.map((row) => ({
    row,
    history: events
      .filter((event) => event.paymentId === row.id)
      .map(({ paymentId: _paymentId, ...event }) => event),
  }));
}

/** The newest payment of an invoice (its current collection attempt), if any. */
export const latestPaymentId = async (db: Database, invoiceId: number) =>
  (
    await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.subject, PAYMENT_SUBJECT), eq(payments.subjectId, invoiceId)))
      .orderBy(desc(payments.id))
      .limit(1)
  )[0]?.id;

export const attemptsOf = async (db: Database, invoiceId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(eq(payments.subject, PAYMENT_SUBJECT), eq(payments.subjectId, invoiceId)))
  )[0]!.n;

const listColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  locationId: invoices.locationId,
  locationName: invoices.locationName,
  memberId: invoices.memberId,
  memberName: invoices.memberName,
  totalAmount: invoices.totalCents,
  status: invoices.status,
  paymentMethod: invoices.paymentMethod,
  creditedInvoiceId: invoices.creditedInvoiceId,
};

export interface InvoiceFilter {
  status?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  memberId?: number | undefined;
}

const STATUSES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/**
 * A gym's or location's invoices, newest first by default: by the (gym | location, invoice date) indexes, a
 * status by (gym, status, date); a search matches the number's start or the member's name (trigram index
 * with the gym). Tabs: all and each status, capped counts.
 */
export async function list(db: Database, scope: Scope, query: ListQuery, filter: InvoiceFilter) {
  const countOf = (condition: SQL | undefined) => db.select({ one: sql`1` }).from(invoices).where(condition);
  const search = query.search?.trim().toLowerCase();
  const base = and(
    inScope(scope),
    filter.from ? gte(invoices.invoiceDate, filter.from) : undefined,
    filter.to ? lte(invoices.invoiceDate, filter.to) : undefined,
    filter.memberId ? eq(invoices.memberId, filter.memberId) : undefined,
    search
      ? or(
          sql`lower(${invoices.memberName}) like ${likePattern(search)}`,
          sql`${invoices.invoiceNumber} like ${`${search.replace(/[\\%_]/g, '')}%`}`,
        )
      : undefined,
  );
  const where = (status?: number): SQL | undefined =>
    and(base, status === undefined ? undefined : eq(invoices.status, status));
  const direction = query.sort === undefined ? { ...query, direction: 'desc' as const } : query;
  const { limit, offset } = limitOffset(query);
  const items = await db
    .select(listColumns)
    .from(invoices)
    .where(where(filter.status))
    .orderBy(
      ...orderBy(
        { ...direction, sort: query.sort ?? 'invoiceDate' },
        {
          invoiceDate: invoices.invoiceDate,
          invoiceNumber: invoices.invoiceNumber,
          totalAmount: invoices.totalCents,
          memberName: sql`lower(${invoices.memberName})`,
        },
        'invoiceDate',
        invoices.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  if (query.counts === false) return { items };
  const tabs: Record<string, ReturnType<typeof countOf>> = { all: countOf(where()) };
  for (const status of STATUSES) tabs[String(status)] = countOf(where(status));
  const counts = await cappedCounts(db, tabs);
  return { items, ...pagedCounts(counts, filter.status === undefined ? 'all' : String(filter.status)) };
}
