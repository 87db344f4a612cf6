// The Mollie double answers with a test-only self-signed certificate; the Mollie client trusts only its own
// CA list, so this test process (and only it) accepts any certificate (DESIGN.md, Gotchas).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

import {
  type Invoice,
  InvoiceStatus,
  OrderPaymentMethod,
  PaymentFrequency,
  PaymentMethod,
  type ProductOrder,
  ProductOrderStatus,
  type RefundOwed,
  type XpInvoice,
} from '@xp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type MollieDouble, startMollieDouble } from '../../test/mollie-double.ts';
import { payLinkOf } from '../billing/member-links.ts';
import { employerContacts } from '../employer/employer.tables.ts';
import { employers } from '../organisation/organisation.tables.ts';
import { createMember, createProduct, createSupplier } from '../product-order/test-support.ts';
import { expectFailure, ok, request, seededIds, signIn, switchToLocation } from '../rights/test-support.ts';
import { createEmployer } from '../xp/test-support.ts';
import { payments, refundsOwed } from './payments.tables.ts';
import { checkPaymentsAgree } from './refunds.ts';

/*
 * Decision 015: one invoice, one live payment; nothing paid goes unrecorded. Gym
 * invoices collect with a location's Mollie key, XP invoices and product orders with the platform's, all
 * against the Mollie HTTPS double. After every step the books agree: every paid payment belongs to an
 * invoice or order paid by it, or to a refund owed (`checkPaymentsAgree`, also run by the harness).
 */

const PREFIX = '10.128';
let t: TestApp;
let double: MollieDouble;
let call: ReturnType<typeof request>;
let ids: Awaited<ReturnType<typeof seededIds>>;
let gym = '';
let admin = '';
let desk = '';
let product: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  double = await startMollieDouble();
  t = await createTestApp({
    mollieApiEndpoint: double.endpoint,
    mollieApiKey: `test_${'p1Q2r3S4t5'.repeat(3)}`,
  });
  call = request(t);
  ids = await seededIds(t);
  gym = await signIn(t, 'gym@example.com', PREFIX);
  admin = await signIn(t, 'admin@example.com', PREFIX);
  desk = await switchToLocation(t, await signIn(t, 'locatie@example.com', PREFIX), ids.utrecht);
  ok(
    await call('POST', `/Location/${ids.amersfoort}/AddPaymentProvider`, gym, {
      kind: 0,
      apiKey: `test_${'a1B2c3D4e5'.repeat(3)}`,
    }),
  );
  const supplier = await createSupplier(t, PREFIX);
  product = await createProduct(t, supplier.id);
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});

// ------------------------------------------------------------------------------------------ helpers

const books = async () => expect(await checkPaymentsAgree(t.db)).toEqual([]);

const webhook = (id: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/Payment/Webhook',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
    remoteAddress,
  });

const attemptsOf = (subject: string, id: number) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.subject, subject), eq(payments.subjectId, id)))
    .orderBy(asc(payments.id));

/** Mollie moves a payment (when it still can), then posts its id to the webhook. */
async function provider(providerId: string, status: 'paid' | 'pending' | 'failed' | 'expired') {
  const payment = double.payments.get(providerId)!;
  const movable = payment.status === 'open' || (payment.status === 'pending' && status !== 'pending');
  if (movable) double.setStatus(providerId, status);
  ok(await webhook(providerId));
  return movable;
}

/** Every checkout ever handed out for the row that the payer could still pay is paid now (a late payer). */
async function payLate(subject: string, id: number) {
  for (const attempt of await attemptsOf(subject, id))
    if (attempt.providerPaymentId) await provider(attempt.providerPaymentId, 'paid');
}

/** The provider calls again for every payment of the row (a webhook twice). */
async function webhooksAgain(subject: string, id: number) {
  for (const attempt of await attemptsOf(subject, id))
    if (attempt.providerPaymentId) ok(await webhook(attempt.providerPaymentId));
}

const live = async (subject: string, id: number) =>
  (await attemptsOf(subject, id)).filter((row) => ['created', 'open', 'pending'].includes(row.status));

/** Whether an answer is one the API may give: never a 5xx, never a 2xx that is not ok. */
function answered(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.statusCode === 200;
}

async function newInvoice(cents = 2_495) {
  const member = await createMember(t, ids.vitaal, { homeLocationId: ids.amersfoort });
  const invoice = ok<Invoice>(
    await call('POST', '/Invoice', gym, {
      memberId: member.id,
      locationId: ids.amersfoort,
      lines: [
        { description: 'Losse les', quantity: 1, unitPriceCents: cents, includesVat: true, vatRate: 9 },
      ],
    }),
  );
  return { invoice, member };
}

const invoiceOf = async (id: number) => ok<Invoice>(await call('GET', `/Invoice/${id}`, gym));

const payToken = (invoiceId: number) =>
  payLinkOf({ links: t.billing.links, publicUrl: t.config.publicUrl }, invoiceId).split('/betalen/')[1]!;
const payPage = (invoiceId: number, returnPath?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/Invoice/Public/${payToken(invoiceId)}/Pay`,
    payload: returnPath ? { returnPath } : {},
    remoteAddress: `${PREFIX}.9.9`,
  });

const gymRefunds = async (status: 'owed' | 'refunded' = 'owed') =>
  ok<{ items: RefundOwed[] }>(await call('GET', `/RefundOwed?status=${status}&pageSize=100`, gym)).items;
const platformRefunds = async (status: 'owed' | 'refunded' = 'owed') =>
  ok<{ items: RefundOwed[] }>(await call('GET', `/Payment/RefundsOwed?status=${status}&pageSize=100`, admin))
    .items;

// ------------------------------------------------------------------------------------ the findings

describe('one invoice, one live payment', () => {
  it('the desk link, the mail link and the pay page share one attempt, which returns to whoever asked last', async () => {
    const { invoice } = await newInvoice();
    const desk1 = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    const mailed = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/SendPaymentLink`, gym));
    const page = ok<{ checkoutUrl: string }>(await payPage(invoice.id));
    expect(mailed.payments.map((payment) => payment.id)).toEqual([desk1.payments[0]!.id]);
    expect(page.checkoutUrl).toBe(desk1.payments[0]!.checkoutUrl);
    expect(await live('invoice', invoice.id)).toHaveLength(1);
    // The provider returns the payer to our return route, which sends them to the page that asked last.
    const [attempt] = await attemptsOf('invoice', invoice.id);
    const back = await t.app.inject({ method: 'GET', url: new URL(attempt!.redirectUrl!).pathname });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain(`/betalen/`);
    // The sign-up's result page asks: the same attempt now returns there.
    ok(await payPage(invoice.id, '/inschrijven/resultaat/abc.def'));
    expect(await live('invoice', invoice.id)).toHaveLength(1);
    const again = await t.app.inject({ method: 'GET', url: new URL(attempt!.redirectUrl!).pathname });
    expect(again.headers.location).toBe(`${t.config.publicUrl}/inschrijven/resultaat/abc.def`);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/Payment/Return/not-a-token' });
    expect([unknown.statusCode, unknown.headers.location]).toEqual([303, `${t.config.publicUrl}/`]);
    await books();
  });

  it('a payment on its way at the bank refuses a second one, a cancellation and the desk’s payment', async () => {
    const { invoice } = await newInvoice();
    ok(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    const [attempt] = await attemptsOf('invoice', invoice.id);
    await provider(attempt!.providerPaymentId!, 'pending');
    for (const [method, path, body] of [
      ['POST', 'PaymentLink', undefined],
      ['POST', 'Cancel', undefined],
      ['PUT', 'MarkPaid', { paymentMethod: PaymentMethod.Cash }],
    ] as const)
      expect((await call(method, `/Invoice/${invoice.id}/${path}`, gym, body)).statusCode).toBe(409);
    expectFailure(await payPage(invoice.id), 409, 'general', 'invoice.errors.notPayable');
    expect((await invoiceOf(invoice.id)).status).toBe(InvoiceStatus.Pending);
    await provider(attempt!.providerPaymentId!, 'paid');
    expect((await invoiceOf(invoice.id)).status).toBe(InvoiceStatus.Paid);
    await books();
  });

  it('cancelling an invoice, or paying it at the desk, cancels its open checkout at the provider', async () => {
    for (const action of ['cancel', 'markPaid'] as const) {
      const { invoice } = await newInvoice();
      ok(await call('POST', `/Invoice/${invoice.id}/SendPaymentLink`, gym));
      const [attempt] = await attemptsOf('invoice', invoice.id);
      if (action === 'cancel') ok(await call('POST', `/Invoice/${invoice.id}/Cancel`, gym));
      else
        ok(await call('PUT', `/Invoice/${invoice.id}/MarkPaid`, gym, { paymentMethod: PaymentMethod.Card }));
      expect(double.payments.get(attempt!.providerPaymentId!)!.status).toBe('canceled');
      expect((await attemptsOf('invoice', invoice.id))[0]!.status).toBe('canceled');
      // The payer's old checkout can no longer be paid: nothing to owe back.
      expect(await provider(attempt!.providerPaymentId!, 'paid')).toBe(false);
      expect((await invoiceOf(invoice.id)).status).toBe(
        action === 'cancel' ? InvoiceStatus.Cancelled : InvoiceStatus.Paid,
      );
      await books();
    }
  });

  it('an invoice of EUR 0.00 is not payable: a clear 409, no attempt, the pay page says so', async () => {
    const { invoice } = await newInvoice(0);
    for (const path of ['PaymentLink', 'SendPaymentLink'])
      expectFailure(
        await call('POST', `/Invoice/${invoice.id}/${path}`, gym),
        409,
        'general',
        'invoice.errors.nothingToPay',
      );
    expect((await payPage(invoice.id)).statusCode).toBe(409);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/Invoice/Public/${payToken(invoice.id)}`,
      remoteAddress: `${PREFIX}.9.9`,
    });
    expect(ok<{ isPayable: boolean }>(shown).isPayable).toBe(false);
    expect(await attemptsOf('invoice', invoice.id)).toEqual([]);
  });
});

describe('nothing paid goes unrecorded', () => {
  it('a payment that arrives for a cancelled invoice is a refund owed: listed, mailed, audited, paid back through Mollie', async () => {
    const { invoice, member } = await newInvoice();
    ok(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    const [attempt] = await attemptsOf('invoice', invoice.id);
    // iDEAL chosen at Mollie: it cannot be cancelled any more.
    double.notCancelable(attempt!.providerPaymentId!);
    ok(await call('POST', `/Invoice/${invoice.id}/Cancel`, gym));
    expect(double.payments.get(attempt!.providerPaymentId!)!.status).toBe('open');
    await provider(attempt!.providerPaymentId!, 'paid');
    expect((await invoiceOf(invoice.id)).status).toBe(InvoiceStatus.Cancelled);
    const owed = (await gymRefunds()).find((row) => row.subjectId === invoice.id)!;
    expect(owed).toMatchObject({
      subject: 'invoice',
      reference: invoice.invoiceNumber,
      amountCents: 2_495,
      reason: 'paidAfterCancel',
      status: 'owed',
      canRefundByProvider: true,
    });
    expect((await invoiceOf(invoice.id)).refunds.map((row) => row.id)).toEqual([owed.id]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email!));
    expect(mails.map((mail) => mail.subject)).toContain('Vitaal Sportcentra betaalt je € 24,95 terug');
    await books();
    // Paid back through Mollie's refund API, once however often asked.
    const refunded = ok<RefundOwed>(
      await call('POST', `/RefundOwed/${owed.id}/Refund`, gym, { method: 'provider' }),
    );
    expect(refunded).toMatchObject({ status: 'refunded', method: 'provider' });
    expect(double.refunds.filter((row) => row.paymentId === attempt!.providerPaymentId)).toHaveLength(1);
    expectFailure(
      await call('POST', `/RefundOwed/${owed.id}/Refund`, gym, { method: 'provider' }),
      409,
      'general',
      'payment.errors.refundedAlready',
    );
    expect(double.refunds.filter((row) => row.paymentId === attempt!.providerPaymentId)).toHaveLength(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'RefundOwed'), eq(auditLog.entityId, String(owed.id))));
    expect(audits.map((row) => row.action)).toEqual(['create', 'update']);
    // Another gym's staff and the location desk of another location do not see or settle it.
    expect((await call('POST', `/RefundOwed/${owed.id}/Refund`, desk, { method: 'cash' })).statusCode).toBe(
      404,
    );
    expect((await gymRefunds('refunded')).map((row) => row.id)).toContain(owed.id);
    // Found by part of its reference or of the payer's name; a wildcard is a character, not a pattern.
    const found = async (search: string) =>
      ok<{ items: RefundOwed[] }>(
        await call('GET', `/RefundOwed?status=refunded&search=${encodeURIComponent(search)}`, gym),
      ).items.map((row) => row.id);
    expect(await found(invoice.invoiceNumber.slice(-4))).toContain(owed.id);
    expect(await found(owed.payerName.slice(2, 8).toUpperCase())).toContain(owed.id);
    expect(await found('%')).toEqual([]);
    await books();
  });

  it('paid at the desk while the old checkout is paid too: the second payment is owed back', async () => {
    const { invoice } = await newInvoice();
    ok(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    const [attempt] = await attemptsOf('invoice', invoice.id);
    double.notCancelable(attempt!.providerPaymentId!);
    ok(await call('PUT', `/Invoice/${invoice.id}/MarkPaid`, gym, { paymentMethod: PaymentMethod.Cash }));
    await provider(attempt!.providerPaymentId!, 'paid');
    const after = await invoiceOf(invoice.id);
    expect([after.status, after.paymentMethod]).toEqual([InvoiceStatus.Paid, PaymentMethod.Cash]);
    expect(after.refunds).toMatchObject([{ reason: 'paidTwice', amountCents: 2_495, status: 'owed' }]);
    // A chargeback of the payment owed back settles the refund; the invoice stays paid in cash.
    double.chargeBack(attempt!.providerPaymentId!);
    ok(await webhook(attempt!.providerPaymentId!));
    const charged = await invoiceOf(invoice.id);
    expect(charged.status).toBe(InvoiceStatus.Paid);
    expect(charged.refunds).toMatchObject([{ status: 'refunded', method: 'chargeback' }]);
    await books();
  });

  it('the credit invoice of a paid invoice is settled when the refund is recorded (cash, or Mollie)', async () => {
    for (const method of ['cash', 'provider'] as const) {
      const { invoice } = await newInvoice();
      if (method === 'cash')
        ok(await call('PUT', `/Invoice/${invoice.id}/MarkPaid`, gym, { paymentMethod: PaymentMethod.Cash }));
      else {
        ok(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
        await payLate('invoice', invoice.id);
      }
      const cancelled = ok<Invoice>(await call('POST', `/Invoice/${invoice.id}/Cancel`, gym));
      await books();
      const credit = await invoiceOf(cancelled.creditInvoiceId!);
      expect(credit.status).toBe(InvoiceStatus.Open);
      expect(credit.refunds).toMatchObject([
        {
          reason: 'creditInvoice',
          amountCents: 2_495,
          status: 'owed',
          canRefundByProvider: method === 'provider',
        },
      ]);
      // Mollie refuses a refund of money it never received: a desk payment is paid back by hand.
      if (method === 'cash')
        expectFailure(
          await call('POST', `/RefundOwed/${credit.refunds[0]!.id}/Refund`, gym, { method: 'provider' }),
          409,
          'general',
          'payment.errors.notRefundable',
        );
      // MarkPaid on a credit invoice stays refused: the refund is what settles it.
      expect(
        (await call('PUT', `/Invoice/${credit.id}/MarkPaid`, gym, { paymentMethod: PaymentMethod.Cash }))
          .statusCode,
      ).toBe(409);
      ok(await call('POST', `/RefundOwed/${credit.refunds[0]!.id}/Refund`, gym, { method }));
      const settled = await invoiceOf(credit.id);
      expect([settled.status, settled.paymentMethod]).toEqual([
        InvoiceStatus.Paid,
        method === 'cash' ? PaymentMethod.Cash : PaymentMethod.PaymentProvider,
      ]);
      await books();
    }
  });

  it('a paid invoice paid twice, then cancelled: both payments are owed back, each once', async () => {
    const { invoice } = await newInvoice();
    ok(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    // A second checkout of before this rule, open beside the first.
    const second = await t.payments.start({
      gymId: ids.vitaal,
      locationId: ids.amersfoort,
      subject: 'invoice',
      subjectId: invoice.id,
      attempt: 2,
      amountCents: 2_495,
      description: `Factuur ${invoice.invoiceNumber}`,
      sequenceType: 'oneoff',
      redirectUrl: `${t.config.publicUrl}/`,
    });
    const [first] = await attemptsOf('invoice', invoice.id);
    await provider(first!.providerPaymentId!, 'paid');
    await provider(second.providerPaymentId!, 'paid');
    ok(await call('POST', `/Invoice/${invoice.id}/Cancel`, gym));
    const rows = await t.db.select().from(refundsOwed).where(eq(refundsOwed.subjectId, invoice.id));
    expect(rows.map((row) => [row.reason, row.paymentId]).sort()).toEqual(
      [
        ['creditInvoice', first!.id],
        ['paidTwice', second.id],
      ].sort(),
    );
    await books();
  });

  it('refuses a refund method it does not know, and a refund of nothing; changes nothing', async () => {
    expect((await call('POST', '/RefundOwed/1/Refund', gym, { method: 'cheque' })).statusCode).toBe(400);
    expect((await call('POST', '/RefundOwed/2147483647/Refund', gym, { method: 'cash' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/RefundOwed', desk)).statusCode).toBe(200);
    expect((await call('GET', '/Payment/RefundsOwed', gym)).statusCode).toBe(403);
  });
});

describe('XP invoices', () => {
  it('an older attempt paid after the invoice was cancelled is owed back by the platform, never dropped', async () => {
    const employer = await createEmployer(t, 0, PREFIX);
    await t.db.insert(employerContacts).values({
      employerId: employer.id,
      firstName: 'Fien',
      lastName: 'Financieel',
      email: 'fien@xp.example.com',
      invoices: true,
    });
    const bought = ok<{ invoice: XpInvoice; checkoutUrl: string }>(
      await call('POST', `/Employer/${employer.id}/AddBalance`, employer.cookie, { amountOfXp: 500 }),
    );
    const id = bought.invoice.id;
    const [first] = await attemptsOf('xpInvoice', id);
    // Pay again: the open checkout, not a second one.
    const again = ok<{ checkoutUrl: string }>(
      await call('POST', `/Employer/${employer.id}/XpInvoices/${id}/Pay`, employer.cookie),
    );
    expect(again.checkoutUrl).toBe(bought.checkoutUrl);
    expect(await live('xpInvoice', id)).toHaveLength(1);
    double.notCancelable(first!.providerPaymentId!);
    ok(await call('POST', `/XpInvoice/${id}/Cancel`, admin));
    await provider(first!.providerPaymentId!, 'paid');
    await webhooksAgain('xpInvoice', id);
    const owed = (await platformRefunds()).filter(
      (row) => row.subject === 'xpInvoice' && row.subjectId === id,
    );
    expect(owed).toMatchObject([{ reason: 'paidAfterCancel', amountCents: 500, payerName: employer.name }]);
    // No XP for a cancelled invoice.
    expect(
      ok<{ amountOfXp: number }>(await call('GET', `/Employer/${employer.id}/GetBalance`, employer.cookie))
        .amountOfXp,
    ).toBe(0);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'fien@xp.example.com'));
    expect(mails).toHaveLength(1);
    await books();
    ok(await call('POST', `/Payment/RefundsOwed/${owed[0]!.id}/Refund`, admin, { method: 'bank' }));
    expect((await platformRefunds('refunded')).map((row) => row.id)).toContain(owed[0]!.id);
    await books();
  });

  it('a first payment is the one live attempt: Pay answers it again; under way at the bank it refuses the cancellation', async () => {
    const employer = await createEmployer(t, 0, PREFIX);
    await t.db.update(employers).set({ contractType: 3 }).where(eq(employers.id, employer.id));
    const bought = ok<{ invoice: XpInvoice }>(
      await call('POST', `/Employer/${employer.id}/AddBalance`, employer.cookie, { amountOfXp: 300 }),
    );
    const [first] = await attemptsOf('xpInvoice', bought.invoice.id);
    expect(first!.sequenceType).toBe('first');
    // Pay now reuses the first payment's checkout (also a mandate): one attempt.
    ok(await call('POST', `/Employer/${employer.id}/XpInvoices/${bought.invoice.id}/Pay`, employer.cookie));
    expect(await attemptsOf('xpInvoice', bought.invoice.id)).toHaveLength(1);
    await provider(first!.providerPaymentId!, 'pending');
    expectFailure(
      await call('POST', `/XpInvoice/${bought.invoice.id}/Cancel`, admin),
      409,
      'general',
      'xp.errors.notCancellable',
    );
    expect(double.payments.get(first!.providerPaymentId!)!.status).toBe('pending');
    await provider(first!.providerPaymentId!, 'paid');
    expect(
      ok<{ amountOfXp: number }>(await call('GET', `/Employer/${employer.id}/GetBalance`, employer.cookie))
        .amountOfXp,
    ).toBe(300);
    await books();
  });
});

describe('product orders', () => {
  it('a late iDEAL payment for an order paid already is owed back and mailed in the customer’s language', async () => {
    const member = await createMember(t, ids.vitaal, { homeLocationId: ids.utrecht });
    const order = ok<ProductOrder>(
      await call('POST', '/ProductOrder', desk, {
        productId: product.id,
        memberId: member.id,
        paymentFrequency: PaymentFrequency.InAdvance,
        paymentMethod: OrderPaymentMethod.IDeal,
      }),
    );
    const [first] = await attemptsOf('product-order', order.id);
    // A second attempt of before this rule (two live checkouts): both paid.
    const second = await t.payments.start({
      gymId: null,
      locationId: null,
      subject: 'product-order',
      subjectId: order.id,
      attempt: 2,
      amountCents: first!.amountCents,
      description: first!.description,
      sequenceType: 'oneoff',
      redirectUrl: `${t.config.publicUrl}/`,
    });
    await provider(first!.providerPaymentId!, 'paid');
    await provider(second.providerPaymentId!, 'paid');
    await webhooksAgain('product-order', order.id);
    const after = ok<ProductOrder>(await call('GET', `/ProductOrder/${order.id}`, desk));
    expect(after.status).toBe(ProductOrderStatus.Paid);
    const owed = (await platformRefunds()).filter(
      (row) => row.subject === 'product-order' && row.subjectId === order.id,
    );
    expect(owed).toMatchObject([{ reason: 'paidTwice', reference: order.followNumber }]);
    const rows = await t.db.select().from(refundsOwed).where(eq(refundsOwed.subjectId, order.id));
    expect(rows.map((row) => row.paymentId)).toEqual([second.id]);
    expect((await call('POST', `/ProductOrder/${order.id}/Pay`, desk)).statusCode).toBe(409);
    await books();
  });

  it('Pay answers the open checkout again, and refuses while a payment is at the bank', async () => {
    const member = await createMember(t, ids.vitaal, { homeLocationId: ids.utrecht });
    const order = ok<ProductOrder>(
      await call('POST', '/ProductOrder', desk, {
        productId: product.id,
        memberId: member.id,
        paymentFrequency: PaymentFrequency.InAdvance,
        paymentMethod: OrderPaymentMethod.IDeal,
      }),
    );
    ok(await call('POST', `/ProductOrder/${order.id}/Pay`, desk));
    expect(await attemptsOf('product-order', order.id)).toHaveLength(1);
    const [first] = await attemptsOf('product-order', order.id);
    await provider(first!.providerPaymentId!, 'pending');
    expectFailure(
      await call('POST', `/ProductOrder/${order.id}/Pay`, desk),
      409,
      'general',
      'payment.errors.underWay',
    );
    await provider(first!.providerPaymentId!, 'paid');
    await books();
  });
});

describe('the webhook', () => {
  it('fetches nothing for a payment that can no longer change', async () => {
    const { invoice } = await newInvoice();
    ok(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    const [attempt] = await attemptsOf('invoice', invoice.id);
    await provider(attempt!.providerPaymentId!, 'failed');
    const fetches = () =>
      double.requests.filter((row) => row.method === 'GET' && row.path.endsWith(attempt!.providerPaymentId!))
        .length;
    const before = fetches();
    for (let i = 0; i < 3; i++) ok(await webhook(attempt!.providerPaymentId!));
    expect(fetches()).toBe(before);
  });

  it('is limited per calling address', async () => {
    const { invoice } = await newInvoice();
    ok(await call('POST', `/Invoice/${invoice.id}/PaymentLink`, gym));
    const [attempt] = await attemptsOf('invoice', invoice.id);
    const address = `${PREFIX}.77.1`;
    const answers: number[] = [];
    for (let i = 0; i < 601; i++) answers.push((await webhook('tr_unknown1', address)).statusCode);
    expect(answers.slice(0, 600).every((status) => status === 200)).toBe(true);
    expect(answers[600]).toBe(429);
    // Another address (the provider's own) is still served.
    expect((await webhook(attempt!.providerPaymentId!)).statusCode).toBe(200);
  }, 120_000);
});

// ------------------------------------------------------------------------------------ the scenario

type Step =
  | 'deskLink'
  | 'mailLink'
  | 'payPage'
  | 'deskCash'
  | 'cancel'
  | 'webhookLate'
  | 'webhookTwice'
  | 'refund';

/** Every order of four steps of a gym invoice's life (24 orders), each ending in the refunds and a late payer. */
function* orders(steps: Step[]): Generator<Step[]> {
  if (steps.length === 0) return yield [];
  for (const [index, step] of steps.entries())
    for (const rest of orders(steps.filter((_, other) => other !== index))) yield [step, ...rest];
}

describe('the scenario: pay, cancel, mark paid and refund in every order', () => {
  it('gym invoices: after every step the books agree', async () => {
    let round = 0;
    for (const link of ['deskLink', 'mailLink', 'payPage'] as const)
      for (const order of orders([link, 'webhookLate', 'deskCash', 'cancel'])) {
        const stubborn = round++ % 2 === 1;
        const { invoice } = await newInvoice();
        for (const step of [...order, 'webhookTwice', 'webhookLate', 'refund'] as Step[]) {
          await runInvoiceStep(invoice.id, step, stubborn);
          await books();
        }
        // At most one live attempt, and nothing left owed once refunded.
        expect((await live('invoice', invoice.id)).length).toBeLessThanOrEqual(1);
        expect((await invoiceOf(invoice.id)).refunds.filter((row) => row.status === 'owed')).toEqual([]);
      }
  }, 240_000);

  it('XP invoices and product orders: after every step the books agree', async () => {
    const employer = await createEmployer(t, 0, PREFIX);
    const steps = ['pay', 'webhookLate', 'cancel'] as const;
    for (const order of orders([...steps] as never as Step[]) as Generator<string[]>) {
      const bought = ok<{ invoice: XpInvoice }>(
        await call('POST', `/Employer/${employer.id}/AddBalance`, employer.cookie, { amountOfXp: 100 }),
      );
      const id = bought.invoice.id;
      for (const step of [...order, 'webhookTwice']) {
        if (step === 'pay')
          answered(await call('POST', `/Employer/${employer.id}/XpInvoices/${id}/Pay`, employer.cookie));
        if (step === 'cancel') answered(await call('POST', `/XpInvoice/${id}/Cancel`, admin));
        if (step === 'webhookLate') {
          for (const attempt of await attemptsOf('xpInvoice', id))
            double.notCancelable(attempt.providerPaymentId!);
          await payLate('xpInvoice', id);
        }
        if (step === 'webhookTwice') await webhooksAgain('xpInvoice', id);
        await books();
      }
      expect((await live('xpInvoice', id)).length).toBeLessThanOrEqual(1);
    }
    for (const owed of await platformRefunds())
      ok(await call('POST', `/Payment/RefundsOwed/${owed.id}/Refund`, admin, { method: 'bank' }));
    expect(await platformRefunds()).toEqual([]);
    await books();

    const member = await createMember(t, ids.vitaal, { homeLocationId: ids.utrecht });
    for (const order of [
      ['pay', 'webhookLate'],
      ['webhookLate', 'pay'],
    ]) {
      const placed = ok<ProductOrder>(
        await call('POST', '/ProductOrder', desk, {
          productId: product.id,
          memberId: member.id,
          paymentFrequency: PaymentFrequency.InAdvance,
          paymentMethod: OrderPaymentMethod.IDeal,
        }),
      );
      for (const step of [...order, 'webhookTwice', 'webhookLate']) {
        if (step === 'pay') answered(await call('POST', `/ProductOrder/${placed.id}/Pay`, desk));
        if (step === 'webhookLate') await payLate('product-order', placed.id);
        if (step === 'webhookTwice') await webhooksAgain('product-order', placed.id);
        await books();
      }
      expect(
        (await attemptsOf('product-order', placed.id)).filter((row) => row.status === 'paid'),
      ).toHaveLength(1);
    }
  }, 240_000);
});

async function runInvoiceStep(id: number, step: Step, stubborn: boolean) {
  const path = (name: string) => `/Invoice/${id}/${name}`;
  if (step === 'deskLink') answered(await call('POST', path('PaymentLink'), gym));
  if (step === 'mailLink') answered(await call('POST', path('SendPaymentLink'), gym));
  if (step === 'payPage') answered(await payPage(id));
  if (step === 'deskCash')
    answered(await call('PUT', path('MarkPaid'), gym, { paymentMethod: PaymentMethod.Cash }));
  if (step === 'cancel') answered(await call('POST', path('Cancel'), gym));
  if (step === 'webhookLate') await payLate('invoice', id);
  if (step === 'webhookTwice') await webhooksAgain('invoice', id);
  if (step === 'refund') {
    const invoice = await invoiceOf(id);
    const credit = invoice.creditInvoiceId ? await invoiceOf(invoice.creditInvoiceId) : undefined;
    for (const refund of [...invoice.refunds, ...(credit?.refunds ?? [])])
      if (refund.status === 'owed')
        ok(
          await call('POST', `/RefundOwed/${refund.id}/Refund`, gym, {
            method: refund.canRefundByProvider ? 'provider' : 'cash',
          }),
        );
    if (credit) expect(credit.status === InvoiceStatus.Paid || credit.refunds.length > 0).toBe(true);
  }
  // An iDEAL payer at Mollie: a checkout they opened can no longer be cancelled.
  if (stubborn)
    for (const attempt of await attemptsOf('invoice', id))
      if (attempt.providerPaymentId) double.notCancelable(attempt.providerPaymentId);
}
