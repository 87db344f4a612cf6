import {
  type BillingSettings,
  type BillingSettingsInput,
  type Claims,
  type Debtor,
  dutchToday,
  earliestEndDate,
  InvoiceStatus,
  isPayableInvoice,
  type PublicInvoice,
  type PublicMembership,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import { isExpired } from '../../platform/crypto/link-token.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors } from '../../platform/http/errors.ts';
import { type ListQuery, likePattern, pagedList } from '../../platform/http/paging.ts';
import { enforceRateLimit } from '../../platform/http/rate-limit.ts';
import { enqueueMails } from '../../platform/mail/outbox.ts';
import type { InvoiceRow } from '../invoice/invoice.repository.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import { startPaymentLink } from '../invoice/invoice-payment.service.ts';
import { dutchDate, formatEuroCents } from '../invoice/invoice-pdf.ts';
import { findAlterable } from '../location/location-access.ts';
import { scopeOf } from '../member/member.service.ts';
import { members, memberships } from '../member/member.tables.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import type { PaymentRow } from '../payment/payments.ts';
import { subscriptions, subscriptionVariants } from '../subscription/subscription.tables.ts';
import * as repository from './billing.repository.ts';
import { NoticeKind } from './billing.tables.ts';
import { keepMandate } from './billing-collect.ts';
import { type BillingDeps, mandateReferenceOf } from './billing-deps.ts';
import { cancelLinkOfInvoice, cancelLinkState, PREVIOUS_LINKS_UNTIL, payLinkOf } from './member-links.ts';

// ------------------------------------------------------------------------------------ location settings

const settingsOf = async (db: Database, locationId: number): Promise<BillingSettings> =>
  (
    await db
      .select({
        locationId: locations.id,
        debtPolicy: locations.debtPolicy,
        paymentRetryDays: locations.paymentRetryDays,
        paymentGraceDays: locations.paymentGraceDays,
      })
      .from(locations)
      .where(eq(locations.id, locationId))
  )[0] as BillingSettings;

export async function getBillingSettings(db: Database, session: Claims, locationId: number) {
  await findAlterable(db, session, locationId);
  return settingsOf(db, locationId);
}

/** A location's dunning rules: rights as for changing the location; audited. */
export function updateBillingSettings(
  db: Database,
  session: Claims,
  locationId: number,
  input: BillingSettingsInput,
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).for('update');
    await findAlterable(tx, session, locationId);
    const before = await settingsOf(tx, locationId);
    await tx.update(locations).set(input).where(eq(locations.id, locationId));
    const after = await settingsOf(tx, locationId);
    await audit.write(tx, actor, 'LocationBillingSettings', locationId, before, after);
    return after;
  });
}

// ------------------------------------------------------------------------------------ members in debt

/**
 * The members of the scope in debt on `today`: an invoice still due past its location's grace days (by the
 * partial index of what is due, `(gym_id, due_date, member_id)`), summed per member; searched by name and
 * e-mail, sorted by the oldest due date (default), the amount or the name.
 */
export async function listDebtors(db: Database, session: Claims, query: ListQuery) {
  const scope = scopeOf(session);
  const today = dutchToday();
  const overdue = sql`select i."member_id", sum(i."total_cents")::int as "amount", count(*)::int as "invoices",
      min(i."due_date") as "oldest"
    from "invoices" i join "locations" l on l."id" = i."location_id"
    where i."gym_id" = ${scope.gymId} ${scope.locationId === null ? sql`` : sql`and i."location_id" = ${scope.locationId}`}
      and i."status" in (1, 3, 5, 7) and i."credited_invoice_id" is null and i."total_cents" > 0
      and i."due_date" < ${today}::date - l."payment_grace_days"
    group by i."member_id"`;
  const search: SQL = query.search
    ? sql`and m."search_text" like ${likePattern(query.search.toLowerCase())}`
    : sql``;
  const direction = query.direction === 'desc' ? sql`desc` : sql`asc`;
  const order = {
    name: sql`m."sort_name" ${direction}, d."member_id"`,
    amountDue: sql`d."amount" ${direction}, d."member_id"`,
    oldestDueDate: sql`d."oldest" ${direction}, d."member_id"`,
  }[(query.sort as 'name') ?? 'oldestDueDate'];
  const from = sql`from (${overdue}) d join "members" m on m."id" = d."member_id" where true ${search}`;
  return pagedList<Debtor>(
    db,
    query,
    (limit, offset) =>
      repository.rowsOf<Debtor>(
        db,
        sql`select d."member_id" as "memberId",
          ${repository.memberFullName} as "fullName", m."email",
          d."amount" as "amountDue", d."invoices" as "invoiceCount", d."oldest"::text as "oldestDueDate"
        ${from} order by ${order} limit ${limit} offset ${offset}`,
      ),
    async () =>
      (await repository.rowsOf<{ count: number }>(db, sql`select count(*)::int as "count" ${from}`))[0]!
        .count,
  );
}

// ------------------------------------------------------------------------------------ the member's pages

/** The public pages' rule: 60 requests a quarter of an hour per address (they open from a mail). */
const PUBLIC_LIMIT = { limit: 60, windowSeconds: 15 * 60 };
const LINK_NOT_FOUND = 'billing.errors.linkNotFound';

/**
 * Whether a verified link opens today: not past its last day; one of the format before expiry (decision
 * 017) up to `PREVIOUS_LINKS_UNTIL`.
 */
const opensToday = (link: { expires: string | null }, today: string) =>
  link.expires === null ? today <= PREVIOUS_LINKS_UNTIL : !isExpired(link, today);

async function invoiceOfLink(deps: BillingDeps, token: string, address: string) {
  await enforceRateLimit(deps.db, `billing-link:address:${address}`, PUBLIC_LIMIT);
  const link = deps.links.verify('invoice', token);
  const row =
    link === null || !opensToday(link, dutchToday())
      ? undefined
      : (
          await deps.db
            .select({ invoice: invoices, gymName: gyms.name })
            .from(invoices)
            .innerJoin(gyms, eq(gyms.id, invoices.gymId))
            .where(eq(invoices.id, link.id))
        )[0];
  if (!row) throw errors.notFound(LINK_NOT_FOUND);
  return row;
}

/** The invoice a pay link opens: what it is and whether it is still due (nothing else of the member). */
export async function publicInvoice(
  deps: BillingDeps,
  token: string,
  address: string,
): Promise<PublicInvoice> {
  const { invoice, gymName } = await invoiceOfLink(deps, token, address);
  return {
    gymName,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    totalAmount: invoice.totalCents,
    status: invoice.status,
    // An invoice of EUR 0.00 is never paid through a provider (decision 015).
    isPayable: isPayableInvoice(invoice) && invoice.totalCents > 0,
    isPending: invoice.status === InvoiceStatus.Pending,
  };
}

/**
 * Pays from the link: the open checkout or a new one; the person comes back to the same page, or to the
 * sign-up's result page that asked (`returnPath`, checked by the contract). A sign-up's first invoice whose
 * mandate is still to come (the member's customer kept, no mandate yet) is paid by a `first` payment again,
 * so that paying it leaves the mandate the next periods are charged on.
 */
export async function payPublicInvoice(
  deps: BillingDeps,
  token: string,
  address: string,
  returnPath?: string | undefined,
) {
  const { invoice } = await invoiceOfLink(deps, token, address);
  const kept =
    invoice.membershipId === null
      ? undefined
      : await repository.mandateOf(deps.db, invoice.memberId, invoice.locationId);
  const first =
    kept && kept.mandateId === null && kept.status === 'pending'
      ? { customerId: kept.customerId }
      : undefined;
  const redirectUrl = returnPath ? `${deps.publicUrl}${returnPath}` : payLinkOf(deps, invoice.id);
  const payment = await startPaymentLink(deps.db, deps.payments, invoice, redirectUrl, first);
  if (!payment.checkoutUrl) throw errors.conflict('general', 'invoice.errors.notPayable');
  return { checkoutUrl: payment.checkoutUrl };
}

/**
 * The membership of a cancel link that opens: signed for the membership's end as it is now (a cancellation,
 * or the desk, changing it spends the link: it works once), not past its last day; one of the format before
 * (decision 017) only while the membership has no end.
 */
async function membershipOfLink(db: Database, deps: BillingDeps, token: string, lock: boolean) {
  const id = deps.links.idOf(token);
  if (id === null) return undefined;
  const query = db
    .select({
      membership: memberships,
      gymName: gyms.name,
      firstName: members.firstName,
      email: members.email,
      anonymised: sql<boolean>`${members.anonymisedAt} is not null`,
      subscriptionName: subscriptions.name,
      variantName: subscriptionVariants.name,
      noticePeriodAmount: subscriptionVariants.noticePeriodAmount,
      noticePeriodType: subscriptionVariants.noticePeriodType,
    })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .innerJoin(gyms, eq(gyms.id, memberships.gymId))
    .innerJoin(subscriptions, eq(subscriptions.id, memberships.subscriptionId))
    .innerJoin(subscriptionVariants, eq(subscriptionVariants.id, memberships.variantId))
    .where(eq(memberships.id, id));
  const [row] = await (lock ? query.for('update', { of: memberships }) : query);
  if (!row || row.anonymised) return undefined;
  const link = deps.links.verify('membership', token, cancelLinkState(row.membership));
  if (!link || !opensToday(link, dutchToday())) return undefined;
  return link.expires === null && row.membership.endDate !== null ? undefined : row;
}

type LinkedMembership = NonNullable<Awaited<ReturnType<typeof membershipOfLink>>>;

function presentMembership(row: LinkedMembership, today: string): PublicMembership {
  const { membership } = row;
  const earliest = earliestEndDate(today, membership.startDate, row.noticePeriodAmount, row.noticePeriodType);
  return {
    gymName: row.gymName,
    firstName: row.firstName,
    subscriptionName: row.subscriptionName,
    variantName: row.variantName,
    startDate: membership.startDate,
    endDate: membership.endDate,
    noticePeriodAmount: row.noticePeriodAmount,
    noticePeriodType: row.noticePeriodType,
    earliestEndDate: earliest,
    canCancel: membership.endDate === null || membership.endDate > earliest,
  };
}

/** The membership a cancel link opens, with its notice period and the end it would get today. */
export async function publicMembership(deps: BillingDeps, token: string, address: string) {
  await enforceRateLimit(deps.db, `billing-link:address:${address}`, PUBLIC_LIMIT);
  const row = await membershipOfLink(deps.db, deps, token, false);
  if (!row) throw errors.notFound(LINK_NOT_FOUND);
  return presentMembership(row, dutchToday());
}

/**
 * Ends the membership from its link on the earliest day the notice period allows (an end already set that
 * is no later stays: nothing to cancel), audited as the member's own change, and confirmed by mail.
 */
export async function cancelPublicMembership(
  deps: BillingDeps,
  token: string,
  address: string,
  actor: Actor,
) {
  await enforceRateLimit(deps.db, `billing-link:address:${address}`, PUBLIC_LIMIT);
  return inTransaction(deps.db, async (tx) => {
    const row = await membershipOfLink(tx, deps, token, true);
    if (!row) throw errors.notFound(LINK_NOT_FOUND);
    const today = dutchToday();
    const before = presentMembership(row, today);
    if (!before.canCancel) return before;
    const endDate = before.earliestEndDate;
    await tx
      .update(memberships)
      .set({ endDate, updatedAt: new Date() })
      .where(eq(memberships.id, row.membership.id));
    const ended = { endDate, by: 'cancelLink' };
    await audit.write(tx, actor, 'Membership', row.membership.id, { endDate: row.membership.endDate }, ended);
    if (row.email)
      await enqueueMails(tx, [
        {
          to: row.email,
          language: 'nl',
          template: 'membershipEnded',
          data: { gymName: row.gymName, subscriptionName: row.subscriptionName, endDate: dutchDate(endDate) },
        },
      ]);
    return presentMembership({ ...row, membership: { ...row.membership, endDate } }, today);
  });
}

// ------------------------------------------------------------------------------------ dunning

/**
 * A direct debit failed or was charged back (the webhook's transaction, the invoice locked): the member gets
 * a mail with a pay link, once per charge; a first failed charge is tried once more after the location's
 * retry days (a chargeback is not: the member took the money back on purpose).
 */
export function onInvoiceMoved(deps: Pick<BillingDeps, 'links' | 'publicUrl'>) {
  return async (
    tx: Database,
    payment: PaymentRow,
    moved: { invoice: InvoiceRow; status: number },
    actor: Actor,
  ) => {
    // A first payment paid (the sign-up's iDEAL): its mandate is the one the next periods are charged on.
    if (payment.sequenceType === 'first') {
      const { invoice } = moved;
      if (moved.status === InvoiceStatus.Paid && payment.mandateId && payment.customerId)
        await keepMandate(tx, actor, {
          memberId: invoice.memberId,
          locationId: invoice.locationId,
          provider: payment.provider,
          customerId: payment.customerId,
          mandateId: payment.mandateId,
          reference: mandateReferenceOf({ gymId: invoice.gymId, memberId: invoice.memberId, imported: null }),
          status: 'valid',
        });
      return;
    }
    if (payment.sequenceType !== 'recurring') return;
    if (moved.status !== InvoiceStatus.Failed && moved.status !== InvoiceStatus.ChargedBack) return;
    const context = await repository.noticeContextOf(tx, moved.invoice.id);
    if (!context) return;
    const charges = await repository.recurringChargesOf(tx, moved.invoice.id);
    if (!(await repository.noteNotice(tx, moved.invoice.id, NoticeKind.PaymentFailed, charges))) return;
    const retryOn =
      moved.status === InvoiceStatus.Failed && charges === 1
        ? addDays(dutchToday(), context.retryDays)
        : null;
    if (retryOn) await repository.scheduleRetry(tx, moved.invoice.id, retryOn);
    if (!context.email) return;
    const { invoice } = context;
    await enqueueMails(tx, [
      {
        to: context.email,
        language: 'nl',
        template: 'invoicePaymentFailed',
        data: {
          gymName: context.gymName,
          invoiceNumber: invoice.invoiceNumber,
          amount: formatEuroCents(invoice.totalCents),
          retryDate: retryOn && dutchDate(retryOn),
          payLink: payLinkOf(deps, invoice.id),
          cancelLink: await cancelLinkOfInvoice(deps, tx, invoice),
        },
      },
    ]);
  };
}
