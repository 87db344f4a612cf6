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
