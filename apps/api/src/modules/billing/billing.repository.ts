import { InvoiceStatus } from '@xp/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import { recordsOf } from '../../platform/db/records.ts';
import { PAYMENT_SUBJECT } from '../invoice/invoice.repository.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import { members } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { invoiceCollections, invoiceNotices, memberMandates } from './billing.tables.ts';

/** The member's full name (`fullNameSql`) in the raw queries below, where the members table is `m`. */
export const memberFullName = fullNameSql({
  firstName: sql`m."first_name"`,
  insertion: sql`m."insertion"`,
  lastName: sql`m."last_name"`,
});

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What is still due, as SQL (the partial indexes of migration 0040 hold exactly these invoices). */
export const stillDue = sql`${invoices.status} in (1, 3, 5, 7) and ${invoices.creditedInvoiceId} is null`;

/** A membership's period the run is about to invoice, with all it needs to. */
export interface DuePeriod {
  membershipId: number;
  period: number;
  periodStart: string;
  /** The next period's first day. */
  nextStart: string;
  gymId: number;
  locationId: number;
  memberId: number;
  endDate: string | null;
  subscriptionType: number;
  subscriptionName: string;
  vatRate: number;
  variantName: string;
  oneOffCosts: number;
  oneOffIncludesVat: boolean;
  price: number;
  priceIncludesVat: boolean;
  /** Prepaid: the payment periods in the term (all on the first invoice); recurring: 1. */
  periods: number;
  paused: boolean;
  /** The period has an invoice already (the sign-up's first payment). */
  invoiced: boolean;
  anonymised: boolean;
  email: string | null;
  iban: string | null;
  mandateReference: string | null;
  memberName: string;
  locationName: string;
  gymName: string;
  creditorId: string | null;
  mandateStatus: string | null;
  mandateRef: string | null;
}

/**
 * Claims up to `limit` memberships of a gym whose next period starts by `horizon`, skipping those another run holds
 * (`FOR UPDATE SKIP LOCKED` on their billing rows): two instances never invoice one period twice, and never
 * wait on each other.
 */
export const claimDuePeriods = (tx: Database, gymId: number, horizon: string, limit: number) =>
  rowsOf<DuePeriod>(tx, sql`select * from "billing_due_periods"(${gymId}, ${horizon}::date, ${limit})`);

/** The gyms with a period due by `horizon` (one probe of the billing rows' index a gym). */
export const gymsWithDuePeriods = async (db: Database, horizon: string) =>
  (
    await rowsOf<{ id: number }>(
      db,
      sql`select g."id" from "gyms" g where exists (select 1 from "membership_billing" b
        where b."gym_id" = g."id" and b."next_period_start" <= ${horizon}::date) order by g."id"`,
    )
  ).map((row) => row.id);

/**
 * A new membership's first period, its billing row locked (the sign-up invoices it at once): the same
 * columns as `billing_due_periods` (migration 0040), by the membership.
 */
export const claimFirstPeriod = async (tx: Database, membershipId: number) =>
  (await periodsWhere(tx, sql`b."membership_id" = ${membershipId} and b."next_period" = 0`, 1))[0];

const periodsWhere = (tx: Database, condition: SQL, limit: number) =>
  rowsOf<DuePeriod>(
    tx,
    sql`select b."membership_id" as "membershipId", b."next_period" as "period",
      b."next_period_start"::text as "periodStart",
      "billing_period_start"(ms."start_date", b."next_period" + 1, v."payment_per_period_amount",
                             v."payment_per_period_type")::text as "nextStart",
      ms."gym_id" as "gymId", ms."location_id" as "locationId", ms."member_id" as "memberId",
      ms."end_date"::text as "endDate",
      s."type" as "subscriptionType", s."name" as "subscriptionName", s."vat_rate" as "vatRate",
      v."name" as "variantName", v."one_off_costs" as "oneOffCosts",
      v."one_off_costs_includes_vat" as "oneOffIncludesVat", v."price_per_period" as "price",
      v."price_per_period_includes_vat" as "priceIncludesVat",
      case when s."type" = 1 then (select count(*)::int from generate_series(0, 1000) g("n")
        where "billing_period_start"(ms."start_date", g."n", v."payment_per_period_amount",
                                     v."payment_per_period_type") <= coalesce(ms."end_date", ms."start_date"))
      else 1 end as "periods",
      exists (select 1 from "membership_pauses" p where p."membership_id" = ms."id"
              and b."next_period_start" between p."from_date" and p."to_date") as "paused",
      inv."invoiced" is not null as "invoiced",
      m."anonymised_at" is not null as "anonymised", m."email", m."iban",
      m."mandate_reference" as "mandateReference",
      ${memberFullName} as "memberName",
      l."name" as "locationName", g."name" as "gymName", g."sepa_creditor_id" as "creditorId",
      mm."status" as "mandateStatus", mm."reference" as "mandateRef"
    from "membership_billing" b
    join "memberships" ms on ms."id" = b."membership_id"
    join "subscriptions" s on s."id" = ms."subscription_id"
    join "subscription_variants" v on v."id" = ms."variant_id"
    join "members" m on m."id" = ms."member_id"
    join "locations" l on l."id" = ms."location_id"
    join "gyms" g on g."id" = ms."gym_id"
    left join "member_mandates" mm on mm."member_id" = ms."member_id" and mm."location_id" = ms."location_id"
    -- By the unique index, one probe a membership (as an EXISTS the planner may hash every invoice).
    left join lateral (select true as "invoiced" from "invoices" i where i."membership_id" = b."membership_id"
                       and i."period_start" = b."next_period_start" limit 1) inv on true
    where ${condition} and b."next_period_start" is not null
    order by b."gym_id", b."next_period_start", b."membership_id"
    limit ${limit}
    for update of b skip locked`,
  );

/**
 * Takes numbers of the gyms' series of `year` at once, `counts` per gym (each counter's row lock holds them
 * for the transaction, as `issue` does for one; the gyms in id order, so two runs lock them alike): answers
 * each gym's first.
 */
export async function takeNumbers(tx: Database, year: number, counts: ReadonlyMap<number, number>) {
  const rows = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([gymId, count]) => ({ gym_id: gymId, year, last_number: count }));
  const taken = await rowsOf<{ gymId: number; last: number }>(
    tx,
    sql`insert into "invoice_numbers" ("gym_id", "year", "last_number")
      select "gym_id", "year", "last_number" from ${recordsOf(
        [
          ['gym_id', 'int'],
          ['year', 'smallint'],
          ['last_number', 'int'],
        ],
        rows,
      )} order by "gym_id"
      on conflict ("gym_id", "year") do update set "last_number" = "invoice_numbers"."last_number" + excluded."last_number"
      returning "gym_id" as "gymId", "last_number" as "last"`,
  );
  return new Map(taken.map((row) => [row.gymId, row.last - counts.get(row.gymId)! + 1]));
}

/** Moves the memberships' billing rows on: their next period and its first day (null: nothing more). */
export async function advance(
  tx: Database,
  moves: { membershipId: number; period: number; start: string | null }[],
) {
  if (moves.length === 0) return;
  await tx.execute(
    sql`update "membership_billing" b set "next_period" = r."period", "next_period_start" = r."start"
      from ${recordsOf(
        [
          ['id', 'int'],
          ['period', 'int'],
          ['start', 'date'],
        ],
        moves.map((move) => ({ id: move.membershipId, period: move.period, start: move.start })),
      )} where b."membership_id" = r."id"`,
  );
}

/** A direct debit to charge, taken by a lease (a run that died leaves it to the next after 10 minutes). */
export interface ClaimedCollection {
  invoiceId: number;
  round: number;
  paymentAttempt: number;
}

/**
 * Claims the direct debits due by `today`: each gets a lease and, the first time, its payment attempt (the
 * invoice's attempts so far + 1), which stays when a run dies and the next one repeats it: the same
 * idempotency key, so never two charges.
 */
export const claimCollections = (tx: Database, today: string, limit: number) =>
  rowsOf<ClaimedCollection>(
    tx,
    sql`update "invoice_collections" c set "lease_until" = now() + interval '10 minutes',
      "payment_attempt" = coalesce(c."payment_attempt", (select count(*) from "payments" p
        where p."subject" = ${PAYMENT_SUBJECT} and p."subject_id" = c."invoice_id")::smallint + 1)
    where c."invoice_id" in (select "invoice_id" from "invoice_collections"
      where "collect_on" <= ${today}::date and ("lease_until" is null or "lease_until" < now())
      order by "collect_on", "invoice_id" limit ${limit} for update skip locked)
    returning c."invoice_id" as "invoiceId", c."round", c."payment_attempt" as "paymentAttempt"`,
  );

/** An invoice still due whose direct debit went out: Pending until the webhook says how it went. */
export const markCollecting = (db: Database, invoiceId: number) =>
  db
    .update(invoices)
    .set({ status: InvoiceStatus.Pending, updatedAt: sql`now()` })
    .where(and(eq(invoices.id, invoiceId), sql`${invoices.status} in (1, 3, 5, 7)`));

export const dropCollection = (db: Database, invoiceId: number) =>
  db.delete(invoiceCollections).where(eq(invoiceCollections.invoiceId, invoiceId));

/** A collection the provider could not take now: the next run tries again. */
export const releaseCollection = (db: Database, invoiceId: number) =>
  db.update(invoiceCollections).set({ leaseUntil: null }).where(eq(invoiceCollections.invoiceId, invoiceId));

/** The retry of a failed direct debit (once; a second failure is not retried). */
export const scheduleRetry = (db: Database, invoiceId: number, collectOn: string) =>
  db
    .insert(invoiceCollections)
    .values({ invoiceId, round: 2, collectOn })
    .onConflictDoNothing({ target: invoiceCollections.invoiceId });

/** What a charge needs of its invoice and member. */
export async function chargeOf(db: Database, invoiceId: number) {
  return (
    await db
      .select({
        invoice: invoices,
        iban: members.iban,
        accountHolder: members.accountHolder,
        mandateReference: members.mandateReference,
        mandateSignedOn: members.mandateSignedOn,
        email: members.email,
        memberName: fullNameSql(members),
        anonymised: sql<boolean>`${members.anonymisedAt} is not null`,
        hasPaymentUnderWay: sql<boolean>`exists (select 1 from "payments" p where p."subject" = ${PAYMENT_SUBJECT}
          and p."subject_id" = ${invoices.id} and p."status" in ('created', 'open', 'pending', 'authorized'))`,
      })
      .from(invoices)
      .innerJoin(members, eq(members.id, invoices.memberId))
      .where(eq(invoices.id, invoiceId))
  )[0];
}

export const mandateOf = async (db: Database, memberId: number, locationId: number) =>
  (
    await db
      .select()
      .from(memberMandates)
      .where(and(eq(memberMandates.memberId, memberId), eq(memberMandates.locationId, locationId)))
  )[0];

/** Keeps the member's customer and mandate at a location's provider (the last one made wins). */
export const saveMandate = (db: Database, values: typeof memberMandates.$inferInsert) =>
  db
    .insert(memberMandates)
    .values(values)
    .onConflictDoUpdate({
      target: [memberMandates.memberId, memberMandates.locationId],
      set: {
        provider: values.provider,
        customerId: values.customerId,
        mandateId: values.mandateId,
        reference: values.reference,
        status: values.status,
        updatedAt: sql`now()`,
      },
    });

/** Records a notice; false when it was sent before (the mail is then not sent again). */
export async function noteNotice(db: Database, invoiceId: number, kind: number, attempt = 0) {
  const rows = await db
    .insert(invoiceNotices)
    .values({ invoiceId, kind, attempt })
    .onConflictDoNothing()
    .returning({ invoiceId: invoiceNotices.invoiceId });
  return rows.length > 0;
}

/** An invoice with what its mails show: the gym, the member's address, the location's rules. */
export async function noticeContextOf(db: Database, invoiceId: number) {
  return (
    await db
      .select({
        invoice: invoices,
        gymName: gyms.name,
        email: members.email,
        retryDays: locations.paymentRetryDays,
        graceDays: locations.paymentGraceDays,
      })
      .from(invoices)
      .innerJoin(members, eq(members.id, invoices.memberId))
      .innerJoin(gyms, eq(gyms.id, invoices.gymId))
      .innerJoin(locations, eq(locations.id, invoices.locationId))
      .where(eq(invoices.id, invoiceId))
  )[0];
}

/** How many direct debits (recurring charges) an invoice has had. */
export const recurringChargesOf = async (db: Database, invoiceId: number) =>
  (
    await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as "count" from "payments" where "subject" = ${PAYMENT_SUBJECT}
        and "subject_id" = ${invoiceId} and "sequence_type" = 'recurring'`,
    )
  )[0]!.count;

/**
 * Invoices that put their member in debt by `today` (still due past their location's grace days) and have
 * had no reminder: the next `limit`, oldest first, by the partial due-date index.
 */
export const overdueWithoutReminder = (db: Database, today: string, kind: number, limit: number) =>
  rowsOf<{ id: number }>(
    db,
    sql`select i."id" from "invoices" i join "locations" l on l."id" = i."location_id"
      where i."status" in (1, 3, 5, 7) and i."credited_invoice_id" is null and i."total_cents" > 0
        and i."due_date" < ${today}::date - l."payment_grace_days"
        and not exists (select 1 from "invoice_notices" n where n."invoice_id" = i."id" and n."kind" = ${kind})
      order by i."due_date", i."id" limit ${limit}`,
  );
