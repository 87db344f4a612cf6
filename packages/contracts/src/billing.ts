import { DebtPolicy } from './enums.ts';
import { endpoint, idParam, listQuery, paged, policy } from './http.ts';
import { invoicePolicy } from './invoice.ts';
import { debtorSortable } from './list-constants.ts';
import { isSignUpResultPath } from './return-path.ts';
import { z } from './zod-setup.ts';

/*
 * Recurring billing and dunning (decision 017): a location's rules for members who do not
 * pay, the members in debt, and the two pages a member reaches from an invoice mail without signing in — pay
 * the invoice, and end the membership.
 */

const tags = ['Billing'];

/** A location's dunning rules. */
export const billingSettingsInput = z.object({
  /** 0: the door refuses a member in debt ('openPayment'); 1: lets them in and warns the desk. */
  debtPolicy: z.union([z.literal(DebtPolicy.Block), z.literal(DebtPolicy.Warn)]),
  /** Days after a failed direct debit before it is tried once more (1 to 30). */
  paymentRetryDays: z.number().int().min(1).max(30),
  /** Days after the due date before an unpaid invoice puts the member in debt (0 to 90). */
  paymentGraceDays: z.number().int().min(0).max(90),
});
export type BillingSettingsInput = z.input<typeof billingSettingsInput>;
export const billingSettings = billingSettingsInput.extend({ locationId: z.number().int() });
export type BillingSettings = z.infer<typeof billingSettings>;

/** A member in debt: what is overdue (past the grace days of the invoices' locations). */
export const debtor = z.object({
  memberId: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
  /** The overdue invoices' total, in cents. */
  amountDue: z.number().int(),
  invoiceCount: z.number().int(),
  /** The due date of the oldest overdue invoice. */
  oldestDueDate: z.string(),
});
export type Debtor = z.infer<typeof debtor>;
export { debtorSortable };
export const debtorQuery = listQuery(debtorSortable);

/** A signed link's token (`<id>.<last day>.<signature>`; before, `<id>.<signature>`): only the link a mail gave opens it. */
const linkToken = z
  .string()
  .regex(/^\d{1,10}(\.\d{8})?\.[A-Za-z0-9_-]{16,64}$/, 'billing.errors.linkInvalid')
  .meta({ examples: ['42.20270131.abcdefghijklmnopqrstuv'] });
const tokenParam = z.object({ token: linkToken });

/** An invoice as its pay link shows it to the member (nothing else of the member). */
export const publicInvoice = z.object({
  gymName: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  totalAmount: z.number().int(),
  status: z.number().int(),
  /** Still due: the page offers to pay. */
  isPayable: z.boolean(),
  /** A payment at the provider is under way (the bank has not answered yet). */
  isPending: z.boolean(),
});
export type PublicInvoice = z.infer<typeof publicInvoice>;
export const publicPayment = z.object({ checkoutUrl: z.string() });

/**
 * Where the provider sends the person back after paying: the sign-up's result page that asks
 * (`/inschrijven/resultaat/{token}`, with the kiosk's `?terug=`); left out, the pay page `/betalen/{token}`.
 * The rule is the web client's (`isSignUpResultPath`: its `terug` is a `safeReturnPath`).
 */
export const payPublicInvoiceInput = z
  .object({
    returnPath: z
      .string()
      .max(400)
      .refine(isSignUpResultPath, 'billing.errors.returnPathInvalid')
      .meta({ examples: ['/inschrijven/resultaat/42.abcdefghijklmnopqrstuv'] })
      .optional(),
    // Nothing else: every field is optional, so a body of other things is refused rather than taken as `{}`.
  })
  .strict();

/** A membership as its cancel link shows it, with the notice period and the end that follows from it. */
export const publicMembership = z.object({
  gymName: z.string(),
  firstName: z.string(),
  subscriptionName: z.string(),
  variantName: z.string(),
  startDate: z.string(),
  /** Set: it ends (or ended) then. */
  endDate: z.string().nullable(),
  noticePeriodAmount: z.number().int(),
  noticePeriodType: z.number().int(),
  /** The last day if it is ended today: today plus the notice period (not before the start). */
  earliestEndDate: z.string(),
  /** False once an end is set that is no later than the earliest end (nothing left to cancel). */
  canCancel: z.boolean(),
});
export type PublicMembership = z.infer<typeof publicMembership>;

export const billingRunResult = z.object({
  invoices: z.number().int(),
  charges: z.number().int(),
  notices: z.number().int(),
});
export type BillingRunResult = z.infer<typeof billingRunResult>;

/** Staff; the rights are those for changing the location (its settings screen), checked with the location. */
const locationStaff = policy.roles('Admin', 'Employee');

export const billingEndpoints = {
  getSettings: endpoint({
    method: 'GET',
    path: '/Location/{id}/BillingSettings',
    policy: locationStaff,
    summary: "A location's dunning rules: block or warn at the door, retry days, grace days",
    tags,
    params: idParam,
    response: billingSettings,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/Location/{id}/BillingSettings',
    policy: locationStaff,
    summary: "Change a location's dunning rules (rights as for changing the location)",
    tags,
    params: idParam,
    body: billingSettingsInput,
    response: billingSettings,
  }),
  debtors: endpoint({
    method: 'GET',
    path: '/Member/InDebt',
    policy: invoicePolicy,
    summary: "The active gym's (or location's) members in debt, with what is overdue",
    tags,
    query: debtorQuery,
    response: paged(debtor),
  }),
  publicInvoice: endpoint({
    method: 'GET',
    path: '/Invoice/Public/{token}',
    policy: policy.public,
    summary:
      "An invoice by its mail's pay link (rate limited; nothing of the member but what they're paying)",
    tags,
    params: tokenParam,
    response: publicInvoice,
  }),
  payPublicInvoice: endpoint({
    method: 'POST',
    path: '/Invoice/Public/{token}/Pay',
    policy: policy.public,
    summary:
      "Pay an invoice from its mail's link or the sign-up's result page: the open checkout, or a new one (a sign-up's first invoice: a first payment, for the mandate)",
    tags,
    params: tokenParam,
    body: payPublicInvoiceInput,
    response: publicPayment,
  }),
  publicMembership: endpoint({
    method: 'GET',
    path: '/Membership/Public/{token}',
    policy: policy.public,
    summary: "A membership by its mail's cancel link, with its notice period",
    tags,
    params: tokenParam,
    response: publicMembership,
  }),
  cancelPublicMembership: endpoint({
    method: 'POST',
    path: '/Membership/Public/{token}/Cancel',
    policy: policy.public,
    summary: 'End a membership from its cancel link, after the notice period; a confirmation goes by mail',
    tags,
    params: tokenParam,
    response: publicMembership,
  }),
  runBilling: endpoint({
    method: 'POST',
    path: '/dev/billing/run',
    policy: policy.development,
    summary: 'Run the billing job now (development only; it also runs every hour)',
    tags,
    response: billingRunResult,
  }),
};
