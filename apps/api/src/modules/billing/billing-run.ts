import { type BillingRunResult, dutchToday, InvoiceStatus, SubscriptionType } from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { type Actor, audit, systemActor } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { insertRecords, type RecordColumn } from '../../platform/db/records.ts';
import { createPeriodicJob, type JobLogger } from '../../platform/jobs/periodic.ts';
import { enqueueMails, type MailRequest } from '../../platform/mail/outbox.ts';
import { pricedLines } from '../invoice/invoice.service.ts';
import type { invoices } from '../invoice/invoice.tables.ts';
import { dutchDate, formatEuroCents } from '../invoice/invoice-pdf.ts';
import * as repository from './billing.repository.ts';
import { NoticeKind } from './billing.tables.ts';
import { canDebit, collectOne } from './billing-collect.ts';
import { type BillingDeps, ISSUE_DAYS_AHEAD, mandateReferenceOf } from './billing-deps.ts';
import { cancelLinkOf, cancelLinkOfInvoice, payLinkOf } from './member-links.ts';

const INVOICE_COLUMNS = [
  ['gym_id', 'int'],
  ['location_id', 'int'],
  ['member_id', 'int'],
  ['membership_id', 'int'],
  ['year', 'smallint'],
  ['sequence', 'int'],
  ['invoice_number', 'text'],
  ['invoice_date', 'date'],
  ['due_date', 'date'],
  ['status', 'smallint'],
  ['member_name', 'text'],
  ['location_name', 'text'],
  ['subtotal_cents', 'int'],
  ['vat_cents', 'int'],
  ['total_cents', 'int'],
  ['period_start', 'date'],
  ['period_end', 'date'],
] as const satisfies readonly RecordColumn[];

const LINE_COLUMNS = [
  ['invoice_id', 'int'],
  ['position', 'smallint'],
  ['description', 'text'],
  ['quantity', 'int'],
  ['unit_price_cents', 'int'],
  ['vat_rate', 'smallint'],
  ['excl_vat_cents', 'int'],
  ['vat_cents', 'int'],
  ['total_cents', 'int'],
] as const satisfies readonly RecordColumn[];

/** One batch of the issue phase: its invoices, notices and the billing rows moved on, in one transaction. */
const issueBatch = (deps: BillingDeps, gymId: number, today: string, limit: number, actor: Actor) =>
  inTransaction(deps.db, async (tx) => {
    const horizon = addDays(today, ISSUE_DAYS_AHEAD);
    const due = await repository.claimDuePeriods(tx, gymId, horizon, limit);
    // More of this gym: a full batch, or a membership periods behind whose next period is due too.
    const more = due.length === limit || due.some((period) => period.nextStart <= horizon);
    return { more, ...(await issuePeriods(tx, deps, due, today, actor)) };
  });

/**
 * Invoices claimed periods (their billing rows locked by `tx`): the invoices with their numbers, lines,
 * direct debits queued and mails, and the billing rows moved on. Answers the invoices made per membership.
 */
export async function issuePeriods(
  tx: Database,
  deps: Pick<BillingDeps, 'links' | 'publicUrl'>,
  due: repository.DuePeriod[],
  today: string,
  /** Who issues (audited): the billing run, or the person signing up. */
  actor: Actor,
  /** The sign-up pays its first invoice at once: no direct debit queued for it, and no mail. */
  options: { paidNow?: boolean } = {},
) {
  const moves: { membershipId: number; period: number; start: string | null }[] = [];
  const made: {
    period: repository.DuePeriod;
    values: typeof invoices.$inferInsert;
    lines: ReturnType<typeof pricedLines>['lines'];
    debit: boolean;
  }[] = [];
  for (const period of due) {
    const isPrepaid = period.subscriptionType === SubscriptionType.Prepaid;
    const ended =
      period.anonymised ||
      (period.endDate !== null && period.periodStart > period.endDate) ||
      (isPrepaid && period.period > 0);
    const nextStart =
      ended || isPrepaid || (period.endDate !== null && period.nextStart > period.endDate)
        ? null
        : period.nextStart;
    // An ended membership keeps its period: an end moved later bills that period after all (the trigger).
    moves.push({
      membershipId: period.membershipId,
      period: ended ? period.period : period.period + 1,
      start: nextStart,
    });
    if (ended || period.invoiced || period.paused) continue;
    const lastDay = addDays(period.nextStart, -1);
    const periodEnd =
      isPrepaid || (period.endDate !== null && period.endDate < lastDay) ? period.endDate! : lastDay;
    const priced = pricedLines([
      ...(period.period === 0 && period.oneOffCosts > 0
        ? [
            {
              description: `Eenmalige kosten ${period.subscriptionName}`,
              quantity: 1,
              unitPriceCents: period.oneOffCosts,
              includesVat: period.oneOffIncludesVat,
              vatRate: period.vatRate as 0,
            },
          ]
        : []),
      {
        description: `${period.subscriptionName} (${period.variantName}), ${dutchDate(period.periodStart)} t/m ${dutchDate(periodEnd)}`,
        quantity: Math.max(1, period.periods),
        unitPriceCents: period.price,
        includesVat: period.priceIncludesVat,
        vatRate: period.vatRate as 0,
      },
    ]);
    if (priced.totalCents <= 0) continue;
    made.push({
      period,
      debit: !options.paidNow && canDebit(period),
      lines: priced.lines,
      values: {
        gymId: period.gymId,
        locationId: period.locationId,
        memberId: period.memberId,
        membershipId: period.membershipId,
        year: Number(today.slice(0, 4)),
        sequence: 0,
        invoiceNumber: '',
        invoiceDate: today,
        dueDate: period.periodStart > today ? period.periodStart : today,
        status: InvoiceStatus.Open,
        memberName: period.memberName,
        locationName: period.locationName,
        subtotalCents: priced.subtotalCents,
        vatCents: priced.vatCents,
        totalCents: priced.totalCents,
        periodStart: period.periodStart,
        periodEnd,
      },
    });
  }
  let ids: number[] = [];
  if (made.length > 0) {
    // The gyms' numbers in one statement (their counters locked in gym order, as every run does), then the
    // invoices, their lines and the direct debits by one statement each.
    const year = Number(today.slice(0, 4));
    const counts = new Map<number, number>();
    for (const entry of made) counts.set(entry.values.gymId, (counts.get(entry.values.gymId) ?? 0) + 1);
    const firstOf = await repository.takeNumbers(tx, year, counts);
    const taken = new Map<number, number>();
    for (const entry of made) {
      const sequence = firstOf.get(entry.values.gymId)! + (taken.get(entry.values.gymId) ?? 0);
      taken.set(entry.values.gymId, (taken.get(entry.values.gymId) ?? 0) + 1);
      entry.values.sequence = sequence;
      entry.values.invoiceNumber = `${year}-${String(sequence).padStart(6, '0')}`;
    }
    const inserted = await insertRecords<{ id: number; gym_id: number; sequence: number }>(
      tx,
      'invoices',
      INVOICE_COLUMNS,
      made.map(({ values }) => ({
        gym_id: values.gymId,
        location_id: values.locationId,
        member_id: values.memberId,
        membership_id: values.membershipId,
        year: values.year,
        sequence: values.sequence,
        invoice_number: values.invoiceNumber,
        invoice_date: values.invoiceDate,
        due_date: values.dueDate,
        status: values.status,
        member_name: values.memberName,
        location_name: values.locationName,
        subtotal_cents: values.subtotalCents,
        vat_cents: values.vatCents,
        total_cents: values.totalCents,
        period_start: values.periodStart,
        period_end: values.periodEnd,
      })),
      '"id", "gym_id", "sequence"',
    );
    const idOf = new Map(inserted.map((row) => [`${row.gym_id}:${row.sequence}`, row.id]));
    ids = made.map((entry) => idOf.get(`${entry.values.gymId}:${entry.values.sequence}`)!);
    // As an invoice made by hand is audited (its view there: never the member's name).
    const issued = made.map(({ values }, index) => ({
      id: ids[index]!,
      before: null,
      after: {
        invoiceNumber: values.invoiceNumber,
        memberId: values.memberId,
        totalCents: values.totalCents,
        status: values.status,
        periodStart: values.periodStart,
        periodEnd: values.periodEnd,
      },
    }));
    await audit.writeAll(tx, actor, 'Invoice', issued);
    await insertRecords(
      tx,
      'invoice_lines',
      LINE_COLUMNS,
      made.flatMap((entry, index) =>
        entry.lines.map((line, position) => ({
          invoice_id: ids[index],
          position: position + 1,
          description: line.description,
          quantity: line.quantity,
          unit_price_cents: line.unitPriceCents,
          vat_rate: line.vatRate,
          excl_vat_cents: line.exclVatCents,
          vat_cents: line.vatCents,
          total_cents: line.totalCents,
        })),
      ),
    );
    await insertRecords(
      tx,
      'invoice_collections',
      [
        ['invoice_id', 'int'],
        ['round', 'smallint'],
        ['collect_on', 'date'],
      ],
      made.flatMap((entry, index) =>
        entry.debit ? [{ invoice_id: ids[index], round: 1, collect_on: entry.values.dueDate }] : [],
      ),
    );
    const mails: MailRequest[] = [];
    made.forEach((entry, index) => {
      const { period, values } = entry;
      if (!period.email || options.paidNow) return;
      const id = ids[index]!;
      mails.push({
        to: period.email,
        language: 'nl',
        template: 'invoiceIssued',
        data: {
          gymName: period.gymName,
          invoiceNumber: values.invoiceNumber,
          amount: formatEuroCents(values.totalCents),
          dueDate: dutchDate(values.dueDate as string),
          period: `${dutchDate(period.periodStart)} t/m ${dutchDate(values.periodEnd as string)}`,
          payLink: payLinkOf(deps, id),
          cancelLink: cancelLinkOf(deps, { id: period.membershipId, endDate: period.endDate }),
          directDebit: entry.debit
            ? {
                collectionDate: dutchDate(values.dueDate as string),
                ibanEnding: period.iban ? period.iban.replace(/\s/g, '').slice(-4) : '••••',
                mandateReference:
                  period.mandateRef ??
                  mandateReferenceOf({
                    gymId: period.gymId,
                    memberId: period.memberId,
                    imported: period.mandateReference,
                  }),
                creditorId: period.creditorId,
              }
            : null,
        },
      });
    });
    const mailed = made.flatMap((entry, index) =>
      entry.period.email && !options.paidNow ? [ids[index]!] : [],
    );
    await insertRecords(
      tx,
      'invoice_notices',
      [
        ['invoice_id', 'int'],
        ['kind', 'smallint'],
      ],
      mailed.map((invoiceId) => ({ invoice_id: invoiceId, kind: NoticeKind.Issued })),
    );
    await enqueueMails(tx, mails);
  }
  await repository.advance(tx, moves);
  return {
    invoices: made.length,
    notices: made.filter((entry) => entry.period.email).length,
    invoiceIds: new Map(made.map((entry, index) => [entry.period.membershipId, ids[index]!])),
  };
}

/** The free reminder (WIK) to each member who fell into debt, once per invoice. */
async function remindBatch(deps: BillingDeps, today: string, limit: number) {
  const overdue = await repository.overdueWithoutReminder(deps.db, today, NoticeKind.Reminder, limit);
  let sent = 0;
  for (const { id } of overdue) {
    await inTransaction(deps.db, async (tx) => {
      const context = await repository.noticeContextOf(tx, id);
      if (!context || !(await repository.noteNotice(tx, id, NoticeKind.Reminder))) return;
      const { invoice } = context;
      if (!context.email) return;
      await enqueueMails(tx, [
        {
          to: context.email,
          language: 'nl',
          template: 'invoiceReminder',
          data: {
            gymName: context.gymName,
            invoiceNumber: invoice.invoiceNumber,
            amount: formatEuroCents(invoice.totalCents),
            dueDate: dutchDate(invoice.dueDate),
            payBy: dutchDate(addDays(today, 14)),
            payLink: payLinkOf(deps, invoice.id),
            cancelLink: await cancelLinkOfInvoice(deps, tx, invoice),
          },
        },
      ]);
      sent += 1;
    });
  }
  return { count: overdue.length, sent };
}

/**
 * The billing run (decision 017), safe to run in every instance at once and again on the same day:
 * 1. issue: every membership whose next period starts within `ISSUE_DAYS_AHEAD` days gets that period's
 *    invoice (the one-off costs on the first; a prepaid term whole on its first), with the SEPA
 *    pre-notification or the pay link by mail, and its direct debit queued for the due date;
 * 2. collect: the queued direct debits due today are charged on the members' mandates;
 * 3. remind: a member who fell into debt gets the free reminder (WIK) with 14 days to pay.
 */
export async function runBilling(
  deps: BillingDeps,
  options: {
    today?: string;
    batchSize?: number;
    concurrency?: number;
    isStopping?: () => boolean;
    /** Who runs it: the job (default), or an admin's development tool. */
    actor?: Actor;
  } = {},
): Promise<BillingRunResult> {
  const actor = options.actor ?? systemActor('billing');
  const today = options.today ?? dutchToday();
  const batchSize = options.batchSize ?? 500;
  const isStopping = options.isStopping ?? (() => false);
  const result = { invoices: 0, charges: 0, notices: 0 };
  // Gym by gym, `concurrency` gyms at once: a batch is one gym's, so batches side by side never queue on
  // one number counter (a gym's invoices are numbered in one series without gaps).
  const gyms = await repository.gymsWithDuePeriods(deps.db, addDays(today, ISSUE_DAYS_AHEAD));
  const issueGyms = async () => {
    for (let gymId = gyms.shift(); gymId !== undefined && !isStopping(); gymId = gyms.shift()) {
      while (!isStopping()) {
        const batch = await issueBatch(deps, gymId, today, batchSize, actor);
        result.invoices += batch.invoices;
        result.notices += batch.notices;
        // Every claimed membership moved on, so this ends; a membership periods behind comes again.
        if (!batch.more) break;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 2 }, issueGyms));
  while (!isStopping()) {
    const claimed = await repository.claimCollections(deps.db, today, batchSize);
    for (const entry of claimed) if (await collectOne(deps, entry, today, actor)) result.charges += 1;
    if (claimed.length < batchSize) break;
  }
  while (!isStopping()) {
    const batch = await remindBatch(deps, today, batchSize);
    result.notices += batch.sent;
    if (batch.count < batchSize) break;
  }
  return result;
}

/** The billing run every hour in every instance (they share the work by their row locks). */
export function createBillingJob(deps: BillingDeps & { logger: JobLogger; intervalMs?: number }) {
  return createPeriodicJob({
    name: 'billing',
    intervalMs: deps.intervalMs ?? 60 * 60_000,
    logger: deps.logger,
    run: async (isStopping) => {
      const result = await runBilling(deps, { isStopping });
      if (result.invoices + result.charges + result.notices > 0)
        deps.logger.info({ job: 'billing', ...result }, 'billing run');
    },
  });
}
