/**
 * Where the result page's `terug` may lead: a sign-up page of this site (the kiosk's start), never
 * elsewhere, as the link could be forged. Imports nothing: the result route's search check uses it, on the
 * first screen (imported by a lazy chunk too, it would become a first-screen file of its own).
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return /^\/inschrijven(\/[A-Za-z0-9_\-/]*)?$/.test(value) && !value.includes('//') ? value : undefined;
}
