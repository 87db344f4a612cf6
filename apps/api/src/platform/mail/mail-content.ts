/** The mails' building blocks and their one plain layout (HTML and text): every value from data is escaped. */

export const PLATFORM_NAME = 'XP Back-office';

export type MailLanguage = 'nl' | 'en';

// --- building blocks --------------------------------------------------------------------------------

/** A piece of text with its HTML (data escaped) and plain-text forms. */
export interface Rich {
  html: string;
  text: string;
}

export type Block =
  | { kind: 'heading'; content: Rich }
  | { kind: 'paragraph'; content: Rich }
  | { kind: 'note'; content: Rich }
  | { kind: 'code'; value: string }
  | { kind: 'button'; label: string; link: string; fallback: string };

export interface MailContent {
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
export const strong = (value: string): Rich => ({
  html: `<strong>${escapeHtml(value)}</strong>`,
  text: value,
});

/** Tagged template: literal parts are trusted, interpolated values are data (escaped in HTML). */
export function rich(strings: TemplateStringsArray, ...values: (string | number | Rich)[]): Rich {
  let html = strings[0] ?? '';
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    const part = typeof value === 'object' ? value : { html: escapeHtml(String(value)), text: String(value) };
    html += part.html + (strings[index + 1] ?? '');
    text += part.text + (strings[index + 1] ?? '');
  });
  return { html, text };
}

export const heading = (content: Rich): Block => ({ kind: 'heading', content });
export const paragraph = (content: Rich): Block => ({ kind: 'paragraph', content });
export const note = (content: Rich): Block => ({ kind: 'note', content });
export const code = (value: string): Block => ({ kind: 'code', value });

/** Only absolute http(s) links go into a mail. */
export function safeLink(link: string): string {
  const url = new URL(link);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('mail links must be http(s)');
  return url.toString();
}

export const button = (label: string, link: string, fallback: string): Block => ({
  kind: 'button',
  label,
  link: safeLink(link),
  fallback,
});

/** A link in running text (`label: link` in the plain text). */
export function anchor(label: string, link: string): Rich {
  const href = escapeHtml(safeLink(link));
  return {
    html: `<a href="${href}" style="color:#087f5b;">${escapeHtml(label)}</a>`,
    text: `${label}: ${safeLink(link)}`,
  };
}

/** The link that ends the membership, in every mail about its invoices (Dutch consumer rules). */
export const cancelNote = (language: MailLanguage, link: string | null): Block[] =>
  link === null
    ? []
    : language === 'nl'
      ? [note(rich`Wil je je abonnement opzeggen? ${anchor('Abonnement opzeggen', link)}`)]
      : [note(rich`Do you want to end your membership? ${anchor('End membership', link)}`)];

export const minutesText = (language: MailLanguage, minutes: number) =>
  language === 'nl'
    ? `${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`
    : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

export const FALLBACK = {
  nl: 'Werkt de knop niet? Open dan deze link:',
  en: 'Does the button not work? Open this link:',
};

/** The statuses of a product order (`ProductOrderStatus`: New, Paid, Prepared, Planned, Delivered) in a mail. */
export const ORDER_STATUS_TEXT: Record<MailLanguage, readonly string[]> = {
  nl: ['Besteld', 'Betaald', 'In voorbereiding', 'Ingepland', 'Geleverd'],
  en: ['Ordered', 'Paid', 'Being prepared', 'Planned', 'Delivered'],
};

// --- layout -----------------------------------------------------------------------------------------

export const FOOTER = {
  nl: `Deze e-mail is automatisch verstuurd door ${PLATFORM_NAME}. Je kunt er niet op antwoorden.`,
  en: `This email was sent automatically by ${PLATFORM_NAME}. You cannot reply to it.`,
};

export const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

export function blockHtml(block: Block): string {
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

export function blockText(block: Block): string {
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

export function layoutHtml(language: MailLanguage, content: MailContent): string {
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

export function layoutText(language: MailLanguage, content: MailContent): string {
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
