import { randomUUID } from 'node:crypto';
import {
  addPeriods,
  type BillingSettings,
  type CheckInResult,
  type Debtor,
  DebtPolicy,
  InvoiceStatus,
  PeriodType,
  type PublicInvoice,
  type PublicMembership,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { entryAttempts } from '../entry/entry.tables.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import { members, memberships } from '../member/member.tables.ts';
import { brug, call, gym, ids, type Page, plain, t, today, utrechtDesk } from '../member/test-support.ts';
import { createEmployee, expectFailure, ok, signIn } from '../rights/test-support.ts';
import { invoiceCollections } from './billing.tables.ts';
import {
  get,
  invoicesOf,
  linkIn,
  mailsTo,
  memberWithMembership,
  providerIdOf,
  qrCode,
  run,
  settle,
  useTestApp,
} from './billing-test-setup.ts';

useTestApp();

describe('direct debits', () => {
  it('pre-notifies, makes the mandate from the IBAN, charges on the due date, and the webhook marks it paid', async () => {
    const { member, membershipId } = await memberWithMembership({
      startDate: addDays(today, 10),
      iban: 'NL91 ABNA 0417 1643 00',
    });
    await run();
    const [invoice] = await invoicesOf(membershipId);
    expect(invoice!.dueDate).toBe(addDays(today, 10));
    const [notice] = await mailsTo(member.email!);
    expect(notice!.text).toContain(`Machtigingskenmerk XP-${ids.vitaal}-${member.id}`);
    expect(notice!.text).toContain('incassant-ID NL98ZZZ999999999999');
    expect(notice!.text).toContain('eindigend op 4300');
    // Not charged before its day.
    expect((await get(invoice!.id)).payments).toHaveLength(0);
    const due = await run(addDays(today, 10));
    expect(due.charges).toBeGreaterThanOrEqual(1);
    const charged = await get(invoice!.id);
    expect(charged.status).toBe(InvoiceStatus.Pending);
    expect(charged.payments).toHaveLength(1);
    expect(
      await t.db.select().from(invoiceCollections).where(eq(invoiceCollections.invoiceId, invoice!.id)),
    ).toHaveLength(0);
    // Charged once, also when run again.
    await run(addDays(today, 10));
    expect((await get(invoice!.id)).payments).toHaveLength(1);
    await settle(await providerIdOf(invoice!.id), 'paid');
    expect((await get(invoice!.id)).status).toBe(InvoiceStatus.Paid);
  });

  it('a failed charge: a mail with a pay link, one retry after the retry days, then no more', async () => {
    const { member, membershipId } = await memberWithMembership({ iban: 'NL91ABNA0417164300' });
    await run();
    const [invoice] = await invoicesOf(membershipId);
    await settle(await providerIdOf(invoice!.id), 'failed');
    expect((await get(invoice!.id)).status).toBe(InvoiceStatus.Failed);
    const retryOn = addDays(today, 5);
    const failed = (await mailsTo(member.email!)).at(-1)!;
    expect(failed.subject).toBe(`Betaling van factuur ${invoice!.invoiceNumber} is niet gelukt`);
    expect(failed.text).toContain(`${retryOn.slice(8, 10)}-${retryOn.slice(5, 7)}-${retryOn.slice(0, 4)}`);
    // Not before the retry day; then once.
    await run(addDays(today, 4));
    expect((await get(invoice!.id)).payments).toHaveLength(1);
    await run(retryOn);
    expect((await get(invoice!.id)).payments).toHaveLength(2);
    await settle(await providerIdOf(invoice!.id), 'failed');
    const last = (await mailsTo(member.email!)).at(-1)!;
    expect(last.text).toContain('Betaal de factuur graag zelf');
    await run(addDays(today, 30));
    expect((await get(invoice!.id)).payments).toHaveLength(2);
  });

  it('a charge paid at the desk in the meantime is not made', async () => {
    const { membershipId } = await memberWithMembership({
      startDate: addDays(today, 3),
      iban: 'NL91ABNA0417164300',
    });
    await run();
    const [invoice] = await invoicesOf(membershipId);
    ok(await call('PUT', `/Invoice/${invoice!.id}/MarkPaid`, gym, { paymentMethod: 1 }));
    await run(addDays(today, 3));
    expect((await get(invoice!.id)).payments).toHaveLength(0);
  });
});

describe('debt', () => {
  /** A member of Vitaal with the member app and a monthly membership; an invoice due `daysAgo` days ago. */
  async function memberInDebt(daysAgo: number) {
    const email = `schuld${randomUUID().slice(0, 8)}@incasso.test`;
    const userId = await createEmployee(t, { email, firstName: 'Lid', lastName: 'Schuld' });
    const { member, membershipId } = await memberWithMembership();
    await t.db.update(members).set({ userId, email }).where(eq(members.id, member.id));
    await run();
    const [invoice] = await invoicesOf(membershipId);
    await t.db
      .update(invoices)
      .set({ dueDate: addDays(today, -daysAgo) })
      .where(eq(invoices.id, invoice!.id));
    const app = await signIn(t, email, '10.67');
    const scan = async () => ok<CheckInResult>(await call('POST', '/Entry/CheckIn', app, { qrCode }));
    return { member: { ...member, email }, invoice: invoice!, scan };
  }

  it("refuses a member in debt at the door with 'openPayment', until paid", async () => {
    const within = await memberInDebt(14);
    expect((await within.scan()).admitted).toBe(true);
    const { member, invoice, scan } = await memberInDebt(15);
    expect(await scan()).toMatchObject({ admitted: false, reason: 'openPayment' });
    ok(await call('PUT', `/Invoice/${invoice.id}/MarkPaid`, gym, { paymentMethod: 1 }));
    expect(await scan()).toMatchObject({ admitted: true, reason: null });
    const attempts = await t.db.select().from(entryAttempts).where(eq(entryAttempts.memberId, member.id));
    expect(attempts.map((attempt) => attempt.reason)).toEqual(['openPayment']);
  });

  it('lets them in with a warning where the location only warns', async () => {
    ok(
      await call('PUT', `/Location/${ids.utrecht}/BillingSettings`, gym, {
        debtPolicy: DebtPolicy.Warn,
        paymentRetryDays: 5,
        paymentGraceDays: 14,
      }),
    );
    try {
      const { member, scan } = await memberInDebt(30);
      const answer = await scan();
      expect(answer).toMatchObject({ admitted: true, reason: 'openPayment' });
      const [attempt] = await t.db.select().from(entryAttempts).where(eq(entryAttempts.memberId, member.id));
      expect(attempt).toMatchObject({ reason: 'openPayment', approvedEntryId: answer.entryId });
    } finally {
      ok(
        await call('PUT', `/Location/${ids.utrecht}/BillingSettings`, gym, {
          debtPolicy: DebtPolicy.Block,
          paymentRetryDays: 5,
          paymentGraceDays: 14,
        }),
      );
    }
  });

  it('mails the free reminder once when a member falls into debt', async () => {
    const { member, invoice } = await memberInDebt(20);
    await run();
    await run();
    const reminders = (await mailsTo(member.email!)).filter((mail) => mail.subject.startsWith('Herinnering'));
    expect(reminders).toHaveLength(1);
    const payBy = addDays(today, 14);
    expect(reminders[0]!.text).toContain(`${payBy.slice(8, 10)}-${payBy.slice(5, 7)}-${payBy.slice(0, 4)}`);
    expect(reminders[0]!.text).toContain(invoice.invoiceNumber);
  });

  it('lists the members in debt of the gym or location, with what is overdue', async () => {
    const { member, invoice } = await memberInDebt(40);
    const list = ok<Page<Debtor>>(await call('GET', `/Member/InDebt?search=${member.lastName}`, gym));
    expect(list.items).toEqual([
      {
        memberId: member.id,
        fullName: member.fullName,
        email: expect.any(String),
        amountDue: invoice.totalCents,
        invoiceCount: 1,
        oldestDueDate: addDays(today, -40),
      },
    ]);
    const sorted = ok<Page<Debtor>>(await call('GET', '/Member/InDebt?sort=amountDue&direction=desc', gym));
    const amounts = sorted.items.map((item) => item.amountDue);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(sorted.total).toBeGreaterThanOrEqual(1);
    // The Utrecht desk sees its location's; De Brug none of Vitaal's.
    const desk = ok<Page<Debtor>>(await call('GET', `/Member/InDebt?search=${member.lastName}`, utrechtDesk));
    expect(desk.items.map((item) => item.memberId)).toEqual([member.id]);
    const other = ok<Page<Debtor>>(await call('GET', `/Member/InDebt?search=${member.lastName}`, brug));
    expect(other.items).toEqual([]);
    expectForbidden(await call('GET', '/Member/InDebt', plain));
    expectSignInRequired(await call('GET', '/Member/InDebt', ''));
  });
});

describe("a location's dunning rules", () => {
  it('are read and changed with the rights to change the location, within bounds, audited', async () => {
    const settings = ok<BillingSettings>(
      await call('GET', `/Location/${ids.amersfoort}/BillingSettings`, gym),
    );
    expect(settings).toEqual({
      locationId: ids.amersfoort,
      debtPolicy: DebtPolicy.Block,
      paymentRetryDays: 5,
      paymentGraceDays: 14,
    });
    const changed = ok<BillingSettings>(
      await call('PUT', `/Location/${ids.amersfoort}/BillingSettings`, gym, {
        debtPolicy: DebtPolicy.Warn,
        paymentRetryDays: 7,
        paymentGraceDays: 30,
      }),
    );
    expect(changed).toMatchObject({ debtPolicy: DebtPolicy.Warn, paymentRetryDays: 7, paymentGraceDays: 30 });
    for (const [body, key] of [
      [{ debtPolicy: 2, paymentRetryDays: 5, paymentGraceDays: 14 }, 'debtPolicy'],
      [{ debtPolicy: 0, paymentRetryDays: 0, paymentGraceDays: 14 }, 'paymentRetryDays'],
      [{ debtPolicy: 0, paymentRetryDays: 5, paymentGraceDays: 91 }, 'paymentGraceDays'],
    ] as const) {
      const response = await call('PUT', `/Location/${ids.amersfoort}/BillingSettings`, gym, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.map((error: { key: string }) => error.key)).toContain(key);
    }
    expect(
      ok<BillingSettings>(await call('GET', `/Location/${ids.amersfoort}/BillingSettings`, gym)),
    ).toEqual(changed);
    expect((await call('GET', `/Location/${ids.amersfoort}/BillingSettings`, brug)).statusCode).toBe(404);
    expectForbidden(await call('GET', `/Location/${ids.amersfoort}/BillingSettings`, utrechtDesk));
  });
});

describe("the member's pages", () => {
  it('the pay link shows the invoice and pays it; a forged or changed link opens nothing', async () => {
    const { member, membershipId } = await memberWithMembership();
    await run();
    const [invoice] = await invoicesOf(membershipId);
    const token = linkIn((await mailsTo(member.email!))[0]!.text, 'betalen');
    const shown = ok<PublicInvoice>(await call('GET', `/Invoice/Public/${token}`, ''));
    expect(shown).toEqual({
      gymName: 'Vitaal Sportcentra',
      invoiceNumber: invoice!.invoiceNumber,
      invoiceDate: today,
      dueDate: today,
      totalAmount: invoice!.totalCents,
      status: InvoiceStatus.Open,
      isPayable: true,
      isPending: false,
    });
    const paid = ok<{ checkoutUrl: string }>(await call('POST', `/Invoice/Public/${token}/Pay`, '', {}));
    expect(paid.checkoutUrl).toMatch(/\/dev\/checkout\/tr_local_/);
    // The same open checkout again.
    expect(
      ok<{ checkoutUrl: string }>(await call('POST', `/Invoice/Public/${token}/Pay`, '', {})).checkoutUrl,
    ).toBe(paid.checkoutUrl);
    await settle(new URL(paid.checkoutUrl).pathname.split('/').at(-1)!, 'paid');
    expect(ok<PublicInvoice>(await call('GET', `/Invoice/Public/${token}`, ''))).toMatchObject({
      status: InvoiceStatus.Paid,
      isPayable: false,
    });
    expectFailure(
      await call('POST', `/Invoice/Public/${token}/Pay`, '', {}),
      409,
      'general',
      'invoice.errors.notPayable',
    );
    const [id, expires, signature] = token.split('.');
    for (const forged of [
      `${Number(id) + 1}.${expires}.${signature}`,
      `${id}.${expires}.${'A'.repeat(22)}`,
    ]) {
      expectFailure(
        await call('GET', `/Invoice/Public/${forged}`, ''),
        404,
        'general',
        'billing.errors.linkNotFound',
      );
    }
    expect((await call('GET', '/Invoice/Public/nonsense', '')).statusCode).toBe(400);
    // A cancel link is not a pay link.
    const cancel = linkIn((await mailsTo(member.email!))[0]!.text, 'afmelden');
    expectFailure(
      await call('GET', `/Invoice/Public/${cancel}`, ''),
      404,
      'general',
      'billing.errors.linkNotFound',
    );
  });

  it('the cancel link ends the membership after its notice period, once, and confirms it by mail', async () => {
    const { member } = await memberWithMembership({ startDate: addDays(today, -100) });
    await run();
    const token = linkIn((await mailsTo(member.email!))[0]!.text, 'afmelden');
    const shown = ok<PublicMembership>(await call('GET', `/Membership/Public/${token}`, ''));
    const earliest = addPeriods(today, 1, PeriodType.Month);
    expect(shown).toMatchObject({
      gymName: 'Vitaal Sportcentra',
      firstName: 'Sanne',
      endDate: null,
      noticePeriodAmount: 1,
      noticePeriodType: PeriodType.Month,
      earliestEndDate: earliest,
      canCancel: true,
    });
    const ended = ok<PublicMembership>(await call('POST', `/Membership/Public/${token}/Cancel`, ''));
    expect(ended).toMatchObject({ endDate: earliest, canCancel: false });
    // The link works once (decision 017): spent, it opens nothing.
    expectFailure(
      await call('POST', `/Membership/Public/${token}/Cancel`, ''),
      404,
      'general',
      'billing.errors.linkNotFound',
    );
    const confirmations = (await mailsTo(member.email!)).filter((mail) => mail.subject.includes('opgezegd'));
    expect(confirmations).toHaveLength(1);
    const [row] = await t.db
      .select({ endDate: memberships.endDate })
      .from(memberships)
      .where(eq(memberships.memberId, member.id));
    expect(row!.endDate).toBe(earliest);
    const [id, expires, signature] = token.split('.');
    expectFailure(
      await call('POST', `/Membership/Public/${Number(id) + 1}.${expires}.${signature}/Cancel`, ''),
      404,
      'general',
      'billing.errors.linkNotFound',
    );
  });
});
