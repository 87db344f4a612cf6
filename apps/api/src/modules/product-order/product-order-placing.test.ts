import {
  ElevatorOnLocation,
  Floor,
  IFitOption,
  OrderPaymentMethod,
  PaymentFrequency,
  PersonalTrainerDuration,
  ProductNumberType,
  type ProductOrder,
  ProductOrderStatus,
  SupplierStatus,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suppliers } from '../organisation/organisation.tables.ts';
import { expectFailure, ok, signIn, switchToLocation } from '../rights/test-support.ts';
import { productOrders } from './product-order.tables.ts';
import {
  amersfoort,
  call,
  dayFromToday,
  forMember,
  ids,
  lessonsOnly,
  location,
  move,
  newCustomer,
  PREFIX,
  place,
  placed,
  plan,
  product,
  supplier,
  t,
  useTestApp,
} from './product-order-test-setup.ts';
import { createMember, createProduct, createSupplier, mailsTo } from './test-support.ts';

/*
 * Placing a product order at a location (decision 020): for a new customer or a member of the location,
 * the accepted version's prices, the fields it asks and refuses, who may place one, and which members.
 */

useTestApp();

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
    expect((await place(newCustomer(), await lessonsOnly())).statusCode).toBe(403);
    expect((await place(newCustomer(), supplier.cookie)).statusCode).toBe(403);
    expect((await place(newCustomer(), '')).statusCode).toBe(401);
    for (const path of ['/ProductOrder', '/ProductOrder/1']) {
      expect((await call('GET', path, await lessonsOnly())).statusCode, path).toBe(403);
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

describe('the member of an order (decision 020)', () => {
  it("is one the member screens show at the active location, else 404 and nothing placed; another gym's too", async () => {
    const atUtrecht = await createMember(t, ids.vitaal, { homeLocationId: ids.utrecht });
    const atAmersfoort = await createMember(t, ids.vitaal, { homeLocationId: ids.amersfoort });
    const ofBrug = await createMember(t, ids.brug, { homeLocationId: ids.zwolle });
    // Allowed: a member of the location, at each location.
    expect(ok<ProductOrder>(await place(forMember(atUtrecht.id))).email).toBe(atUtrecht.email);
    expect(ok<ProductOrder>(await place(forMember(atAmersfoort.id), await amersfoort())).email).toBe(
      atAmersfoort.email,
    );
    // Another location's member (either way) is not found, as on the member screens.
    for (const [member, cookie] of [
      [atAmersfoort, location],
      [atUtrecht, await amersfoort()],
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
    expect((await place(forMember(atUtrecht.id), await lessonsOnly())).statusCode).toBe(403);
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
