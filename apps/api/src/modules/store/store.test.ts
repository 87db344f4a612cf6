import { RedemptionStatus, type StoreItem, StoreItemCategory, type StoreRedemption } from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { expectData, expectFailure, expectForbidden, signInFrom } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { employers } from '../organisation/organisation.tables.ts';
import { balanceOf, checkLedger, transfer } from '../xp/xp.ledger.ts';
import { xpTransfers } from '../xp/xp.tables.ts';
import { storeItems, storeRedemptions } from './store.tables.ts';

let t: TestApp;
let addressCount = 0;
const nextAddress = () => `10.93.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;
const signIn = (email: string) => signInFrom(t, email, nextAddress());

const cookies = { admin: '', employer: '', gym: '' };
let jansen = 0;
let berg = 0;
let employeeCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  cookies.admin = await signIn('admin@example.com');
  cookies.employer = await signIn('werkgever@example.com');
  cookies.gym = await signIn('gym@example.com');
  const rows = await t.db.select({ id: employers.id, name: employers.name }).from(employers);
  jansen = rows.find((row) => row.name === 'Bakkerij Jansen B.V.')!.id;
  berg = rows.find((row) => row.name === 'Van den Berg Logistiek')!.id;
});
afterAll(async () => {
  // Every movement of this file balanced.
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

/** A new employee of these employers, signed in, with `xp` in their wallet (given by the first employer). */
async function employee(employerIds: number[], xp = 0) {
  const email = `store-employee-${++employeeCount}@example.com`;
  const { id: userId } = await createUser(t, {
    email,
    firstName: 'Eva',
    lastName: `Koper ${employeeCount}`,
    employerIds,
  });
  if (xp > 0) await giveXp(userId, employerIds[0]!, xp);
  return { id: userId, cookie: await signIn(email) };
}

/** XP into a wallet as the platform does: issued to the employer (a correction), then granted. */
async function giveXp(userId: number, employerId: number, amount: number) {
  await inTransaction(t.db, async (tx) => {
    await transfer(tx, {
      kind: 'correction',
      from: { kind: 'issuance' },
      to: { kind: 'employer', employerId },
      amount,
      employerId,
      reason: 'Test',
    });
    await transfer(tx, {
      kind: 'grant',
      from: { kind: 'employer', employerId },
      to: { kind: 'wallet', userId },
      amount,
      employerId,
      userId,
    });
  });
}
const wallet = (userId: number) => balanceOf(t.db, { kind: 'wallet', userId });

type Part = Parameters<typeof multipart>[0][number];
const text = (name: string, value: string | number): Part => ({ name, value: String(value) });
const image = async (color = { r: 30, g: 140, b: 90 }): Promise<Part> => ({
  name: 'image',
  filename: 'shirt.png',
  contentType: 'image/png',
  data: await testImage('png', { width: 200, height: 200, color }),
});
const fields = (overrides: Record<string, string | number> = {}): Part[] =>
  Object.entries({
    name: 'Sportshirt',
    description: 'Ademend shirt met logo',
    cost: 2500,
    storeItemCategory: StoreItemCategory.SportClothes,
    stock: 10,
    ...overrides,
  }).map(([name, value]) => text(name, value));

const send = (method: 'POST' | 'PUT', cookie: string, parts: Part[]) => {
  const body = multipart(parts, { cookie });
  return t.app.inject({ method, url: '/api/storeitem', payload: body.payload, headers: body.headers });
};
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const del = (url: string, cookie: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } });
const redeem = (id: number, cookie: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/storeitem/${id}/Redeem`, headers: { cookie }, payload: body });
const setStatus = (id: number, cookie: string, status: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/StoreRedemption/${id}/Status`,
    headers: { cookie },
    payload: { status },
  });

async function addItem(cookie: string, overrides: Record<string, string | number> = {}): Promise<StoreItem> {
  return expectData<StoreItem>(await send('POST', cookie, [await image(), ...fields(overrides)]));
}
const stockOf = async (id: number) =>
  (await t.db.select({ stock: storeItems.stock }).from(storeItems).where(eq(storeItems.id, id)))[0]?.stock;

type Page<T> = { items: T[]; total: number; tabCounts: Record<string, number> };
const errorKeys = (response: LightMyRequestResponse) =>
  (response.json().errors as { key: string }[]).map((error) => error.key);

describe('POST /storeitem', () => {
  it('adds a platform item with its image, and an employer its own', async () => {
    const item = await addItem(cookies.admin, { name: 'Hardloopshirt' });
    expect(item).toMatchObject({
      name: 'Hardloopshirt',
      description: 'Ademend shirt met logo',
      cost: 2500,
      storeItemCategory: StoreItemCategory.SportClothes,
      stock: 10,
      employerId: null,
      vatPercentage: 21,
    });
    expect(item.imageCdnHash).toMatch(/^[0-9a-f]{64}$/);
    expect(item.cdnHash).toBe(item.imageCdnHash);
    const ticket = await addItem(cookies.admin, { storeItemCategory: StoreItemCategory.Tickets });
    expect(ticket.vatPercentage).toBe(9);

    const own = await addItem(cookies.employer, { name: 'Brood van de week' });
    expect(own).toMatchObject({ employerId: jansen, employerName: 'Bakkerij Jansen B.V.' });
    const [logged] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'StoreItem'), eq(auditLog.entityId, String(own.id))));
    expect(logged?.changes).toMatchObject({
      name: { old: null, new: 'Brood van de week' },
      employerId: { old: null, new: jansen },
    });
  });

  it('takes a stored image by its hash; an admin adds an employer item with employerId', async () => {
    const first = await addItem(cookies.admin);
    const reused = expectData<StoreItem>(
      await send('POST', cookies.admin, [
        text('imageCdnHash', first.imageCdnHash!),
        text('employerId', berg),
        ...fields({ name: 'Fietstas' }),
      ]),
    );
    expect(reused).toMatchObject({ imageCdnHash: first.imageCdnHash, employerId: berg });
    expectFailure(
      await send('POST', cookies.admin, [text('employerId', 999_999), await image(), ...fields()]),
      404,
      'general',
      'store.errors.employerNotFound',
    );
  });

  it('refuses invalid fields with their keys', async () => {
    const response = await send('POST', cookies.admin, [
      await image(),
      text('name', ''),
      text('description', ''),
      text('cost', 'abc'),
      text('storeItemCategory', 7),
      text('stock', -1),
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorKeys(response)).toEqual(
      expect.arrayContaining(['name', 'description', 'cost', 'storeItemCategory', 'stock']),
    );
    expectFailure(
      await send('POST', cookies.admin, fields({ cost: 0 })),
      400,
      'cost',
      'validation.greaterThanZero',
    );
    expectFailure(await send('POST', cookies.admin, fields()), 400, 'image', 'store.errors.imageRequired');
    expectFailure(
      await send('POST', cookies.admin, [text('imageCdnHash', 'a'.repeat(64)), ...fields()]),
      400,
      'imageCdnHash',
      'store.errors.imageNotFound',
    );
    expectFailure(
      await send('POST', cookies.admin, [
        { name: 'image', filename: 'x.png', contentType: 'image/png', data: 'no image' },
        ...fields(),
      ]),
      400,
      'image',
      'files.errors.notAnImage',
    );
  });

  it('is not for other roles, and an employer adds only for its active employer', async () => {
    expectForbidden(await send('POST', cookies.gym, [await image(), ...fields()]));
    expect((await send('POST', '', [await image(), ...fields()])).statusCode).toBe(401);
    expectFailure(
      await send('POST', cookies.employer, [text('employerId', berg), await image(), ...fields()]),
      404,
      'general',
      'store.errors.employerNotFound',
    );
  });
});

describe('PUT and DELETE /storeitem', () => {
  it('changes an item and keeps its image unless a new one comes', async () => {
    const item = await addItem(cookies.admin);
    const changed = expectData<StoreItem>(
      await send('PUT', cookies.admin, [
        text('id', item.id),
        ...fields({ name: 'Sportshirt (nieuw)', cost: 3000, stock: 4, storeItemCategory: 3 }),
      ]),
    );
    expect(changed).toMatchObject({
      name: 'Sportshirt (nieuw)',
      cost: 3000,
      stock: 4,
      vatPercentage: 9,
      imageCdnHash: item.imageCdnHash,
    });
    const newImage = expectData<StoreItem>(
      await send('PUT', cookies.admin, [
        text('id', item.id),
        await image({ r: 200, g: 10, b: 10 }),
        ...fields(),
      ]),
    );
    expect(newImage.imageCdnHash).not.toBe(item.imageCdnHash);
    expectFailure(
      await send('PUT', cookies.admin, [text('id', 999_999), ...fields()]),
      404,
      'general',
      'store.errors.notFound',
    );
    expectFailure(
      await send('PUT', cookies.admin, [text('id', item.id), ...fields({ name: '' })]),
      400,
      'name',
      'validation.required',
    );
  });

  it("lets an employer change and delete its own items, not the platform's (403) nor another's (404)", async () => {
    const platform = await addItem(cookies.admin);
    const other = await addItem(cookies.admin, { employerId: berg });
    const own = await addItem(cookies.employer);
    expectData(await send('PUT', cookies.employer, [text('id', own.id), ...fields({ name: 'Eigen' })]));
    expectFailure(
      await send('PUT', cookies.employer, [text('id', platform.id), ...fields()]),
      403,
      'general',
      'store.errors.platformItem',
    );
    expectFailure(
      await send('PUT', cookies.employer, [text('id', other.id), ...fields()]),
      404,
      'general',
      'store.errors.notFound',
    );
    expectFailure(
      await del(`/api/storeitem/${platform.id}`, cookies.employer),
      403,
      'general',
      'store.errors.platformItem',
    );
    expectFailure(
      await del(`/api/storeitem/${other.id}`, cookies.employer),
      404,
      'general',
      'store.errors.notFound',
    );
    expectForbidden(await del(`/api/storeitem/${own.id}`, cookies.gym));
    expect(expectData(await del(`/api/storeitem/${own.id}`, cookies.employer))).toBeNull();
    expect(await stockOf(own.id)).toBeUndefined();
    expectFailure(
      await del(`/api/storeitem/${own.id}`, cookies.employer),
      404,
      'general',
      'store.errors.notFound',
    );
  });

  it('keeps an item while orders of it are open; then deletes it, the orders keep its name', async () => {
    const item = await addItem(cookies.admin, { name: 'Bidon' });
    const buyer = await employee([jansen], 5000);
    const order = expectData<StoreRedemption>(await redeem(item.id, buyer.cookie));
    expectFailure(
      await del(`/api/storeitem/${item.id}`, cookies.admin),
      409,
      'general',
      'store.errors.openOrders',
    );
    expectData(await setStatus(order.id, cookies.admin, RedemptionStatus.Delivered));
    expectData(await del(`/api/storeitem/${item.id}`, cookies.admin));
    const [row] = await t.db.select().from(storeRedemptions).where(eq(storeRedemptions.id, order.id));
    expect(row).toMatchObject({ storeItemId: null, itemName: 'Bidon', status: RedemptionStatus.Delivered });
  });
});

describe('GET /storeitem, /storeitem/{id} and /storeitem/employer/{id}', () => {
  let platformA: StoreItem;
  let platformB: StoreItem;
  let own: StoreItem;
  let other: StoreItem;
  beforeAll(async () => {
    await t.db.delete(storeRedemptions);
    await t.db.delete(storeItems);
    platformA = await addItem(cookies.admin, { name: 'Aaa yogamat', cost: 900, storeItemCategory: 2 });
    platformB = await addItem(cookies.admin, { name: 'Bbb concertkaart', cost: 4000, storeItemCategory: 3 });
    own = await addItem(cookies.employer, { name: 'Ccc taart', cost: 100, storeItemCategory: 0 });
    other = await addItem(cookies.admin, { name: 'Ddd vrachtwagen', employerId: berg });
  });

  it("lists the platform's items by default, employers' with a filter; searched, sorted, with category counts", async () => {
    const platform = expectData<Page<StoreItem>>(await get('/api/storeitem', cookies.admin));
    expect(platform.items.map((item) => item.id)).toEqual([platformA.id, platformB.id]);
    expect(platform.total).toBe(2);
    expect(platform.tabCounts).toEqual({ all: 2, '2': 1, '3': 1 });

    const employersItems = expectData<Page<StoreItem>>(
      await get('/api/storeitem?owner=employers', cookies.admin),
    );
    expect(employersItems.items.map((item) => item.id)).toEqual([own.id, other.id]);
    const oneEmployer = expectData<Page<StoreItem>>(
      await get(`/api/storeitem?employerId=${berg}`, cookies.admin),
    );
    expect(oneEmployer.items.map((item) => item.id)).toEqual([other.id]);
    const all = expectData<Page<StoreItem>>(
      await get('/api/storeitem?owner=all&sort=cost&direction=desc', cookies.admin),
    );
    expect(all.items.map((item) => item.cost)).toEqual([4000, 2500, 900, 100]);
    const searched = expectData<Page<StoreItem>>(
      await get('/api/storeitem?owner=all&search=TAART', cookies.admin),
    );
    expect(searched.items.map((item) => item.id)).toEqual([own.id]);
    const tickets = expectData<Page<StoreItem>>(
      await get('/api/storeitem?storeItemCategory=3', cookies.admin),
    );
    expect(tickets).toMatchObject({ total: 1, tabCounts: { all: 2 } });
    const paged = expectData<Page<StoreItem>>(await get('/api/storeitem?pageSize=1&page=2', cookies.admin));
    expect(paged.items.map((item) => item.id)).toEqual([platformB.id]);

    const invalid = await get('/api/storeitem?storeItemCategory=9&owner=x&sort=nope', cookies.admin);
    expect(invalid.statusCode).toBe(400);
    expect(errorKeys(invalid)).toEqual(expect.arrayContaining(['storeItemCategory', 'owner', 'sort']));
    expectForbidden(await get('/api/storeitem', cookies.employer));
    expectForbidden(await get('/api/storeitem', cookies.gym));
  });

  it("shows an employer's shop: the platform's items and its own; another employer's is 404", async () => {
    const shop = expectData<Page<StoreItem>>(
      await get(`/api/storeitem/employer/${jansen}`, cookies.employer),
    );
    expect(shop.items.map((item) => item.id)).toEqual([platformA.id, platformB.id, own.id]);
    expect(shop.tabCounts.all).toBe(3);
    const onlyOwn = expectData<Page<StoreItem>>(
      await get(`/api/storeitem/employer/${jansen}?owner=own`, cookies.employer),
    );
    expect(onlyOwn.items.map((item) => item.id)).toEqual([own.id]);
    expectFailure(
      await get(`/api/storeitem/employer/${berg}`, cookies.employer),
      404,
      'general',
      'store.errors.employerNotFound',
    );
    const bergShop = expectData<Page<StoreItem>>(await get(`/api/storeitem/employer/${berg}`, cookies.admin));
    expect(bergShop.items.map((item) => item.id)).toEqual([platformA.id, platformB.id, other.id]);
    expect((await get('/api/storeitem/employer/999999', cookies.admin)).statusCode).toBe(404);
    expectForbidden(await get(`/api/storeitem/employer/${jansen}`, cookies.gym));
  });

  it("answers one item: an employer the platform's and its own", async () => {
    expect(expectData<StoreItem>(await get(`/api/storeitem/${platformA.id}`, cookies.employer)).id).toBe(
      platformA.id,
    );
    expect(expectData<StoreItem>(await get(`/api/storeitem/${own.id}`, cookies.employer)).id).toBe(own.id);
    expectFailure(
      await get(`/api/storeitem/${other.id}`, cookies.employer),
      404,
      'general',
      'store.errors.notFound',
    );
    expect(expectData<StoreItem>(await get(`/api/storeitem/${other.id}`, cookies.admin)).employerId).toBe(
      berg,
    );
    expect((await get('/api/storeitem/abc', cookies.admin)).statusCode).toBe(400);
    expectForbidden(await get(`/api/storeitem/${platformA.id}`, cookies.gym));
  });
});

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
