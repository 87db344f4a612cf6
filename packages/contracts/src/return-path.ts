/*
 * Where a person is sent back to, one rule for the web client and the server (decision 017): the web app's
 * result route checks its `terug` with `safeReturnPath`, and the server checks the `returnPath` a payment
 * comes back to with `isSignUpResultPath`, which takes the same `terug` rule. Imports nothing: the result
 * route uses it on the first screen.
 */

/** A sign-up page of this site (`/inschrijven/...`): letters, digits, `_`, `-` and single slashes only. */
const SIGN_UP_PAGE = /^\/inschrijven(\/[A-Za-z0-9_-]+)*\/?$/;

/**
 * Where the sign-up's result page may lead back to (its `terug`, the kiosk's start): a sign-up page of this
 * site, never elsewhere, as the link could be forged; no `..`, no `//`, no query. Else undefined.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return SIGN_UP_PAGE.test(value) && !value.includes('//') ? value : undefined;
}

/** The sign-up's result page: `/inschrijven/resultaat/{token}`, its token as the server signs them. */
const SIGN_UP_RESULT =
  /^\/inschrijven\/resultaat\/(?=[A-Za-z0-9._-]{1,100}$)[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/**
 * Where a payment from the sign-up's result page comes back to: that page, with the kiosk's `?terug=`
 * (`encodeURIComponent` of a `safeReturnPath`, written exactly so) or without. Nothing else: no other
 * site, no `..`, no `//`, no other query.
 */
export function isSignUpResultPath(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 400) return false;
  const [path, query, ...rest] = value.split('?');
  if (rest.length > 0 || !SIGN_UP_RESULT.test(path!)) return false;
  if (query === undefined) return true;
  if (!query.startsWith('terug=')) return false;
  const encoded = query.slice('terug='.length);
  let back: string;
  try {
    back = decodeURIComponent(encoded);
  } catch {
    return false;
  }
  return safeReturnPath(back) !== undefined && encodeURIComponent(back) === encoded;
}
