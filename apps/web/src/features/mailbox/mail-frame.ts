/**
 * The HTML of a mail for a sandboxed iframe's `srcdoc`: links open in the whole tab (the sandbox allows
 * top navigation on a click), so a link from a mail lands on the page it points to, as from a mail client.
 */
export function mailFrameDocument(html: string): string {
  const base = '<base target="_top">';
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.replace(head[0], `${head[0]}${base}`);
  return `${base}${html}`;
}

/** Text with its http(s) links as separate parts, to render them as links. */
export function splitLinks(text: string): { text: string; isLink: boolean }[] {
  const parts: { text: string; isLink: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), isLink: false });
    parts.push({ text: match[0], isLink: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isLink: false });
  return parts;
}
