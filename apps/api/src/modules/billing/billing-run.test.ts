import {
  addPeriods,
  type Debtor,
  InvoiceStatus,
  type Member,
  PeriodType,
  SubscriptionType,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../invoice/invoice.tables.ts';
import {
  call,
  gym,
  ids,
  newMember,
  newSubscription,
  type Page,
  t,
  takeOut,
  today,
  utrechtDesk,
  variant,
} from '../member/test-support.ts';
import { ok } from '../rights/test-support.ts';
import { rowsOf } from './billing.repository.ts';
import { membershipBilling } from './billing.tables.ts';
import {
  get,
  invoicesOf,
  linkIn,
  mailsTo,
  memberWithMembership,
  run,
  useTestApp,
} from './billing-test-setup.ts';

useTestApp();

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
