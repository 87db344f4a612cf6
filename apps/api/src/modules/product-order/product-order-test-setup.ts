import {
  dutchToday,
  ElevatorOnLocation,
  Floor,
  OrderPaymentMethod,
  PaymentFrequency,
  type ProductOrder,
} from '@xp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { oncePerApp } from '../../test/once-per-app.ts';
import { createEmployee, ok, request, seededIds, signIn, switchToLocation } from '../rights/test-support.ts';
import { createProduct, createSupplier } from './test-support.ts';

/*
 * Product orders (decision 020): placing an order at a location (member or new customer, the accepted
 * version's prices), the lists of location and supplier, the one-step status rule, the delivery date, the
 * customer's mails in nl and en, and iDEAL through the platform's payment port. The app, the sessions and
 * the supplier's product of these files; each file builds its own app (useTestApp).
 */

export const PREFIX = '10.93';
export let t: TestApp;
export let call: ReturnType<typeof request>;
export let ids: Awaited<ReturnType<typeof seededIds>>;
/** locatie@ at Utrecht (the Location environment; all location rights there). */
export let location = '';
/** The supplier of `product`, its staff member signed in. */
export let supplier: Awaited<ReturnType<typeof createSupplier>>;
/** A product of `supplier` with an accepted version. */
export let product: Awaited<ReturnType<typeof createProduct>>;

/** The sessions only some files use: made on first use, once per file. */
export const admin = oncePerApp(
  () => t,
  () => signIn(t, 'admin@example.com', PREFIX),
);
/** Location staff at Amersfoort who manage memberships there. */
export const amersfoort = oncePerApp(
  () => t,
  async () => {
    await createEmployee(t, {
      email: 'po-amersfoort@xp.example.com',
      locations: [{ locationId: ids.amersfoort, rights: ['ManageMemberships'] }],
    });
    return switchToLocation(t, await signIn(t, 'po-amersfoort@xp.example.com', PREFIX), ids.amersfoort);
  },
);
/** Location staff at Utrecht with only the right to manage lessons. */
export const lessonsOnly = oncePerApp(
  () => t,
  async () => {
    await createEmployee(t, {
      email: 'po-lessons@xp.example.com',
      locations: [{ locationId: ids.utrecht, rights: ['ManageLessons'] }],
    });
    return switchToLocation(t, await signIn(t, 'po-lessons@xp.example.com', PREFIX), ids.utrecht);
  },
);
/** Another supplier, signed in. */
export const other = oncePerApp(
  () => t,
  () => createSupplier(t, PREFIX),
);

export const newCustomer = (overrides: Record<string, unknown> = {}) => ({
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

export const place = (body: Record<string, unknown>, cookie = location) =>
  call('POST', '/ProductOrder', cookie, body);
export const placed = async (body: Record<string, unknown>, cookie = location) =>
  ok<ProductOrder>(await place(body, cookie));
export const move = (id: number, status: number, cookie = supplier.cookie) =>
  call('PUT', `/ProductOrder/${id}/Status`, cookie, { status });
export const plan = (id: number, deliveryDate: string, cookie = supplier.cookie) =>
  call('PUT', `/ProductOrder/${id}/DeliveryDate`, cookie, { deliveryDate });
/** A member's order on invoice (the member's own data). */
export const forMember = (memberId: number, overrides: Record<string, unknown> = {}) => ({
  productId: product.id,
  memberId,
  paymentFrequency: PaymentFrequency.InAdvance,
  paymentMethod: OrderPaymentMethod.Invoice,
  ...overrides,
});
/** The order's audit rows, oldest first. */
export const auditOf = (orderId: number) =>
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
export const dayFromToday = (days: number) => {
  const [y, m, d] = dutchToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** Registers the test app of these files (each file builds its own) and its cleanup. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    call = request(t);
    ids = await seededIds(t);
    location = await switchToLocation(t, await signIn(t, 'locatie@example.com', PREFIX), ids.utrecht);
    supplier = await createSupplier(t, PREFIX);
    product = await createProduct(t, supplier.id);
  });
  afterAll(async () => {
    await t?.close();
  });
}
