import { createHmac } from 'node:crypto';
import type { PublicInvoice, PublicMembership } from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLinkSigner, DEFAULT_LINK_DAYS } from '../../platform/crypto/link-token.ts';
import { generatedSetting } from '../../platform/db/settings.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import { memberships } from '../member/member.tables.ts';
import {
  call,
  newMember,
  newSubscription,
  t,
  takeOut,
  today,
  useMemberDesk,
  variant,
} from '../member/test-support.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { runBilling } from './billing-run.ts';
import { CANCEL_LINK_DAYS, PAY_LINK_DAYS, PREVIOUS_LINKS_UNTIL } from './member-links.ts';

/*
 * The signed pay and cancel links of the member's mails (decision 017): one canonical spelling
 * only, a last day that outlives the invoice's due date, and a cancel link that works once. Links of the
 * format before are honoured until PREVIOUS_LINKS_UNTIL, a cancel link of it only while the membership has
 * no end.
 */

useMemberDesk('links.test', '10.96');

const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
const linkIn = (text: string, path: string) =>
  new RegExp(`http[^\\s]*/${path}/([^\\s]+)`).exec(text)?.[1] ?? '';
const compact = (day: string) => day.replaceAll('-', '');

/** A member with a monthly membership from today, billed: the first invoice mail's links. */
async function billedMember() {
  const subscription = await newSubscription({ variants: [variant({ oneOffCosts: 2500 })] });
  const member = await newMember();
  ok(await takeOut(member, subscription, { startDate: today }));
  const [membership] = await t.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.memberId, member.id));
  await runBilling(t.billing, { today });
  const [mail] = await mailsTo(member.email!);
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.membershipId, membership!.id));
  return {
    member,
    membershipId: membership!.id,
    invoice: invoice!,
    pay: linkIn(mail!.text, 'betalen'),
    cancel: linkIn(mail!.text, 'afmelden'),
  };
}

const showInvoice = (token: string) => call('GET', `/Invoice/Public/${token}`, '');
const showMembership = (token: string) => call('GET', `/Membership/Public/${token}`, '');
const cancelMembership = (token: string) => call('POST', `/Membership/Public/${token}/Cancel`, '');
const expectNotFound = (response: Awaited<ReturnType<typeof call>>) =>
  expectFailure(response, 404, 'general', 'billing.errors.linkNotFound');

/** The token of the format before (`<id>.<signature>`), under the app's own secret. */
async function previousFormat(purpose: string, id: number) {
  const secret = await generatedSetting(t.db, 'session_secret');
  const signature = createHmac('sha256', secret)
    .update(`link:${purpose}:${id}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
  return `${id}.${signature}`;
}

describe('the canonical form only', () => {
  it('refuses an id with a leading zero and a signature with other unused bits', async () => {
    const { pay, cancel } = await billedMember();
    ok<PublicInvoice>(await showInvoice(pay));
    ok<PublicMembership>(await showMembership(cancel));
    for (const token of [pay, cancel]) {
      const [id, expires, signature] = token.split('.') as [string, string, string];
      // 22 base64url characters carry 132 bits; the signature is 128: the last one's low 4 bits are unused.
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const last = alphabet.indexOf(signature.at(-1)!);
      const altered = signature.slice(0, -1) + alphabet[last ^ 1];
      expect(Buffer.from(altered, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
      const forms = [
        `0${id}.${expires}.${signature}`,
        `${id}.${expires}.${altered}`,
        `00${id}.${expires}.${signature}`,
      ];
      for (const forged of forms) {
        expectNotFound(await (token === pay ? showInvoice(forged) : showMembership(forged)));
      }
    }
  });

  it('the format before: the same, and a changed id or signature opens nothing', async () => {
    const { invoice } = await billedMember();
    const token = await previousFormat('invoice', invoice.id);
    // Honoured until PREVIOUS_LINKS_UNTIL (the next test); after it, nothing opens either way.
    if (today <= PREVIOUS_LINKS_UNTIL) ok<PublicInvoice>(await showInvoice(token));
    const [id, signature] = token.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const altered = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 2];
    for (const forged of [`0${id}.${signature}`, `${id}.${altered}`, `${Number(id) + 1}.${signature}`])
      expectNotFound(await showInvoice(forged));
  });
});

describe('a last day', () => {
  it("a pay link opens well past the invoice's due date, and not after its last day", async () => {
    const { pay, invoice } = await billedMember();
    const [id, expires] = pay.split('.') as [string, string];
    expect(expires).toBe(compact(addDays(today, PAY_LINK_DAYS)));
    expect(expires > compact(addDays(invoice.dueDate, 60))).toBe(true);
    const links = createLinkSigner(await generatedSetting(t.db, 'session_secret'));
    ok<PublicInvoice>(await showInvoice(links.sign('invoice', Number(id), today)));
    expectNotFound(await showInvoice(links.sign('invoice', Number(id), addDays(today, -1))));
    // The expiry is signed: changed by hand, the link opens nothing.
    const [, , signature] = pay.split('.');
    expectNotFound(await showInvoice(`${id}.${compact(addDays(today, 1000))}.${signature}`));
    // Not a day.
    expect((await showInvoice(`${id}.20270231.${signature}`)).statusCode).toBe(404);
  });

  it('a cancel link opens for more than a year; a token without a day lasts DEFAULT_LINK_DAYS', async () => {
    const { cancel } = await billedMember();
    expect(cancel.split('.')[1]).toBe(compact(addDays(today, CANCEL_LINK_DAYS)));
    const links = createLinkSigner('s'.repeat(40));
    expect(links.sign('invoice', 7).split('.')[1]).toBe(compact(addDays(today, DEFAULT_LINK_DAYS)));
    expect(links.verify('invoice', links.sign('invoice', 7))).toEqual({
      id: 7,
      expires: addDays(today, DEFAULT_LINK_DAYS),
    });
    expect(links.verify('membership', links.sign('invoice', 7))).toBeNull();
  });

  it(`honours a link of the format before until ${PREVIOUS_LINKS_UNTIL}`, async () => {
    const { invoice } = await billedMember();
    const token = await previousFormat('invoice', invoice.id);
    const response = await showInvoice(token);
    if (today <= PREVIOUS_LINKS_UNTIL) ok<PublicInvoice>(response);
    else expectNotFound(response);
  });
});

describe('a cancel link works once', () => {
  it('ends the membership, then opens nothing; a newer mail has a link that opens', async () => {
    const { cancel, membershipId, member } = await billedMember();
    const ended = ok<PublicMembership>(await cancelMembership(cancel));
    expect(ended.endDate).not.toBeNull();
    expectNotFound(await cancelMembership(cancel));
    expectNotFound(await showMembership(cancel));
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(row!.endDate).toBe(ended.endDate);
    const confirmations = (await mailsTo(member.email!)).filter((mail) => mail.subject.includes('opgezegd'));
    expect(confirmations).toHaveLength(1);
  });

  it('a change of the end at the desk spends the links mailed before', async () => {
    const { cancel, membershipId } = await billedMember();
    await t.db
      .update(memberships)
      .set({ endDate: addDays(today, 300) })
      .where(eq(memberships.id, membershipId));
    expectNotFound(await showMembership(cancel));
  });

  it('one of the format before works only while the membership has no end', async () => {
    const { membershipId } = await billedMember();
    const token = await previousFormat('membership', membershipId);
    if (today > PREVIOUS_LINKS_UNTIL) return expectNotFound(await showMembership(token));
    ok<PublicMembership>(await showMembership(token));
    ok<PublicMembership>(await cancelMembership(token));
    expectNotFound(await cancelMembership(token));
    expectNotFound(await showMembership(token));
  });
});

describe('where a payment comes back to', () => {
  it("takes the web client's rule: no '..', no '//', nothing but a sign-up page in terug", async () => {
    const { pay } = await billedMember();
    const result = `/inschrijven/resultaat/${pay}`;
    for (const returnPath of [
      `${result}?terug=%2Finschrijven%2F..%2F..%2Fadmin`,
      `${result}?terug=%2Finschrijven%2F%2F%2Felders.example`,
      `${result}?terug=%2Finschrijven%2Fx.y`,
      `${result}?terug=%2Finschrijven%2Fvitaal&x=1`,
      '/inschrijven/resultaat/../../admin',
    ]) {
      expectFailure(
        await call('POST', `/Invoice/Public/${pay}/Pay`, '', { returnPath }),
        400,
        'returnPath',
        'billing.errors.returnPathInvalid',
      );
    }
    const back = `${result}?terug=${encodeURIComponent('/inschrijven/vitaal/vitaal-utrecht-centrum/kiosk')}`;
    const paid = ok<{ checkoutUrl: string }>(
      await call('POST', `/Invoice/Public/${pay}/Pay`, '', { returnPath: back }),
    );
    expect(paid.checkoutUrl).toMatch(/\/dev\/checkout\//);
  });
});
