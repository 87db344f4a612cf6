import {
  dutchToday,
  ElevatorOnLocation,
  Floor,
  IFitOption,
  type MemberExport,
  OrderPaymentMethod,
  type Paged,
  PaymentFrequency,
  PersonalTrainerDuration,
  ProductNumberType,
  type ProductOrder,
  type ProductOrderListItem,
  ProductOrderStatus,
  SupplierStatus,
} from '@xp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { settleLocally } from '../../test/local-checkout.ts';
import { suppliers } from '../organisation/organisation.tables.ts';
import {
  createEmployee,
  expectFailure,
  ok,
  request,
  seededIds,
  signIn,
  switchToLocation,
} from '../rights/test-support.ts';
import { productOrderEvents, productOrders } from './product-order.tables.ts';
import { createMember, createProduct, createSupplier, mailsTo } from './test-support.ts';

/*
 * Product orders (decision 020): placing an order at a location (member or new
 * customer, the accepted version's prices), the lists of location and supplier, the one-step status rule,
 * the delivery date, the customer's mails in nl and en, and iDEAL through the platform's payment port.
 */

const PREFIX = '10.93';
let t: TestApp;
let call: ReturnType<typeof request>;
let ids: Awaited<ReturnType<typeof seededIds>>;
let admin = '';
let location = '';
let amersfoort = '';
let lessonsOnly = '';
let supplier: Awaited<ReturnType<typeof createSupplier>>;
let other: Awaited<ReturnType<typeof createSupplier>>;
let product: Awaited<ReturnType<typeof createProduct>>;

const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  productId: product.id,
  firstName: 'Karin',
  insertion: 'de',
  lastName: 'Boer',
  street: 'Biltstraat',
  houseNumber: '5a',
  postalCode: '3572ap',
  city: 'Utrecht',
  email: `karin-${Math.random().toString(36).slice(2, 8)}@xp.example.com`,
  phoneNumber: '0687654321',
  language: 'nl',
  floor: Floor.GroundFloor,
  elevatorOnLocation: ElevatorOnLocation.No,
  particularities: 'Achterom bellen',
  paymentFrequency: PaymentFrequency.InAdvance,
  paymentMethod: OrderPaymentMethod.Invoice,
  ...overrides,
});

const place = (body: Record<string, unknown>, cookie = location) =>
  call('POST', '/ProductOrder', cookie, body);
const placed = async (body: Record<string, unknown>, cookie = location) =>
  ok<ProductOrder>(await place(body, cookie));
const move = (id: number, status: number, cookie = supplier.cookie) =>
  call('PUT', `/ProductOrder/${id}/Status`, cookie, { status });
const plan = (id: number, deliveryDate: string, cookie = supplier.cookie) =>
  call('PUT', `/ProductOrder/${id}/DeliveryDate`, cookie, { deliveryDate });
/** A member's order on invoice (the member's own data). */
const forMember = (memberId: number, overrides: Record<string, unknown> = {}) => ({
  productId: product.id,
  memberId,
  paymentFrequency: PaymentFrequency.InAdvance,
  paymentMethod: OrderPaymentMethod.Invoice,
  ...overrides,
});
/** The order's audit rows, oldest first. */
const auditOf = (orderId: number) =>
  t.db
    .select({
      action: auditLog.action,
      userId: auditLog.userId,
      changes: auditLog.changes,
      requestId: auditLog.requestId,
      actor: auditLog.actor,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'ProductOrder'), eq(auditLog.entityId, String(orderId))))
    .orderBy(asc(auditLog.id));
const dayFromToday = (days: number) => {
  const [y, m, d] = dutchToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  call = request(t);
  ids = await seededIds(t);
  admin = await signIn(t, 'admin@example.com', PREFIX);
  location = await switchToLocation(t, await signIn(t, 'locatie@example.com', PREFIX), ids.utrecht);
  await createEmployee(t, {
    email: 'po-amersfoort@xp.example.com',
    locations: [{ locationId: ids.amersfoort, rights: ['ManageMemberships'] }],
  });
  amersfoort = await switchToLocation(
    t,
    await signIn(t, 'po-amersfoort@xp.example.com', PREFIX),
    ids.amersfoort,
  );
  await createEmployee(t, {
    email: 'po-lessons@xp.example.com',
    locations: [{ locationId: ids.utrecht, rights: ['ManageLessons'] }],
  });
  lessonsOnly = await switchToLocation(t, await signIn(t, 'po-lessons@xp.example.com', PREFIX), ids.utrecht);
  supplier = await createSupplier(t, PREFIX);
  other = await createSupplier(t, PREFIX);
  product = await createProduct(t, supplier.id);
});
afterAll(async () => {
  await t?.close();
});

describe('placing an order', () => {
  it("orders for a new customer: the accepted version's prices and margins copied, event New, a mail in nl", async () => {
    const body = newCustomer({ quantity: 2 });
    const order = await placed(body);
    expect(order).toMatchObject({
      status: ProductOrderStatus.New,
      locationId: ids.utrecht,
      locationName: 'Vitaal Utrecht Centrum',
      supplierId: supplier.id,
      supplierName: supplier.name,
      productId: product.id,
      productVersionId: product.versionId,
      productName: product.name,
      memberId: null,
      customerName: 'Karin de Boer',
      postalCode: '3572 AP',
      deliverySameAsRegular: true,
      deliveryStreet: 'Biltstraat',
      deliveryHouseNumber: '5a',
      deliveryPostalCode: '3572 AP',
      deliveryCity: 'Utrecht',
      floor: Floor.GroundFloor,
      elevatorOnLocation: ElevatorOnLocation.No,
      particularities: 'Achterom bellen',
      iFitOption: null,
      personalTrainerDuration: null,
      quantity: 2,
      purchasePrice: 100_000,
      unitPrice: 115_000,
      unitPriceInclVat: 139_150,
      vatPercentage: 21,
      total: 278_300,
      gymCommission: 15_000,
      gymMargin: 7_500,
      platformMargin: null,
      regionManagerMargin: null,
      nextStatus: ProductOrderStatus.Paid,
      checkoutUrl: null,
      language: 'nl',
    });
    expect(order.followNumber).toMatch(/^PO-\d{6}$/);
    expect(order.events).toEqual([
      expect.objectContaining({
        status: ProductOrderStatus.New,
        deliveryDate: null,
        userName: 'Fatima el Amrani',
      }),
    ]);
    const [row] = await t.db.select().from(productOrders).where(eq(productOrders.id, order.id));
    expect(row).toMatchObject({
      gymId: ids.vitaal,
      unitPriceCents: 115_000,
      totalCents: 278_300,
      platformMarginCents: 5_000,
      regionManagerMarginCents: 2_500,
      gymMarginCents: 7_500,
    });
    const mails = await mailsTo(t, body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('nl');
    expect(mails[0]!.subject).toContain(order.followNumber);
    expect(mails[0]!.text).toContain('Je ontvangt een factuur');
  });

  it("orders for a member of the gym: the member's data, a mail in the language of the member's account", async () => {
    const member = await createMember(t, ids.vitaal, { homeLocationId: ids.utrecht, userLanguage: 'en' });
    const order = await placed({
      productId: product.id,
      memberId: member.id,
      paymentFrequency: PaymentFrequency.PerMonth,
      paymentMethod: OrderPaymentMethod.Invoice,
    });
    expect(order).toMatchObject({
      memberId: member.id,
      firstName: 'Eva',
      insertion: 'van',
      lastName: member.lastName,
      email: member.email,
      street: 'Lange Nieuwstraat',
      deliveryCity: 'Utrecht',
      language: 'en',
      quantity: 1,
      floor: Floor.None,
      elevatorOnLocation: ElevatorOnLocation.Unknown,
    });
    const [mail] = await mailsTo(t, member.email!);
    expect(mail!.language).toBe('en');
    expect(mail!.subject).toBe(`Your order ${order.followNumber}: ${product.name}`);
  });

  it("asks a member's missing address fields, and takes them from the request (the member stays as it is)", async () => {
    const member = await createMember(t, ids.vitaal, {
      homeLocationId: ids.utrecht,
      address: false,
      email: null,
    });
    const response = await place({
      productId: product.id,
      memberId: member.id,
      paymentFrequency: PaymentFrequency.PerMonth,
      paymentMethod: OrderPaymentMethod.Invoice,
    });
    for (const field of ['street', 'houseNumber', 'postalCode', 'city', 'email'])
      expectFailure(response, 400, field, 'validation.required');
    const order = await placed({
      productId: product.id,
      memberId: member.id,
      street: 'Nachtegaalstraat',
      houseNumber: '40',
      postalCode: '3581 AH',
      city: 'Utrecht',
      email: 'eva-filled@xp.example.com',
      deliverySameAsRegular: false,
      deliveryStreet: 'Maliebaan',
      deliveryHouseNumber: '1',
      deliveryPostalCode: '3581 CA',
      deliveryCity: 'Utrecht',
      paymentFrequency: PaymentFrequency.PerMonth,
      paymentMethod: OrderPaymentMethod.Invoice,
    });
    expect(order).toMatchObject({
      street: 'Nachtegaalstraat',
      deliverySameAsRegular: false,
      deliveryStreet: 'Maliebaan',
      deliveryPostalCode: '3581 CA',
      language: 'nl',
    });
  });

  it('validates every field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '' }, 'firstName', 'validation.required'],
      [{ lastName: undefined }, 'lastName', 'validation.required'],
      [{ email: undefined }, 'email', 'validation.required'],
      [{ email: 'geen-mail' }, 'email', 'validation.email'],
      [{ postalCode: '0123 AB' }, 'postalCode', 'validation.postalCode'],
      [{ phoneNumber: 'bel me' }, 'phoneNumber', 'validation.phoneNumber'],
      [{ deliverySameAsRegular: false }, 'deliveryStreet', 'validation.required'],
      [{ deliverySameAsRegular: false, deliveryStreet: 'A' }, 'deliveryCity', 'validation.required'],
      [{ quantity: 0 }, 'quantity', 'validation.greaterThanZero'],
      [{ particularities: 'x'.repeat(1001) }, 'particularities', 'validation.maxLength'],
      [{ floor: 9 }, 'floor', 'validation.invalidValue'],
      [{ paymentMethod: 5 }, 'paymentMethod', 'validation.invalidValue'],
      [{ paymentFrequency: undefined }, 'paymentFrequency', 'validation.required'],
      [{ language: 'de' }, 'language', 'validation.invalidValue'],
    ];
    for (const [overrides, key] of cases) {
      const response = await place(newCustomer(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(
        response.json().errors.map((error: { key: string }) => error.key),
        JSON.stringify(overrides),
      ).toContain(key);
    }
    expect((await place(newCustomer({ quantity: 101 }))).statusCode).toBe(400);
    expect((await place(newCustomer({ quantity: 1.5 }))).statusCode).toBe(400);
    expect((await place(newCustomer({ productId: 'een' }))).statusCode).toBe(400);
    expect((await place(newCustomer({ surprise: true }))).statusCode).toBe(400);
  });

  it('asks the iFit option of an iFit product and the duration of a personal trainer, and keeps only those', async () => {
    const ifit = await createProduct(t, supplier.id, { numberType: ProductNumberType.EquipmentWithIFit });
    expectFailure(await place(newCustomer({ productId: ifit.id })), 400, 'iFitOption', 'validation.required');
    const withIfit = await placed(
      newCustomer({ productId: ifit.id, iFitOption: IFitOption.TwoUsers, personalTrainerDuration: 1 }),
    );
    expect(withIfit).toMatchObject({ iFitOption: IFitOption.TwoUsers, personalTrainerDuration: null });
    const trainer = await createProduct(t, supplier.id, { numberType: ProductNumberType.PersonalTrainer });
    expectFailure(
      await place(newCustomer({ productId: trainer.id })),
      400,
      'personalTrainerDuration',
      'validation.required',
    );
    const withTrainer = await placed(
      newCustomer({ productId: trainer.id, personalTrainerDuration: PersonalTrainerDuration.Months24 }),
    );
    expect(withTrainer).toMatchObject({
      iFitOption: null,
      personalTrainerDuration: PersonalTrainerDuration.Months24,
    });
  });

  it('refuses a product never accepted, a deleted one, one of a supplier that is not Active, and a member of another gym', async () => {
    const awaiting = await createProduct(t, supplier.id, { accepted: false });
    expectFailure(
      await place(newCustomer({ productId: awaiting.id })),
      409,
      'productId',
      'productOrder.errors.productNotAccepted',
    );
    const deleted = await createProduct(t, supplier.id, { deleted: true });
    expectFailure(
      await place(newCustomer({ productId: deleted.id })),
      404,
      'general',
      'productOrder.errors.productNotFound',
    );
    expectFailure(
      await place(newCustomer({ productId: 2_147_483_647 })),
      404,
      'general',
      'productOrder.errors.productNotFound',
    );
    const disabled = await createSupplier(t, PREFIX);
    const ofDisabled = await createProduct(t, disabled.id);
    await t.db
      .update(suppliers)
      .set({ status: SupplierStatus.Disabled })
      .where(eq(suppliers.id, disabled.id));
    expectFailure(
      await place(newCustomer({ productId: ofDisabled.id })),
      409,
      'productId',
      'productOrder.errors.supplierNotActive',
    );
    const stranger = await createMember(t, ids.brug);
    expectFailure(
      await place({ ...newCustomer(), memberId: stranger.id }),
      404,
      'general',
      'productOrder.errors.memberNotFound',
    );
  });

  it("uses the accepted version's name and price, never a change awaiting approval", async () => {
    const changed = await createProduct(t, supplier.id, {
      name: 'Roeitrainer R2',
      purchasePriceCents: 50_000,
      pending: { name: 'Roeitrainer R3', purchasePriceCents: 90_000 },
    });
    const order = await placed(newCustomer({ productId: changed.id }));
    expect(order).toMatchObject({
      productName: 'Roeitrainer R2',
      purchasePrice: 50_000,
      unitPrice: 65_000,
      total: 78_650,
    });
    expect(order.productVersionId).toBe(changed.versionId);
  });

  it('is for location staff who manage memberships: others 403, signed out 401', async () => {
    // Gym staff with the gym right ManageMemberships order at the location they switched to; not without one.
    const gymStaff = await signIn(t, 'gym@example.com', PREFIX);
    expect((await place(newCustomer(), gymStaff)).statusCode).toBe(403);
    const atUtrecht = await switchToLocation(t, gymStaff, ids.utrecht);
    expect(ok<ProductOrder>(await place(newCustomer(), atUtrecht)).locationId).toBe(ids.utrecht);
    expect((await place(newCustomer(), lessonsOnly)).statusCode).toBe(403);
    expect((await place(newCustomer(), supplier.cookie)).statusCode).toBe(403);
    expect((await place(newCustomer(), '')).statusCode).toBe(401);
    for (const path of ['/ProductOrder', '/ProductOrder/1']) {
      expect((await call('GET', path, lessonsOnly)).statusCode, path).toBe(403);
      expect((await call('GET', path, supplier.cookie)).statusCode, path).toBe(403);
    }
    expect((await call('POST', '/ProductOrder/1/Pay', supplier.cookie)).statusCode).toBe(403);
    // The supplier side: not for location staff.
    for (const path of ['/ProductOrder/Supplier', '/ProductOrder/Supplier/1'])
      expect((await call('GET', path, location)).statusCode, path).toBe(403);
    expect((await move(1, ProductOrderStatus.Paid, location)).statusCode).toBe(403);
    expect((await plan(1, dayFromToday(1), location)).statusCode).toBe(403);
  });
});

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

    const theirs = ok<Paged<ProductOrderListItem>>(await call('GET', '/ProductOrder', amersfoort));
    expect(theirs.items).toEqual([]);
    expectFailure(
      await call('GET', `/ProductOrder/${mine.id}`, amersfoort),
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
      ok<Paged<ProductOrderListItem>>(await call('GET', '/ProductOrder/Supplier', other.cookie)).items,
    ).toEqual([]);
    expectFailure(
      await call('GET', `/ProductOrder/Supplier/${mine.id}`, other.cookie),
      404,
      'general',
      'productOrder.errors.notFound',
    );
    expectFailure(
      await move(mine.id, ProductOrderStatus.Paid, other.cookie),
      404,
      'general',
      'productOrder.errors.notFound',
    );
    expectFailure(
      await plan(mine.id, dayFromToday(1), other.cookie),
      404,
      'general',
      'productOrder.errors.notFound',
    );
    // An admin without an active supplier reads every order, with the margins.
    const asAdmin = ok<ProductOrder>(await call('GET', `/ProductOrder/Supplier/${mine.id}`, admin));
    expect(asAdmin).toMatchObject({ platformMargin: 5_000, regionManagerMargin: 2_500, gymMargin: 7_500 });
  });
});

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
    expect(ok<ProductOrder>(await move(order.id, ProductOrderStatus.Paid, admin)).status).toBe(
      ProductOrderStatus.Paid,
    );
    expect((await move(2_147_483_647, ProductOrderStatus.Paid, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/ProductOrder/${order.id}/Status`, admin, { status: 'x' })).statusCode).toBe(
      400,
    );
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
      await call('POST', `/ProductOrder/${order.id}/Pay`, amersfoort),
      404,
      'general',
      'productOrder.errors.notFound',
    );
  });
});

describe('the member of an order (decision 020)', () => {
  it("is one the member screens show at the active location, else 404 and nothing placed; another gym's too", async () => {
    const atUtrecht = await createMember(t, ids.vitaal, { homeLocationId: ids.utrecht });
    const atAmersfoort = await createMember(t, ids.vitaal, { homeLocationId: ids.amersfoort });
    const ofBrug = await createMember(t, ids.brug, { homeLocationId: ids.zwolle });
    // Allowed: a member of the location, at each location.
    expect(ok<ProductOrder>(await place(forMember(atUtrecht.id))).email).toBe(atUtrecht.email);
    expect(ok<ProductOrder>(await place(forMember(atAmersfoort.id), amersfoort)).email).toBe(
      atAmersfoort.email,
    );
    // Another location's member (either way) is not found, as on the member screens.
    for (const [member, cookie] of [
      [atAmersfoort, location],
      [atUtrecht, amersfoort],
    ] as const) {
      expect((await call('GET', `/Member/${member.id}`, cookie)).statusCode).toBe(404);
      expectFailure(
        await place(forMember(member.id), cookie),
        404,
        'general',
        'productOrder.errors.memberNotFound',
      );
    }
    // Another gym's member: not found; staff without the right: 403.
    expectFailure(await place(forMember(ofBrug.id)), 404, 'general', 'productOrder.errors.memberNotFound');
    expect((await place(forMember(atUtrecht.id), lessonsOnly)).statusCode).toBe(403);
    // Nothing placed, nothing mailed for the refused ones.
    for (const [member, count] of [
      [atUtrecht, 1],
      [atAmersfoort, 1],
      [ofBrug, 0],
    ] as const) {
      expect(
        await t.db.select().from(productOrders).where(eq(productOrders.memberId, member.id)),
      ).toHaveLength(count);
      expect(await mailsTo(t, member.email!)).toHaveLength(count);
    }
  });
});

describe('marking an order paid by hand (decision 020)', () => {
  it('is refused for an iDEAL order, to its supplier and an admin: its payment moves it; nothing changes', async () => {
    const order = await placed(newCustomer({ paymentMethod: OrderPaymentMethod.IDeal }));
    for (const cookie of [supplier.cookie, admin])
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
