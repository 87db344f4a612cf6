import { endpoint, idParam, listQuery, paged, policy } from './http.ts';
import { z } from './zod-setup.ts';

const tags = ['Payments'];

/**
 * A payment's status as the provider reports it (Mollie's statuses; the local test provider uses the same).
 * `created`: our record exists but the provider has not (yet) answered its creation (it was down): the
 * same attempt is sent again with the same idempotency key.
 */
export const paymentStatuses = [
  'created',
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** No later status follows these (a paid payment may still be charged back: that is an amount, not a status). */
export const finalPaymentStatuses: readonly PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];

/** Mollie's sequence types: a one-off payment, the first of a mandate (iDEAL), or a charge on a mandate. */
export const sequenceTypes = ['oneoff', 'first', 'recurring'] as const;
export type SequenceType = (typeof sequenceTypes)[number];

/** Who handles a payment: Mollie, or the local test provider (the embedded default; never in production). */
export const paymentProviders = ['mollie', 'local'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/**
 * The webhook's body as Mollie sends it (`application/x-www-form-urlencoded`, JSON accepted too): only the
 * payment's id. Nothing else of it is trusted: the payment is fetched from its provider.
 */
export const paymentWebhookInput = z.object({
  /** A payment's id as Mollie (`tr_…`) and the local provider (`tr_local_…`) make them. */
  id: z
    .string()
    .trim()
    .max(64)
    .regex(/^tr_[\w-]+$/, 'validation.invalid')
    .meta({ examples: ['tr_WDqYK6vllg'] }),
});

// ------------------------------------------------------------------------- refunds owed

/**
 * Why money is owed back (decision 015): the invoice it paid was cancelled by a credit invoice
 * (`creditInvoice`), or the payment arrived for an invoice or order already cancelled (`paidAfterCancel`) or
 * already paid (`paidTwice`).
 */
export const refundReasons = ['creditInvoice', 'paidAfterCancel', 'paidTwice'] as const;
/** How it was paid back: the ones staff record, and `chargeback` (the payer took it back through the bank). */
export const refundMethods = ['bank', 'card', 'cash', 'provider', 'chargeback'] as const;
export const recordableRefundMethods = ['bank', 'card', 'cash', 'provider'] as const;
export type RefundMethod = (typeof refundMethods)[number];

export const refundOwed = z.object({
  id: z.number().int(),
  /** What was paid for: a gym's invoice, an XP invoice or a product order, and its id. */
  subject: z.enum(['invoice', 'xpInvoice', 'product-order']),
  subjectId: z.number().int(),
  /** The invoice or order number. */
  reference: z.string(),
  payerName: z.string(),
  amountCents: z.number().int(),
  reason: z.enum(refundReasons),
  status: z.enum(['owed', 'refunded']),
  method: z.enum(refundMethods).nullable(),
  /** Paid through a provider that can pay it back (`provider` is a method for it). */
  canRefundByProvider: z.boolean(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type RefundOwed = z.infer<typeof refundOwed>;

export const refundOwedQuery = listQuery(['createdAt', 'amountCents'] as const).extend({
  /** `owed` (default): what is still to pay back; `refunded`: what was. */
  status: z.enum(['owed', 'refunded']).default('owed'),
});
export const recordRefundInput = z.object({ method: z.enum(recordableRefundMethods) });
export type RecordRefundInput = z.infer<typeof recordRefundInput>;

// ------------------------------------------------------------------------- the local test provider

/** What the local test provider's checkout page can do with a payment, as Mollie's test mode does. */
export const checkoutActions = ['paid', 'failed', 'canceled', 'expired', 'pending', 'chargedBack'] as const;
export type CheckoutAction = (typeof checkoutActions)[number];

export const checkoutPayment = z.object({
  id: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  status: z.enum(paymentStatuses),
  sequenceType: z.enum(sequenceTypes),
  chargedBackCents: z.number().int(),
  /** Where the person goes after the checkout (the sign-up's result page). */
  redirectUrl: z.string(),
  /** Which actions apply now: open and pending payments can be settled, a paid one charged back. */
  actions: z.array(z.enum(checkoutActions)),
});
export type CheckoutPayment = z.infer<typeof checkoutPayment>;

const checkoutParams = z.object({ id: z.string().trim().min(1).max(64) });
/**
 * The token of the checkout link (`/dev/checkout/{id}?token=…`, the checkout URL the provider answers):
 * only who holds the link may see and settle the payment, as on Mollie's hosted page.
 */
const checkoutToken = z.string().trim().min(1).max(128);

export const paymentEndpoints = {
  platformRefundsOwed: endpoint({
    method: 'GET',
    path: '/Payment/RefundsOwed',
    policy: policy.roles('Admin'),
    summary:
      'What the platform owes back: payments for XP invoices and product orders cancelled or paid already',
    tags,
    query: refundOwedQuery,
    response: paged(refundOwed),
  }),
  recordPlatformRefund: endpoint({
    method: 'POST',
    path: '/Payment/RefundsOwed/{id}/Refund',
    policy: policy.roles('Admin'),
    summary:
      'Record that the platform paid a refund owed back (bank, card, cash), or pay it back through the ' +
      'provider that received it',
    tags,
    params: idParam,
    body: recordRefundInput,
    response: refundOwed,
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/Payment/Webhook',
    policy: policy.public,
    summary:
      "The payment provider's webhook: fetches the payment named by `id` and applies its status once; " +
      '200 for an unknown id, 503 when the provider cannot be reached (so that it retries)',
    tags,
    body: paymentWebhookInput,
    urlEncoded: true,
    response: z.null(),
  }),
  checkout: endpoint({
    method: 'GET',
    path: '/dev/checkout/{id}',
    policy: policy.developmentLink,
    summary:
      "The local test provider's checkout: a payment it holds, with the token of its checkout link (404 without " +
      'it; not served in production)',
    tags: ['Development'],
    params: checkoutParams,
    query: z.object({ token: checkoutToken }),
    response: checkoutPayment,
  }),
  settleCheckout: endpoint({
    method: 'POST',
    path: '/dev/checkout/{id}',
    policy: policy.developmentLink,
    summary:
      "The local test provider's checkout: pay, fail, cancel, expire, leave pending or charge back a payment, " +
      'then call the webhook as Mollie does; only with the token of its checkout link (404 without it; not ' +
      'served in production)',
    tags: ['Development'],
    params: checkoutParams,
    body: z.object({ action: z.enum(checkoutActions), token: checkoutToken }),
    response: checkoutPayment,
  }),
};
