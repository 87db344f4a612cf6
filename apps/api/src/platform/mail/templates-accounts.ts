/** The mails about accounts and organisations: invitations, codes, resets, address changes, deletions, supplier decisions, payment keys. */

import {
  button,
  code,
  FALLBACK,
  heading,
  minutesText,
  note,
  PLATFORM_NAME,
  paragraph,
  rich,
  strong,
} from './mail-content.ts';
import type { Templates } from './templates.ts';

export const accountMails: Pick<
  Templates,
  | 'invitation'
  | 'tfaCode'
  | 'passwordReset'
  | 'emailChange'
  | 'supplierDecision'
  | 'paymentKeyChanged'
  | 'accountDeletionRequest'
> = {
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
