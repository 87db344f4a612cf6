import type { SignUpInput, SignUpResult, Subscription } from '@xp/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { settleLocally } from '../../test/local-checkout.ts';
import { members } from '../member/member.tables.ts';
import { ids, t, today, useMemberDesk } from '../member/test-support.ts';
import { ok } from '../rights/test-support.ts';

/*
 * The set-up of the public sign-up's tests (decision 018): the member desk's app (member/test-support.ts),
 * calls without a session each from an address of their own, a person who signs up, and the confirmation
 * mailed to them.
 */

/** Opens the member desk's app before the file's tests and closes it after (each file builds its own). */
export const useSignUpApp = () => useMemberDesk('inschrijving.test', '10.68');

let addressSerial = 0;
/** Each call from an address of its own (the sign-up is rate limited per address), unless one is given. */
const from = (address = `10.68.${Math.floor(++addressSerial / 250)}.${addressSerial % 250}`) => address;
export const publicCall = (method: 'GET' | 'POST', url: string, payload?: unknown, address = from()) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: address,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let serial = 0;
/** The next number for a unique name or address. */
export const nextSerial = () => ++serial;

/** A new adult at Utrecht who signs up for the subscription's first variant from today. */
export const person = (subscription: Subscription, overrides: Partial<SignUpInput> = {}): SignUpInput => ({
  locationId: ids.utrecht,
  subscriptionId: subscription.id,
  variantId: subscription.variants[0]!.id,
  startDate: today,
  email: `nieuw${nextSerial()}@inschrijving.test`,
  password: 'een lang wachtwoord 42',
  confirmPassword: 'een lang wachtwoord 42',
  phoneNumber: '06 12345678',
  gender: 1,
  firstName: 'Fleur',
  lastName: `Jansen ${serial}`,
  dateOfBirth: '1995-03-04',
  street: 'Biltstraat',
  houseNumber: '8',
  postalCode: '3572 AB',
  city: 'Utrecht',
  accountHolder: 'F. Jansen',
  iban: 'NL91 ABNA 0417 1643 00',
  kiosk: false,
  ...overrides,
});
export const signUp = async (body: SignUpInput, address?: string) =>
  ok<SignUpResult>(await publicCall('POST', '/SignUp', body, address));
/** The token of the newest confirmation link mailed to an address (none: undefined). */
export async function mailedToken(email: string) {
  const [mail] = await t.db
    .select({ text: mailOutbox.text, language: mailOutbox.language })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'signUpConfirm')))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail?.text.match(/\/inschrijven\/bevestigen\/([A-Za-z0-9_-]+)/)?.[1];
}
/** The person opens the link mailed to them and confirms: where to pay. */
export async function confirmFromMail(email: string) {
  const token = await mailedToken(email);
  expect(token, `a confirmation mail to ${email}`).toBeDefined();
  return ok<{ checkoutUrl: string | null; resultToken: string | null }>(
    await publicCall('POST', `/SignUp/Confirm/${token}`),
  );
}
/** A sign-up of a new address: the answer says a mail went out; confirmed from it, where to pay. */
export async function signUpConfirmed(body: SignUpInput, address?: string) {
  expect(await signUp(body, address)).toEqual({ checkoutUrl: null, resultToken: null, mailSent: true });
  return confirmFromMail(body.email);
}
export const memberOf = async (email: string) =>
  (await t.db.select().from(members).where(sql`lower(${members.email}) = ${email.toLowerCase()}`))[0];

/** The local provider settles a payment, then its webhook arrives. */
export const settle = (checkoutUrl: string, action: string) =>
  settleLocally(t.app, t.db, { url: checkoutUrl }, action);
