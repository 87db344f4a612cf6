import { type Invoice, InvoiceStatus, PaymentMethod, type RefundOwed } from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import {
  attemptsOf,
  books,
  call,
  desk,
  double,
  gym,
  gymRefunds,
  ids,
  invoiceOf,
  live,
  newInvoice,
  PREFIX,
  payLate,
  payPage,
  payToken,
  provider,
  t,
  useTestApp,
  webhook,
} from './money-paths-test-setup.ts';
import { refundsOwed } from './payments.tables.ts';

/*
 * Gym invoices (decision 015), collected with a location's Mollie key: one live payment for an invoice
 * however it is asked for, and nothing paid goes unrecorded (a payment after a cancellation, a desk payment
 * beside a checkout, a credit invoice: each a refund owed, paid back once).
 */

useTestApp();

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
