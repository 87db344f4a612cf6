import { InvoiceStatus } from './enums.ts';
import { optionalEnumValue } from './form-values.ts';
import { endpoint, idFromText, idParam, idSchema, listQuery, paged, policy } from './http.ts';
import { dateText } from './member.ts';
import { z } from './zod-setup.ts';

const tags = ['Xp'];
const employerTags = ['Employer'];
/** Employer staff, or an admin who switched into the employer environment; scoped to the active employer. */
const employerStaff = policy.roles('Employer', 'Admin');
const adminOnly = policy.roles('Admin');

/** 1 XP costs EUR 0.01 (spec 000 section 9): the price of `amountOfXp` in cents. */
export const XP_PRICE_CENTS = 1;
export const xpCostCents = (amountOfXp: number) => amountOfXp * XP_PRICE_CENTS;

/** The most XP one call may move (a purchase, a grant, a correction): EUR 1,000,000. */
export const MAX_XP_AMOUNT = 100_000_000;
export const xpAmount = z
  .number({ error: 'validation.required' })
  .int('xp.errors.wholeXp')
  .min(1, 'xp.errors.amountTooSmall')
  .max(MAX_XP_AMOUNT, 'xp.errors.amountTooLarge');

/** The kinds of movement (decision 019). */
export const xpTransferKinds = ['purchase', 'grant', 'reward', 'redemption', 'refund', 'correction'] as const;
export type XpTransferKind = (typeof xpTransferKinds)[number];

/** Who an account belongs to, as a list shows it. */
export const xpParty = z.object({
  kind: z.enum(['issuance', 'store', 'employer', 'wallet']),
  /** The employer's or person's id; null for the platform's accounts. */
  id: z.number().int().nullable(),
  /** The employer's or person's name; empty for the platform's accounts (the client names them). */
  name: z.string(),
});
export type XpParty = z.infer<typeof xpParty>;

/** An XP transaction (spec 001 section 3: date, sender, recipient, amountOfXp). */
export const xpTransaction = z.object({
  id: z.number().int(),
  date: z.string(),
  kind: z.enum(xpTransferKinds),
  sender: xpParty,
  recipient: xpParty,
  amountOfXp: z.number().int(),
  /** A correction's reason; a reward's challenge name; a redemption's item. */
  description: z.string().nullable(),
  employerId: z.number().int().nullable(),
  employerName: z.string().nullable(),
});
export type XpTransaction = z.infer<typeof xpTransaction>;

export const xpTransactionSortable = ['date', 'amountOfXp'] as const;
/** The list's tabs: all, or one kind (`tabCounts` keys are the kinds, and `all`). */
export const xpTransactionQuery = listQuery(xpTransactionSortable).extend({
  kind: z.enum(xpTransferKinds).optional(),
  from: dateText.optional(),
  to: dateText.optional(),
  /** Admin: one employer's. */
  employerId: idFromText.optional(),
});
export type XpTransactionQuery = z.input<typeof xpTransactionQuery>;

/** `GET /Employer/{id}/GetBalance`: the employer's balance and the limits of one purchase. */
export const employerBalance = z.object({
  amountOfXp: z.number().int(),
  minPurchase: z.number().int(),
  maxPurchase: z.number().int(),
});
export type EmployerBalance = z.infer<typeof employerBalance>;

/** `POST /Employer/{activeEmployerId}/AddBalance` (spec: body `amountOfXp`). */
export const addBalanceBody = z.object({ amountOfXp: xpAmount }).strict();
export type AddBalanceBody = z.input<typeof addBalanceBody>;

/** An XP invoice (spec 001 section 3: invoiceNumber, invoiceDate, employer, amountOfXp, totalPrice, status, VAT). */
export const xpInvoice = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  employerId: z.number().int(),
  employerName: z.string(),
  employerAddress: z.string().nullable(),
  amountOfXp: z.number().int(),
  /** Cents; a credit invoice's are negative. */
  totalPrice: z.number().int(),
  vat: z.number().int(),
  status: z.number().int(),
  paymentMethod: z.number().int().nullable(),
  paidAt: z.string().nullable(),
  collection: z.enum(['checkout', 'directDebit']),
  creditedInvoiceId: z.number().int().nullable(),
  creditInvoiceId: z.number().int().nullable(),
  /** Where to pay the open payment now, if there is one. */
  checkoutUrl: z.string().nullable(),
});
export type XpInvoice = z.infer<typeof xpInvoice>;

/** What buying XP started: the invoice, and where to pay it (null: charged on the mandate). */
export const xpPurchase = z.object({
  invoice: xpInvoice,
  checkoutUrl: z.string().nullable(),
});
export type XpPurchase = z.infer<typeof xpPurchase>;

export const xpInvoiceSortable = ['invoiceDate', 'invoiceNumber', 'amountOfXp'] as const;
/** Tabs: `open` (still to pay: Open, Failed, Expired, Pending, Charged back) or one status number. */
export const xpInvoiceQuery = listQuery(xpInvoiceSortable).extend({
  status: optionalEnumValue(InvoiceStatus),
  open: z.enum(['true', 'false']).optional(),
  employerId: idFromText.optional(),
  from: dateText.optional(),
  to: dateText.optional(),
});
/** Still to be paid by the employer (a pending direct debit is under way, not yet paid). */
export const openXpInvoiceStatuses: readonly number[] = [
  InvoiceStatus.Open,
  InvoiceStatus.Failed,
  InvoiceStatus.Expired,
  InvoiceStatus.Pending,
  InvoiceStatus.ChargedBack,
];
/** What a new payment may be started for (a pending one is under way). */
export const payableXpInvoiceStatuses: readonly number[] = [
  InvoiceStatus.Open,
  InvoiceStatus.Failed,
  InvoiceStatus.Expired,
  InvoiceStatus.ChargedBack,
];

/** Give XP to one employee, or to every employee at once (each gets `amountOfXp`; all or nothing). */
export const grantXpBody = z
  .object({
    amountOfXp: xpAmount,
    userId: idSchema.optional(),
    allEmployees: z.boolean().optional(),
  })
  .strict()
  .refine((body) => (body.userId !== undefined) !== (body.allEmployees === true), {
    message: 'xp.errors.grantRecipient',
    path: ['userId'],
  });
export type GrantXpBody = z.input<typeof grantXpBody>;
export const grantXpResult = z.object({
  /** People who received XP. */
  recipients: z.number().int(),
  /** XP taken from the employer's balance. */
  totalXp: z.number().int(),
  balance: z.number().int(),
});
export type GrantXpResult = z.infer<typeof grantXpResult>;

/** Admin: XP added to (positive) or taken from (negative) an employer's balance or a person's wallet. */
export const xpCorrectionBody = z
  .object({
    employerId: idSchema.optional(),
    userId: idSchema.optional(),
    amountOfXp: z
      .number({ error: 'validation.required' })
      .int('xp.errors.wholeXp')
      .min(-MAX_XP_AMOUNT, 'xp.errors.amountTooLarge')
      .max(MAX_XP_AMOUNT, 'xp.errors.amountTooLarge')
      .refine((value) => value !== 0, 'xp.errors.amountZero'),
    reason: z.string().trim().min(1, 'validation.required').max(500),
  })
  .strict()
  .refine((body) => (body.employerId === undefined) !== (body.userId === undefined), {
    message: 'xp.errors.correctionAccount',
    path: ['employerId'],
  });
export type XpCorrectionBody = z.input<typeof xpCorrectionBody>;

/** A participant completed a challenge: its reward is paid (once). */
export const challengeCompletionBody = z.object({ userId: idSchema }).strict();
export const challengeCompletion = z.object({
  challengeId: z.number().int(),
  userId: z.number().int(),
  completedAt: z.string(),
  amountOfXp: z.number().int(),
  /** The completion was recorded before: nothing was paid again. */
  alreadyCompleted: z.boolean(),
});

/** A person's wallet (for the admin's correction form and the member app to come). */
export const xpWallet = z.object({ userId: z.number().int(), amountOfXp: z.number().int() });

const activeEmployerParams = z.object({ activeEmployerId: idFromText });
const activeEmployerInvoiceParams = z.object({ activeEmployerId: idFromText, id: idFromText });

/** The XP invoice as a PDF (`application/pdf`): employer staff their own, admins any. */
export const XP_INVOICE_PDF_PATH = '/XpInvoice/{id}/Pdf';

export const xpEndpoints = {
  balance: endpoint({
    method: 'GET',
    path: '/Employer/{id}/GetBalance',
    policy: employerStaff,
    summary: "The employer's XP balance (its own for employer staff) and the limits of one purchase",
    tags: employerTags,
    params: idParam,
    response: employerBalance,
  }),
  addBalance: endpoint({
    method: 'POST',
    path: '/Employer/{activeEmployerId}/AddBalance',
    policy: employerStaff,
    summary:
      'Buy XP: an XP invoice and its payment (checkout, or a charge on the mandate); credited when paid',
    tags: employerTags,
    params: activeEmployerParams,
    body: addBalanceBody,
    response: xpPurchase,
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/Employer/{activeEmployerId}/XpTransactions',
    policy: employerStaff,
    summary: "The active employer's XP transactions, newest first, with a tab per kind",
    tags: employerTags,
    params: activeEmployerParams,
    query: xpTransactionQuery,
    response: paged(xpTransaction),
  }),
  grant: endpoint({
    method: 'POST',
    path: '/Employer/{activeEmployerId}/GrantXp',
    policy: employerStaff,
    summary: 'Give XP from the balance to one employee or to all employees (all or nothing)',
    tags: employerTags,
    params: activeEmployerParams,
    body: grantXpBody,
    response: grantXpResult,
  }),
  invoices: endpoint({
    method: 'GET',
    path: '/Employer/{activeEmployerId}/XpInvoices',
    policy: employerStaff,
    summary: "The active employer's XP invoices, newest first (`open=true`: still to pay)",
    tags: employerTags,
    params: activeEmployerParams,
    query: xpInvoiceQuery,
    response: paged(xpInvoice),
  }),
  invoice: endpoint({
    method: 'GET',
    path: '/Employer/{activeEmployerId}/XpInvoices/{id}',
    policy: employerStaff,
    summary: 'One XP invoice of the active employer',
    tags: employerTags,
    params: activeEmployerInvoiceParams,
    response: xpInvoice,
  }),
  payInvoice: endpoint({
    method: 'POST',
    path: '/Employer/{activeEmployerId}/XpInvoices/{id}/Pay',
    policy: employerStaff,
    summary: 'Pay an open XP invoice now: its open payment, or a new one (answers where to pay)',
    tags: employerTags,
    params: activeEmployerInvoiceParams,
    response: xpPurchase,
  }),
  adminTransactions: endpoint({
    method: 'GET',
    path: '/XpTransaction',
    policy: adminOnly,
    summary: 'Every XP transaction across employers (admin), newest first, with a tab per kind',
    tags,
    query: xpTransactionQuery,
    response: paged(xpTransaction),
  }),
  correction: endpoint({
    method: 'POST',
    path: '/XpTransaction/Correction',
    policy: adminOnly,
    summary: "Correct an employer's balance or a person's wallet (reason required; audited)",
    tags,
    body: xpCorrectionBody,
    response: xpTransaction,
  }),
  adminInvoices: endpoint({
    method: 'GET',
    path: '/XpInvoice',
    policy: adminOnly,
    summary: 'Every XP invoice across employers (admin), newest first',
    tags,
    query: xpInvoiceQuery,
    response: paged(xpInvoice),
  }),
  adminInvoice: endpoint({
    method: 'GET',
    path: '/XpInvoice/{id}',
    policy: adminOnly,
    summary: 'One XP invoice (admin)',
    tags,
    params: idParam,
    response: xpInvoice,
  }),
  cancelInvoice: endpoint({
    method: 'POST',
    path: '/XpInvoice/{id}/Cancel',
    policy: adminOnly,
    summary: 'Cancel an unpaid XP invoice by a credit invoice (the invoice itself is never changed)',
    tags,
    params: idParam,
    response: xpInvoice,
  }),
  wallet: endpoint({
    method: 'GET',
    path: '/XpWallet/{id}',
    policy: adminOnly,
    summary: "A person's XP wallet (admin)",
    tags,
    params: idParam,
    response: xpWallet,
  }),
  completeChallenge: endpoint({
    method: 'POST',
    path: '/Challenge/{id}/Completion',
    policy: policy.roles('Employer', 'Admin'),
    summary:
      "Record that a participant completed a challenge and pay its reward (the employer's challenges from its balance, others from the platform)",
    tags: ['Challenge'],
    params: idParam,
    body: challengeCompletionBody,
    response: challengeCompletion,
  }),
};
