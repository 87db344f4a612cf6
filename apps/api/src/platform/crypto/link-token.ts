import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links for pages a person opens from a mail without signing in (pay an invoice, end a membership;
 * decision 017): `<id>.<signature>`, the signature an HMAC-SHA256 of the purpose and the id under the
 * server's secret, 128 bits of it. Nothing is stored; a link of one purpose does not open another, and an id
 * changed by hand does not verify.
 */
export interface LinkSigner {
  sign(purpose: string, id: number): string;
  /** The id a token was signed for, or null (wrong purpose, changed, or not a token). */
  verify(purpose: string, token: string): number | null;
}

export function createLinkSigner(secret: string): LinkSigner {
  const signature = (purpose: string, id: number) =>
    createHmac('sha256', secret).update(`link:${purpose}:${id}`).digest().subarray(0, 16);
  return {
    sign: (purpose, id) => `${id}.${signature(purpose, id).toString('base64url')}`,
    verify(purpose, token) {
      const match = /^(\d{1,10})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match) return null;
      const id = Number(match[1]);
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = signature(purpose, id);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
