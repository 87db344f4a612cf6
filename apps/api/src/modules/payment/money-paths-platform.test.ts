import {
  OrderPaymentMethod,
  PaymentFrequency,
  type ProductOrder,
  ProductOrderStatus,
  type XpInvoice,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { employerContacts } from '../employer/employer.tables.ts';
import { employers } from '../organisation/organisation.tables.ts';
import { createMember } from '../product-order/test-support.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { createEmployer } from '../xp/test-support.ts';
import {
  admin,
  attemptsOf,
  books,
  call,
  desk,
  double,
  gym,
  ids,
  live,
  newInvoice,
  PREFIX,
  platformRefunds,
  product,
  provider,
  t,
  useTestApp,
  webhook,
  webhooksAgain,
} from './money-paths-test-setup.ts';
import { refundsOwed } from './payments.tables.ts';

/*
 * XP invoices and product orders (decision 015), collected with the platform's Mollie key: one live attempt,
 * a late payment owed back by the platform; and the webhook itself (nothing fetched for a settled payment,
 * a limit per calling address).
 */

useTestApp();

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
        productId: (await product()).id,
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
        productId: (await product()).id,
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
