import { randomUUID } from 'node:crypto';
import type { Invoice, Subscription } from '@xp/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { settleLocally } from '../../test/local-checkout.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import { members, memberships } from '../member/member.tables.ts';
import {
  call,
  gym,
  ids,
  newMember,
  newSubscription,
  t,
  takeOut,
  today,
  useMemberDesk,
  variant,
} from '../member/test-support.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { ok } from '../rights/test-support.ts';
import { rowsOf } from './billing.repository.ts';
import { runBilling } from './billing-run.ts';

/*
 * Recurring billing and dunning (decision 017): the billing run invoices each period of
 * every running membership once (also run twice, or twice at once), charges it on the member's mandate,
 * retries a failed charge once and mails the member; a member in debt is refused at the door (or let in with
 * a warning); the staff see who is in debt; the member pays and cancels from the mail's links.
 */

export const qrCode = randomUUID();

export const run = (day = today) => runBilling(t.billing, { today: day });
export const invoicesOf = (membershipId: number) =>
  t.db
    .select()
    .from(invoices)
    .where(eq(invoices.membershipId, membershipId))
    .orderBy(asc(invoices.periodStart));
export const get = async (id: number) => ok<Invoice>(await call('GET', `/Invoice/${id}`, gym));
export const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
export const linkIn = (text: string, path: string) =>
  new RegExp(`http[^\\s]*/${path}/([^\\s]+)`).exec(text)?.[1] ?? '';

/** A member with a monthly membership from `startDate` (one-off costs 25,00 on the first invoice). */
export async function memberWithMembership(
  options: { startDate?: string; iban?: string; subscription?: Subscription } = {},
) {
  const subscription =
    options.subscription ?? (await newSubscription({ variants: [variant({ oneOffCosts: 2500 })] }));
  const member = await newMember();
  if (options.iban)
    await t.db
      .update(members)
      .set({ iban: options.iban, accountHolder: 'S. de Vries' })
      .where(eq(members.id, member.id));
  ok(await takeOut(member, subscription, { startDate: options.startDate ?? today }));
  const [membership] = await t.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.memberId, member.id));
  return { member, subscription, membershipId: membership!.id };
}

/** The local provider settles a payment, then its webhook arrives as the provider posts it. */
export const settle = (providerPaymentId: string, action: string) =>
  settleLocally(t.app, t.db, { providerPaymentId }, action);

export const providerIdOf = async (invoiceId: number) => {
  const [payment] = await rowsOf<{ id: string }>(
    t.db,
    sql`select "provider_payment_id" as "id" from "payments" where "subject" = 'invoice' and "subject_id" = ${invoiceId} order by "payments"."id" desc limit 1`,
  );
  return payment!.id;
};

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  useMemberDesk('incasso.test', '10.67');
  beforeAll(async () => {
    await t.db.update(locations).set({ qrCode }).where(eq(locations.id, ids.utrecht));
    await t.db.update(gyms).set({ sepaCreditorId: 'NL98ZZZ999999999999' }).where(eq(gyms.id, ids.vitaal));
  });
}
