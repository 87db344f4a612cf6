import {
  OrderPaymentMethod,
  type Paged,
  type ProductOrder,
  type ProductOrderListItem,
  ProductOrderStatus,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleLocally } from '../../test/local-checkout.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { productOrderEvents } from './product-order.tables.ts';
import {
  admin,
  amersfoort,
  auditOf,
  call,
  dayFromToday,
  ids,
  location,
  move,
  newCustomer,
  placed,
  plan,
  product,
  supplier,
  t,
  useTestApp,
} from './product-order-test-setup.ts';
import { mailsTo } from './test-support.ts';

/*
 * An order's way from New to Delivered (decision 020): the one-step status rule, the delivery date, the
 * customer's mails, iDEAL through the platform's payment port, marking paid by hand, and the audit of it all.
 */

useTestApp();

describe('the status', () => {
  it('moves one step at a time to Delivered, the delivery date setting Planned; each step an event and a mail', async () => {
    const body = newCustomer({ language: 'en' });
    const order = await placed(body);
    expectFailure(
      await move(order.id, ProductOrderStatus.Prepared),
      409,
      'status',
      'productOrder.errors.nextStepOnly',
    );
    expectFailure(
      await move(order.id, ProductOrderStatus.New),
      409,
      'status',
      'productOrder.errors.nextStepOnly',
    );
    expectFailure(
      await plan(order.id, dayFromToday(3)),
      409,
      'deliveryDate',
      'productOrder.errors.deliveryDateNotAllowed',
    );
    expect(ok<ProductOrder>(await move(order.id, ProductOrderStatus.Paid)).status).toBe(
      ProductOrderStatus.Paid,
    );
    expect(ok<ProductOrder>(await move(order.id, ProductOrderStatus.Prepared)).nextStatus).toBe(
      ProductOrderStatus.Planned,
    );
    expectFailure(
      await move(order.id, ProductOrderStatus.Planned),
      409,
      'status',
      'productOrder.errors.deliveryDateRequired',
    );
    expectFailure(
      await plan(order.id, dayFromToday(-1)),
      400,
      'deliveryDate',
      'productOrder.errors.deliveryDateInPast',
    );
    expect((await plan(order.id, '2026-02-30')).statusCode).toBe(400);
    const planned = ok<ProductOrder>(await plan(order.id, dayFromToday(0)));
    expect(planned).toMatchObject({ status: ProductOrderStatus.Planned, deliveryDate: dayFromToday(0) });
    const moved = ok<ProductOrder>(await plan(order.id, dayFromToday(7)));
    expect(moved).toMatchObject({ status: ProductOrderStatus.Planned, deliveryDate: dayFromToday(7) });
    const delivered = ok<ProductOrder>(await move(order.id, ProductOrderStatus.Delivered));
    expect(delivered).toMatchObject({ status: ProductOrderStatus.Delivered, nextStatus: null });
    expectFailure(
      await move(order.id, ProductOrderStatus.Delivered),
      409,
      'status',
      'productOrder.errors.nextStepOnly',
    );
    expectFailure(
      await plan(order.id, dayFromToday(8)),
      409,
      'deliveryDate',
      'productOrder.errors.deliveryDateNotAllowed',
    );
    expect(delivered.events.map((event) => [event.status, event.deliveryDate])).toEqual([
      [ProductOrderStatus.New, null],
      [ProductOrderStatus.Paid, null],
      [ProductOrderStatus.Prepared, null],
      [ProductOrderStatus.Planned, dayFromToday(0)],
      [ProductOrderStatus.Planned, dayFromToday(7)],
      [ProductOrderStatus.Delivered, null],
    ]);
    const mails = await mailsTo(t, body.email as string);
    expect(mails.map((mail) => mail.language)).toEqual(['en', 'en', 'en', 'en', 'en', 'en']);
    expect(mails.map((mail) => mail.template)).toEqual([
      'productOrderPlaced',
      'productOrderStatus',
      'productOrderStatus',
      'productOrderStatus',
      'productOrderStatus',
      'productOrderStatus',
    ]);
    const [dd, mm, yyyy] = dayFromToday(7).split('-').reverse();
    expect(mails[4]!.text).toContain(`We deliver your order on ${dd}-${mm}-${yyyy}`);
    expect(mails[5]!.subject).toBe(`Your order ${order.followNumber}: Delivered`);
    // The location sees it in the tab Delivered.
    const tab = ok<Paged<ProductOrderListItem>>(await call('GET', '/ProductOrder?tab=delivered', location));
    expect(tab.items.map((item) => item.id)).toContain(order.id);
  });

  it('mails the customer in Dutch when the order is in Dutch', async () => {
    const body = newCustomer();
    const order = await placed(body);
    ok(await move(order.id, ProductOrderStatus.Paid));
    const mails = await mailsTo(t, body.email as string);
    expect(mails.map((mail) => mail.language)).toEqual(['nl', 'nl']);
    expect(mails[1]!.subject).toBe(`Je bestelling ${order.followNumber}: Betaald`);
  });

  it('lets exactly one of two moves at once succeed', async () => {
    const order = await placed(newCustomer());
    const answers = await Promise.all([
      move(order.id, ProductOrderStatus.Paid),
      move(order.id, ProductOrderStatus.Paid),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const events = await t.db
      .select()
      .from(productOrderEvents)
      .where(eq(productOrderEvents.orderId, order.id));
    expect(events).toHaveLength(2);
  });

  it('lets an admin acting for the platform move any order', async () => {
    const order = await placed(newCustomer());
    expect(ok<ProductOrder>(await move(order.id, ProductOrderStatus.Paid, await admin())).status).toBe(
      ProductOrderStatus.Paid,
    );
    expect((await move(2_147_483_647, ProductOrderStatus.Paid, await admin())).statusCode).toBe(404);
    expect(
      (await call('PUT', `/ProductOrder/${order.id}/Status`, await admin(), { status: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('paying with iDEAL', () => {
  /** The local provider's checkout, then the webhook as the provider posts it. */
  const settle = (checkoutUrl: string, action: string, webhooks = 1) =>
    settleLocally(t.app, t.db, { url: checkoutUrl }, action, webhooks);

  it('answers and mails the pay link; the paid webhook moves New to Paid once', async () => {
    const body = newCustomer({ paymentMethod: OrderPaymentMethod.IDeal });
    const order = await placed(body);
    expect(order.checkoutUrl).toMatch(/\/dev\/checkout\/tr_local_/);
    const [mail] = await mailsTo(t, body.email as string);
    expect(mail!.text).toContain(order.checkoutUrl);
    // The same open link when asked again.
    expect(ok<ProductOrder>(await call('POST', `/ProductOrder/${order.id}/Pay`, location)).checkoutUrl).toBe(
      order.checkoutUrl,
    );
    await settle(order.checkoutUrl!, 'paid', 3);
    const paid = ok<ProductOrder>(await call('GET', `/ProductOrder/${order.id}`, location));
    expect(paid).toMatchObject({ status: ProductOrderStatus.Paid, checkoutUrl: null });
    expect(paid.events.map((event) => [event.status, event.userName])).toEqual([
      [ProductOrderStatus.New, 'Fatima el Amrani'],
      [ProductOrderStatus.Paid, null],
    ]);
    // Audited once, as the payment's webhook (no user, its request), like the writes of people.
    expect(
      (await auditOf(order.id)).map((row) => [row.action, row.userId, row.actor, row.requestId, row.changes]),
    ).toEqual([
      ['create', expect.any(Number), 'user', expect.any(String), expect.anything()],
      [
        'update',
        null,
        'system:payment-webhook',
        expect.any(String),
        { status: { old: ProductOrderStatus.New, new: ProductOrderStatus.Paid } },
      ],
    ]);
    expect((await mailsTo(t, body.email as string)).map((one) => one.template)).toEqual([
      'productOrderPlaced',
      'productOrderStatus',
    ]);
    expectFailure(
      await call('POST', `/ProductOrder/${order.id}/Pay`, location),
      409,
      'general',
      'productOrder.errors.notPayable',
    );
  });

  it('starts a new payment after a failed one; an order on invoice has none', async () => {
    const order = await placed(newCustomer({ paymentMethod: OrderPaymentMethod.IDeal }));
    await settle(order.checkoutUrl!, 'failed');
    const failed = ok<ProductOrder>(await call('GET', `/ProductOrder/${order.id}`, location));
    expect(failed).toMatchObject({ status: ProductOrderStatus.New, checkoutUrl: null });
    const again = ok<ProductOrder>(await call('POST', `/ProductOrder/${order.id}/Pay`, location));
    expect(again.checkoutUrl).toMatch(/tr_local_/);
    expect(again.checkoutUrl).not.toBe(order.checkoutUrl);
    const onInvoice = await placed(newCustomer());
    expectFailure(
      await call('POST', `/ProductOrder/${onInvoice.id}/Pay`, location),
      409,
      'general',
      'productOrder.errors.notPayable',
    );
    expectFailure(
      await call('POST', `/ProductOrder/${order.id}/Pay`, await amersfoort()),
      404,
      'general',
      'productOrder.errors.notFound',
    );
  });
});

describe('marking an order paid by hand (decision 020)', () => {
  it('is refused for an iDEAL order, to its supplier and an admin: its payment moves it; nothing changes', async () => {
    const order = await placed(newCustomer({ paymentMethod: OrderPaymentMethod.IDeal }));
    for (const cookie of [supplier.cookie, await admin()])
      expectFailure(
        await move(order.id, ProductOrderStatus.Paid, cookie),
        409,
        'status',
        'productOrder.errors.paidByPaymentOnly',
      );
    const still = ok<ProductOrder>(await call('GET', `/ProductOrder/${order.id}`, location));
    expect(still).toMatchObject({ status: ProductOrderStatus.New, checkoutUrl: order.checkoutUrl });
    expect(still.events).toHaveLength(1);
    expect((await auditOf(order.id)).map((row) => row.action)).toEqual(['create']);
  });

  it('is for an order on invoice, audited with who did it', async () => {
    const order = await placed(newCustomer());
    expect(ok<ProductOrder>(await move(order.id, ProductOrderStatus.Paid)).status).toBe(
      ProductOrderStatus.Paid,
    );
    const rows = await auditOf(order.id);
    expect(rows.map((row) => [row.action, row.userId])).toEqual([
      ['create', ids.locationUser],
      ['update', supplier.userId],
    ]);
    expect(rows[1]!.changes).toEqual({
      status: { old: ProductOrderStatus.New, new: ProductOrderStatus.Paid },
    });
    expect(rows[1]!.requestId).toEqual(expect.any(String));
  });
});

describe('the audit of orders', () => {
  it('has a row for every write: placed, each status, each delivery date; never the customer', async () => {
    const order = await placed(newCustomer());
    ok(await move(order.id, ProductOrderStatus.Paid));
    ok(await move(order.id, ProductOrderStatus.Prepared));
    ok(await plan(order.id, dayFromToday(1)));
    ok(await plan(order.id, dayFromToday(2)));
    ok(await move(order.id, ProductOrderStatus.Delivered));
    const rows = await auditOf(order.id);
    expect(rows.map((row) => row.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'update',
      'update',
    ]);
    expect(rows[0]!.changes).toMatchObject({
      followNumber: { old: null, new: order.followNumber },
      status: { old: null, new: ProductOrderStatus.New },
      productId: { old: null, new: product.id },
      totalCents: { old: null, new: order.total },
    });
    expect(rows.slice(1).map((row) => row.changes)).toEqual([
      { status: { old: 0, new: 1 } },
      { status: { old: 1, new: 2 } },
      { status: { old: 2, new: 3 }, deliveryDate: { old: null, new: dayFromToday(1) } },
      { deliveryDate: { old: dayFromToday(1), new: dayFromToday(2) } },
      { status: { old: 3, new: 4 } },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Karin|Boer|Biltstraat|karin-|0687654321|Achterom/);
  });
});
