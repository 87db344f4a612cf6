import { RedemptionStatus, type StoreItem, StoreItemCategory, type StoreRedemption } from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { expectData, expectFailure, expectForbidden } from '../../test/expect.ts';
import { storeItems, storeRedemptions } from './store.tables.ts';
import {
  addItem,
  berg,
  cookies,
  del,
  employee,
  errorKeys,
  fields,
  get,
  image,
  jansen,
  type Page,
  redeem,
  send,
  setStatus,
  stockOf,
  t,
  text,
  useTestApp,
} from './store-test-setup.ts';

useTestApp();

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
