/**
 * Where the result page's `terug` may lead: a sign-up page of this site (the kiosk's start), never
 * elsewhere, as the link could be forged. The contracts' rule, which the server applies to where a payment
 * comes back to (decision 017); that module imports nothing, so the result route's search check keeps it on the
 * first screen without zod.
 */
export { safeReturnPath } from '@xp/contracts/return-path';
