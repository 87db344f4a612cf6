import { randomUUID } from 'node:crypto';
import {
  addPeriods,
  type BillingSettings,
  type CheckInResult,
  type Debtor,
  DebtPolicy,
  type Invoice,
  InvoiceStatus,
  type Member,
  PeriodType,
  type PublicInvoice,
  type PublicMembership,
  type Subscription,
  SubscriptionType,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { settleLocally } from '../../test/local-checkout.ts';
import { entryAttempts } from '../entry/entry.tables.ts';
import { invoices } from '../invoice/invoice.tables.ts';
import { members, memberships } from '../member/member.tables.ts';
import {
  brug,
  call,
  gym,
  ids,
  newMember,
  newSubscription,
  type Page,
  plain,
  t,
  takeOut,
  today,
  useMemberDesk,
  utrechtDesk,
  variant,
} from '../member/test-support.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import { createEmployee, expectFailure, ok, signIn } from '../rights/test-support.ts';
import { rowsOf } from './billing.repository.ts';
import { invoiceCollections, membershipBilling } from './billing.tables.ts';
import { runBilling } from './billing-run.ts';

/*
 * Recurring billing and dunning (decision 017): the billing run invoices each period of
 * every running membership once (also run twice, or twice at once), charges it on the member's mandate,
 * retries a failed charge once and mails the member; a member in debt is refused at the door (or let in with
 * a warning); the staff see who is in debt; the member pays and cancels from the mail's links.
 */

useMemberDesk('incasso.test', '10.67');

const qrCode = randomUUID();
beforeAll(async () => {
  await t.db.update(locations).set({ qrCode }).where(eq(locations.id, ids.utrecht));
  await t.db.update(gyms).set({ sepaCreditorId: 'NL98ZZZ999999999999' }).where(eq(gyms.id, ids.vitaal));
});

const run = (day = today) => runBilling(t.billing, { today: day });
const invoicesOf = (membershipId: number) =>
  t.db
    .select()
    .from(invoices)
    .where(eq(invoices.membershipId, membershipId))
    .orderBy(asc(invoices.periodStart));
const get = async (id: number) => ok<Invoice>(await call('GET', `/Invoice/${id}`, gym));
const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
const linkIn = (text: string, path: string) =>
  new RegExp(`http[^\\s]*/${path}/([^\\s]+)`).exec(text)?.[1] ?? '';

/** A member with a monthly membership from `startDate` (one-off costs 25,00 on the first invoice). */
async function memberWithMembership(
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
const settle = (providerPaymentId: string, action: string) =>
  settleLocally(t.app, t.db, { providerPaymentId }, action);

const providerIdOf = async (invoiceId: number) => {
  const [payment] = await rowsOf<{ id: string }>(
    t.db,
    sql`select "provider_payment_id" as "id" from "payments" where "subject" = 'invoice' and "subject_id" = ${invoiceId} order by "payments"."id" desc limit 1`,
  );
  return payment!.id;
};

describe('the demo data', () => {
  it('has members of Vitaal in arrears, which the Utrecht desk sees in part', async () => {
    const gymWide = ok<Page<Debtor>>(await call('GET', '/Member/InDebt', gym));
    expect(gymWide.total).toBeGreaterThanOrEqual(2);
    expect(gymWide.items.every((debtor) => debtor.amountDue > 0 && debtor.oldestDueDate < today)).toBe(true);
    const desk = ok<Page<Debtor>>(await call('GET', '/Member/InDebt', utrechtDesk));
    expect(desk.total).toBeLessThanOrEqual(gymWide.total!);
  });
});

describe('the billing run', () => {
  it("invoices a membership's first period with its one-off costs, mails it, and moves on to the next", async () => {
    const { member, membershipId, subscription } = await memberWithMembership();
    const result = await run();
    expect(result.invoices).toBeGreaterThanOrEqual(1);
    const [first] = await invoicesOf(membershipId);
    // The calendar month: until the day before the same day next month (clamped to that month's end).
    const nextStart = addPeriods(today, 1, PeriodType.Month);
    expect(first).toMatchObject({
      memberId: member.id,
      locationId: ids.utrecht,
      invoiceDate: today,
      dueDate: today,
      periodStart: today,
      periodEnd: addDays(nextStart, -1),
      status: InvoiceStatus.Open,
      totalCents: 2500 + 3995,
    });
    const shown = await get(first!.id);
    expect(shown.lines.map((line) => [line.description, line.totalCents])).toEqual([
      [`Eenmalige kosten ${subscription.name}`, 2500],
      [expect.stringContaining(`${subscription.name} (${subscription.variants[0]!.name})`), 3995],
    ]);
    const [billing] = await t.db
      .select()
      .from(membershipBilling)
      .where(eq(membershipBilling.membershipId, membershipId));
    expect(billing).toMatchObject({ nextPeriod: 1, nextPeriodStart: nextStart });
    // No IBAN: the mail is the invoice with its pay link and the cancel link.
    const [mail] = await mailsTo(member.email!);
    expect(mail!.subject).toBe(`Factuur ${first!.invoiceNumber} van Vitaal Sportcentra`);
    expect(linkIn(mail!.text, 'betalen')).not.toBe('');
    expect(linkIn(mail!.text, 'afmelden')).not.toBe('');
    expect(mail!.text).not.toContain('Machtigingskenmerk');
  });

  it('invoices nothing twice: a second run, and two runs at once, make each period once without a gap', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, () => memberWithMembership()));
    const [a, b] = await Promise.all([run(), run()]);
    const again = await run();
    expect(again.invoices).toBe(0);
    expect(a.invoices + b.invoices).toBeGreaterThanOrEqual(6);
    for (const { membershipId } of made) expect(await invoicesOf(membershipId)).toHaveLength(1);
    // The gym's numbers of this year run without a gap or a double.
    const numbers = (
      await t.db
        .select({ sequence: invoices.sequence })
        .from(invoices)
        .where(and(eq(invoices.gymId, ids.vitaal), eq(invoices.year, Number(today.slice(0, 4)))))
    )
      .map((row) => row.sequence)
      .sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.at(-1)! - numbers[0]! + 1).toBe(numbers.length);
  });

  it('invoices the next period 14 days before it starts, and catches up periods missed', async () => {
    const { membershipId } = await memberWithMembership({ startDate: addDays(today, -75) });
    // The membership started 75 days ago: its periods until 14 days ahead are invoiced, the first with its
    // one-off costs, each once.
    await run();
    const made = await invoicesOf(membershipId);
    expect(made.length).toBeGreaterThanOrEqual(3);
    expect(made[0]!.totalCents).toBe(2500 + 3995);
    expect(made.slice(1).every((invoice) => invoice.totalCents === 3995)).toBe(true);
    expect(made.every((invoice) => invoice.periodStart! <= addDays(today, 14))).toBe(true);
    const [billing] = await t.db
      .select()
      .from(membershipBilling)
      .where(eq(membershipBilling.membershipId, membershipId));
    expect(billing!.nextPeriodStart! > addDays(today, 14)).toBe(true);
    expect((await run()).invoices).toBe(0);
  });

  it('invoices a prepaid term whole on the first invoice, and nothing after', async () => {
    const subscription = await newSubscription({
      type: SubscriptionType.Prepaid,
      variants: [variant({ durationPeriodAmount: 3, pricePerPeriod: 5000 })],
    });
    const { membershipId } = await memberWithMembership({ subscription });
    await run();
    await run(addDays(today, 40));
    await run(addDays(today, 80));
    const made = await invoicesOf(membershipId);
    expect(made).toHaveLength(1);
    expect(made[0]!.totalCents).toBe(3 * 5000);
  });

  it('bills a prepaid term of three months exactly three periods for a start on every day of a leap year', async () => {
    // The membership's term end (the contracts' `termEnd`) and the billing's periods (`billing_period_start`
    // in SQL) must agree on month ends: a start on the 29th-31st once billed a fourth period.
    const subscription = await newSubscription({
      type: SubscriptionType.Prepaid,
      variants: [variant({ durationPeriodAmount: 3, pricePerPeriod: 5000 })],
    });
    const member = await newMember();
    const starts = Array.from({ length: 366 }, (_, day) => addDays('2028-01-01', day));
    for (const startDate of starts) ok(await takeOut(member, subscription, { startDate }));
    const made = await rowsOf<{
      start: string;
      end: string;
      fourth: string;
      invoices: number;
      cents: number;
    }>(
      t.db,
      sql`select ms."start_date"::text as "start", ms."end_date"::text as "end",
        "billing_period_start"(ms."start_date", 3, 1, 1::smallint)::text as "fourth",
        count(i."id")::int as "invoices", coalesce(sum(i."total_cents"), 0)::int as "cents"
      from "memberships" ms left join "invoices" i on i."membership_id" = ms."id"
      where ms."member_id" = ${member.id} group by ms."id" order by ms."start_date"`,
    );
    expect(made.map((row) => row.start)).toEqual(starts);
    for (const row of made) {
      expect(row.end, row.start).toBe(addDays(addPeriods(row.start, 3, PeriodType.Month), -1));
      expect(addDays(row.end, 1), row.start).toBe(row.fourth);
    }
    await run('2029-06-01');
    const billed = await rowsOf<{ start: string; invoices: number; cents: number }>(
      t.db,
      sql`select ms."start_date"::text as "start", count(i."id")::int as "invoices",
        coalesce(sum(i."total_cents"), 0)::int as "cents"
      from "memberships" ms left join "invoices" i on i."membership_id" = ms."id"
      where ms."member_id" = ${member.id} group by ms."id" order by ms."start_date"`,
    );
    const wrong = billed.filter((row) => row.invoices !== 1 || row.cents !== 3 * 5000);
    expect(wrong).toEqual([]);
    // 366 memberships through the HTTP layer: ~20 s alone, more on a loaded machine.
  }, 180_000);

  it('leaves out a period that starts in a pause or after the end, and bills again when the end is taken back', async () => {
    const { member, membershipId } = await memberWithMembership({ startDate: addDays(today, -40) });
    await run();
    const before = (await invoicesOf(membershipId)).length;
    // Ended before the next period starts: nothing more.
    const [billing] = await t.db
      .select()
      .from(membershipBilling)
      .where(eq(membershipBilling.membershipId, membershipId));
    const next = billing!.nextPeriodStart!;
    const current = await call('GET', `/Member/${member.id}`, gym);
    const membership = (current.json().data as Member).memberships[0]!;
    ok(await call('PUT', `/Membership/${membership.id}/End`, gym, { endDate: addDays(next, -1) }));
    await run(addDays(next, -1));
    expect(await invoicesOf(membershipId)).toHaveLength(before);
    // Ended later after all: the next period is invoiced again.
    ok(await call('PUT', `/Membership/${membership.id}/End`, gym, { endDate: addDays(next, 90) }));
    await run(addDays(next, -1));
    expect(await invoicesOf(membershipId)).toHaveLength(before + 1);
  });

  it('never invoices a free membership', async () => {
    const subscription = await newSubscription({ variants: [variant({ pricePerPeriod: 0 })] });
    const { membershipId } = await memberWithMembership({ subscription });
    await run();
    expect(await invoicesOf(membershipId)).toHaveLength(0);
  });
});

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
