import {
  InvoiceStatus,
  OrderPaymentMethod,
  PaymentFrequency,
  PaymentMethod,
  type ProductOrder,
  type XpInvoice,
} from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { createMember } from '../product-order/test-support.ts';
import { ok } from '../rights/test-support.ts';
import { createEmployer } from '../xp/test-support.ts';
import {
  admin,
  answered,
  attemptsOf,
  books,
  call,
  desk,
  double,
  gym,
  ids,
  invoiceOf,
  live,
  newInvoice,
  PREFIX,
  payLate,
  payPage,
  platformRefunds,
  product,
  t,
  useTestApp,
  webhooksAgain,
} from './money-paths-test-setup.ts';

/*
 * The scenario (decision 015): a gym invoice's desk link, mail link, pay page, desk payment, cancellation,
 * late payer and refund in every order, an XP invoice's and a product order's too: after every step the
 * books agree.
 */

useTestApp();

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
          productId: (await product()).id,
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
