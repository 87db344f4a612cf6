import { type Invoice, type InvoiceListItem, InvoiceStatus, PaymentMethod } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { settleLocally } from '../../test/local-checkout.ts';
import {
  amersfoortDesk,
  auditRows,
  brug,
  call,
  gym,
  ids,
  newMember,
  type Page,
  plain,
  t,
  today,
  utrechtDesk,
} from '../member/test-support.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { invoiceLines, invoices } from './invoice.tables.ts';
import { issue, lines, useInvoiceApp } from './invoice-test-setup.ts';

/*
 * Invoices (decision 016): issued to a member with lines and VAT per rate, numbered without gaps per
 * gym and year, never changed or deleted (a credit invoice cancels one), paid at the desk or by a payment
 * whose webhook moves the invoice; scoped to the active gym or location. The PDF: invoice-pdf.test.ts.
 */

useInvoiceApp();

const year = today.slice(0, 4);
const sequenceOf = (invoice: { invoiceNumber: string }) => Number(invoice.invoiceNumber.split('-')[1]);

/** The local provider's checkout of the newest payment, then the webhook as the provider posts it. */
async function settle(invoice: Invoice, action: string) {
  await settleLocally(t.app, t.db, { url: invoice.payments[0]!.checkoutUrl! }, action);
  return ok<Invoice>(await call('GET', `/Invoice/${invoice.id}`, gym));
}

describe('issuing an invoice', () => {
  it('computes lines, VAT per rate and totals, numbers it, dates it and audits it', async () => {
    const member = await newMember();
    const invoice = await issue(member.id);
    expect(invoice).toMatchObject({
      invoiceDate: today,
      memberId: member.id,
      memberName: member.fullName,
      locationId: ids.utrecht,
      locationName: 'Vitaal Utrecht Centrum',
      status: InvoiceStatus.Open,
      paymentMethod: null,
      creditedInvoiceId: null,
      creditInvoiceId: null,
      payments: [],
    });
    expect(invoice.invoiceNumber).toMatch(new RegExp(`^${year}-\\d{6}$`));
    // 2 x 45,00 incl. 21 %: 90,00 = 74,38 + 15,62; 2,50 incl. 9 %: 2,29 + 0,21.
    expect(
      invoice.lines.map((line) => [line.quantity, line.exclVatCents, line.vatCents, line.totalCents]),
    ).toEqual([
      [2, 7_438, 1_562, 9_000],
      [1, 229, 21, 250],
    ]);
    expect(invoice.vat).toEqual([
      { rate: 9, baseCents: 229, vatCents: 21 },
      { rate: 21, baseCents: 7_438, vatCents: 1_562 },
    ]);
    expect(invoice).toMatchObject({ subtotal: 7_667, totalAmount: 9_250 });
    const due = new Date(`${today}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 14);
    expect(invoice.dueDate).toBe(due.toISOString().slice(0, 10));
    const [created] = await auditRows('Invoice', invoice.id);
    expect(JSON.stringify(created)).not.toContain(member.fullName);
  });

  it('numbers 20 parallel issues of a gym without a gap or a number twice; a refused issue takes none', async () => {
    const member = await newMember();
    const first = await issue(member.id);
    const refused = await call('POST', '/Invoice', gym, {
      memberId: 999_999,
      locationId: ids.utrecht,
      lines,
    });
    expectFailure(refused, 400, 'memberId', 'invoice.errors.memberNotFound');
    const parallel = await Promise.all(Array.from({ length: 20 }, () => issue(member.id)));
    const numbers = parallel.map(sequenceOf).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, at) => sequenceOf(first) + 1 + at));
  });

  it('numbers each gym on its own', async () => {
    const vitaalMember = await newMember();
    const brugMember = await newMember({ homeLocationId: ids.zwolle }, brug);
    const before = await issue(vitaalMember.id);
    const brugFirst = await issue(brugMember.id, brug, ids.zwolle);
    const after = await issue(vitaalMember.id);
    expect(sequenceOf(after)).toBe(sequenceOf(before) + 1);
    expect(brugFirst.invoiceNumber).toBe(`${year}-000001`);
  });

  it('refuses what is not valid, and changes nothing', async () => {
    const member = await newMember();
    const count = async () => (await t.db.select().from(invoices)).length;
    const before = await count();
    const cases: [unknown, string][] = [
      [{ memberId: member.id, locationId: ids.utrecht, lines: [] }, 'lines'],
      [
        { memberId: member.id, locationId: ids.utrecht, lines: [{ ...lines[0], vatRate: 7 }] },
        'lines[0].vatRate',
      ],
      [
        { memberId: member.id, locationId: ids.utrecht, lines: [{ ...lines[0], quantity: 0 }] },
        'lines[0].quantity',
      ],
      [
        { memberId: member.id, locationId: ids.utrecht, lines: [{ ...lines[0], description: ' ' }] },
        'lines[0].description',
      ],
      [{ memberId: member.id, locationId: ids.zwolle, lines }, 'locationId'],
    ];
    for (const [body, key] of cases) {
      const response = await call('POST', '/Invoice', gym, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.map((error: { key: string }) => error.key)).toContain(key);
    }
    expect(await count()).toBe(before);
  });
});

describe('who sees and changes invoices', () => {
  it('the location desk: its own location only', async () => {
    const member = await newMember();
    const utrecht = await issue(member.id);
    const amersfoort = await issue(member.id, gym, ids.amersfoort);
    const mine = ok<Page<InvoiceListItem>>(await call('GET', `/Invoice?memberId=${member.id}`, utrechtDesk));
    expect(mine.items.map((item) => item.id)).toEqual([utrecht.id]);
    expectFailure(
      await call('GET', `/Invoice/${amersfoort.id}`, utrechtDesk),
      404,
      'general',
      'invoice.errors.notFound',
    );
    expect(ok<Invoice>(await call('GET', `/Invoice/${amersfoort.id}`, amersfoortDesk)).id).toBe(
      amersfoort.id,
    );
    const elsewhere = await call('POST', '/Invoice', utrechtDesk, {
      memberId: member.id,
      locationId: ids.amersfoort,
      lines,
    });
    expectFailure(elsewhere, 400, 'locationId', 'invoice.errors.locationNotFound');
  });

  it('another gym: not found; without the right: forbidden; signed out: sign in', async () => {
    const member = await newMember();
    const invoice = await issue(member.id);
    for (const [method, url, body] of [
      ['GET', `/Invoice/${invoice.id}`, undefined],
      ['PUT', `/Invoice/${invoice.id}/MarkPaid`, { paymentMethod: PaymentMethod.Cash }],
      ['POST', `/Invoice/${invoice.id}/Cancel`, undefined],
      ['POST', `/Invoice/${invoice.id}/PaymentLink`, undefined],
      ['POST', `/Invoice/${invoice.id}/SendPaymentLink`, undefined],
    ] as const) {
      expectFailure(await call(method, url, brug, body), 404, 'general', 'invoice.errors.notFound');
      expectForbidden(await call(method, url, plain, body));
      expectSignInRequired(await call(method, url, '', body));
    }
    expect(
      ok<Page<InvoiceListItem>>(await call('GET', `/Invoice?memberId=${member.id}`, brug)).items,
    ).toEqual([]);
    expectFailure(
      await call('POST', '/Invoice', brug, { memberId: member.id, locationId: ids.zwolle, lines }),
      400,
      'memberId',
      'invoice.errors.memberNotFound',
    );
    expect(ok<Invoice>(await call('GET', `/Invoice/${invoice.id}`, gym)).status).toBe(InvoiceStatus.Open);
  });
});

describe('paying and cancelling', () => {
  it('marks an open invoice paid in cash, once', async () => {
    const invoice = await issue((await newMember()).id);
    const paid = ok<Invoice>(
      await call('PUT', `/Invoice/${invoice.id}/MarkPaid`, gym, { paymentMethod: PaymentMethod.Cash }),
    );
    expect(paid).toMatchObject({ status: InvoiceStatus.Paid, paymentMethod: PaymentMethod.Cash });
    expect(paid.paidAt).not.toBeNull();
    const again = await call('PUT', `/Invoice/${invoice.id}/MarkPaid`, gym, {
      paymentMethod: PaymentMethod.Card,
    });
    expectFailure(again, 409, 'general', 'invoice.errors.notPayable');
    const provider = await call('PUT', `/Invoice/${invoice.id}/MarkPaid`, gym, { paymentMethod: 2 });
    expect(provider.statusCode).toBe(400);
  });

  it('cancels by a credit invoice that mirrors it; the invoice keeps its lines and amounts', async () => {
    const invoice = await issue((await newMember()).id);
    const linesBefore = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    const cancelled = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/Cancel`, gym));
    expect(cancelled).toMatchObject({
      status: InvoiceStatus.Cancelled,
      invoiceNumber: invoice.invoiceNumber,
      totalAmount: invoice.totalAmount,
    });
    expect(await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id))).toEqual(
      linesBefore,
    );
    const credit = ok<Invoice>(await call('GET', `/Invoice/${cancelled.creditInvoiceId}`, gym));
    expect(credit).toMatchObject({
      creditedInvoiceId: invoice.id,
      totalAmount: -invoice.totalAmount,
      subtotal: -invoice.subtotal,
      status: InvoiceStatus.Paid,
    });
    expect(sequenceOf(credit)).toBeGreaterThan(sequenceOf(invoice));
    expect(credit.lines.map((line) => line.totalCents)).toEqual(
      invoice.lines.map((line) => -line.totalCents),
    );
    for (const id of [invoice.id, credit.id]) {
      expectFailure(
        await call('POST', `/Invoice/${id}/Cancel`, gym),
        409,
        'general',
        'invoice.errors.notCancellable',
      );
      expectFailure(
        await call('PUT', `/Invoice/${id}/MarkPaid`, gym, { paymentMethod: PaymentMethod.Card }),
        409,
        'general',
        'invoice.errors.notPayable',
      );
    }
  });

  it('follows its payment: a link, paid through the provider, then charged back, then paid at the desk', async () => {
    const invoice = await issue((await newMember()).id);
    const linked = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    expect(linked.payments).toHaveLength(1);
    expect(linked.payments[0]).toMatchObject({ status: 'open', amountCents: invoice.totalAmount });
    expect(linked.payments[0]!.checkoutUrl).toMatch(/\/dev\/checkout\/tr_local_/);
    // Asked again while it is open: the same payment and link.
    const again = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    expect(again.payments.map((payment) => payment.id)).toEqual([linked.payments[0]!.id]);
    const paid = await settle(linked, 'paid');
    expect(paid).toMatchObject({ status: InvoiceStatus.Paid, paymentMethod: PaymentMethod.PaymentProvider });
    expect(paid.payments[0]!.history.map((step) => step.status)).toEqual(['open', 'paid']);
    const chargedBack = await settle(linked, 'chargedBack');
    expect(chargedBack.status).toBe(InvoiceStatus.ChargedBack);
    const desk = ok<Invoice>(
      await call('PUT', `/Invoice/${invoice.id}/MarkPaid`, gym, { paymentMethod: PaymentMethod.Card }),
    );
    expect(desk).toMatchObject({ status: InvoiceStatus.Paid, paymentMethod: PaymentMethod.Card });
  });

  it('a failed payment leaves it failed; a new link is a new attempt; an older attempt changes nothing after', async () => {
    const invoice = await issue((await newMember()).id);
    const first = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    expect((await settle(first, 'failed')).status).toBe(InvoiceStatus.Failed);
    const second = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    expect(second.payments).toHaveLength(2);
    expect(second.payments[0]!.id).not.toBe(first.payments[0]!.id);
    expect((await settle(second, 'pending')).status).toBe(InvoiceStatus.Pending);
    expect((await settle(second, 'paid')).status).toBe(InvoiceStatus.Paid);
    // A paid invoice takes no new link.
    expectFailure(
      await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym),
      409,
      'general',
      'invoice.errors.notPayable',
    );
  });
});

describe('the invoice by mail', () => {
  it('mails the member a payment link; a member without an address cannot get one', async () => {
    const member = await newMember();
    const invoice = await issue(member.id);
    const sent = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/SendPaymentLink`, gym));
    const link = sent.payments[0]!.checkoutUrl!;
    expect(link).toMatch(/\/dev\/checkout\/tr_local_/);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email!));
    expect(mail).toMatchObject({ subject: `Factuur ${invoice.invoiceNumber} van Vitaal Sportcentra` });
    // The member's pay page (it stays valid where a checkout expires), not the checkout itself; no cancel
    // link for a sale at the desk.
    // The pay link: the invoice's id, its last day (decision 017) and the signature.
    expect(mail!.text).toMatch(new RegExp(`/betalen/${invoice.id}\\.\\d{8}\\.[A-Za-z0-9_-]{22}`));
    expect(mail!.text).not.toContain('/afmelden/');
    expect(mail!.text).toMatch(/€\s92,50/);
    // Sent again: the same open payment, a second mail.
    const again = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/SendPaymentLink`, gym));
    expect(again.payments.map((payment) => payment.id)).toEqual([sent.payments[0]!.id]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email!))).toHaveLength(2);

    const silent = await newMember({ email: '' });
    const unmailable = await issue(silent.id);
    expectFailure(
      await call('POST', `/Invoice/${unmailable.id}/SendPaymentLink`, gym),
      409,
      'general',
      'invoice.errors.noEmail',
    );
    expect(ok<Invoice>(await call('GET', `/Invoice/${unmailable.id}`, gym)).payments).toEqual([]);
  });
});

describe('the list', () => {
  it('pages newest first, counts each status, searches number and name, filters period and member', async () => {
    const member = await newMember({ lastName: 'Factuurzoeker' });
    const open = await issue(member.id);
    const paid = await issue(member.id);
    ok(await call('PUT', `/Invoice/${paid.id}/MarkPaid`, gym, { paymentMethod: PaymentMethod.Cash }));
    const page = ok<Page<InvoiceListItem>>(await call('GET', `/Invoice?memberId=${member.id}`, gym));
    expect(page.items.map((item) => item.id)).toEqual([paid.id, open.id]);
    expect(page.tabCounts).toMatchObject({ all: 2, '1': 1, '4': 1, '2': 0 });
    const paidOnly = ok<Page<InvoiceListItem>>(
      await call('GET', `/Invoice?memberId=${member.id}&status=4`, gym),
    );
    expect(paidOnly.items.map((item) => item.id)).toEqual([paid.id]);
    for (const search of ['factuurzoeker', open.invoiceNumber]) {
      const found = ok<Page<InvoiceListItem>>(
        await call('GET', `/Invoice?search=${encodeURIComponent(search)}`, gym),
      );
      expect(found.items.map((item) => item.id)).toContain(open.id);
    }
    const later = ok<Page<InvoiceListItem>>(
      await call('GET', `/Invoice?memberId=${member.id}&from=2199-01-01`, gym),
    );
    expect(later.items).toEqual([]);
    const byTotal = ok<Page<InvoiceListItem>>(
      await call('GET', `/Invoice?sort=totalAmount&direction=desc&pageSize=5`, gym),
    );
    const totals = byTotal.items.map((item) => item.totalAmount);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect((await call('GET', '/Invoice?page=100000', gym)).statusCode).toBe(400);
  });
});
