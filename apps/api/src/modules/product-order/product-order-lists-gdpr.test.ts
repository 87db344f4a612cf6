import {
  type MemberExport,
  OrderPaymentMethod,
  type Paged,
  PaymentFrequency,
  type ProductOrder,
  type ProductOrderListItem,
  ProductOrderStatus,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, ok } from '../rights/test-support.ts';
import { productOrders } from './product-order.tables.ts';
import {
  admin,
  amersfoort,
  auditOf,
  call,
  dayFromToday,
  forMember,
  ids,
  location,
  move,
  newCustomer,
  other,
  placed,
  plan,
  product,
  supplier,
  t,
  useTestApp,
} from './product-order-test-setup.ts';
import { createMember, mailsTo } from './test-support.ts';

/*
 * Reading product orders back (decision 020): the lists of the location and of the supplier, and a member's
 * orders under the GDPR (the export, anonymising, the lists that no longer find them).
 */

useTestApp();

describe('the lists', () => {
  it('show the location its own orders in tabs with counts, searched and sorted; another location 404', async () => {
    const mine = await placed(newCustomer({ lastName: 'Zoekbaar' }));
    const page = ok<Paged<ProductOrderListItem>>(await call('GET', '/ProductOrder?tab=ordered', location));
    expect(
      page.items.every((item) => item.locationId === ids.utrecht && item.status === ProductOrderStatus.New),
    ).toBe(true);
    expect(page.items[0]!.id).toBe(mine.id); // newest first
    expect(page.tabCounts).toMatchObject({ ordered: page.total, paid: 0, delivered: 0 });
    const found = ok<Paged<ProductOrderListItem>>(
      await call('GET', `/ProductOrder?search=${mine.followNumber}`, location),
    );
    expect(found.items.map((item) => item.id)).toEqual([mine.id]);
    const byName = ok<Paged<ProductOrderListItem>>(
      await call('GET', '/ProductOrder?search=zoekbaar', location),
    );
    expect(byName.items.map((item) => item.customerName)).toEqual(['Karin de Zoekbaar']);
    const sorted = ok<Paged<ProductOrderListItem>>(
      await call('GET', '/ProductOrder?sort=total&direction=asc&pageSize=100', location),
    );
    const totals = sorted.items.map((item) => item.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect((await call('GET', '/ProductOrder?tab=open', location)).statusCode).toBe(400);
    expect((await call('GET', '/ProductOrder?sort=secret', location)).statusCode).toBe(400);

    const theirs = ok<Paged<ProductOrderListItem>>(await call('GET', '/ProductOrder', await amersfoort()));
    expect(theirs.items).toEqual([]);
    expectFailure(
      await call('GET', `/ProductOrder/${mine.id}`, await amersfoort()),
      404,
      'general',
      'productOrder.errors.notFound',
    );
    expect(ok<ProductOrder>(await call('GET', `/ProductOrder/${mine.id}`, location)).id).toBe(mine.id);
  });

  it("show the supplier its own orders only (another supplier's: 404), without the margins", async () => {
    const mine = await placed(newCustomer());
    const page = ok<Paged<ProductOrderListItem>>(
      await call('GET', '/ProductOrder/Supplier?pageSize=100', supplier.cookie),
    );
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => item.supplierId === supplier.id)).toBe(true);
    expect(page.tabCounts).toMatchObject({ all: page.total });
    const read = ok<ProductOrder>(await call('GET', `/ProductOrder/Supplier/${mine.id}`, supplier.cookie));
    expect(read).toMatchObject({
      gymCommission: null,
      gymMargin: null,
      platformMargin: null,
      purchasePrice: 100_000,
    });
    expect(
      ok<Paged<ProductOrderListItem>>(await call('GET', '/ProductOrder/Supplier', (await other()).cookie))
        .items,
    ).toEqual([]);
    expectFailure(
      await call('GET', `/ProductOrder/Supplier/${mine.id}`, (await other()).cookie),
      404,
      'general',
      'productOrder.errors.notFound',
    );
    expectFailure(
      await move(mine.id, ProductOrderStatus.Paid, (await other()).cookie),
      404,
      'general',
      'productOrder.errors.notFound',
    );
    expectFailure(
      await plan(mine.id, dayFromToday(1), (await other()).cookie),
      404,
      'general',
      'productOrder.errors.notFound',
    );
    // An admin without an active supplier reads every order, with the margins.
    const asAdmin = ok<ProductOrder>(await call('GET', `/ProductOrder/Supplier/${mine.id}`, await admin()));
    expect(asAdmin).toMatchObject({ platformMargin: 5_000, regionManagerMargin: 2_500, gymMargin: 7_500 });
  });
});

describe("a member's orders under the GDPR (decision 020)", () => {
  /** From New (or Paid, `paid`) on to Delivered. */
  const deliver = async (id: number, paid = false) => {
    if (!paid) ok(await move(id, ProductOrderStatus.Paid));
    ok(await move(id, ProductOrderStatus.Prepared));
    ok(await plan(id, dayFromToday(0)));
    return ok<ProductOrder>(await move(id, ProductOrderStatus.Delivered));
  };
  const rowOf = async (id: number) =>
    (await t.db.select().from(productOrders).where(eq(productOrders.id, id)))[0]!;

  it('are in the export, with why data is kept (nl and en)', async () => {
    const member = await createMember(t, ids.vitaal, { homeLocationId: ids.utrecht });
    const done = await placed(forMember(member.id, { particularities: 'Sleutel bij de buren' }));
    await deliver(done.id);
    const open = await placed(forMember(member.id, { paymentMethod: OrderPaymentMethod.IDeal }));
    await placed(newCustomer());
    const exported = ok<MemberExport>(await call('GET', `/Member/${member.id}/Export`, location));
    expect(exported.productOrders.map((order) => order.followNumber)).toEqual([
      done.followNumber,
      open.followNumber,
    ]);
    expect(exported.productOrders[0]).toEqual({
      followNumber: done.followNumber,
      orderedAt: done.createdAt,
      status: ProductOrderStatus.Delivered,
      locationName: 'Vitaal Utrecht Centrum',
      supplierName: supplier.name,
      productName: product.name,
      quantity: 1,
      totalAmount: done.total,
      paymentMethod: OrderPaymentMethod.Invoice,
      paymentFrequency: PaymentFrequency.InAdvance,
      deliveryDate: dayFromToday(0),
      customer: {
        firstName: 'Eva',
        insertion: 'van',
        lastName: member.lastName,
        street: 'Lange Nieuwstraat',
        houseNumber: '12',
        postalCode: '3512 PH',
        city: 'Utrecht',
        email: member.email,
        phoneNumber: '0612345678',
        language: 'nl',
      },
      delivery: {
        street: 'Lange Nieuwstraat',
        houseNumber: '12',
        postalCode: '3512 PH',
        city: 'Utrecht',
        particularities: 'Sleutel bij de buren',
      },
      customerRemoved: false,
    });
    expect(exported.productOrders[1]).toMatchObject({
      status: ProductOrderStatus.New,
      paymentMethod: OrderPaymentMethod.IDeal,
    });
    expect(exported.retention.map((entry) => entry.subject)).toEqual(['invoices', 'productOrders']);
    for (const entry of exported.retention) {
      expect(entry.nl).toContain('zeven jaar');
      expect(entry.en).toContain('seven years');
    }
  });

  it("anonymising blanks the done orders' customer, keeps an open one's until it is delivered; audited without the values", async () => {
    const member = await createMember(t, ids.vitaal, { homeLocationId: ids.utrecht });
    const done = await placed(forMember(member.id, { particularities: 'Sleutel bij de buren' }));
    await deliver(done.id);
    const open = await placed(forMember(member.id));
    ok(await move(open.id, ProductOrderStatus.Paid));
    const stranger = await placed(newCustomer());
    ok(await call('POST', `/Member/${member.id}/Anonymise`, location));

    const blanked = await rowOf(done.id);
    expect(blanked).toMatchObject({
      memberId: member.id,
      followNumber: done.followNumber,
      status: ProductOrderStatus.Delivered,
      totalCents: done.total,
      productName: product.name,
      firstName: '',
      insertion: null,
      lastName: '',
      street: '',
      houseNumber: '',
      postalCode: '',
      city: '',
      email: '',
      phoneNumber: null,
      deliveryStreet: '',
      deliveryHouseNumber: '',
      deliveryPostalCode: '',
      deliveryCity: '',
      particularities: '',
    });
    expect(JSON.stringify(blanked)).not.toMatch(new RegExp(`${member.lastName}|eva-|Lange|Sleutel`));
    // The open order keeps its customer (needed to deliver); another customer's order is untouched.
    expect(await rowOf(open.id)).toMatchObject({ lastName: member.lastName, email: member.email });
    expect((await rowOf(stranger.id)).lastName).toBe('Boer');
    // The lists no longer find the delivered order by the customer.
    const search = ok<Paged<ProductOrderListItem>>(
      await call('GET', `/ProductOrder?search=${member.lastName}`, location),
    );
    expect(search.items.map((item) => item.id)).toEqual([open.id]);

    // Delivered later: the customer gets the mail, then their data goes.
    const delivered = await deliver(open.id, true);
    expect(delivered).toMatchObject({ status: ProductOrderStatus.Delivered, customerName: '', email: '' });
    expect((await rowOf(open.id)).street).toBe('');
    expect((await mailsTo(t, member.email!)).at(-1)!.subject).toContain(open.followNumber);

    const audited = [...(await auditOf(done.id)), ...(await auditOf(open.id))];
    expect(audited.filter((row) => 'customerRemoved' in row.changes).map((row) => row.changes)).toEqual([
      { customerRemoved: { old: false, new: true } },
      { customerRemoved: { old: false, new: true } },
    ]);
    expect(JSON.stringify(audited)).not.toMatch(new RegExp(`${member.lastName}|eva-|Lange|Sleutel`));

    // The export after: the orders without the customer.
    const exported = ok<MemberExport>(await call('GET', `/Member/${member.id}/Export`, location));
    expect(exported.productOrders.map((order) => [order.customerRemoved, order.customer.email])).toEqual([
      [true, ''],
      [true, ''],
    ]);
  });

  it('removes the customer when the member is anonymised at the moment the order is delivered', async () => {
    for (let round = 0; round < 5; round++) {
      const member = await createMember(t, ids.vitaal, { homeLocationId: ids.utrecht });
      const order = await placed(forMember(member.id));
      ok(await move(order.id, ProductOrderStatus.Paid));
      ok(await move(order.id, ProductOrderStatus.Prepared));
      ok(await plan(order.id, dayFromToday(0)));
      const [anonymised, delivered] = await Promise.all([
        call('POST', `/Member/${member.id}/Anonymise`, location),
        move(order.id, ProductOrderStatus.Delivered),
      ]);
      ok(anonymised);
      ok(delivered);
      expect(await rowOf(order.id)).toMatchObject({
        status: ProductOrderStatus.Delivered,
        email: '',
        lastName: '',
      });
    }
  });
});
