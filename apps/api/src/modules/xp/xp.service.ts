import {
  type Claims,
  InvoiceStatus,
  isAdmin,
  PaymentMethod,
  payableXpInvoiceStatuses,
  type XpInvoice,
  xpCostCents,
} from '@xp/contracts';
import { instantAfterDays } from '@xp/contracts/dates';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors, GENERAL_KEY } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant, notYours } from '../../platform/http/tenant.ts';
import { employerContacts } from '../employer/employer.tables.ts';
import { formatEuroCents } from '../invoice/invoice-pdf.ts';
import { isLive, isUnderWay, type PaymentRow, type Payments } from '../payment/payments.ts';
import { isOwedBack, recordRefundOwed } from '../payment/refunds.ts';
import { balanceOf, transfer } from './xp.ledger.ts';
import * as repository from './xp.repository.ts';
import * as invoiceRepository from './xp-invoice.repository.ts';

export interface XpDeps {
  db: Database;
  payments: Payments;
  publicUrl: string;
  purchase: { min: number; max: number };
  platform: { name: string; kvkNumber: string | null; vatNumber: string | null };
}

export const NOT_FOUND = 'xp.errors.notFound';
export const EMPLOYER_NOT_FOUND = 'employer.errors.notFound';
/** Days an employer has to pay an XP invoice. */
const PAYMENT_TERM_DAYS = 14;

/** `{activeEmployerId}` of a path: only the session's active employer (another's: 404, none: 403). */
export function employerOfPath(session: Claims, activeEmployerId: number): number {
  if (activeTenant(session, 'employer') !== activeEmployerId) throw notYours(EMPLOYER_NOT_FOUND);
  return activeEmployerId;
}

// --------------------------------------------------------------------------------------------- balance

/** Employer staff read their active employer's balance; an admin any employer's. */
export async function getBalance(deps: XpDeps, session: Claims, employerId: number) {
  if (!isAdmin(session) && session.activeEmployerId !== employerId) throw errors.notFound(EMPLOYER_NOT_FOUND);
  if (!(await repository.employerExists(deps.db, employerId))) throw errors.notFound(EMPLOYER_NOT_FOUND);
  return {
    amountOfXp: await balanceOf(deps.db, { kind: 'employer', employerId }),
    minPurchase: deps.purchase.min,
    maxPurchase: deps.purchase.max,
  };
}

// ------------------------------------------------------------------------------------------- purchases

export async function present(db: Database, row: invoiceRepository.XpInvoiceRow): Promise<XpInvoice> {
  const [credit, links] = await Promise.all([
    invoiceRepository.creditOf(db, row.id),
    invoiceRepository.checkoutLinksOf(db, [row.id]),
  ]);
  return invoiceRepository.toXpInvoice(row, credit, links.get(row.id) ?? null);
}

const returnUrlOf = (deps: XpDeps, invoiceId: number) =>
  `${deps.publicUrl}/employer/xptransactions/invoices/${invoiceId}`;

/**
 * A payment of the invoice, one live attempt (decision 015): the open checkout of any attempt (the same
 * link, also a first purchase's `first` payment), else a new attempt; one on its way at the bank (a direct
 * debit) refuses (409). `directDebit`: charged on the employer's mandate (no checkout); a first purchase of
 * an employer on automatic collection is a `first` payment, whose mandate later purchases are charged on.
 */
async function startPayment(
  deps: XpDeps,
  invoice: invoiceRepository.XpInvoiceRow,
  how: { sequenceType: 'oneoff' | 'first' | 'recurring'; customerId?: string; mandateId?: string },
): Promise<PaymentRow> {
  return deps.payments.startOne({
    gymId: null,
    locationId: null,
    subject: repository.PAYMENT_SUBJECT,
    subjectId: invoice.id,
    amountCents: invoice.totalCents,
    description: `XP-factuur ${invoice.number}`,
    sequenceType: how.sequenceType,
    customerId: how.customerId,
    mandateId: how.mandateId,
    redirectUrl: returnUrlOf(deps, invoice.id),
  });
}

/**
 * Buying XP (`AddBalance`): an XP invoice (issued at once, numbered without gaps; no VAT: XP is a
 * multi-purpose voucher, decision 019) and its payment. The XP are credited when the provider reports the
 * payment paid (`followPayment`), never on the person's return from the checkout. An employer on automatic
 * collection with a mandate is charged on it; without one yet, its purchase is a first payment that gives it.
 */
export async function addBalance(
  deps: XpDeps,
  session: Claims,
  activeEmployerId: number,
  amountOfXp: number,
  actor: Actor,
) {
  const employerId = employerOfPath(session, activeEmployerId);
  if (amountOfXp < deps.purchase.min || amountOfXp > deps.purchase.max)
    throw errors.field('amountOfXp', 'xp.errors.purchaseLimit');
  const issued = await inTransaction(deps.db, async (tx) => {
    const employer = await repository.lockEmployer(tx, employerId);
    if (!employer) throw errors.notFound(EMPLOYER_NOT_FOUND);
    const now = new Date();
    const number = await invoiceRepository.nextInvoiceNumber(tx, now.getUTCFullYear());
    const cents = xpCostCents(amountOfXp);
    const automatic = employer.contractType === 3;
    const invoice = await invoiceRepository.insertInvoice(tx, {
      employerId,
      ...number,
      issuedAt: now,
      dueAt: instantAfterDays(PAYMENT_TERM_DAYS, now),
      employerName: employer.name,
      employerAddress: await repository.billingAddressOf(tx, employerId),
      amountOfXp,
      netCents: cents,
      vatCents: 0,
      totalCents: cents,
      status: InvoiceStatus.Open,
      collection: automatic && employer.paymentMandateId ? 'directDebit' : 'checkout',
      createdBy: session.userId,
    });
    await audit.write(tx, actor, 'XpInvoice', invoice.id, null, {
      number: invoice.number,
      employerId,
      amountOfXp,
      totalCents: cents,
    });
    return { invoice, employer, automatic };
  });
  const { invoice, employer, automatic } = issued;
  let payment: PaymentRow;
  if (automatic && employer.paymentMandateId && employer.paymentCustomerId) {
    payment = await startPayment(deps, invoice, {
      sequenceType: 'recurring',
      customerId: employer.paymentCustomerId,
      mandateId: employer.paymentMandateId,
    });
  } else if (automatic) {
    const customerId = await customerOf(deps, employerId, employer);
    payment = await startPayment(deps, invoice, { sequenceType: 'first', customerId });
  } else {
    payment = await startPayment(deps, invoice, { sequenceType: 'oneoff' });
  }
  const fresh = (await invoiceRepository.findInvoice(deps.db, invoice.id))!;
  return { invoice: await present(deps.db, fresh), checkoutUrl: payment.checkoutUrl };
}

/** The employer's customer at the platform's provider, made once. */
async function customerOf(
  deps: XpDeps,
  employerId: number,
  employer: { name: string; paymentCustomerId: string | null },
): Promise<string> {
  if (employer.paymentCustomerId) return employer.paymentCustomerId;
  const gateway = await deps.payments.gatewayFor(null);
  const { id } = await gateway.createCustomer({ name: employer.name, email: '' });
  await repository.setEmployerPayment(deps.db, employerId, { paymentCustomerId: id });
  return id;
}

/** Pay an XP invoice now (`Pay`): a checkout of what it still owes. */
export async function payInvoice(deps: XpDeps, session: Claims, activeEmployerId: number, id: number) {
  const employerId = employerOfPath(session, activeEmployerId);
  const invoice = await invoiceRepository.findInvoice(deps.db, id, employerId);
  if (!invoice) throw errors.notFound(NOT_FOUND);
  if (invoice.creditedInvoiceId !== null || !payableXpInvoiceStatuses.includes(invoice.status))
    throw errors.conflict(GENERAL_KEY, 'xp.errors.notPayable');
  const payment = await startPayment(deps, invoice, { sequenceType: 'oneoff' });
  const fresh = (await invoiceRepository.findInvoice(deps.db, id))!;
  return { invoice: await present(deps.db, fresh), checkoutUrl: payment.checkoutUrl };
}

/** The refund's mail to the employer's contact for invoices (in Dutch: contacts have no language). */
async function refundMailOf(
  tx: Database,
  platformName: string,
  invoice: invoiceRepository.XpInvoiceRow,
  amountCents: number,
) {
  const [contact] = await tx
    .select({ email: employerContacts.email })
    .from(employerContacts)
    .where(
      and(
        eq(employerContacts.employerId, invoice.employerId),
        eq(employerContacts.invoices, true),
        isNotNull(employerContacts.email),
      ),
    )
    .orderBy(asc(employerContacts.id))
    .limit(1);
  if (!contact?.email) return null;
  return {
    to: contact.email,
    language: 'nl' as const,
    data: {
      organisationName: platformName,
      reference: `XP-factuur ${invoice.number}`,
      amount: formatEuroCents(amountCents),
    },
  };
}

/**
 * A payment of an XP invoice moved (the webhook's transaction, the invoice locked). Paid: the invoice is
 * Paid and its XP credited to the employer — once, whatever the number of webhooks or attempts (the
 * purchase transfer is unique per invoice); a first payment's mandate is kept for automatic collection.
 * Failed, expired, pending, cancelled at the checkout: the invoice follows its newest attempt. A chargeback
 * makes it Charged back (due again; the XP stay with the employer, who owes the money).
 */
export async function followPayment(
  deps: Pick<XpDeps, 'platform'>,
  tx: Database,
  payment: PaymentRow,
  previous: PaymentRow,
  actor: Actor,
) {
  const invoice = await invoiceRepository.lockInvoice(tx, payment.subjectId);
  if (!invoice) return;
  /** The invoice's status as its payment moved it, audited as the payment's actor (the webhook). */
  const move = async (values: Parameters<typeof invoiceRepository.setInvoiceStatus>[2]) => {
    await invoiceRepository.setInvoiceStatus(tx, invoice.id, values);
    await audit.write(
      tx,
      actor,
      'XpInvoice',
      invoice.id,
      { status: invoice.status },
      { status: values.status },
    );
  };
  if (payment.chargedBackCents > previous.chargedBackCents) {
    // A payment owed back that was charged back settled that refund; the invoice was paid by another.
    if (invoice.status === InvoiceStatus.Paid && !(await isOwedBack(tx, payment.id)))
      await move({ status: InvoiceStatus.ChargedBack });
    return;
  }
  if (payment.status === previous.status) return;
  if (payment.status === 'paid') {
    if (payment.sequenceType === 'first' && payment.mandateId && payment.customerId)
      await repository.setEmployerPayment(tx, invoice.employerId, {
        paymentCustomerId: payment.customerId,
        paymentMandateId: payment.mandateId,
      });
    if (invoice.status === InvoiceStatus.Paid || invoice.status === InvoiceStatus.Cancelled) {
      // Money for an invoice cancelled or paid already: the platform owes it back, never dropped.
      await recordRefundOwed(
        tx,
        {
          gymId: null,
          locationId: null,
          subject: repository.PAYMENT_SUBJECT,
          subjectId: invoice.id,
          paymentId: payment.id,
          reference: invoice.number,
          payerName: invoice.employerName,
          amountCents: payment.amountCents - payment.chargedBackCents,
          reason: invoice.status === InvoiceStatus.Paid ? 'paidTwice' : 'paidAfterCancel',
        },
        await refundMailOf(tx, deps.platform.name, invoice, payment.amountCents - payment.chargedBackCents),
        actor,
      );
      return;
    }
    await move({
      status: InvoiceStatus.Paid,
      paymentMethod: PaymentMethod.PaymentProvider,
      paidAt: payment.paidAt ?? new Date(),
    });
    if (!(await repository.purchaseCredited(tx, invoice.id)))
      await transfer(tx, {
        kind: 'purchase',
        from: { kind: 'issuance' },
        to: { kind: 'employer', employerId: invoice.employerId },
        amount: invoice.amountOfXp,
        employerId: invoice.employerId,
        xpInvoiceId: invoice.id,
      });
    return;
  }
  if (invoice.status === InvoiceStatus.Paid || invoice.status === InvoiceStatus.Cancelled) return;
  const [newest] = await invoiceRepository.paymentsOf(tx, invoice.id);
  if (newest && newest.id !== payment.id) return;
  const next = {
    failed: InvoiceStatus.Failed,
    expired: InvoiceStatus.Expired,
    pending: InvoiceStatus.Pending,
    canceled: InvoiceStatus.Open,
    open: InvoiceStatus.Open,
  }[payment.status as 'failed'];
  if (next !== undefined) await move({ status: next });
}

// -------------------------------------------------------------------------------------------- invoices

type InvoiceListQuery = ListQuery & {
  status?: number | undefined;
  open?: 'true' | 'false' | undefined;
  employerId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

async function invoicePage(db: Database, filter: invoiceRepository.InvoiceFilter) {
  const { rows, ...counts } = await invoiceRepository.listInvoices(db, filter);
  const ids = rows.map((row) => row.id);
  const [credits, links] = await Promise.all([
    invoiceRepository.creditsOf(db, ids),
    invoiceRepository.checkoutLinksOf(db, ids),
  ]);
  return {
    items: rows.map((row) =>
      invoiceRepository.toXpInvoice(row, credits.get(row.id) ?? null, links.get(row.id) ?? null),
    ),
    ...counts,
  };
}

export function listEmployerInvoices(
  deps: XpDeps,
  session: Claims,
  activeEmployerId: number,
  query: InvoiceListQuery,
) {
  const employerId = employerOfPath(session, activeEmployerId);
  return invoicePage(deps.db, { ...query, employerId, open: query.open === 'true' });
}

export function listAllInvoices(deps: XpDeps, _session: Claims, query: InvoiceListQuery) {
  return invoicePage(deps.db, { ...query, open: query.open === 'true' });
}

export async function getEmployerInvoice(
  deps: XpDeps,
  session: Claims,
  activeEmployerId: number,
  id: number,
) {
  const employerId = employerOfPath(session, activeEmployerId);
  const row = await invoiceRepository.findInvoice(deps.db, id, employerId);
  if (!row) throw errors.notFound(NOT_FOUND);
  return present(deps.db, row);
}

export async function getInvoice(deps: XpDeps, _session: Claims, id: number) {
  const row = await invoiceRepository.findInvoice(deps.db, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return present(deps.db, row);
}

/**
 * Cancel an unpaid XP invoice by a credit invoice (its own number, negated amounts). Refused for a paid
 * invoice (its XP were credited: a correction takes XP back), a credit invoice, one cancelled before, and
 * while a payment is under way (an open checkout or a pending direct debit could still bring the money).
 */
export async function cancelInvoice(deps: XpDeps, session: Claims, id: number, actor: Actor) {
  // Its open checkouts are cancelled at the provider first (one that cannot be and is paid after all is owed
  // back); a payment on its way at the bank refuses.
  const found = await invoiceRepository.findInvoice(deps.db, id);
  if (!found) throw errors.notFound(NOT_FOUND);
  if (found.creditedInvoiceId === null && payableXpInvoiceStatuses.includes(found.status)) {
    const live = (await invoiceRepository.paymentsOf(deps.db, id)).filter(isLive);
    if (live.some(isUnderWay)) throw errors.conflict(GENERAL_KEY, 'xp.errors.paymentUnderWay');
    await deps.payments.stopLive(repository.PAYMENT_SUBJECT, id);
  }
  return inTransaction(deps.db, async (tx) => {
    const invoice = await invoiceRepository.lockInvoice(tx, id);
    if (!invoice) throw errors.notFound(NOT_FOUND);
    if (
      invoice.creditedInvoiceId !== null ||
      !payableXpInvoiceStatuses.includes(invoice.status) ||
      (await invoiceRepository.creditOf(tx, id)) !== null
    )
      throw errors.conflict(GENERAL_KEY, 'xp.errors.notCancellable');
    // Every attempt, not only the newest: an older one on its way at the bank could still bring the money.
    const live = (await invoiceRepository.paymentsOf(tx, id)).filter(isLive);
    if (live.some(isUnderWay)) throw errors.conflict(GENERAL_KEY, 'xp.errors.paymentUnderWay');
    const now = new Date();
    const number = await invoiceRepository.nextInvoiceNumber(tx, now.getUTCFullYear());
    const credit = await invoiceRepository.insertInvoice(tx, {
      employerId: invoice.employerId,
      ...number,
      issuedAt: now,
      dueAt: now,
      employerName: invoice.employerName,
      employerAddress: invoice.employerAddress,
      amountOfXp: -invoice.amountOfXp,
      netCents: -invoice.netCents,
      vatCents: -invoice.vatCents,
      totalCents: -invoice.totalCents,
      // A credit of an unpaid invoice settles it: nothing is owed either way.
      status: InvoiceStatus.Paid,
      creditedInvoiceId: invoice.id,
      collection: invoice.collection,
      createdBy: session.userId,
    });
    await invoiceRepository.setInvoiceStatus(tx, id, { status: InvoiceStatus.Cancelled });
    await audit.write(
      tx,
      actor,
      'XpInvoice',
      id,
      { status: invoice.status },
      { status: InvoiceStatus.Cancelled, creditInvoice: credit.number },
    );
    return present(tx, (await invoiceRepository.findInvoice(tx, id))!);
  });
}
