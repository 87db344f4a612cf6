import {
  type Claims,
  dutchToday,
  type Invoice,
  type InvoiceInput,
  type InvoiceLineInput,
  InvoiceStatus,
  isPayableInvoice,
  lineAmounts,
  PaymentMethod,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { and, eq } from 'drizzle-orm';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors, GENERAL_KEY } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import * as members from '../member/member.repository.ts';
import { scopeOf } from '../member/member.service.ts';
import { refundsOwed } from '../payment/payments.tables.ts';
import { attemptsOf, isLive, isUnderWay, type PaymentRow, type Payments } from '../payment/payments.ts';
import {
  isOwedBack,
  listRefundsOwed,
  type NewRefundOwed,
  recordRefund,
  recordRefundOwed,
  refundsOf,
} from '../payment/refunds.ts';
import * as repository from './invoice.repository.ts';
import { formatEuroCents, invoicePdf } from './invoice-pdf.ts';

const ENTITY = 'Invoice';
const NOT_FOUND = 'invoice.errors.notFound';

/** An invoice as the screens show it: lines, VAT per rate, payments and their history. */
export async function present(db: Database, row: repository.InvoiceRow): Promise<Invoice> {
  const [lines, credit, paid, refunds] = await Promise.all([
    repository.linesOf(db, row.id),
    repository.creditOf(db, row.id),
    repository.paymentsOf(db, row.id),
    row.creditedInvoiceId === null
      ? refundsOf(db, repository.PAYMENT_SUBJECT, row.id).then((all) =>
          all.filter((refund) => refund.reason !== 'creditInvoice'),
        )
      : refundsOf(db, repository.PAYMENT_SUBJECT, row.creditedInvoiceId, 'creditInvoice'),
  ]);
  const vat = new Map<number, { rate: number; baseCents: number; vatCents: number }>();
  for (const line of lines) {
    const entry = vat.get(line.vatRate) ?? { rate: line.vatRate, baseCents: 0, vatCents: 0 };
    entry.baseCents += line.exclVatCents;
    entry.vatCents += line.vatCents;
    vat.set(line.vatRate, entry);
  }
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    locationId: row.locationId,
    locationName: row.locationName,
    memberId: row.memberId,
    memberName: row.memberName,
    totalAmount: row.totalCents,
    status: row.status,
    paymentMethod: row.paymentMethod,
    creditedInvoiceId: row.creditedInvoiceId,
    lines: lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      vatRate: line.vatRate,
      exclVatCents: line.exclVatCents,
      vatCents: line.vatCents,
      totalCents: line.totalCents,
    })),
    subtotal: row.subtotalCents,
    vat: [...vat.values()].sort((a, b) => a.rate - b.rate),
    paidAt: row.paidAt?.toISOString() ?? null,
    creditInvoiceId: credit,
    payments: paid.map(({ row: payment, history }) => ({
      id: payment.id,
      status: payment.status,
      amountCents: payment.amountCents,
      chargedBackCents: payment.chargedBackCents,
      checkoutUrl: payment.checkoutUrl,
      createdAt: payment.createdAt.toISOString(),
      history,
    })),
    refunds,
  };
}

/** The audit log's view: what identifies the invoice and what moves (never the member's name). */
const audited = (row: repository.InvoiceRow) => ({
  invoiceNumber: row.invoiceNumber,
  memberId: row.memberId,
  totalCents: row.totalCents,
  status: row.status,
  paymentMethod: row.paymentMethod,
  creditedInvoiceId: row.creditedInvoiceId,
});

/** The audit row of an invoice's change (`before` null: issued). */
export const auditInvoice = (
  tx: Database,
  actor: Actor,
  before: repository.InvoiceRow | null,
  after: repository.InvoiceRow,
) => audit.write(tx, actor, ENTITY, after.id, before && audited(before), audited(after));

export async function own(db: Database, session: Claims, id: number, lock = false) {
  const row = await repository.find(db, scopeOf(session), id, lock);
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

export async function listInvoices(
  db: Database,
  session: Claims,
  query: ListQuery & repository.InvoiceFilter,
) {
  const { status, from, to, memberId, ...list } = query;
  return repository.list(db, scopeOf(session), list, { status, from, to, memberId });
}

export async function getInvoice(db: Database, session: Claims, id: number) {
  return present(db, await own(db, session, id));
}

/** The invoice as a PDF in the reader's language, and its file name (`factuur-2026-000042.pdf`). */
export async function invoicePdfOf(db: Database, session: Claims, id: number) {
  const row = await own(db, session, id);
  const [invoice, issuer, creditedNumber] = await Promise.all([
    present(db, row),
    repository.issuerOf(db, row),
    row.creditedInvoiceId === null ? null : repository.numberOf(db, row.creditedInvoiceId),
  ]);
  const language = session.language === 'en' ? 'en' : 'nl';
  const name = `${language === 'en' ? 'invoice' : 'factuur'}-${row.invoiceNumber}.pdf`;
  return { name, pdf: await invoicePdf(invoice, issuer, language, creditedNumber) };
}

/**
 * An invoice's lines with their amounts as issued (`lineAmounts`: one rounding rule), the unit price excl.
 * VAT rounded to a cent, and the invoice's subtotal and VAT: the lines' sums.
 */
export function pricedLines(input: readonly InvoiceLineInput[]) {
  const lines = input.map((line) => {
    const amounts = lineAmounts(line);
    return {
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: Math.round(amounts.exclVatCents / line.quantity),
      vatRate: line.vatRate,
      ...amounts,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.exclVatCents, 0);
  const vatCents = lines.reduce((sum, line) => sum + line.vatCents, 0);
  return { lines, subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
}

/**
 * Issues an invoice to a member of the scope from a location of the scope (in the Location environment the
 * active one), dated today (Dutch date), due after the payment term. Lines keep their amounts as computed
 * here (`lineAmounts`); the totals are their sums.
 */
export function createInvoice(db: Database, session: Claims, input: InvoiceInput, actor: Actor) {
  const scope = scopeOf(session);
  return inTransaction(db, async (tx) => {
    const member = await members.findMember(tx, scope, input.memberId);
    if (!member) throw errors.field('memberId', 'invoice.errors.memberNotFound');
    const location =
      scope.locationId === null || scope.locationId === input.locationId
        ? await repository.locationOf(tx, scope.gymId, input.locationId)
        : undefined;
    if (!location) throw errors.field('locationId', 'invoice.errors.locationNotFound');
    const { lines, subtotalCents, vatCents } = pricedLines(input.lines);
    const invoiceDate = dutchToday();
    const row = await repository.issue(
      tx,
      {
        gymId: scope.gymId,
        locationId: input.locationId,
        memberId: member.id,
        invoiceDate,
        dueDate: addDays(invoiceDate, input.paymentTermDays ?? 14),
        status: InvoiceStatus.Open,
        memberName: member.fullName,
        locationName: location.name,
        subtotalCents,
        vatCents,
        totalCents: subtotalCents + vatCents,
        createdBy: session.userId,
      },
      lines,
    );
    await auditInvoice(tx, actor, null, row);
    return present(tx, row);
  });
}

/** A payment on its way at the bank refuses a change that would leave it without its invoice. */
async function refuseWhileUnderWay(tx: Database, invoiceId: number) {
  const live = (await attemptsOf(tx, repository.PAYMENT_SUBJECT, invoiceId)).filter(isLive);
  if (live.some(isUnderWay)) throw errors.conflict(GENERAL_KEY, 'payment.errors.underWay');
}

/**
 * Paid at the desk, by card or cash: only what is still due, never a credit invoice. Its open checkouts are
 * cancelled at the provider first (a payment on its way at the bank refuses: 409); one the provider does not
 * let cancel and that is paid after all is owed back (decision 015).
 */
export async function markPaid(
  db: Database,
  payments: Payments,
  session: Claims,
  id: number,
  paymentMethod: number,
  actor: Actor,
) {
  const invoice = await own(db, session, id);
  if (!isPayableInvoice(invoice)) throw errors.conflict('general', 'invoice.errors.notPayable');
  await payments.stopLive(repository.PAYMENT_SUBJECT, id);
  return inTransaction(db, async (tx) => {
    const before = await own(tx, session, id, true);
    if (!isPayableInvoice(before)) throw errors.conflict('general', 'invoice.errors.notPayable');
    await refuseWhileUnderWay(tx, id);
    await repository.setStatus(tx, id, { status: InvoiceStatus.Paid, paymentMethod, paidAt: new Date() });
    const after = (await repository.find(tx, scopeOf(session), id))!;
    await auditInvoice(tx, actor, before, after);
    return present(tx, after);
  });
}

/**
 * Cancels an invoice by a credit invoice: the same lines with negative amounts, its own number, pointing at
 * the invoice (once: a unique index). The invoice itself keeps everything but its status (Cancelled). Its
 * open checkouts are cancelled at the provider first; a payment on its way at the bank refuses (409). A
 * credit of an unpaid invoice settles it (status Paid); of a paid one it is Open and the gym owes the refund
 * (a refund owed, mailed to the member), which settles it when recorded (`recordGymRefund`).
 */
export async function cancelInvoice(
  db: Database,
  payments: Payments,
  session: Claims,
  id: number,
  actor: Actor,
) {
  const invoice = await own(db, session, id);
  if (invoice.creditedInvoiceId !== null || invoice.status === InvoiceStatus.Cancelled)
    throw errors.conflict('general', 'invoice.errors.notCancellable');
  await payments.stopLive(repository.PAYMENT_SUBJECT, id);
  return inTransaction(db, async (tx) => {
    const before = await own(tx, session, id, true);
    if (before.creditedInvoiceId !== null || before.status === InvoiceStatus.Cancelled)
      throw errors.conflict('general', 'invoice.errors.notCancellable');
    await refuseWhileUnderWay(tx, id);
    const credit = await repository.issueCredit(tx, before, dutchToday(), session.userId);
    await repository.setStatus(tx, id, { status: InvoiceStatus.Cancelled });
    const after = (await repository.find(tx, scopeOf(session), id))!;
    await auditInvoice(tx, actor, before, after);
    await auditInvoice(tx, actor, null, credit);
    if (before.status === InvoiceStatus.Paid && before.totalCents > 0) {
      // The money it was paid with: the provider's payment that paid it, or the desk's card or cash.
      // (not one owed back already: a second payment that arrived while it was paid).
      let paying: PaymentRow | undefined;
      if (before.paymentMethod === PaymentMethod.PaymentProvider)
        for (const payment of await attemptsOf(tx, repository.PAYMENT_SUBJECT, id))
          if (
            payment.status === 'paid' &&
            payment.chargedBackCents < payment.amountCents &&
            !(await isOwedBack(tx, payment.id))
          ) {
            paying = payment;
            break;
          }
      await oweBack(tx, before, paying ?? null, 'creditInvoice', actor);
    }
    return present(tx, after);
  });
}

/** Records money the gym owes back for an invoice, and mails the member (decision 015). */
export async function oweBack(
  tx: Database,
  invoice: repository.InvoiceRow,
  payment: PaymentRow | null,
  reason: NewRefundOwed['reason'],
  actor: Actor,
) {
  const [email, issuer] = await Promise.all([
    repository.emailOfMember(tx, invoice.memberId),
    repository.issuerOf(tx, invoice),
  ]);
  const amountCents = payment ? payment.amountCents - payment.chargedBackCents : invoice.totalCents;
  await recordRefundOwed(
    tx,
    {
      gymId: invoice.gymId,
      locationId: invoice.locationId,
      subject: repository.PAYMENT_SUBJECT,
      subjectId: invoice.id,
      paymentId: payment?.id ?? null,
      reference: invoice.invoiceNumber,
      payerName: invoice.memberName,
      amountCents,
      reason,
    },
    email
      ? {
          to: email,
          language: 'nl',
          data: {
            organisationName: issuer.gymName,
            reference: `factuur ${invoice.invoiceNumber}`,
            amount: formatEuroCents(amountCents),
          },
        }
      : null,
    actor,
  );
}

/** The refunds owed a session sees: its gym's, and in the Location environment its location's only. */
const refundScope = (session: Claims) => {
  const scope = scopeOf(session);
  return and(
    eq(refundsOwed.gymId, scope.gymId),
    scope.locationId === null ? undefined : eq(refundsOwed.locationId, scope.locationId),
  );
};

export const listGymRefunds = (
  db: Database,
  session: Claims,
  query: ListQuery & { status: 'owed' | 'refunded' },
) => listRefundsOwed(db, refundScope(session), query);

/**
 * Records a refund owed of the scope as paid back (bank, card, cash, or through the provider): a credit
 * invoice's refund settles the credit invoice (Paid, how it was paid back), audited.
 */
export const recordGymRefund = (
  db: Database,
  payments: Payments,
  session: Claims,
  id: number,
  method: 'bank' | 'card' | 'cash' | 'provider',
  actor: Actor,
) =>
  recordRefund(db, payments, {
    id,
    scope: refundScope(session),
    method,
    userId: session.userId,
    actor,
    async onRefunded(tx, refund) {
      if (refund.reason !== 'creditInvoice') return;
      const credit = await repository.creditRowOf(tx, refund.subjectId);
      if (!credit || credit.status === InvoiceStatus.Paid) return;
      await repository.setStatus(tx, credit.id, {
        status: InvoiceStatus.Paid,
        paymentMethod:
          method === 'card'
            ? PaymentMethod.Card
            : method === 'cash'
              ? PaymentMethod.Cash
              : method === 'provider'
                ? PaymentMethod.PaymentProvider
                : null,
        paidAt: new Date(),
      });
      const after = (await repository.lockById(tx, credit.id))!;
      await auditInvoice(tx, actor, credit, after);
    },
  });
