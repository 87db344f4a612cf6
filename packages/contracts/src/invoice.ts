import { InvoiceStatus, PaymentMethod } from './enums.ts';
import { optionalEnumValue } from './form-values.ts';
import { endpoint, idFromText, idParam, idSchema, listQuery, paged, policy } from './http.ts';
import { dateText } from './member.ts';
import { fitsAmountColumn, MAX_MONEY_CENTS, vatSplit } from './money.ts';
import { paymentStatuses, recordRefundInput, refundOwed, refundOwedQuery } from './payment.ts';
import { z } from './zod-setup.ts';

const tags = ['Invoice'];

/** The Dutch VAT rates an invoice line may carry (percent): none, the low rate (sport) and the high one. */
export const vatRates = [0, 9, 21] as const;

export const invoiceLineInput = z.object({
  description: z.string().trim().min(1).max(200),
  quantity: z.number().int().min(1).max(1000),
  /** The price of one, in cents, as entered. */
  unitPriceCents: z.number().int().min(0).max(MAX_MONEY_CENTS),
  includesVat: z.boolean(),
  vatRate: z.union(vatRates.map((rate) => z.literal(rate))),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;

/** An invoice a member gets from the desk (a product, a lesson card): its lines; numbered when issued. */
export const invoiceInput = z
  .object({
    memberId: idSchema,
    /** The location it is issued from; in the Location environment the active one. */
    locationId: idSchema,
    lines: z.array(invoiceLineInput).min(1).max(50),
    /** Days to pay (the due date after the invoice date): 0 to 60, default 14 (the Dutch consumer's term). */
    paymentTermDays: z.number().int().min(0).max(60).default(14),
  })
  .superRefine((value, ctx) => {
    // Incl. VAT, the largest of the amounts (subtotal and VAT are parts of it).
    const total = value.lines.reduce((sum, line) => sum + lineAmounts(line).totalCents, 0);
    if (!fitsAmountColumn(total))
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'invoice.errors.totalTooHigh' });
  });
export type InvoiceInput = z.input<typeof invoiceInput>;

/**
 * A line's amounts (cents): the total incl. VAT of `quantity` units, split as `vatSplit` does (one rounding
 * rule for the forms, the lists and the invoices).
 */
export function lineAmounts(
  line: Pick<InvoiceLineInput, 'quantity' | 'unitPriceCents' | 'includesVat' | 'vatRate'>,
) {
  const { inclVat, exclVat } = vatSplit(line.unitPriceCents * line.quantity, line.includesVat, line.vatRate);
  return { totalCents: inclVat, exclVatCents: exclVat, vatCents: inclVat - exclVat };
}

export const invoiceLine = z.object({
  id: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  /** The price of one excl. VAT, in cents (rounded to a cent). */
  unitPriceCents: z.number().int(),
  vatRate: z.number().int(),
  exclVatCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
});

export const invoiceListItem = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  totalAmount: z.number().int(),
  status: z.number().int(),
  paymentMethod: z.number().int().nullable(),
  /** A credit invoice: it cancels `creditedInvoiceId`, its amounts are negative. */
  creditedInvoiceId: z.number().int().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

export const invoicePayment = z.object({
  id: z.number().int(),
  status: z.enum(paymentStatuses),
  amountCents: z.number().int(),
  chargedBackCents: z.number().int(),
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Every status it moved to, with when. */
  history: z.array(z.object({ status: z.string(), chargedBackCents: z.number().int(), at: z.string() })),
});

export const invoice = invoiceListItem.extend({
  lines: z.array(invoiceLine),
  subtotal: z.number().int(),
  /** The VAT per rate (Dutch invoices show each rate's amount). */
  vat: z.array(z.object({ rate: z.number().int(), baseCents: z.number().int(), vatCents: z.number().int() })),
  paidAt: z.string().nullable(),
  /** The credit invoice that cancelled this one, if any. */
  creditInvoiceId: z.number().int().nullable(),
  payments: z.array(invoicePayment),
  /**
   * Money owed back for this invoice (decision 015): of a credit invoice, what the cancelled invoice was paid;
   * of an invoice, payments that arrived after it was cancelled or paid.
   */
  refunds: z.array(refundOwed),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceSortable = ['invoiceDate', 'invoiceNumber', 'totalAmount', 'memberName'] as const;
/** The list's tabs: all invoices and one per status (`tabCounts` keys are the status numbers). */
export const invoiceQuery = listQuery(invoiceSortable).extend({
  status: optionalEnumValue(InvoiceStatus),
  /** Invoice dates from / to (both included). */
  from: dateText.optional(),
  to: dateText.optional(),
  /** One member's invoices (the member's invoices tab). */
  memberId: idFromText.optional(),
});

/** What is still due: paid at the desk or by a new payment link (a credit invoice never is). */
export const payableInvoiceStatuses: readonly number[] = [
  InvoiceStatus.Open,
  InvoiceStatus.Failed,
  InvoiceStatus.Expired,
  InvoiceStatus.ChargedBack,
];
export const isPayableInvoice = (invoice: { status: number; creditedInvoiceId: number | null }) =>
  invoice.creditedInvoiceId === null && payableInvoiceStatuses.includes(invoice.status);

export const markPaidInput = z.object({
  paymentMethod: z.union([z.literal(PaymentMethod.Card), z.literal(PaymentMethod.Cash)]),
});

/** Gym environment: the gym right; Location environment: the location right at the active location. */
export const invoicePolicy = policy.gymOrLocationRight('ManageMemberships', 'ManageMemberships');
const invoices = invoicePolicy;

/**
 * The invoice as a PDF (`application/pdf`, not the JSON envelope): a platform route with `invoicePolicy` and its
 * scope, shown inline as `factuur-<number>.pdf` in the reader's language.
 */
export const INVOICE_PDF_PATH = '/Invoice/{id}/Pdf';

export const invoiceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/Invoice',
    policy: invoices,
    summary: "The active gym's (or location's) invoices, newest first, with a tab per status",
    tags,
    query: invoiceQuery,
    response: paged(invoiceListItem),
  }),
  get: endpoint({
    method: 'GET',
    path: '/Invoice/{id}',
    policy: invoices,
    summary: 'One invoice with its lines, VAT per rate and payments',
    tags,
    params: idParam,
    response: invoice,
  }),
  create: endpoint({
    method: 'POST',
    path: '/Invoice',
    policy: invoices,
    summary: 'Issue an invoice to a member (numbered without gaps per gym and year)',
    tags,
    body: invoiceInput,
    response: invoice,
  }),
  markPaid: endpoint({
    method: 'PUT',
    path: '/Invoice/{id}/MarkPaid',
    policy: invoices,
    summary:
      'Record that an open, failed, expired or charged-back invoice was paid at the desk (card or cash)',
    tags,
    params: idParam,
    body: markPaidInput,
    response: invoice,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/Invoice/{id}/Cancel',
    policy: invoices,
    summary: 'Cancel an invoice by a credit invoice (the invoice itself is never changed or deleted)',
    tags,
    params: idParam,
    response: invoice,
  }),
  sendPaymentLink: endpoint({
    method: 'POST',
    path: '/Invoice/{id}/SendPaymentLink',
    policy: invoices,
    summary: "Mail the member the invoice with a payment link (the open attempt's, or a new one)",
    tags,
    params: idParam,
    response: invoice,
  }),
  refundsOwed: endpoint({
    method: 'GET',
    path: '/RefundOwed',
    policy: invoices,
    summary:
      'What the active gym (or location) owes back: what cancelled invoices were paid, and payments that ' +
      'arrived for an invoice cancelled or paid already',
    tags,
    query: refundOwedQuery,
    response: paged(refundOwed),
  }),
  recordRefund: endpoint({
    method: 'POST',
    path: '/RefundOwed/{id}/Refund',
    policy: invoices,
    summary:
      'Record that a refund owed was paid back (bank, card, cash), or pay it back through the provider that ' +
      "received it; a credit invoice's refund settles the credit invoice",
    tags,
    params: idParam,
    body: recordRefundInput,
    response: refundOwed,
  }),
  paymentLink: endpoint({
    method: 'POST',
    path: '/Invoice/{id}/PaymentLink',
    policy: invoices,
    summary: 'A payment of what is still due (a new collection attempt) and its checkout link',
    tags,
    params: idParam,
    response: invoice,
  }),
};
