import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeItems, storeRedemptions } from '../modules/store/store.tables.ts';
import { checkLedger } from '../modules/xp/xp.ledger.ts';
import { createDiskFileStore } from '../platform/files/file-store.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { demoAccounts } from './demo.ts';
import { seedEmployerEmployees } from './employer-employees.ts';
import { seedStore } from './store.ts';
import { seedXp } from './xp.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // As the app's demo data: the employees' accounts, their XP, then the store.
  await seedEmployerEmployees(t.db, { withAccounts: true });
  await seedXp(t.db);
  const files = { db: t.db, store: createDiskFileStore(t.filesDir) };
  await seedStore(t.db, files);
  // Once: a second run adds nothing.
  await seedStore(t.db, files);
});
afterAll(() => t.close());

describe('demo store', () => {
  it("has the platform's products and one of Bakkerij Jansen, with images, and orders in every status", async () => {
    const items = await t.db.select().from(storeItems);
    expect(items).toHaveLength(6);
    expect(items.filter((item) => item.employerId !== null)).toHaveLength(1);
    expect(items.every((item) => item.imageHash !== null)).toBe(true);
    const orders = await t.db.select().from(storeRedemptions);
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set([0, 1, 2, 3]));
    expect(await checkLedger(t.db)).toEqual([]);

    const cookie = await t.login(demoAccounts.employer);
    const claims = (
      await t.app.inject({ method: 'POST', url: '/api/account/cookierefresh', headers: { cookie } })
    ).json().data.claims as { activeEmployerId: number };
    const shop = await t.app.inject({
      method: 'GET',
      url: `/api/StoreRedemption/employer/${claims.activeEmployerId}`,
      headers: { cookie },
    });
    expect(shop.json().data.total).toBe(orders.length);
    const image = await t.app.inject({ method: 'GET', url: `/cdn/${items[0]!.imageHash}?w=64&h=64` });
    expect(image.statusCode).toBe(200);
  });
});
