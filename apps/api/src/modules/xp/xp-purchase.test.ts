import { InvoiceStatus, type XpInvoice, type XpPurchase } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { employers } from '../organisation/organisation.tables.ts';
import { expectFailure, ok, signIn } from '../rights/test-support.ts';
import { balanceOfEmployer, createEmployer, expectLedgerSound } from './test-support.ts';
import { xpEntries, xpInvoices, xpTransfers } from './xp.tables.ts';
import { a, admin, b, buy, call, PREFIX, settle, t, useTestApp } from './xp-test-setup.ts';

/*
 * Buying XP (decision 019): who reaches an employer's XP endpoints, the balance, an XP invoice and its
 * payment (credited once, when paid), and the XP invoices (the lists, cancelling by credit, the PDF, never
 * changed once issued).
 */

useTestApp();

/** gym@ (gym staff: no employer's XP). */
let gym = '';
beforeAll(async () => {
  gym = await signIn(t, 'gym@example.com', PREFIX);
});

describe('access', () => {
  it("answers another employer's paths 404, gym staff 403 and the signed out 401 on every employer endpoint", async () => {
    const [invoice] = await t.db.select().from(xpInvoices).where(eq(xpInvoices.employerId, b.id)).limit(1);
    const invoiceId = invoice?.id ?? 1;
    const calls: [method: 'GET' | 'POST', path: (employerId: number) => string, body?: object][] = [
      ['POST', (id) => `/Employer/${id}/AddBalance`, { amountOfXp: 500 }],
      ['GET', (id) => `/Employer/${id}/XpTransactions`],
      ['POST', (id) => `/Employer/${id}/GrantXp`, { amountOfXp: 1, allEmployees: true }],
      ['GET', (id) => `/Employer/${id}/XpInvoices`],
      ['GET', (id) => `/Employer/${id}/XpInvoices/${invoiceId}`],
      ['POST', (id) => `/Employer/${id}/XpInvoices/${invoiceId}/Pay`],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path(b.id), a.cookie, body)).statusCode, path(b.id)).toBe(404);
      expect((await call(method, path(a.id), gym, body)).statusCode, path(a.id)).toBe(403);
      expect((await call(method, path(a.id), '', body)).statusCode, path(a.id)).toBe(401);
    }
  });

  it('keeps the admin endpoints to admins and validates their queries', async () => {
    for (const path of ['/XpTransaction', '/XpInvoice', '/XpInvoice/1', `/XpWallet/${a.employeeIds[0]}`]) {
      expect((await call('GET', path, a.cookie)).statusCode, path).toBe(403);
      expect((await call('GET', path, gym)).statusCode, path).toBe(403);
    }
    expect((await call('GET', '/XpInvoice?status=99', admin)).statusCode).toBe(400);
    expect((await call('GET', '/XpTransaction?kind=gift', admin)).statusCode).toBe(400);
    expect((await call('GET', '/XpTransaction?from=2026-13-01', admin)).statusCode).toBe(400);
    expectFailure(await call('GET', '/XpInvoice/2147483647', admin), 404, 'general', 'xp.errors.notFound');
    expectFailure(await call('GET', '/XpWallet/2147483647', admin), 404, 'general', 'xp.errors.userNotFound');
  });
});

describe('the balance', () => {
  it('answers the active employer its own balance and the purchase limits; another employer 404', async () => {
    const balance = ok<{ amountOfXp: number; minPurchase: number; maxPurchase: number }>(
      await call('GET', `/Employer/${a.id}/GetBalance`, a.cookie),
    );
    expect(balance).toEqual({ amountOfXp: 0, minPurchase: 100, maxPurchase: 5_000_000 });
    expectFailure(
      await call('GET', `/Employer/${b.id}/GetBalance`, a.cookie),
      404,
      'general',
      'employer.errors.notFound',
    );
    // An admin reads any employer's.
    expect(await balanceOfEmployer(t, admin, b.id)).toBe(0);
    expectFailure(
      await call('GET', '/Employer/999999/GetBalance', admin),
      404,
      'general',
      'employer.errors.notFound',
    );
  });

  it('refuses a gym employee and someone signed out', async () => {
    expect((await call('GET', `/Employer/${a.id}/GetBalance`, gym)).statusCode).toBe(403);
    expect((await call('GET', `/Employer/${a.id}/GetBalance`, '')).statusCode).toBe(401);
  });
});

describe('buying XP', () => {
  it('issues an XP invoice without VAT and a checkout; credits the XP once when paid, not before', async () => {
    const purchase = ok<XpPurchase>(await buy(a, 2_500));
    expect(purchase.checkoutUrl).toMatch(/\/dev\/checkout\/tr_local_/);
    expect(purchase.invoice).toMatchObject({
      amountOfXp: 2_500,
      totalPrice: 2_500,
      vat: 0,
      status: InvoiceStatus.Open,
      employerId: a.id,
      employerName: a.name,
      collection: 'checkout',
    });
    expect(purchase.invoice.invoiceNumber).toMatch(/^XP\d{4}-\d{6}$/);
    // Back from the checkout without a webhook: nothing credited.
    expect(await balanceOfEmployer(t, a.cookie, a.id)).toBe(0);
    // Paid; the provider calls the webhook three times.
    await settle(purchase.checkoutUrl!, 'paid', 3);
    expect(await balanceOfEmployer(t, a.cookie, a.id)).toBe(2_500);
    const paid = ok<XpInvoice>(
      await call('GET', `/Employer/${a.id}/XpInvoices/${purchase.invoice.id}`, a.cookie),
    );
    expect(paid).toMatchObject({ status: InvoiceStatus.Paid, paymentMethod: 2 });
    expect(paid.paidAt).not.toBeNull();
    const purchases = await t.db
      .select()
      .from(xpTransfers)
      .where(eq(xpTransfers.xpInvoiceId, purchase.invoice.id));
    expect(purchases).toHaveLength(1);
    await expectLedgerSound(t);
  });

  it('credits nothing for a failed payment; the invoice is Failed, can be paid again, and then credits', async () => {
    const purchase = ok<XpPurchase>(await buy(a, 1_000));
    await settle(purchase.checkoutUrl!, 'failed');
    expect(await balanceOfEmployer(t, a.cookie, a.id)).toBe(2_500);
    const failed = ok<XpInvoice>(
      await call('GET', `/Employer/${a.id}/XpInvoices/${purchase.invoice.id}`, a.cookie),
    );
    expect(failed.status).toBe(InvoiceStatus.Failed);
    // Open invoices list it.
    const open = ok<{ items: XpInvoice[] }>(
      await call('GET', `/Employer/${a.id}/XpInvoices?open=true`, a.cookie),
    );
    expect(open.items.map((row) => row.id)).toContain(purchase.invoice.id);
    const again = ok<XpPurchase>(
      await call('POST', `/Employer/${a.id}/XpInvoices/${purchase.invoice.id}/Pay`, a.cookie),
    );
    expect(again.checkoutUrl).not.toBe(purchase.checkoutUrl);
    // Asking again while that checkout is open answers the same link.
    const same = ok<XpPurchase>(
      await call('POST', `/Employer/${a.id}/XpInvoices/${purchase.invoice.id}/Pay`, a.cookie),
    );
    expect(same.checkoutUrl).toBe(again.checkoutUrl);
    await settle(again.checkoutUrl!, 'paid', 2);
    expect(await balanceOfEmployer(t, a.cookie, a.id)).toBe(3_500);
    expectFailure(
      await call('POST', `/Employer/${a.id}/XpInvoices/${purchase.invoice.id}/Pay`, a.cookie),
      409,
      'general',
      'xp.errors.notPayable',
    );
  });

  it('a chargeback makes a paid invoice due again without touching the XP; paying it again credits nothing more', async () => {
    const c = await createEmployer(t, 0, PREFIX);
    const purchase = ok<XpPurchase>(await buy(c, 300));
    await settle(purchase.checkoutUrl!, 'paid');
    expect(await balanceOfEmployer(t, c.cookie, c.id)).toBe(300);
    await settle(purchase.checkoutUrl!, 'chargedBack', 2);
    const chargedBack = ok<XpInvoice>(
      await call('GET', `/Employer/${c.id}/XpInvoices/${purchase.invoice.id}`, c.cookie),
    );
    expect(chargedBack.status).toBe(InvoiceStatus.ChargedBack);
    expect(await balanceOfEmployer(t, c.cookie, c.id)).toBe(300);
    const again = ok<XpPurchase>(
      await call('POST', `/Employer/${c.id}/XpInvoices/${purchase.invoice.id}/Pay`, c.cookie),
    );
    await settle(again.checkoutUrl!, 'paid');
    const settled = ok<XpInvoice>(
      await call('GET', `/Employer/${c.id}/XpInvoices/${purchase.invoice.id}`, c.cookie),
    );
    expect(settled.status).toBe(InvoiceStatus.Paid);
    expect(await balanceOfEmployer(t, c.cookie, c.id)).toBe(300);
  });

  it('refuses amounts outside the limits, fractions, other types and stray fields, changing nothing', async () => {
    const before = (await t.db.select().from(xpInvoices)).length;
    expectFailure(await buy(a, 99), 400, 'amountOfXp', 'xp.errors.purchaseLimit');
    expectFailure(await buy(a, 5_000_001), 400, 'amountOfXp', 'xp.errors.purchaseLimit');
    expectFailure(await buy(a, 100.5), 400, 'amountOfXp', 'xp.errors.wholeXp');
    expectFailure(await buy(a, 0), 400, 'amountOfXp', 'xp.errors.amountTooSmall');
    expect((await buy(a, '2500' as never)).statusCode).toBe(400);
    expect(
      (await call('POST', `/Employer/${a.id}/AddBalance`, a.cookie, { amountOfXp: 500, price: 1 }))
        .statusCode,
    ).toBe(400);
    expect((await t.db.select().from(xpInvoices)).length).toBe(before);
  });

  it('buys only for the active employer: another 404, a gym employee 403', async () => {
    expectFailure(
      await call('POST', `/Employer/${b.id}/AddBalance`, a.cookie, { amountOfXp: 500 }),
      404,
      'general',
      'employer.errors.notFound',
    );
    expect((await call('POST', `/Employer/${a.id}/AddBalance`, gym, { amountOfXp: 500 })).statusCode).toBe(
      403,
    );
  });

  it('numbers XP invoices without gaps under parallel purchases', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => buy(b, 200)));
    const numbers = made.map((response) => ok<XpPurchase>(response).invoice.invoiceNumber);
    const all = (await t.db.select({ sequence: xpInvoices.sequence }).from(xpInvoices)).map(
      (row) => row.sequence,
    );
    all.sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
    expect(new Set(numbers).size).toBe(8);
  });

  it('charges an employer on automatic collection on its mandate after its first payment', async () => {
    const c = await createEmployer(t, 0, PREFIX);
    await t.db.update(employers).set({ contractType: 3 }).where(eq(employers.id, c.id));
    const first = ok<XpPurchase>(await buy(c, 1_000));
    expect(first.checkoutUrl).not.toBeNull();
    await settle(first.checkoutUrl!, 'paid');
    expect(await balanceOfEmployer(t, c.cookie, c.id)).toBe(1_000);
    const [withMandate] = await t.db.select().from(employers).where(eq(employers.id, c.id));
    expect(withMandate!.paymentMandateId).toMatch(/^mdt_/);
    // The next purchase: a charge on the mandate, no checkout; pending until the provider reports it paid.
    const second = ok<XpPurchase>(await buy(c, 2_000));
    expect(second.checkoutUrl).toBeNull();
    expect(second.invoice.collection).toBe('directDebit');
    expect(await balanceOfEmployer(t, c.cookie, c.id)).toBe(1_000);
  });
});

describe('XP invoices', () => {
  it('lists an employer its own invoices with status tabs; the admin all; cancels an unpaid one by credit', async () => {
    const mine = ok<{ items: XpInvoice[]; tabCounts: Record<string, number> }>(
      await call('GET', `/Employer/${b.id}/XpInvoices`, b.cookie),
    );
    expect(mine.items.every((row) => row.employerId === b.id)).toBe(true);
    expect(mine.tabCounts[String(InvoiceStatus.Open)]).toBe(8);
    const target = mine.items[0]!;
    // Its payment is on its way at the bank: cancelling could lose it (an open checkout is cancelled instead).
    await settle(target.checkoutUrl!, 'pending');
    expectFailure(
      await call('POST', `/XpInvoice/${target.id}/Cancel`, admin),
      409,
      'general',
      'xp.errors.notCancellable',
    );
    await settle(target.checkoutUrl!, 'failed');
    const cancelled = ok<XpInvoice>(await call('POST', `/XpInvoice/${target.id}/Cancel`, admin));
    expect(cancelled.status).toBe(InvoiceStatus.Cancelled);
    expect(cancelled.creditInvoiceId).not.toBeNull();
    const credit = ok<XpInvoice>(await call('GET', `/XpInvoice/${cancelled.creditInvoiceId}`, admin));
    expect(credit).toMatchObject({ amountOfXp: -200, totalPrice: -200, creditedInvoiceId: target.id });
    expectFailure(
      await call('POST', `/XpInvoice/${target.id}/Cancel`, admin),
      409,
      'general',
      'xp.errors.notCancellable',
    );
    // A paid one cannot be cancelled (its XP were credited).
    const paid = ok<{ items: XpInvoice[] }>(
      await call('GET', `/XpInvoice?status=${InvoiceStatus.Paid}&employerId=${a.id}`, admin),
    );
    expectFailure(
      await call('POST', `/XpInvoice/${paid.items[0]!.id}/Cancel`, admin),
      409,
      'general',
      'xp.errors.notCancellable',
    );
    expect((await call('POST', `/XpInvoice/${target.id}/Cancel`, b.cookie)).statusCode).toBe(403);
    expectFailure(
      await call('GET', `/Employer/${a.id}/XpInvoices/${target.id}`, a.cookie),
      404,
      'general',
      'xp.errors.notFound',
    );
  });

  it('never changes or deletes an issued XP invoice or a ledger row', async () => {
    const [invoice] = await t.db.select().from(xpInvoices).limit(1);
    await expect(
      t.db.update(xpInvoices).set({ totalCents: 1 }).where(eq(xpInvoices.id, invoice!.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(xpInvoices).where(eq(xpInvoices.id, invoice!.id))).rejects.toThrow();
    const [row] = await t.db.select().from(xpTransfers).limit(1);
    await expect(
      t.db.update(xpTransfers).set({ amount: 1 }).where(eq(xpTransfers.id, row!.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(xpEntries).where(eq(xpEntries.transferId, row!.id))).rejects.toThrow();
  });

  it('serves the PDF to its employer and the admin, not to another employer', async () => {
    const [invoice] = await t.db.select().from(xpInvoices).where(eq(xpInvoices.employerId, a.id)).limit(1);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/XpInvoice/${invoice!.id}/Pdf`,
      headers: { cookie: a.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/XpInvoice/${invoice!.id}/Pdf`,
      headers: { cookie: admin },
    });
    expect(asAdmin.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/XpInvoice/${invoice!.id}/Pdf`,
      headers: { cookie: b.cookie },
    });
    expect(other.statusCode).toBe(404);
  });
});
