import { InvoiceStatus, type XpInvoice, type XpPurchase, type XpTransaction } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { settleLocally } from '../../test/local-checkout.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { employers } from '../organisation/organisation.tables.ts';
import { expectFailure, ok, request, signIn } from '../rights/test-support.ts';
import { balanceOfEmployer, createEmployer, createUser, expectLedgerSound, fund } from './test-support.ts';
import { transfer } from './xp.ledger.ts';
import { xpEntries, xpInvoices, xpTransfers } from './xp.tables.ts';

/*
 * The XP economy (decision 019): an employer's balance, buying XP (an XP invoice and its payment;
 * credited once, when paid), grants to employees, corrections, XP invoices, challenge rewards; the ledger's
 * invariants after each block and under 1,000 concurrent spends.
 */

let t: TestApp;
let call: ReturnType<typeof request>;
let admin = '';
let gym = '';
let a: Awaited<ReturnType<typeof createEmployer>>;
let b: Awaited<ReturnType<typeof createEmployer>>;
const PREFIX = '10.81';

beforeAll(async () => {
  // A thousand grants queue on the pool at once (the concurrency test): none may time out waiting.
  t = await createTestApp({}, { poolWaitMs: 120_000 });
  call = request(t);
  admin = await signIn(t, 'admin@example.com', PREFIX);
  gym = await signIn(t, 'gym@example.com', PREFIX);
  a = await createEmployer(t, 3, PREFIX);
  b = await createEmployer(t, 1, PREFIX);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t?.close();
});

/** The local provider's checkout (pay, fail, ...), then the webhook as the provider posts it. */
const settle = (checkoutUrl: string, action: string, webhooks = 1) =>
  settleLocally(t.app, t.db, { url: checkoutUrl }, action, webhooks);

const buy = (employer: typeof a, amountOfXp: number) =>
  call('POST', `/Employer/${employer.id}/AddBalance`, employer.cookie, { amountOfXp });

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

describe('granting XP', () => {
  it('gives one employee XP from the balance, and shows it in the transactions', async () => {
    const before = await balanceOfEmployer(t, a.cookie, a.id);
    const result = ok<{ recipients: number; totalXp: number; balance: number }>(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, {
        amountOfXp: 250,
        userId: a.employeeIds[0],
      }),
    );
    expect(result).toEqual({ recipients: 1, totalXp: 250, balance: before - 250 });
    const page = ok<{ items: XpTransaction[]; tabCounts: Record<string, number> }>(
      await call('GET', `/Employer/${a.id}/XpTransactions?kind=grant`, a.cookie),
    );
    expect(page.items[0]).toMatchObject({
      kind: 'grant',
      amountOfXp: 250,
      sender: { kind: 'employer', id: a.id, name: a.name },
      recipient: { kind: 'wallet', id: a.employeeIds[0] },
    });
    expect(page.tabCounts.grant).toBe(1);
    expect(page.tabCounts.purchase).toBe(2);
    const wallet = ok<{ amountOfXp: number }>(await call('GET', `/XpWallet/${a.employeeIds[0]}`, admin));
    expect(wallet.amountOfXp).toBe(250);
  });

  it('gives all employees at once, or nobody when the balance does not cover all', async () => {
    const before = await balanceOfEmployer(t, a.cookie, a.id);
    const all = ok<{ recipients: number; totalXp: number }>(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, { amountOfXp: 100, allEmployees: true }),
    );
    expect(all).toMatchObject({ recipients: 3, totalXp: 300 });
    const transfersBefore = (await t.db.select().from(xpTransfers)).length;
    const tooMuch = Math.floor((before - 300) / 3) + 1;
    expectFailure(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, { amountOfXp: tooMuch, allEmployees: true }),
      409,
      'general',
      'xp.errors.insufficientBalance',
    );
    expect((await t.db.select().from(xpTransfers)).length).toBe(transfersBefore);
    expect(await balanceOfEmployer(t, a.cookie, a.id)).toBe(before - 300);
    await expectLedgerSound(t);
  });

  it("refuses another employer's employee (404), no recipient or both (400), and an employer without employees", async () => {
    expectFailure(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, { amountOfXp: 10, userId: b.employeeIds[0] }),
      404,
      'general',
      'xp.errors.notEmployee',
    );
    expectFailure(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, { amountOfXp: 10 }),
      400,
      'userId',
      'xp.errors.grantRecipient',
    );
    expectFailure(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, {
        amountOfXp: 10,
        userId: a.employeeIds[0],
        allEmployees: true,
      }),
      400,
      'userId',
      'xp.errors.grantRecipient',
    );
    const empty = await createEmployer(t, 0, PREFIX);
    expectFailure(
      await call('POST', `/Employer/${empty.id}/GrantXp`, empty.cookie, {
        amountOfXp: 10,
        allEmployees: true,
      }),
      409,
      'general',
      'xp.errors.noEmployees',
    );
    expectFailure(
      await call('POST', `/Employer/${b.id}/GrantXp`, a.cookie, { amountOfXp: 10, allEmployees: true }),
      404,
      'general',
      'employer.errors.notFound',
    );
  });

  it('lets exactly as many of 1,000 concurrent grants through as the balance covers', async () => {
    const c = await createEmployer(t, 1, PREFIX);
    await fund(t, admin, c.id, 500);
    const responses = await Promise.all(
      Array.from({ length: 1_000 }, () =>
        call('POST', `/Employer/${c.id}/GrantXp`, c.cookie, { amountOfXp: 1, userId: c.employeeIds[0] }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(500);
    expect(statuses.filter((status) => status === 409)).toHaveLength(500);
    expect(await balanceOfEmployer(t, c.cookie, c.id)).toBe(0);
    const wallet = ok<{ amountOfXp: number }>(await call('GET', `/XpWallet/${c.employeeIds[0]}`, admin));
    expect(wallet.amountOfXp).toBe(500);
    await expectLedgerSound(t);
  });
});

describe('corrections (admin)', () => {
  it('adds to and takes from a balance with a reason, audited; not below zero', async () => {
    const before = await balanceOfEmployer(t, admin, b.id);
    const added = ok<XpTransaction>(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: 700,
        reason: 'Actie',
      }),
    );
    expect(added).toMatchObject({
      kind: 'correction',
      amountOfXp: 700,
      description: 'Actie',
      sender: { kind: 'issuance' },
    });
    const taken = ok<XpTransaction>(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: -200,
        reason: 'Te veel',
      }),
    );
    expect(taken).toMatchObject({ sender: { kind: 'employer', id: b.id }, recipient: { kind: 'issuance' } });
    expect(await balanceOfEmployer(t, admin, b.id)).toBe(before + 500);
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: -(before + 501),
        reason: 'x',
      }),
      409,
      'general',
      'xp.errors.insufficientBalance',
    );
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'XpTransfer'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('requires a reason and exactly one account; refuses non-admins', async () => {
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: 10,
        reason: '  ',
      }),
      400,
      'reason',
      'validation.required',
    );
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, { amountOfXp: 10, reason: 'x' }),
      400,
      'employerId',
      'xp.errors.correctionAccount',
    );
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: 0,
        reason: 'x',
      }),
      400,
      'amountOfXp',
      'xp.errors.amountZero',
    );
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: 999_999,
        amountOfXp: 5,
        reason: 'x',
      }),
      404,
      'general',
      'employer.errors.notFound',
    );
    expect(
      (
        await call('POST', '/XpTransaction/Correction', a.cookie, {
          employerId: a.id,
          amountOfXp: 10,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists every transaction to the admin with employer filter and search; employers only their own', async () => {
    const all = ok<{ items: XpTransaction[]; total: number }>(await call('GET', '/XpTransaction', admin));
    expect(all.total).toBeGreaterThan(500);
    expect(new Set(all.items.map((row) => row.employerId)).size).toBeGreaterThanOrEqual(1);
    const onlyB = ok<{ items: XpTransaction[] }>(
      await call('GET', `/XpTransaction?employerId=${b.id}`, admin),
    );
    expect(onlyB.items.every((row) => row.employerId === b.id)).toBe(true);
    const searched = ok<{ items: XpTransaction[] }>(
      await call('GET', '/XpTransaction?search=te%20veel', admin),
    );
    expect(searched.items.map((row) => row.description)).toEqual(['Te veel']);
    const own = ok<{ items: XpTransaction[] }>(
      await call('GET', `/Employer/${a.id}/XpTransactions?pageSize=100`, a.cookie),
    );
    expect(own.items.every((row) => row.employerId === a.id)).toBe(true);
    expect((await call('GET', '/XpTransaction', a.cookie)).statusCode).toBe(403);
    expectFailure(
      await call('GET', `/Employer/${b.id}/XpTransactions`, a.cookie),
      404,
      'general',
      'employer.errors.notFound',
    );
    expectFailure(
      await call('GET', '/XpTransaction?page=100000', admin),
      400,
      'page',
      'validation.pageTooDeep',
    );
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

describe('challenge rewards', () => {
  async function challengeOf(employerId: number | null, reward: number) {
    const [template] = await t.db.select().from(challengeTemplates).limit(1);
    const [made] = await t.db
      .insert(challenges)
      .values({
        challengeTemplateId: template!.id,
        templateSnapshot: {} as never,
        name: 'Stappen',
        employerId,
        locationId: employerId === null ? await firstLocation() : null,
        entreoPointsReward: reward,
      })
      .returning({ id: challenges.id });
    return made!.id;
  }
  async function firstLocation() {
    const rows = (await t.db.execute('select id from locations order by id limit 1' as never)) as unknown as {
      rows: { id: number }[];
    };
    return rows.rows[0]!.id;
  }

  it("pays an employer's challenge from its balance, once; an admin records a platform reward from the issuance", async () => {
    const challengeId = await challengeOf(a.id, 40);
    const before = await balanceOfEmployer(t, a.cookie, a.id);
    const done = ok<{ amountOfXp: number; alreadyCompleted: boolean }>(
      await call('POST', `/Challenge/${challengeId}/Completion`, a.cookie, { userId: a.employeeIds[1] }),
    );
    expect(done).toMatchObject({ amountOfXp: 40, alreadyCompleted: false });
    const again = ok<{ amountOfXp: number; alreadyCompleted: boolean }>(
      await call('POST', `/Challenge/${challengeId}/Completion`, a.cookie, { userId: a.employeeIds[1] }),
    );
    expect(again).toMatchObject({ amountOfXp: 0, alreadyCompleted: true });
    expect(await balanceOfEmployer(t, a.cookie, a.id)).toBe(before - 40);
    const rewards = ok<{ items: XpTransaction[] }>(
      await call('GET', `/Employer/${a.id}/XpTransactions?kind=reward`, a.cookie),
    );
    expect(rewards.items[0]).toMatchObject({ description: 'Stappen', amountOfXp: 40 });

    const platformChallenge = await challengeOf(null, 25);
    const user = await createUser(t, 'Employee');
    ok(await call('POST', `/Challenge/${platformChallenge}/Completion`, admin, { userId: user.id }));
    expect(ok<{ amountOfXp: number }>(await call('GET', `/XpWallet/${user.id}`, admin)).amountOfXp).toBe(25);
  });

  it("refuses another employer's challenge (404), a non-employee (404), and a reward the balance does not cover", async () => {
    const challengeId = await challengeOf(b.id, 10);
    expectFailure(
      await call('POST', `/Challenge/${challengeId}/Completion`, a.cookie, { userId: a.employeeIds[0] }),
      404,
      'general',
      'challenge.errors.notFound',
    );
    expectFailure(
      await call('POST', `/Challenge/${challengeId}/Completion`, b.cookie, { userId: a.employeeIds[0] }),
      404,
      'general',
      'xp.errors.notEmployee',
    );
    const poor = await createEmployer(t, 1, PREFIX);
    const costly = await challengeOf(poor.id, 1_000);
    expectFailure(
      await call('POST', `/Challenge/${costly}/Completion`, poor.cookie, { userId: poor.employeeIds[0] }),
      409,
      'general',
      'xp.errors.insufficientBalance',
    );
    // Nothing recorded: once funded, the completion pays.
    await fund(t, admin, poor.id, 1_000);
    const paid = ok<{ alreadyCompleted: boolean }>(
      await call('POST', `/Challenge/${costly}/Completion`, poor.cookie, { userId: poor.employeeIds[0] }),
    );
    expect(paid.alreadyCompleted).toBe(false);
  });
});

describe('the ledger', () => {
  it('keeps an employer with XP history from being deleted', async () => {
    const c = await createEmployer(t, 0, PREFIX);
    await fund(t, admin, c.id, 10);
    expectFailure(
      await call('DELETE', `/Employer/${c.id}`, admin),
      409,
      'general',
      'employer.errors.hasXpHistory',
    );
    expect(await balanceOfEmployer(t, admin, c.id)).toBe(10);
  });

  it('refuses a spend the balance does not cover, and transfers in opposite directions do not deadlock', async () => {
    const c = await createEmployer(t, 2, PREFIX);
    await fund(t, admin, c.id, 100);
    const [x, y] = c.employeeIds as [number, number];
    await t.db.transaction(async (tx) => {
      await transfer(tx, {
        kind: 'grant',
        from: { kind: 'employer', employerId: c.id },
        to: { kind: 'wallet', userId: x },
        amount: 50,
      });
      await transfer(tx, {
        kind: 'grant',
        from: { kind: 'employer', employerId: c.id },
        to: { kind: 'wallet', userId: y },
        amount: 50,
      });
    });
    const moves = Array.from({ length: 40 }, (_, index) =>
      t.db.transaction((tx) =>
        transfer(tx, {
          kind: 'correction',
          from: { kind: 'wallet', userId: index % 2 ? x : y },
          to: { kind: 'wallet', userId: index % 2 ? y : x },
          amount: 1,
          reason: 'heen en weer',
        }),
      ),
    );
    await Promise.all(moves);
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, {
          kind: 'redemption',
          from: { kind: 'wallet', userId: x },
          to: { kind: 'store' },
          amount: 51,
        }),
      ),
    ).rejects.toMatchObject({ status: 409 });
    await expectLedgerSound(t);
  });
});
