import { type Paged, type ProductOrder, type ProductOrderListItem, ProductOrderStatus } from '@xp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productOrderEvents, productOrders } from '../modules/product-order/product-order.tables.ts';
import { createDiskFileStore } from '../platform/files/file-store.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { demoAccounts } from './demo.ts';
import { seedFitnessProducts } from './fitness-products.ts';
import { seedProductOrders } from './product-orders.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Without accepted products: nothing.
  await seedProductOrders(t.db);
  expect(await t.db.select().from(productOrders)).toHaveLength(0);
  await seedFitnessProducts(t.db, { db: t.db, store: createDiskFileStore(t.filesDir) });
  await seedProductOrders(t.db);
  // Once: a second run adds nothing.
  await seedProductOrders(t.db);
});
afterAll(() => t.close());

const get = async <T>(url: string, email: string): Promise<T> => {
  const cookie = await t.login(email);
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};

describe('demo product orders', () => {
  it('gives Vitaal Utrecht Centrum orders in every status, with their history and delivery dates', async () => {
    const orders = await t.db.select().from(productOrders);
    expect(orders.length).toBeGreaterThanOrEqual(5);
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(Object.values(ProductOrderStatus)));
    for (const order of orders) {
      const events = (await t.db.select().from(productOrderEvents)).filter(
        (event) => event.orderId === order.id,
      );
      expect(events.map((event) => event.status)).toEqual(
        Array.from({ length: order.status + 1 }, (_, status) => status),
      );
      expect(order.deliveryDate !== null).toBe(order.status >= ProductOrderStatus.Planned);
    }
    expect(orders.some((order) => order.memberId === null)).toBe(true);
  });

  it('shows them to the location and to the supplier, in the tabs', async () => {
    const atLocation = await get<Paged<ProductOrderListItem>>('/api/ProductOrder', demoAccounts.location);
    expect(atLocation.tabCounts).toMatchObject({ ordered: 2, paid: 3, delivered: 2, all: 7 });
    const atSupplier = await get<Paged<ProductOrderListItem>>(
      '/api/ProductOrder/Supplier',
      demoAccounts.supplier,
    );
    expect(atSupplier.total).toBe(7);
    const one = await get<ProductOrder>(
      `/api/ProductOrder/Supplier/${atSupplier.items[0]!.id}`,
      demoAccounts.supplier,
    );
    expect(one.events.length).toBeGreaterThan(0);
  });
});
