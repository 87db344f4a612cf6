import { RedemptionStatus, type StoreItem, type StoreRedemption } from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectData, expectFailure, expectForbidden } from '../../test/expect.ts';
import { checkLedger } from '../xp/xp.ledger.ts';
import { xpTransfers } from '../xp/xp.tables.ts';
import { storeRedemptions } from './store.tables.ts';
import {
  addItem,
  berg,
  cookies,
  employee,
  get,
  jansen,
  type Page,
  redeem,
  setStatus,
  stockOf,
  t,
  useTestApp,
  wallet,
} from './store-test-setup.ts';

useTestApp();

describe('POST /storeitem/{id}/Redeem', () => {
  it("moves the XP from the wallet to the store, takes one from the stock and records the employer's order", async () => {
    const item = await addItem(cookies.admin, { cost: 1200, stock: 3 });
    const buyer = await employee([jansen], 2000);
    const order = expectData<StoreRedemption>(await redeem(item.id, buyer.cookie));
    expect(order).toMatchObject({
      storeItemId: item.id,
      itemName: 'Sportshirt',
      cost: 1200,
      vatPercentage: 21,
      userId: buyer.id,
      employerId: jansen,
      employerName: 'Bakkerij Jansen B.V.',
      status: RedemptionStatus.Ordered,
      canChangeStatus: false,
    });
    expect(await wallet(buyer.id)).toBe(800);
    expect(await stockOf(item.id)).toBe(2);
    const [moved] = await t.db.select().from(xpTransfers).where(eq(xpTransfers.redemptionId, order.id));
    expect(moved).toMatchObject({ kind: 'redemption', amount: 1200, employerId: jansen, userId: buyer.id });
  });

  it('refuses without enough XP or without stock, and changes nothing', async () => {
    const item = await addItem(cookies.admin, { cost: 1000, stock: 1 });
    const poor = await employee([jansen], 999);
    expectFailure(await redeem(item.id, poor.cookie), 409, 'general', 'xp.errors.insufficientBalance');
    expect(await wallet(poor.id)).toBe(999);
    expect(await stockOf(item.id)).toBe(1);
    expect(await t.db.select().from(storeRedemptions).where(eq(storeRedemptions.userId, poor.id))).toEqual(
      [],
    );

    const rich = await employee([jansen], 5000);
    expectData(await redeem(item.id, rich.cookie));
    expectFailure(await redeem(item.id, rich.cookie), 409, 'general', 'store.errors.outOfStock');
    expect(await wallet(rich.id)).toBe(4000);
    expect(await stockOf(item.id)).toBe(0);
    expect(
      await t.db.select().from(storeRedemptions).where(eq(storeRedemptions.userId, rich.id)),
    ).toHaveLength(1);
  });

  it("sells an employer's own item only to its employees; a platform item to any employer's", async () => {
    const own = await addItem(cookies.employer, { cost: 100 });
    const bergEmployee = await employee([berg], 1000);
    expectFailure(await redeem(own.id, bergEmployee.cookie), 404, 'general', 'store.errors.notFound');
    const platform = await addItem(cookies.admin, { cost: 100 });
    expect(expectData<StoreRedemption>(await redeem(platform.id, bergEmployee.cookie)).employerId).toBe(berg);

    // Not an employee: nothing to buy with.
    expectFailure(await redeem(platform.id, cookies.gym), 403, 'general', 'store.errors.notAnEmployee');
    expect((await redeem(platform.id, '')).statusCode).toBe(401);
    expectFailure(await redeem(999_999, bergEmployee.cookie), 404, 'general', 'store.errors.notFound');

    // Employee of two: the shop must be named; only one of theirs.
    const both = await employee([jansen, berg], 1000);
    expectFailure(await redeem(platform.id, both.cookie), 400, 'employerId', 'store.errors.employerRequired');
    expect(
      expectData<StoreRedemption>(await redeem(platform.id, both.cookie, { employerId: berg })).employerId,
    ).toBe(berg);
    expectFailure(
      await redeem(platform.id, bergEmployee.cookie, { employerId: jansen }),
      404,
      'general',
      'store.errors.employerNotFound',
    );
    const invalid = await redeem(platform.id, both.cookie, { employerId: 'x', other: 1 });
    expect(invalid.statusCode).toBe(400);
  });

  it('sells exactly the stock to 20 buyers at once', async () => {
    const item = await addItem(cookies.admin, { cost: 500, stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => employee([jansen], 1000)));
    const answers = await Promise.all(buyers.map((buyer) => redeem(item.id, buyer.cookie)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const answer of answers.filter((one) => one.statusCode === 409))
      expect(answer.json().errors).toEqual([{ key: 'general', message: 'store.errors.outOfStock' }]);
    expect(await stockOf(item.id)).toBe(0);
    expect(
      await t.db.select().from(storeRedemptions).where(eq(storeRedemptions.storeItemId, item.id)),
    ).toHaveLength(5);
    const balances = await Promise.all(buyers.map((buyer) => wallet(buyer.id)));
    expect(balances.filter((balance) => balance === 500)).toHaveLength(5);
    expect(balances.filter((balance) => balance === 1000)).toHaveLength(15);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('orders: GET /StoreRedemption(/employer/{id}) and PUT /StoreRedemption/{id}/Status', () => {
  let platformOrder: StoreRedemption;
  let ownOrder: StoreRedemption;
  let bergOrder: StoreRedemption;
  let buyer: { id: number; cookie: string };
  let platformItem: StoreItem;
  beforeAll(async () => {
    await t.db.delete(storeRedemptions);
    platformItem = await addItem(cookies.admin, { name: 'Zonnebril', cost: 700, stock: 5 });
    const ownItem = await addItem(cookies.employer, { name: 'Taartbon', cost: 300, stock: 5 });
    buyer = await employee([jansen], 5000);
    const bergBuyer = await employee([berg], 5000);
    platformOrder = expectData(await redeem(platformItem.id, buyer.cookie));
    ownOrder = expectData(await redeem(ownItem.id, buyer.cookie));
    bergOrder = expectData(await redeem(platformItem.id, bergBuyer.cookie));
  });

  it("lists the employer's employees' orders with status tabs; who may change each", async () => {
    const page = expectData<Page<StoreRedemption>>(
      await get(`/api/StoreRedemption/employer/${jansen}?sort=createdAt&direction=desc`, cookies.employer),
    );
    expect(page.items.map((order) => order.id)).toEqual([ownOrder.id, platformOrder.id]);
    expect(page.tabCounts).toEqual({ all: 2, '0': 2, '1': 0, '2': 0, '3': 0 });
    expect(page.items.map((order) => order.canChangeStatus)).toEqual([true, false]);
    expect(page.items[0]).toMatchObject({
      userName: expect.stringMatching(/^Eva Koper \d+$/),
      userId: buyer.id,
    });
    const searched = expectData<Page<StoreRedemption>>(
      await get(`/api/StoreRedemption/employer/${jansen}?search=zonne`, cookies.employer),
    );
    expect(searched.items.map((order) => order.id)).toEqual([platformOrder.id]);
    const byPerson = expectData<Page<StoreRedemption>>(
      await get(`/api/StoreRedemption/employer/${jansen}?search=koper`, cookies.employer),
    );
    expect(byPerson.total).toBe(2);
    expectFailure(
      await get(`/api/StoreRedemption/employer/${berg}`, cookies.employer),
      404,
      'general',
      'store.errors.employerNotFound',
    );
    expectForbidden(await get(`/api/StoreRedemption/employer/${jansen}`, cookies.gym));
    expect((await get(`/api/StoreRedemption/employer/${jansen}?status=7`, cookies.employer)).statusCode).toBe(
      400,
    );

    const admin = expectData<Page<StoreRedemption>>(await get('/api/StoreRedemption', cookies.admin));
    expect(admin.total).toBe(3);
    expect(admin.items.find((order) => order.id === platformOrder.id)?.canChangeStatus).toBe(true);
    const adminBerg = expectData<Page<StoreRedemption>>(
      await get(`/api/StoreRedemption?employerId=${berg}`, cookies.admin),
    );
    expect(adminBerg.items.map((order) => order.id)).toEqual([bergOrder.id]);
    expectForbidden(await get('/api/StoreRedemption', cookies.employer));
  });

  it("changes the status: the employer its own items' orders, the admin the platform's", async () => {
    const sent = expectData<StoreRedemption>(
      await setStatus(ownOrder.id, cookies.employer, RedemptionStatus.Sent),
    );
    expect(sent).toMatchObject({ status: RedemptionStatus.Sent, canChangeStatus: true });
    expect(sent.statusChangedAt).not.toBeNull();
    expectFailure(
      await setStatus(platformOrder.id, cookies.employer, RedemptionStatus.Sent),
      403,
      'general',
      'store.errors.notYourItem',
    );
    expectFailure(
      await setStatus(bergOrder.id, cookies.employer, RedemptionStatus.Sent),
      404,
      'general',
      'store.errors.orderNotFound',
    );
    expectData(await setStatus(platformOrder.id, cookies.admin, RedemptionStatus.Sent));
    expectForbidden(await setStatus(platformOrder.id, cookies.gym, RedemptionStatus.Sent));
    const invalid = await setStatus(platformOrder.id, cookies.admin, 9);
    expectFailure(invalid, 400, 'status', 'validation.invalidValue');
    expectFailure(await setStatus(999_999, cookies.admin, 1), 404, 'general', 'store.errors.orderNotFound');

    const delivered = expectData<StoreRedemption>(
      await setStatus(platformOrder.id, cookies.admin, RedemptionStatus.Delivered),
    );
    expect(delivered.canChangeStatus).toBe(false);
    expectFailure(
      await setStatus(platformOrder.id, cookies.admin, RedemptionStatus.Ordered),
      409,
      'status',
      'store.errors.statusFinal',
    );
  });

  it('cancelling refunds the XP and puts the item back, once', async () => {
    const stock = await stockOf(platformItem.id);
    const before = await wallet(bergOrder.userId);
    const cancelled = expectData<StoreRedemption>(
      await setStatus(bergOrder.id, cookies.admin, RedemptionStatus.Cancelled),
    );
    expect(cancelled.status).toBe(RedemptionStatus.Cancelled);
    expect(await wallet(bergOrder.userId)).toBe(before + 700);
    expect(await stockOf(platformItem.id)).toBe(stock! + 1);
    const again = await Promise.all([
      setStatus(bergOrder.id, cookies.admin, RedemptionStatus.Cancelled),
      setStatus(bergOrder.id, cookies.admin, RedemptionStatus.Sent),
    ]);
    for (const answer of again) expectFailure(answer, 409, 'status', 'store.errors.statusFinal');
    expect(await wallet(bergOrder.userId)).toBe(before + 700);
    const refunds = await t.db
      .select()
      .from(xpTransfers)
      .where(and(eq(xpTransfers.redemptionId, bergOrder.id), eq(xpTransfers.kind, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 700, userId: bergOrder.userId, employerId: berg });

    // Two cancels at once of another order: one refund.
    const order = expectData<StoreRedemption>(await redeem(platformItem.id, buyer.cookie));
    const both = await Promise.all([
      setStatus(order.id, cookies.admin, RedemptionStatus.Cancelled),
      setStatus(order.id, cookies.admin, RedemptionStatus.Cancelled),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refunded = await t.db
      .select()
      .from(xpTransfers)
      .where(and(eq(xpTransfers.redemptionId, order.id), eq(xpTransfers.kind, 'refund')));
    expect(refunded).toHaveLength(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
