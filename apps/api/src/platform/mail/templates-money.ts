/** The mails about money: invoices, reminders, failed charges, refunds owed, sign-ups, memberships ended, product orders. */

import {
  button,
  cancelNote,
  FALLBACK,
  heading,
  note,
  ORDER_STATUS_TEXT,
  paragraph,
  rich,
  strong,
} from './mail-content.ts';
import type { Templates } from './templates.ts';

export const moneyMails: Pick<
  Templates,
  | 'invoicePaymentLink'
  | 'invoiceIssued'
  | 'invoicePaymentFailed'
  | 'invoiceReminder'
  | 'membershipEnded'
  | 'refundOwed'
  | 'signUpConfirm'
  | 'productOrderPlaced'
  | 'productOrderStatus'
> = {
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
};
