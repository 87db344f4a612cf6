/**
 * The mails of the platform, in Dutch (default) and English, each as HTML and as plain text in one plain
 * layout. Template text is trusted; every value from `data` is escaped in the HTML.
 */

import { layoutHtml, layoutText, type MailContent, type MailLanguage } from './mail-content.ts';
import { accountMails } from './templates-accounts.ts';
import { moneyMails } from './templates-money.ts';

export { escapeHtml, type MailLanguage, PLATFORM_NAME } from './mail-content.ts';

/** The data each template needs. Labels in it (such as `kindLabel`) are in the recipient's language. */
export interface MailTemplateData {
  /** `kindLabel` completes "als …" / "as …" (e.g. 'beheerder', 'an administrator'). */
  /** `hasAccount`: the address has an account already, which accepts or declines instead of registering. */
  invitation: {
    inviterName: string;
    organisationName?: string | null;
    kindLabel: string;
    link: string;
    hasAccount?: boolean;
  };
  tfaCode: { code: string; minutes: number };
  passwordReset: { link: string; minutes: number };
  emailChange: { link: string };
  accountDeletionRequest: { link: string };
  /** An invoice to pay: its gym, number, amount (formatted), due date (DD-MM-YYYY) and the checkout link. */
  invoicePaymentLink: {
    gymName: string;
    invoiceNumber: string;
    amount: string;
    dueDate: string;
    link: string;
    /** Null: the invoice is not of a membership. */
    cancelLink: string | null;
  };
  /**
   * A period's invoice from the billing run (decision 017). With `directDebit` it is the SEPA
   * pre-notification: the amount is collected on that day from the account ending in `ibanEnding`, under
   * the mandate reference and the gym's creditor id; without it, the member pays by the link. Every invoice
   * mail carries the link that ends the membership.
   */
  invoiceIssued: {
    gymName: string;
    invoiceNumber: string;
    amount: string;
    dueDate: string;
    period: string;
    payLink: string;
    /** Null: the invoice is not of a membership (a sale at the desk). */
    cancelLink: string | null;
    directDebit: {
      collectionDate: string;
      ibanEnding: string;
      mandateReference: string;
      creditorId: string | null;
    } | null;
  };
  /** A direct debit failed or was charged back; `retryDate`: when it is tried once more (null: not again). */
  invoicePaymentFailed: {
    gymName: string;
    invoiceNumber: string;
    amount: string;
    retryDate: string | null;
    payLink: string;
    /** Null: the invoice is not of a membership (a sale at the desk). */
    cancelLink: string | null;
  };
  /** The free reminder (WIK): 14 days to pay after this mail before any collection costs. */
  invoiceReminder: {
    gymName: string;
    invoiceNumber: string;
    amount: string;
    dueDate: string;
    payBy: string;
    payLink: string;
    /** Null: the invoice is not of a membership (a sale at the desk). */
    cancelLink: string | null;
  };
  /** A membership ended from its cancel link: the confirmation. */
  membershipEnded: { gymName: string; subscriptionName: string; endDate: string };
  /**
   * A payment arrived for an invoice or order that was cancelled or paid already, or a paid invoice was
   * cancelled (decision 015): `organisationName` pays `amount` (formatted) back for `reference`.
   */
  refundOwed: { organisationName: string; reference: string; amount: string };
  /**
   * A sign-up with this address waits for its proof (decision 018): the link completes it.
   * `kind` 'account': only the account of a registration finished from the desk's link.
   */
  signUpConfirm: { gymName: string; link: string; kind: 'signUp' | 'account' };
  /** The platform accepted or denied a supplier (decision 020); `link`: the back-office's sign-in. */
  supplierDecision: { supplierName: string; decision: 'accepted' | 'denied'; link: string };
  /**
   * A product order was placed for the customer (decision 020): its follow number, product, quantity,
   * amount incl. VAT (formatted) and the location; `payLink`: the iDEAL checkout (null: paid on invoice).
   */
  productOrderPlaced: {
    followNumber: string;
    productName: string;
    quantity: number;
    amount: string;
    locationName: string;
    payLink: string | null;
  };
  /**
   * A product order moved on (`status`: `ProductOrderStatus`), or its delivery date was set or changed
   * (`deliveryDate` DD-MM-YYYY while Planned).
   */
  productOrderStatus: {
    followNumber: string;
    productName: string;
    status: number;
    deliveryDate: string | null;
  };
  /**
   * A location's payment provider key was set or replaced (decision 015), to each of the gym's owners: who did
   * it and when (DD-MM-YYYY HH:mm, Dutch time), test or live, and the key's last four characters only.
   */
  paymentKeyChanged: {
    gymName: string;
    locationName: string;
    changedBy: string;
    changedAt: string;
    change: 'added' | 'replaced';
    mode: 'test' | 'live';
    keyEnding: string;
  };
}
export type MailTemplate = keyof MailTemplateData;
export const mailTemplates = [
  'invitation',
  'tfaCode',
  'passwordReset',
  'emailChange',
  'accountDeletionRequest',
  'invoicePaymentLink',
  'invoiceIssued',
  'invoicePaymentFailed',
  'invoiceReminder',
  'membershipEnded',
  'refundOwed',
  'signUpConfirm',
  'supplierDecision',
  'productOrderPlaced',
  'productOrderStatus',
  'paymentKeyChanged',
] as const satisfies readonly MailTemplate[];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type Templates = {
  [T in MailTemplate]: Record<MailLanguage, (data: MailTemplateData[T]) => MailContent>;
};

const templates: Templates = { ...accountMails, ...moneyMails };

/** The subject, text and HTML of a template in a language. */
export function renderMail<T extends MailTemplate>(
  template: T,
  language: MailLanguage,
  data: MailTemplateData[T],
): RenderedMail {
  const render = templates[template][language] as (data: MailTemplateData[T]) => MailContent;
  const content = render(data);
  // A subject is one line, whatever the data.
  const subject = content.subject.replace(/[\r\n]+/g, ' ');
  return {
    subject,
    text: layoutText(language, { ...content, subject }),
    html: layoutHtml(language, { ...content, subject }),
  };
}
