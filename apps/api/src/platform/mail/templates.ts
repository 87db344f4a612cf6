/**
 * The mails of the platform, in Dutch (default) and English, each as HTML and as plain text in one plain
 * layout. Template text is trusted; every value from `data` is escaped in the HTML.
 */

export const PLATFORM_NAME = 'XP Back-office';

export type MailLanguage = 'nl' | 'en';

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
   * A sign-up with this address waits for its proof (issue 28, decision 018): the link completes it.
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

// --- building blocks --------------------------------------------------------------------------------

/** A piece of text with its HTML (data escaped) and plain-text forms. */
interface Rich {
  html: string;
  text: string;
}

type Block =
  | { kind: 'heading'; content: Rich }
  | { kind: 'paragraph'; content: Rich }
  | { kind: 'note'; content: Rich }
  | { kind: 'code'; value: string }
  | { kind: 'button'; label: string; link: string; fallback: string };

interface MailContent {
  subject: string;
  blocks: Block[];
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/** A value shown in bold. */
const strong = (value: string): Rich => ({ html: `<strong>${escapeHtml(value)}</strong>`, text: value });

/** Tagged template: literal parts are trusted, interpolated values are data (escaped in HTML). */
function rich(strings: TemplateStringsArray, ...values: (string | number | Rich)[]): Rich {
  let html = strings[0] ?? '';
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    const part = typeof value === 'object' ? value : { html: escapeHtml(String(value)), text: String(value) };
    html += part.html + (strings[index + 1] ?? '');
    text += part.text + (strings[index + 1] ?? '');
  });
  return { html, text };
}

const heading = (content: Rich): Block => ({ kind: 'heading', content });
const paragraph = (content: Rich): Block => ({ kind: 'paragraph', content });
const note = (content: Rich): Block => ({ kind: 'note', content });
const code = (value: string): Block => ({ kind: 'code', value });

/** Only absolute http(s) links go into a mail. */
function safeLink(link: string): string {
  const url = new URL(link);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('mail links must be http(s)');
  return url.toString();
}

const button = (label: string, link: string, fallback: string): Block => ({
  kind: 'button',
  label,
  link: safeLink(link),
  fallback,
});

/** A link in running text (`label: link` in the plain text). */
function anchor(label: string, link: string): Rich {
  const href = escapeHtml(safeLink(link));
  return {
    html: `<a href="${href}" style="color:#087f5b;">${escapeHtml(label)}</a>`,
    text: `${label}: ${safeLink(link)}`,
  };
}

/** The link that ends the membership, in every mail about its invoices (Dutch consumer rules). */
const cancelNote = (language: MailLanguage, link: string | null): Block[] =>
  link === null
    ? []
    : language === 'nl'
      ? [note(rich`Wil je je abonnement opzeggen? ${anchor('Abonnement opzeggen', link)}`)]
      : [note(rich`Do you want to end your membership? ${anchor('End membership', link)}`)];

const minutesText = (language: MailLanguage, minutes: number) =>
  language === 'nl'
    ? `${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`
    : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

// --- the templates ----------------------------------------------------------------------------------

type Templates = {
  [T in MailTemplate]: Record<MailLanguage, (data: MailTemplateData[T]) => MailContent>;
};

const FALLBACK = {
  nl: 'Werkt de knop niet? Open dan deze link:',
  en: 'Does the button not work? Open this link:',
};

/** The statuses of a product order (`ProductOrderStatus`: New, Paid, Prepared, Planned, Delivered) in a mail. */
const ORDER_STATUS_TEXT: Record<MailLanguage, readonly string[]> = {
  nl: ['Besteld', 'Betaald', 'In voorbereiding', 'Ingepland', 'Geleverd'],
  en: ['Ordered', 'Paid', 'Being prepared', 'Planned', 'Delivered'],
};

const templates: Templates = {
  invitation: {
    nl: (data) => ({
      subject: `Uitnodiging voor ${PLATFORM_NAME}`,
      blocks: [
        heading(rich`Je bent uitgenodigd`),
        paragraph(
          data.organisationName
            ? rich`${strong(data.inviterName)} nodigt je uit voor ${PLATFORM_NAME} als ${data.kindLabel} bij ${strong(data.organisationName)}.`
            : rich`${strong(data.inviterName)} nodigt je uit voor ${PLATFORM_NAME} als ${data.kindLabel}.`,
        ),
        paragraph(
          data.hasAccount
            ? rich`Je hebt al een account met dit e-mailadres: accepteer of wijs de uitnodiging af met de knop hieronder. De link is persoonlijk: stuur hem niet door.`
            : rich`Maak je account aan met de knop hieronder. De link is persoonlijk: stuur hem niet door.`,
        ),
        button(data.hasAccount ? 'Uitnodiging bekijken' : 'Account aanmaken', data.link, FALLBACK.nl),
        note(rich`Verwachtte je deze uitnodiging niet? Dan kun je deze e-mail negeren.`),
      ],
    }),
    en: (data) => ({
      subject: `Invitation to ${PLATFORM_NAME}`,
      blocks: [
        heading(rich`You have been invited`),
        paragraph(
          data.organisationName
            ? rich`${strong(data.inviterName)} invites you to ${PLATFORM_NAME} as ${data.kindLabel} at ${strong(data.organisationName)}.`
            : rich`${strong(data.inviterName)} invites you to ${PLATFORM_NAME} as ${data.kindLabel}.`,
        ),
        paragraph(
          data.hasAccount
            ? rich`You already have an account with this address: accept or decline the invitation with the button below. The link is personal: do not forward it.`
            : rich`Create your account with the button below. The link is personal: do not forward it.`,
        ),
        button(data.hasAccount ? 'View invitation' : 'Create account', data.link, FALLBACK.en),
        note(rich`Did you not expect this invitation? Then you can ignore this email.`),
      ],
    }),
  },
  tfaCode: {
    nl: (data) => ({
      subject: 'Je verificatiecode',
      blocks: [
        heading(rich`Je verificatiecode`),
        paragraph(rich`Gebruik deze code om te bevestigen dat jij het bent:`),
        code(data.code),
        paragraph(rich`De code is ${minutesText('nl', data.minutes)} geldig.`),
        note(rich`Heb je geen code aangevraagd? Dan kun je deze e-mail negeren. Deel de code met niemand.`),
      ],
    }),
    en: (data) => ({
      subject: 'Your verification code',
      blocks: [
        heading(rich`Your verification code`),
        paragraph(rich`Use this code to confirm that it is you:`),
        code(data.code),
        paragraph(rich`The code is valid for ${minutesText('en', data.minutes)}.`),
        note(rich`Did you not ask for a code? Then you can ignore this email. Never share the code.`),
      ],
    }),
  },
  passwordReset: {
    nl: (data) => ({
      subject: 'Stel je wachtwoord opnieuw in',
      blocks: [
        heading(rich`Wachtwoord opnieuw instellen`),
        paragraph(
          rich`We kregen een verzoek om het wachtwoord van je account bij ${PLATFORM_NAME} opnieuw in te stellen.`,
        ),
        button('Nieuw wachtwoord instellen', data.link, FALLBACK.nl),
        paragraph(rich`De link is ${minutesText('nl', data.minutes)} geldig en werkt één keer.`),
        note(
          rich`Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.`,
        ),
      ],
    }),
    en: (data) => ({
      subject: 'Reset your password',
      blocks: [
        heading(rich`Reset your password`),
        paragraph(rich`We received a request to reset the password of your ${PLATFORM_NAME} account.`),
        button('Set a new password', data.link, FALLBACK.en),
        paragraph(rich`The link is valid for ${minutesText('en', data.minutes)} and works once.`),
        note(rich`Did you not ask for this? Then you can ignore this email; your password stays the same.`),
      ],
    }),
  },
  emailChange: {
    nl: (data) => ({
      subject: 'Bevestig je nieuwe e-mailadres',
      blocks: [
        heading(rich`Bevestig je nieuwe e-mailadres`),
        paragraph(
          rich`Je wilt dit e-mailadres gebruiken voor je account bij ${PLATFORM_NAME}. Bevestig het met de knop hieronder.`,
        ),
        button('E-mailadres bevestigen', data.link, FALLBACK.nl),
        note(rich`Heb je dit niet gevraagd? Dan kun je deze e-mail negeren; er verandert niets.`),
      ],
    }),
    en: (data) => ({
      subject: 'Confirm your new email address',
      blocks: [
        heading(rich`Confirm your new email address`),
        paragraph(
          rich`You want to use this email address for your ${PLATFORM_NAME} account. Confirm it with the button below.`,
        ),
        button('Confirm email address', data.link, FALLBACK.en),
        note(rich`Did you not ask for this? Then you can ignore this email; nothing changes.`),
      ],
    }),
  },
  invoicePaymentLink: {
    nl: (data) => ({
      subject: `Factuur ${data.invoiceNumber} van ${data.gymName}`,
      blocks: [
        heading(rich`Factuur ${data.invoiceNumber}`),
        paragraph(
          rich`${data.gymName} stuurt je factuur ${data.invoiceNumber} van ${data.amount}. Betaal die graag vóór ${data.dueDate}.`,
        ),
        button('Factuur betalen', data.link, FALLBACK.nl),
        note(rich`Heb je al betaald? Dan kun je deze e-mail negeren.`),
        ...cancelNote('nl', data.cancelLink),
      ],
    }),
    en: (data) => ({
      subject: `Invoice ${data.invoiceNumber} from ${data.gymName}`,
      blocks: [
        heading(rich`Invoice ${data.invoiceNumber}`),
        paragraph(
          rich`${data.gymName} sends you invoice ${data.invoiceNumber} of ${data.amount}. Please pay it before ${data.dueDate}.`,
        ),
        button('Pay the invoice', data.link, FALLBACK.en),
        note(rich`Have you paid already? Then you can ignore this email.`),
        ...cancelNote('en', data.cancelLink),
      ],
    }),
  },
  invoiceIssued: {
    nl: (data) => ({
      subject: `Factuur ${data.invoiceNumber} van ${data.gymName}`,
      blocks: [
        heading(rich`Factuur ${data.invoiceNumber}`),
        paragraph(
          rich`${data.gymName} stuurt je factuur ${data.invoiceNumber} van ${strong(data.amount)} voor ${data.period}.`,
        ),
        ...(data.directDebit
          ? [
              paragraph(
                rich`Op ${strong(data.directDebit.collectionDate)} schrijven we dit bedrag af van je rekening eindigend op ${data.directDebit.ibanEnding}. Je hoeft niets te doen.`,
              ),
              note(
                data.directDebit.creditorId
                  ? rich`Machtigingskenmerk ${data.directDebit.mandateReference}, incassant-ID ${data.directDebit.creditorId}. Niet akkoord met een afschrijving? Je bank storneert hem binnen 8 weken op je verzoek.`
                  : rich`Machtigingskenmerk ${data.directDebit.mandateReference}. Niet akkoord met een afschrijving? Je bank storneert hem binnen 8 weken op je verzoek.`,
              ),
            ]
          : [
              paragraph(rich`Betaal de factuur graag vóór ${data.dueDate}.`),
              button('Factuur betalen', data.payLink, FALLBACK.nl),
            ]),
        ...cancelNote('nl', data.cancelLink),
      ],
    }),
    en: (data) => ({
      subject: `Invoice ${data.invoiceNumber} from ${data.gymName}`,
      blocks: [
        heading(rich`Invoice ${data.invoiceNumber}`),
        paragraph(
          rich`${data.gymName} sends you invoice ${data.invoiceNumber} of ${strong(data.amount)} for ${data.period}.`,
        ),
        ...(data.directDebit
          ? [
              paragraph(
                rich`On ${strong(data.directDebit.collectionDate)} we collect this amount from your account ending in ${data.directDebit.ibanEnding}. You need not do anything.`,
              ),
              note(
                data.directDebit.creditorId
                  ? rich`Mandate reference ${data.directDebit.mandateReference}, creditor id ${data.directDebit.creditorId}. Do you not agree with a debit? Your bank reverses it within 8 weeks at your request.`
                  : rich`Mandate reference ${data.directDebit.mandateReference}. Do you not agree with a debit? Your bank reverses it within 8 weeks at your request.`,
              ),
            ]
          : [
              paragraph(rich`Please pay the invoice before ${data.dueDate}.`),
              button('Pay the invoice', data.payLink, FALLBACK.en),
            ]),
        ...cancelNote('en', data.cancelLink),
      ],
    }),
  },
  invoicePaymentFailed: {
    nl: (data) => ({
      subject: `Betaling van factuur ${data.invoiceNumber} is niet gelukt`,
      blocks: [
        heading(rich`Je betaling is niet gelukt`),
        paragraph(
          rich`De afschrijving van ${strong(data.amount)} voor factuur ${data.invoiceNumber} van ${data.gymName} is niet gelukt.`,
        ),
        paragraph(
          data.retryDate
            ? rich`Op ${data.retryDate} proberen we het nog één keer. Je kunt ook nu zelf betalen:`
            : rich`Betaal de factuur graag zelf:`,
        ),
        button('Factuur betalen', data.payLink, FALLBACK.nl),
        ...cancelNote('nl', data.cancelLink),
      ],
    }),
    en: (data) => ({
      subject: `Payment of invoice ${data.invoiceNumber} failed`,
      blocks: [
        heading(rich`Your payment failed`),
        paragraph(
          rich`The debit of ${strong(data.amount)} for invoice ${data.invoiceNumber} from ${data.gymName} failed.`,
        ),
        paragraph(
          data.retryDate
            ? rich`We will try once more on ${data.retryDate}. You can also pay now:`
            : rich`Please pay the invoice yourself:`,
        ),
        button('Pay the invoice', data.payLink, FALLBACK.en),
        ...cancelNote('en', data.cancelLink),
      ],
    }),
  },
  invoiceReminder: {
    nl: (data) => ({
      subject: `Herinnering: factuur ${data.invoiceNumber} van ${data.gymName}`,
      blocks: [
        heading(rich`Herinnering`),
        paragraph(
          rich`Factuur ${data.invoiceNumber} van ${strong(data.amount)} had op ${data.dueDate} betaald moeten zijn. We hebben je betaling nog niet ontvangen.`,
        ),
        paragraph(
          rich`Betaal het bedrag graag uiterlijk ${strong(data.payBy)} (14 dagen na deze herinnering). Deze herinnering is kosteloos; betaal je daarna niet, dan kunnen incassokosten volgen.`,
        ),
        button('Factuur betalen', data.payLink, FALLBACK.nl),
        note(rich`Heb je al betaald? Dan kun je deze e-mail negeren.`),
        ...cancelNote('nl', data.cancelLink),
      ],
    }),
    en: (data) => ({
      subject: `Reminder: invoice ${data.invoiceNumber} from ${data.gymName}`,
      blocks: [
        heading(rich`Reminder`),
        paragraph(
          rich`Invoice ${data.invoiceNumber} of ${strong(data.amount)} was due on ${data.dueDate}. We have not received your payment yet.`,
        ),
        paragraph(
          rich`Please pay the amount by ${strong(data.payBy)} at the latest (14 days after this reminder). This reminder is free of charge; if you do not pay after that, collection costs may follow.`,
        ),
        button('Pay the invoice', data.payLink, FALLBACK.en),
        note(rich`Have you paid already? Then you can ignore this email.`),
        ...cancelNote('en', data.cancelLink),
      ],
    }),
  },
  membershipEnded: {
    nl: (data) => ({
      subject: `Je abonnement bij ${data.gymName} is opgezegd`,
      blocks: [
        heading(rich`Je abonnement is opgezegd`),
        paragraph(
          rich`Je abonnement ${strong(data.subscriptionName)} bij ${data.gymName} loopt tot en met ${strong(data.endDate)}. Tot die dag ben je welkom.`,
        ),
        note(rich`Heb je dit niet zelf gedaan? Neem dan contact op met ${data.gymName}.`),
      ],
    }),
    en: (data) => ({
      subject: `Your membership at ${data.gymName} has been ended`,
      blocks: [
        heading(rich`Your membership has been ended`),
        paragraph(
          rich`Your membership ${strong(data.subscriptionName)} at ${data.gymName} runs until ${strong(data.endDate)} inclusive. You are welcome until that day.`,
        ),
        note(rich`Did you not do this yourself? Then please contact ${data.gymName}.`),
      ],
    }),
  },
  refundOwed: {
    nl: (data) => ({
      subject: `${data.organisationName} betaalt je ${data.amount} terug`,
      blocks: [
        heading(rich`We betalen je ${data.amount} terug`),
        paragraph(
          rich`Je betaling van ${strong(data.amount)} voor ${data.reference} hoeft niet meer: die is geannuleerd of al betaald. ${data.organisationName} betaalt het bedrag aan je terug.`,
        ),
        note(rich`Heb je vragen? Neem dan contact op met ${data.organisationName}.`),
      ],
    }),
    en: (data) => ({
      subject: `${data.organisationName} pays your ${data.amount} back`,
      blocks: [
        heading(rich`We are paying your ${data.amount} back`),
        paragraph(
          rich`Your payment of ${strong(data.amount)} for ${data.reference} is not needed: it was cancelled or paid already. ${data.organisationName} pays the amount back to you.`,
        ),
        note(rich`Any questions? Then please contact ${data.organisationName}.`),
      ],
    }),
  },
  signUpConfirm: {
    nl: (data) => ({
      subject:
        data.kind === 'signUp'
          ? `Bevestig je inschrijving bij ${data.gymName}`
          : `Bevestig je e-mailadres voor ${data.gymName}`,
      blocks: [
        heading(rich`Bevestig je e-mailadres`),
        paragraph(
          data.kind === 'signUp'
            ? rich`Iemand heeft zich met dit e-mailadres ingeschreven bij ${strong(data.gymName)}. Was jij dat? Bevestig dan je e-mailadres met de knop hieronder: daarna rond je de inschrijving af en betaal je.`
            : rich`Je hebt je inschrijving bij ${strong(data.gymName)} afgerond. Bevestig je e-mailadres met de knop hieronder: dan maken we je account en kun je inchecken.`,
        ),
        button('E-mailadres bevestigen', data.link, FALLBACK.nl),
        note(
          rich`Was jij dit niet? Dan kun je deze e-mail negeren: er verandert niets aan je gegevens. De link werkt 7 dagen.`,
        ),
      ],
    }),
    en: (data) => ({
      subject:
        data.kind === 'signUp'
          ? `Confirm your sign-up at ${data.gymName}`
          : `Confirm your email address for ${data.gymName}`,
      blocks: [
        heading(rich`Confirm your email address`),
        paragraph(
          data.kind === 'signUp'
            ? rich`Someone signed up at ${strong(data.gymName)} with this email address. Was it you? Then confirm your email address with the button below: after that you complete the sign-up and pay.`
            : rich`You completed your registration at ${strong(data.gymName)}. Confirm your email address with the button below: then we make your account and you can check in.`,
        ),
        button('Confirm email address', data.link, FALLBACK.en),
        note(
          rich`Was this not you? Then you can ignore this email: nothing changes in your details. The link works for 7 days.`,
        ),
      ],
    }),
  },
  supplierDecision: {
    nl: (data) =>
      data.decision === 'accepted'
        ? {
            subject: `${data.supplierName} is geaccepteerd als leverancier`,
            blocks: [
              heading(rich`Welkom als leverancier`),
              paragraph(
                rich`${strong(data.supplierName)} is door ${PLATFORM_NAME} geaccepteerd als leverancier. Je kunt nu producten aanbieden.`,
              ),
              button('Inloggen', data.link, FALLBACK.nl),
            ],
          }
        : {
            subject: `${data.supplierName} is niet geaccepteerd als leverancier`,
            blocks: [
              heading(rich`Aanmelding als leverancier afgewezen`),
              paragraph(
                rich`${PLATFORM_NAME} heeft ${strong(data.supplierName)} niet geaccepteerd als leverancier.`,
              ),
              note(rich`Denk je dat dit niet klopt? Neem dan contact op met het platform.`),
            ],
          },
    en: (data) =>
      data.decision === 'accepted'
        ? {
            subject: `${data.supplierName} has been accepted as a supplier`,
            blocks: [
              heading(rich`Welcome as a supplier`),
              paragraph(
                rich`${strong(data.supplierName)} has been accepted as a supplier by ${PLATFORM_NAME}. You can now offer products.`,
              ),
              button('Sign in', data.link, FALLBACK.en),
            ],
          }
        : {
            subject: `${data.supplierName} has not been accepted as a supplier`,
            blocks: [
              heading(rich`Supplier application denied`),
              paragraph(rich`${PLATFORM_NAME} has not accepted ${strong(data.supplierName)} as a supplier.`),
              note(rich`Do you think this is a mistake? Then please contact the platform.`),
            ],
          },
  },
  productOrderPlaced: {
    nl: (data) => ({
      subject: `Je bestelling ${data.followNumber}: ${data.productName}`,
      blocks: [
        heading(rich`Bedankt voor je bestelling`),
        paragraph(
          rich`${data.locationName} heeft voor je besteld: ${strong(`${data.quantity} × ${data.productName}`)}, samen ${data.amount} (incl. btw). Je volgnummer is ${strong(data.followNumber)}; we mailen je bij elke stap.`,
        ),
        ...(data.payLink
          ? [button('Betalen met iDEAL', data.payLink, FALLBACK.nl)]
          : [paragraph(rich`Je ontvangt een factuur van de leverancier.`)]),
        note(rich`Vragen over je bestelling? Noem je volgnummer ${data.followNumber}.`),
      ],
    }),
    en: (data) => ({
      subject: `Your order ${data.followNumber}: ${data.productName}`,
      blocks: [
        heading(rich`Thank you for your order`),
        paragraph(
          rich`${data.locationName} ordered for you: ${strong(`${data.quantity} × ${data.productName}`)}, ${data.amount} in total (incl. VAT). Your follow number is ${strong(data.followNumber)}; we email you at every step.`,
        ),
        ...(data.payLink
          ? [button('Pay with iDEAL', data.payLink, FALLBACK.en)]
          : [paragraph(rich`You will receive an invoice from the supplier.`)]),
        note(rich`Questions about your order? Mention your follow number ${data.followNumber}.`),
      ],
    }),
  },
  productOrderStatus: {
    nl: (data) => {
      const label = ORDER_STATUS_TEXT.nl[data.status] ?? '';
      return {
        subject: `Je bestelling ${data.followNumber}: ${label}`,
        blocks: [
          heading(rich`Je bestelling ${data.followNumber}`),
          paragraph(rich`De status van je bestelling ${strong(data.productName)} is nu: ${strong(label)}.`),
          ...(data.deliveryDate
            ? [paragraph(rich`We bezorgen je bestelling op ${strong(data.deliveryDate)}.`)]
            : []),
          note(rich`Vragen over je bestelling? Noem je volgnummer ${data.followNumber}.`),
        ],
      };
    },
    en: (data) => {
      const label = ORDER_STATUS_TEXT.en[data.status] ?? '';
      return {
        subject: `Your order ${data.followNumber}: ${label}`,
        blocks: [
          heading(rich`Your order ${data.followNumber}`),
          paragraph(rich`The status of your order ${strong(data.productName)} is now: ${strong(label)}.`),
          ...(data.deliveryDate
            ? [paragraph(rich`We deliver your order on ${strong(data.deliveryDate)}.`)]
            : []),
          note(rich`Questions about your order? Mention your follow number ${data.followNumber}.`),
        ],
      };
    },
  },
  paymentKeyChanged: {
    nl: (data) => ({
      subject: `Betaalsleutel van ${data.locationName} ${data.change === 'added' ? 'ingesteld' : 'vervangen'}`,
      blocks: [
        heading(
          rich`De Mollie-sleutel van ${data.locationName} is ${data.change === 'added' ? 'ingesteld' : 'vervangen'}`,
        ),
        paragraph(
          rich`${strong(data.changedBy)} heeft op ${data.changedAt} de ${data.mode === 'live' ? 'live' : 'test'}sleutel die eindigt op ${strong(data.keyEnding)} ingesteld voor ${data.locationName} (${data.gymName}). De betalingen van de leden van deze locatie gaan vanaf nu naar het Mollie-account van die sleutel.`,
        ),
        note(
          rich`Je krijgt dit bericht omdat je de gyminformatie van ${data.gymName} mag wijzigen. Heeft niemand van jullie dit gedaan? Vervang de sleutel dan meteen en neem contact op met het platform.`,
        ),
      ],
    }),
    en: (data) => ({
      subject: `Payment key of ${data.locationName} ${data.change === 'added' ? 'set' : 'replaced'}`,
      blocks: [
        heading(
          rich`The Mollie key of ${data.locationName} has been ${data.change === 'added' ? 'set' : 'replaced'}`,
        ),
        paragraph(
          rich`${strong(data.changedBy)} set the ${data.mode} key ending in ${strong(data.keyEnding)} for ${data.locationName} (${data.gymName}) on ${data.changedAt}. From now on, the payments of this location's members go to the Mollie account of that key.`,
        ),
        note(
          rich`You receive this message because you may change the gym information of ${data.gymName}. Did none of you do this? Then replace the key at once and contact the platform.`,
        ),
      ],
    }),
  },
  accountDeletionRequest: {
    nl: (data) => ({
      subject: 'Verzoek om je account te verwijderen',
      blocks: [
        heading(rich`Verzoek om je account te verwijderen`),
        paragraph(
          rich`Een beheerder van ${PLATFORM_NAME} vraagt je om je account te verwijderen. Met de knop hieronder kun je dat doen; je bevestigt het met je wachtwoord.`,
        ),
        button('Account verwijderen', data.link, FALLBACK.nl),
        note(rich`Wil je je account houden? Neem dan contact op met je beheerder.`),
      ],
    }),
    en: (data) => ({
      subject: 'Request to delete your account',
      blocks: [
        heading(rich`Request to delete your account`),
        paragraph(
          rich`An administrator of ${PLATFORM_NAME} asks you to delete your account. You can do so with the button below; you confirm it with your password.`,
        ),
        button('Delete account', data.link, FALLBACK.en),
        note(rich`Do you want to keep your account? Then contact your administrator.`),
      ],
    }),
  },
};

// --- layout -----------------------------------------------------------------------------------------

const FOOTER = {
  nl: `Deze e-mail is automatisch verstuurd door ${PLATFORM_NAME}. Je kunt er niet op antwoorden.`,
  en: `This email was sent automatically by ${PLATFORM_NAME}. You cannot reply to it.`,
};

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#1a1b1e;">${block.content.html}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${block.content.html}</p>`;
    case 'note':
      return `<p style="margin:24px 0 0;font-size:13px;color:#6b7280;">${block.content.html}</p>`;
    case 'code':
      return `<p style="margin:0 0 16px;font-family:Menlo,Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:6px;color:#1a1b1e;">${escapeHtml(block.value)}</p>`;
    case 'button': {
      const href = escapeHtml(block.link);
      return [
        '<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 16px;"><tr>',
        `<td style="border-radius:6px;background:#087f5b;"><a href="${href}" style="display:inline-block;padding:12px 20px;color:#ffffff;text-decoration:none;font-weight:600;">${escapeHtml(block.label)}</a></td>`,
        '</tr></table>',
        `<p style="margin:0 0 16px;font-size:13px;color:#6b7280;">${escapeHtml(block.fallback)}<br><a href="${href}" style="color:#087f5b;word-break:break-all;">${href}</a></p>`,
      ].join('');
    }
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'note':
      return block.content.text;
    case 'code':
      return `    ${block.value}`;
    case 'button':
      return `${block.label}:\n${block.link}`;
  }
}

function layoutHtml(language: MailLanguage, content: MailContent): string {
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f5f7;${FONT}">`,
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f4f5f7;"><tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;">',
    `<tr><td style="padding:0 0 12px;font-size:16px;font-weight:700;color:#1a1b1e;">${PLATFORM_NAME}</td></tr>`,
    `<tr><td style="background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:28px;font-size:15px;line-height:1.5;color:#374151;">`,
    ...content.blocks.map(blockHtml),
    '</td></tr>',
    `<tr><td style="padding:16px 4px;font-size:12px;color:#9ca3af;">${escapeHtml(FOOTER[language])}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

function layoutText(language: MailLanguage, content: MailContent): string {
  return [
    PLATFORM_NAME,
    '',
    ...content.blocks.map(blockText).join('\n\n').split('\n'),
    '',
    '-- ',
    FOOTER[language],
  ]
    .join('\n')
    .concat('\n');
}

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
