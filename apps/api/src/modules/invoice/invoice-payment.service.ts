import { type Claims, InvoiceStatus, isPayableInvoice, PaymentMethod } from '@xp/contracts';
import type { Actor } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import type { MailRequest } from '../../platform/mail/outbox.ts';
import { cancelLinkOfInvoice, type MemberLinks, payLinkOf } from '../billing/member-links.ts';
import { scopeOf } from '../member/member.service.ts';
import type { PaymentRow, Payments } from '../payment/payments.ts';
import { isOwedBack } from '../payment/refunds.ts';
import * as repository from './invoice.repository.ts';
import { auditInvoice, oweBack, own, present } from './invoice.service.ts';
import { dutchDate, formatEuroCents } from './invoice-pdf.ts';

// ----------------------------------------------------------------------------------------------- payments

/**
 * A payment of what is due: the open payment of the current attempt if it is still open (the same link), else
 * a new collection attempt with the location's provider. Answers the invoice with its payments (the newest
 * first, with its checkout link).
 */
export async function paymentLink(
  db: Database,
  payments: Payments,
  publicUrl: string,
  session: Claims,
  id: number,
) {
  await startPaymentLink(db, payments, await own(db, session, id), `${publicUrl}/`);
  return present(db, (await repository.find(db, scopeOf(session), id))!);
}

/** Still due, and something to pay: an invoice of EUR 0.00 is never paid through a provider (409). */
function assertPayable(invoice: repository.InvoiceRow) {
  if (!isPayableInvoice(invoice)) throw errors.conflict('general', 'invoice.errors.notPayable');
  if (invoice.totalCents <= 0) throw errors.conflict('general', 'invoice.errors.nothingToPay');
}

/**
 * The payment of what an invoice still owes: the current attempt's while it is open (the same link), else
 * a new collection attempt with the location's provider; the person comes back to `redirectUrl`. Answers
 * the payment (its `checkoutUrl`).
 */
export async function startPaymentLink(
  _db: Database,
  payments: Payments,
  invoice: repository.InvoiceRow,
  redirectUrl: string,
  /** A sign-up's first invoice is paid by a `first` payment of the member's customer (its mandate). */
  first?: { customerId: string },
) {
  assertPayable(invoice);
  const sequenceType = first ? 'first' : 'oneoff';
  // One live attempt (decision 015): the open one is answered whoever asks and wherever they return to (it
  // then returns to this asker's page); one on its way at the bank refuses (409).
  return payments.startOne({
    gymId: invoice.gymId,
    locationId: invoice.locationId,
    subject: repository.PAYMENT_SUBJECT,
    subjectId: invoice.id,
    amountCents: invoice.totalCents,
    description: `Factuur ${invoice.invoiceNumber}`,
    sequenceType,
    customerId: first?.customerId,
    redirectUrl,
  });
}

/**
 * The invoice by mail to the member, with a payment link (`paymentLink`'s): to the member's e-mail address,
 * in Dutch (members have no language of their own yet). A member without an address: 409.
 */
export async function sendPaymentLink(
  db: Database,
  payments: Payments,
  mail: (db: Database, mail: MailRequest) => Promise<unknown>,
  memberLinks: MemberLinks,
  session: Claims,
  id: number,
) {
  const invoice = await own(db, session, id);
  assertPayable(invoice);
  const email = await repository.emailOfMember(db, invoice.memberId);
  if (!email) throw errors.conflict('general', 'invoice.errors.noEmail');
  const linked = await paymentLink(db, payments, memberLinks.publicUrl, session, id);
  if (!linked.payments[0]?.checkoutUrl) throw errors.conflict('general', 'invoice.errors.notPayable');
  const issuer = await repository.issuerOf(db, invoice);
  await mail(db, {
    to: email,
    language: 'nl',
    template: 'invoicePaymentLink',
    data: {
      gymName: issuer.gymName,
      invoiceNumber: invoice.invoiceNumber,
      amount: formatEuroCents(invoice.totalCents),
      dueDate: dutchDate(invoice.dueDate),
      // The member's pay page: it stays valid, where a checkout expires (decision 017).
      link: payLinkOf(memberLinks, invoice.id),
      cancelLink: await cancelLinkOfInvoice(memberLinks, db, invoice),
    },
  });
  return linked;
}

/**
 * A payment of an invoice moved (the webhook): the invoice follows its current attempt. Paid: Paid by the
 * payment provider (of any attempt: the money came); failed, expired: so; pending: Pending; cancelled at the
 * checkout: Open again. A chargeback of the payment that paid it: Charged back. Other news of an older
 * attempt, a cancelled or credit invoice, or one paid meanwhile, is left as it is. Answers the status it set.
 */
export async function followPayment(
  tx: Database,
  payment: PaymentRow,
  previous: PaymentRow,
  actor: Actor,
): Promise<{ invoice: repository.InvoiceRow; status: number } | undefined> {
  const invoice = await repository.lockById(tx, payment.subjectId);
  if (!invoice) return undefined;
  // Money that arrived for an invoice cancelled, credited or paid already is owed back, never dropped.
  if (payment.status === 'paid' && previous.status !== 'paid') {
    const reason =
      invoice.creditedInvoiceId !== null || invoice.status === InvoiceStatus.Cancelled
        ? 'paidAfterCancel'
        : invoice.status === InvoiceStatus.Paid
          ? 'paidTwice'
          : undefined;
    if (reason) {
      await oweBack(tx, invoice, payment, reason, actor);
      return undefined;
    }
  }
  if (invoice.creditedInvoiceId !== null || invoice.status === InvoiceStatus.Cancelled) return undefined;
  if (payment.chargedBackCents > previous.chargedBackCents) {
    // A payment owed back that was charged back settled that refund: the invoice was paid by another.
    if (
      invoice.status !== InvoiceStatus.Paid ||
      invoice.paymentMethod !== PaymentMethod.PaymentProvider ||
      (await isOwedBack(tx, payment.id))
    )
      return undefined;
    await repository.setStatus(tx, invoice.id, { status: InvoiceStatus.ChargedBack });
    await auditInvoice(tx, actor, invoice, (await repository.lockById(tx, invoice.id))!);
    return { invoice, status: InvoiceStatus.ChargedBack };
  }
  if (payment.status === previous.status) return undefined;
  if (invoice.status === InvoiceStatus.Paid) return undefined;
  // Money received settles the invoice whichever attempt brought it (a pay link of the reminder mail paid
  // while the retried direct debit was under way); any other news counts only from the newest attempt.
  if (payment.status !== 'paid' && payment.id !== (await repository.latestPaymentId(tx, invoice.id)))
    return undefined;
  const next = {
    paid: InvoiceStatus.Paid,
    failed: InvoiceStatus.Failed,
    expired: InvoiceStatus.Expired,
    pending: InvoiceStatus.Pending,
    canceled: InvoiceStatus.Open,
    open: InvoiceStatus.Open,
  }[payment.status as 'paid'];
  if (next === undefined) return undefined;
  await repository.setStatus(
    tx,
    invoice.id,
    next === InvoiceStatus.Paid
      ? { status: next, paymentMethod: PaymentMethod.PaymentProvider, paidAt: payment.paidAt ?? new Date() }
      : { status: next },
  );
  await auditInvoice(tx, actor, invoice, (await repository.lockById(tx, invoice.id))!);
  return { invoice, status: next };
}
