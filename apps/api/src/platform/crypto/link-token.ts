import { createHmac, timingSafeEqual } from 'node:crypto';
import { addDays, dutchToday } from '@xp/contracts/dates';

/**
 * Signed links for pages a person opens from a mail without signing in (pay an invoice, end a membership;
 * decisions 015 and 017): `<id>.<expires>.<signature>`, `expires` the last day it opens (`YYYYMMDD`, Dutch
 * date) and the signature an HMAC-SHA256 of the purpose, the id, the expiry and a state under the server's
 * secret, 128 bits of it. Nothing is stored; a link of one purpose does not open another, an id or expiry
 * changed by hand does not verify, and only the one canonical spelling of a token is taken (no leading zero,
 * no other bits in the signature's last character). The state binds a link to what it acts on (a cancel
 * link to the membership's end as it was when mailed): once that changes, the link no longer opens.
 *
 * The format before (`<id>.<signature>`, no expiry, no state) is still read, canonical form only, with
 * `expires: null`: the caller decides how long it is honoured (decision 017).
 */
export interface LinkSigner {
  /**
   * A token for `purpose` and `id`, opening up to and including `expires` (`YYYY-MM-DD`; left out,
   * `DEFAULT_LINK_DAYS` from today), bound to `state`.
   */
  sign(purpose: string, id: number, expires?: string, state?: string): string;
  /** The id a token names, when it is in the canonical form of either format (not yet verified); else null. */
  idOf(token: string): number | null;
  /**
   * The token verified for this purpose and state: its id and last day (`YYYY-MM-DD`; null: the format
   * before, which has none). Null: wrong purpose or state, changed, not canonical, or not a token. Whether it
   * is past its last day is the caller's check (`isExpired`).
   */
  verify(purpose: string, token: string, state?: string): { id: number; expires: string | null } | null;
}

/** How long a link opens when its signer gives no last day: longer than any invoice's payment term (60 days). */
export const DEFAULT_LINK_DAYS = 120;

const TOKEN = /^([1-9]\d{0,9})\.(?:(\d{8})\.)?([A-Za-z0-9_-]{22})$/;
const MAX_ID = 2_147_483_647;

/** `YYYYMMDD` -> `YYYY-MM-DD` when it is a real calendar day, else null. */
function dayOf(compact: string): string | null {
  const day = `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : null;
}

/** Whether a verified link is past its last day on `today` (`YYYY-MM-DD`, the Dutch date). */
export const isExpired = (link: { expires: string | null }, today: string) =>
  link.expires !== null && link.expires < today;

export function createLinkSigner(secret: string): LinkSigner {
  const signature = (purpose: string, id: number, expires: string | null, state: string) =>
    createHmac('sha256', secret)
      .update(expires === null ? `link:${purpose}:${id}` : `link2:${purpose}:${id}:${expires}:${state}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  const parse = (token: string) => {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    if (id > MAX_ID) return null;
    const expires = match[2] === undefined ? null : dayOf(match[2]);
    if (match[2] !== undefined && expires === null) return null;
    return { id, expires, given: match[3]! };
  };
  return {
    sign(purpose, id, expires = addDays(dutchToday(), DEFAULT_LINK_DAYS), state = '') {
      if (!dayOf(expires.replaceAll('-', ''))) throw new Error(`not a day: ${expires}`);
      return `${id}.${expires.replaceAll('-', '')}.${signature(purpose, id, expires, state)}`;
    },
    idOf: (token) => parse(token)?.id ?? null,
    verify(purpose, token, state = '') {
      const parsed = parse(token);
      if (!parsed) return null;
      // Compared as text: base64url of 16 bytes has one spelling; a changed unused bit is another text.
      const expected = Buffer.from(signature(purpose, parsed.id, parsed.expires, state));
      const given = Buffer.from(parsed.given);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? { id: parsed.id, expires: parsed.expires }
        : null;
    },
  };
}
