import {
  type CatalogueSupplier,
  type CommissionRow,
  CommissionType,
  type FitnessProduct,
  type FitnessProductEdit,
  MinimumTerm,
  type Paged,
  type PlainFitnessProduct,
  ProductNumberType,
  ProductVersionStatus,
  type SupplierProductRow,
  SupplierStatus,
  VatRate,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/password.ts';
import { demoSignIn, expectData, expectFailure, expectForbidden } from '../../test/expect.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { type MultipartPart, multipart, testImage } from '../../test/multipart.ts';
import { suppliers, supplierUsers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { fitnessProducts, fitnessProductVersions } from './fitness-product.tables.ts';

let t: TestApp;
const signIn = demoSignIn(() => t, 115);
const cookies = { admin: '', gym: '', location: '', employer: '', supplier: '', other: '', noSupplier: '' };
let fitSupply = 0;
let otherSupplier = 0;
let passwordHash = '';
let userCount = 0;

/** A new supplier of this status with a signed-in user (signed in while Active, then set to `status`). */
async function supplierWithUser(name: string, status: number = SupplierStatus.Active) {
  const [supplier] = await t.db.insert(suppliers).values({ name, status }).returning({ id: suppliers.id });
  const email = `fp-supplier-${++userCount}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({ email, role: 'Supplier', firstName: 'Sam', lastName: `Lever ${userCount}`, passwordHash })
    .returning({ id: users.id });
  await t.db.insert(supplierUsers).values({ supplierId: supplier!.id, userId: user!.id });
  return { id: supplier!.id, cookie: await signIn(email) };
}

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(DEMO_PASSWORD);
  cookies.admin = await signIn('admin@example.com');
  cookies.gym = await signIn('gym@example.com');
  cookies.location = await signIn('locatie@example.com');
  cookies.employer = await signIn('werkgever@example.com');
  cookies.supplier = await signIn('leverancier@example.com');
  const [row] = await t.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.name, 'FitSupply Nederland'));
  fitSupply = row!.id;
  const other = await supplierWithUser('Andere Leverancier');
  otherSupplier = other.id;
  cookies.other = other.cookie;
  const [lonely] = await t.db
    .insert(users)
    .values({
      email: 'fp-no-supplier@example.com',
      role: 'Supplier',
      firstName: 'Zonder',
      lastName: 'Leverancier',
      passwordHash,
    })
    .returning({ id: users.id });
  expect(lonely).toBeDefined();
  cookies.noSupplier = await signIn('fp-no-supplier@example.com');
});
afterAll(async () => {
  await t.close();
});

type Part = MultipartPart;
const text = (name: string, value: string | number): Part => ({ name, value: String(value) });
const image = async (red = 30): Promise<Part> => ({
  name: 'images',
  filename: `product-${red}.png`,
  contentType: 'image/png',
  data: await testImage('png', { width: 120, height: 80, color: { r: red, g: 140, b: 90 } }),
});
const fields = (overrides: Record<string, string | number | undefined> = {}): Part[] =>
  Object.entries({
    name: 'Loopband Pro 500',
    description: 'Loopband met hellingshoek tot 15 %',
    numberType: ProductNumberType.Equipment,
    purchasePrice: '199995',
    btwPercentage: VatRate.Percent21,
    productSalesUnit: 0,
    productDuration: 1,
    ...overrides,
  })
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => text(name, value));

const send = (method: 'POST' | 'PUT', cookie: string, parts: Part[]) => {
  const body = multipart(parts, { cookie });
  return t.app.inject({ method, url: '/api/FitnessProduct', payload: body.payload, headers: body.headers });
};
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const del = (url: string, cookie: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

const commission = {
  commissionType: CommissionType.Pieces,
  minimumTerm: MinimumTerm.Months12,
  platformMargin: 10_000,
  regionManagerMargin: 5_050,
  gymMargin: 2_500,
};
const accept = (versionId: number, cookie = cookies.admin, body: object = { commission }) =>
  post(`/api/FitnessProduct/Version/${versionId}/Accept`, cookie, body);
const deny = (versionId: number, cookie = cookies.admin, reason = 'Foto onscherp') =>
  post(`/api/FitnessProduct/Version/${versionId}/Deny`, cookie, { reason });

async function addProduct(cookie = cookies.supplier, overrides: Record<string, string | number> = {}) {
  return expectData<FitnessProduct>(await send('POST', cookie, [await image(), ...fields(overrides)]));
}
const catalogue = async (cookie = cookies.location) =>
  expectData<CatalogueSupplier[]>(await get('/api/FitnessProduct/AllWithProducts', cookie));
const catalogueNames = async (cookie = cookies.location) =>
  (await catalogue(cookie)).flatMap((supplier) => supplier.products.map((product) => product.name));
const plainNames = async (supplierId = fitSupply, cookie = cookies.location) =>
  expectData<PlainFitnessProduct[]>(await get(`/api/FitnessProduct/Plain/All/${supplierId}`, cookie)).map(
    (product) => product.name,
  );
const ownList = async (tab: string, cookie = cookies.supplier, extra = '') =>
  expectData<Paged<SupplierProductRow>>(await get(`/api/FitnessProduct?tab=${tab}${extra}`, cookie));
const commissions = async (tab: string, extra = '') =>
  expectData<Paged<CommissionRow>>(
    await get(`/api/FitnessProduct/Commissions/All?tab=${tab}${extra}`, cookies.admin),
  );

describe('adding a product', () => {
  it('adds version 1 awaiting the platform, with its images in order', async () => {
    const parts = [await image(10), await image(200), ...fields({ name: 'Roeitrainer Air' })];
    const product = expectData<FitnessProduct>(await send('POST', cookies.supplier, parts));
    expect(product).toMatchObject({
      supplierId: fitSupply,
      supplierName: 'FitSupply Nederland',
      acceptedVersionId: null,
      accepted: null,
      version: {
        status: ProductVersionStatus.Awaiting,
        name: 'Roeitrainer Air',
        purchasePrice: 199_995,
        btwPercentage: VatRate.Percent21,
        vatPercentage: 21,
        commission: null,
        salePriceInclVat: null,
      },
    });
    expect(product.pendingVersionId).toBe(product.version.versionId);
    expect(product.version.images.map((entry) => [entry.order, entry.fileName])).toEqual([
      [0, 'product-10.png'],
      [1, 'product-200.png'],
    ]);
    const awaiting = await ownList('awaiting', cookies.supplier, '&search=roeitrainer');
    expect(awaiting.items.map((row) => row.id)).toEqual([product.id]);
    expect(awaiting.items[0]).toMatchObject({ hasPendingVersion: true, hasAcceptedVersion: false });
    expect((await ownList('existant', cookies.supplier, '&search=roeitrainer')).items).toEqual([]);
  });

  it('applies the defaults of VAT, sales unit and duration', async () => {
    const product = expectData<FitnessProduct>(
      await send('POST', cookies.supplier, [
        await image(),
        ...fields({
          name: 'Standaard',
          btwPercentage: undefined,
          productSalesUnit: undefined,
          productDuration: undefined,
        }),
      ]),
    );
    expect(product.version).toMatchObject({ vatPercentage: 6, productSalesUnit: 0, productDuration: 1 });
  });

  it('refuses each invalid field', async () => {
    const withImage = async (overrides: Record<string, string | number>) =>
      send('POST', cookies.supplier, [await image(), ...fields(overrides)]);
    expectFailure(await withImage({ name: 'x'.repeat(129) }), 400, 'name', 'validation.tooLong');
    expectFailure(
      await withImage({ description: 'x'.repeat(257) }),
      400,
      'description',
      'validation.tooLong',
    );
    expectFailure(await withImage({ name: ' ' }), 400, 'name', 'validation.required');
    expectFailure(await withImage({ purchasePrice: '-1' }), 400, 'purchasePrice', 'validation.tooSmall');
    // Cents on the wire (decision 020, amended): euros with a decimal part are refused, not read as cents.
    expectFailure(
      await withImage({ purchasePrice: '10.50' }),
      400,
      'purchasePrice',
      'validation.invalidType',
    );
    expectFailure(await withImage({ purchasePrice: '4000001' }), 400, 'purchasePrice', 'validation.tooBig');
    expectFailure(await withImage({ purchasePrice: 'tien' }), 400, 'purchasePrice', 'validation.invalidType');
    expectFailure(await withImage({ btwPercentage: 5 }), 400, 'btwPercentage', 'validation.invalidValue');
    expectFailure(await withImage({ numberType: 7 }), 400, 'numberType', 'validation.invalidValue');
    expectFailure(await withImage({ productDuration: 9 }), 400, 'productDuration', 'validation.invalidValue');
    expectFailure(
      await send('POST', cookies.supplier, fields()),
      400,
      'images',
      'fitnessProduct.errors.imageRequired',
    );
    expectFailure(
      await send('POST', cookies.supplier, [
        { name: 'images', filename: 'x.png', contentType: 'image/png', data: 'not an image' },
        ...fields(),
      ]),
      400,
      'images',
      'files.errors.notAnImage',
    );
    expectFailure(
      await send('POST', cookies.supplier, [
        await image(),
        text('imageOrder', JSON.stringify([{ newImage: 0 }, { imageHash: 'a'.repeat(64) }])),
        ...fields(),
      ]),
      400,
      'imageOrder',
      'fitnessProduct.errors.unknownImage',
    );
    expectFailure(
      await send('POST', cookies.supplier, [
        await image(),
        text('imageOrder', '[{"newImage":1}]'),
        ...fields(),
      ]),
      400,
      'imageOrder',
      'fitnessProduct.errors.imageOrder',
    );
  });

  it('needs an active supplier in the session (403), and an Active one (409)', async () => {
    expectFailure(
      await send('POST', cookies.noSupplier, [await image(), ...fields()]),
      403,
      'general',
      'auth.noActive.supplier',
    );
    expectForbidden(await send('POST', cookies.gym, [await image(), ...fields()]));
    expectForbidden(await send('POST', cookies.employer, [await image(), ...fields()]));
    const pending = await supplierWithUser('Wachtende Leverancier', SupplierStatus.Pending);
    expectFailure(
      await send('POST', pending.cookie, [await image(), ...fields()]),
      409,
      'general',
      'supplier.errors.notActive',
    );
    // Disabled: its users' sessions drop it (403); an admin acting for it is refused (409).
    const disabled = await supplierWithUser('Gestopte Leverancier');
    await t.db
      .update(suppliers)
      .set({ status: SupplierStatus.Disabled })
      .where(eq(suppliers.id, disabled.id));
    expectFailure(
      await send('POST', disabled.cookie, [await image(), ...fields()]),
      403,
      'general',
      'auth.noActive.supplier',
    );
    const admin = await signIn('admin@example.com');
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/Account/SwitchActiveSupplierEnvironment',
      headers: { cookie: admin },
      payload: { supplierEnvironmentId: disabled.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expectFailure(
      await send('POST', cookieHeader(switched.cookies, admin), [await image(), ...fields()]),
      409,
      'general',
      'supplier.errors.notActive',
    );
  });
});

describe('approval', () => {
  it('keeps a pending product and a pending change out of the catalogue until accepted', async () => {
    const product = await addProduct(cookies.supplier, {
      name: 'Crosstrainer X1',
      numberType: ProductNumberType.EquipmentWithIFit,
    });
    expect(await catalogueNames()).not.toContain('Crosstrainer X1');
    expect(await plainNames()).not.toContain('Crosstrainer X1');
    expectFailure(
      await get(`/api/FitnessProduct/${product.id}`, cookies.location),
      404,
      'general',
      'fitnessProduct.errors.notFound',
    );

    const awaiting = await commissions('awaiting', '&search=crosstrainer');
    expect(awaiting.items.map((row) => row.versionId)).toEqual([product.version.versionId]);
    expect(awaiting.items[0]).toMatchObject({
      isChange: false,
      currentCommission: null,
      supplierName: 'FitSupply Nederland',
    });
    expect(awaiting.tabCounts).toMatchObject({ awaiting: expect.any(Number), accepted: expect.any(Number) });

    const accepted = expectData<CommissionRow>(await accept(product.version.versionId));
    // In cents: 199995 + 10000 + 5050 + 2500 = 217545 excl.; incl. 21 %: 263229.45, rounded 263229
    expect(accepted).toMatchObject({
      status: ProductVersionStatus.Accepted,
      salePriceExclVat: 217_545,
      salePriceInclVat: 263_229,
      commission: { ...commission },
    });
    const [inCatalogue] = (await catalogue())
      .flatMap((supplier) => supplier.products)
      .filter((entry) => entry.id === product.id);
    expect(inCatalogue).toMatchObject({
      name: 'Crosstrainer X1',
      numberType: ProductNumberType.EquipmentWithIFit,
      salePriceExclVat: 217_545,
      salePriceInclVat: 263_229,
      gymMargin: 2_500,
      imageHash: product.version.images[0]!.imageHash,
    });
    expect(await plainNames()).toContain('Crosstrainer X1');
    expect(await catalogueNames(cookies.gym)).toContain('Crosstrainer X1');
    expect(await plainNames(fitSupply, cookies.admin)).toContain('Crosstrainer X1');

    // A change waits; the catalogue keeps the accepted version.
    const edit = expectData<FitnessProductEdit>(
      await get(`/api/FitnessProduct/Edit/${product.id}`, cookies.supplier),
    );
    expect(edit).toMatchObject({
      name: 'Crosstrainer X1',
      status: ProductVersionStatus.Accepted,
      hasAcceptedVersion: true,
    });
    const kept = edit.images[0]!.imageHash;
    const changed = expectData<FitnessProduct>(
      await send('PUT', cookies.supplier, [
        text('id', product.id),
        await image(99),
        text('imageOrder', JSON.stringify([{ newImage: 0 }, { imageHash: kept }])),
        ...fields({ name: 'Crosstrainer X2', numberType: ProductNumberType.EquipmentWithIFit }),
      ]),
    );
    expect(changed.version).toMatchObject({ name: 'Crosstrainer X2', status: ProductVersionStatus.Awaiting });
    expect(changed.version.images.map((entry) => entry.imageHash)[1]).toBe(kept);
    expect(changed.accepted).toMatchObject({ name: 'Crosstrainer X1' });
    expect(await catalogueNames()).toContain('Crosstrainer X1');
    expect(await catalogueNames()).not.toContain('Crosstrainer X2');
    expect(await plainNames()).not.toContain('Crosstrainer X2');
    const forLocation = expectData<FitnessProduct>(
      await get(`/api/FitnessProduct/${product.id}`, cookies.location),
    );
    expect(forLocation).toMatchObject({ pendingVersionId: null, version: { name: 'Crosstrainer X1' } });
    // In both of the supplier's tabs.
    expect((await ownList('existant', cookies.supplier, '&search=crosstrainer')).items[0]).toMatchObject({
      name: 'Crosstrainer X1',
      hasPendingVersion: true,
    });
    expect((await ownList('awaiting', cookies.supplier, '&search=crosstrainer')).items[0]).toMatchObject({
      name: 'Crosstrainer X2',
    });
    const change = (await commissions('awaiting', '&search=crosstrainer')).items[0]!;
    expect(change).toMatchObject({ isChange: true, currentCommission: commission, name: 'Crosstrainer X2' });

    // A second change replaces the pending one: deciding the first is 404.
    const again = expectData<FitnessProduct>(
      await send('PUT', cookies.supplier, [
        text('id', product.id),
        text('imageOrder', JSON.stringify([{ imageHash: kept }])),
        ...fields({ name: 'Crosstrainer X3' }),
      ]),
    );
    expectFailure(
      await accept(changed.version.versionId),
      404,
      'general',
      'fitnessProduct.errors.versionNotFound',
    );
    expect(
      (await ownList('awaiting', cookies.supplier, '&search=crosstrainer')).items.map((row) => row.name),
    ).toEqual(['Crosstrainer X3']);

    // Accepting it supersedes the first; the catalogue follows.
    expectData(
      await accept(again.version.versionId, cookies.admin, { commission: { ...commission, gymMargin: 0 } }),
    );
    const [first] = await t.db
      .select({ status: fitnessProductVersions.status })
      .from(fitnessProductVersions)
      .where(eq(fitnessProductVersions.id, product.version.versionId));
    expect(first!.status).toBe(ProductVersionStatus.Superseded);
    expect(await catalogueNames()).toContain('Crosstrainer X3');
    expect(await catalogueNames()).not.toContain('Crosstrainer X1');
    expectFailure(
      await accept(again.version.versionId),
      409,
      'general',
      'fitnessProduct.errors.alreadyDecided',
    );
    const [row] = await t.db.select().from(fitnessProducts).where(eq(fitnessProducts.id, product.id));
    expect(row).toMatchObject({
      acceptedVersionId: again.version.versionId,
      pendingVersionId: null,
      sortName: 'crosstrainer x3',
    });
  });

  it('denies a change with a reason and keeps the accepted version', async () => {
    const product = await addProduct(cookies.supplier, {
      name: 'Personal training 12 mnd',
      numberType: ProductNumberType.PersonalTrainer,
    });
    expectData(await accept(product.version.versionId));
    const changed = expectData<FitnessProduct>(
      await send('PUT', cookies.supplier, [
        text('id', product.id),
        await image(),
        ...fields({ name: 'PT duur' }),
      ]),
    );
    const denied = expectData<CommissionRow>(await deny(changed.version.versionId));
    expect(denied).toMatchObject({ status: ProductVersionStatus.Denied, denyReason: 'Foto onscherp' });
    expect(await catalogueNames()).toContain('Personal training 12 mnd');
    const edit = expectData<FitnessProductEdit>(
      await get(`/api/FitnessProduct/Edit/${product.id}`, cookies.supplier),
    );
    expect(edit).toMatchObject({
      name: 'PT duur',
      status: ProductVersionStatus.Denied,
      denyReason: 'Foto onscherp',
    });
    const deniedTab = await ownList('denied', cookies.supplier, '&search=personal');
    expect(deniedTab.items.map((entry) => entry.name)).toEqual(['PT duur']);
    expect((await commissions('denied', '&search=pt duur')).items.map((entry) => entry.versionId)).toEqual([
      changed.version.versionId,
    ]);
    expectFailure(
      await deny(changed.version.versionId),
      409,
      'general',
      'fitnessProduct.errors.alreadyDecided',
    );

    // A first version denied: never in the catalogue.
    const never = await addProduct(cookies.supplier, { name: 'Nooit goedgekeurd' });
    expectData(await deny(never.version.versionId));
    expect(await catalogueNames()).not.toContain('Nooit goedgekeurd');
    expect((await ownList('denied', cookies.supplier, '&search=nooit')).total).toBe(1);
    expect((await ownList('existant', cookies.supplier, '&search=nooit')).total).toBe(0);
  });

  it('refuses bad commissions and reasons', async () => {
    const product = await addProduct(cookies.supplier, { name: 'Kettlebell set' });
    const versionId = product.version.versionId;
    expectFailure(
      await accept(versionId, cookies.admin, { commission: { ...commission, gymMargin: -1 } }),
      400,
      'commission.gymMargin',
      'validation.tooSmall',
    );
    expectFailure(
      await accept(versionId, cookies.admin, { commission: { ...commission, platformMargin: 10.5 } }),
      400,
      'commission.platformMargin',
      'validation.invalidType',
    );
    expectFailure(
      await accept(versionId, cookies.admin, { commission: { ...commission, commissionType: 5 } }),
      400,
      'commission.commissionType',
      'validation.invalidValue',
    );
    expectFailure(await deny(versionId, cookies.admin, ''), 400, 'reason', 'validation.required');
    expectFailure(await accept(2_000_000_000), 404, 'general', 'fitnessProduct.errors.versionNotFound');
  });

  it('lets one of two admins accepting at once win', async () => {
    const product = await addProduct(cookies.supplier, { name: 'Gelijktijdig' });
    const answers = await Promise.all([accept(product.version.versionId), accept(product.version.versionId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('leaves a non-Active supplier out of the catalogue', async () => {
    const product = await addProduct(cookies.other, { name: 'Van de andere' });
    expectData(await accept(product.version.versionId));
    expect(await catalogueNames()).toContain('Van de andere');
    await t.db
      .update(suppliers)
      .set({ status: SupplierStatus.Disabled })
      .where(eq(suppliers.id, otherSupplier));
    expect(await catalogueNames()).not.toContain('Van de andere');
    expectFailure(
      await get(`/api/FitnessProduct/Plain/All/${otherSupplier}`, cookies.location),
      404,
      'general',
      'supplier.errors.notFound',
    );
    expectFailure(
      await get(`/api/FitnessProduct/${product.id}`, cookies.location),
      404,
      'general',
      'fitnessProduct.errors.notFound',
    );
    expect(await plainNames(otherSupplier, cookies.admin)).toEqual(['Van de andere']);
    await t.db
      .update(suppliers)
      .set({ status: SupplierStatus.Active })
      .where(eq(suppliers.id, otherSupplier));
  });
});

describe('reading and deleting', () => {
  it('answers one product to its supplier, the admin and the catalogue', async () => {
    const product = await addProduct(cookies.supplier, { name: 'Halterbank' });
    expect(
      expectData<FitnessProduct>(await get(`/api/FitnessProduct/${product.id}`, cookies.supplier)).version
        .name,
    ).toBe('Halterbank');
    expect(
      expectData<FitnessProduct>(await get(`/api/FitnessProduct/${product.id}`, cookies.admin))
        .pendingVersionId,
    ).toBe(product.version.versionId);
    expectForbidden(await get(`/api/FitnessProduct/${product.id}`, cookies.employer));
  });

  it("hides another supplier's product (404) from reading, changing and deleting", async () => {
    const product = await addProduct(cookies.other, { name: 'Niet van jou' });
    const notFound = (response: LightMyRequestResponse) =>
      expectFailure(response, 404, 'general', 'fitnessProduct.errors.notFound');
    notFound(await get(`/api/FitnessProduct/${product.id}`, cookies.supplier));
    notFound(await get(`/api/FitnessProduct/Edit/${product.id}`, cookies.supplier));
    notFound(await send('PUT', cookies.supplier, [text('id', product.id), await image(), ...fields()]));
    notFound(await del(`/api/FitnessProduct/${product.id}`, cookies.supplier));
    expect((await ownList('awaiting', cookies.supplier, '&search=niet van jou')).items).toEqual([]);
  });

  it('deletes a product: out of the lists and the catalogue', async () => {
    const product = await addProduct(cookies.supplier, { name: 'Weg ermee' });
    expectData(await accept(product.version.versionId));
    expect(await catalogueNames()).toContain('Weg ermee');
    expect(expectData(await del(`/api/FitnessProduct/${product.id}`, cookies.supplier))).toBeNull();
    expect(await catalogueNames()).not.toContain('Weg ermee');
    expect(await plainNames()).not.toContain('Weg ermee');
    expect((await ownList('existant', cookies.supplier, '&search=weg ermee')).total).toBe(0);
    expect((await commissions('accepted', '&search=weg ermee')).total).toBe(0);
    expectFailure(
      await get(`/api/FitnessProduct/${product.id}`, cookies.supplier),
      404,
      'general',
      'fitnessProduct.errors.notFound',
    );
    expectFailure(
      await del(`/api/FitnessProduct/${product.id}`, cookies.supplier),
      404,
      'general',
      'fitnessProduct.errors.notFound',
    );
  });

  it('pages, sorts and counts the lists', async () => {
    for (const name of ['Paging A', 'Paging B', 'Paging C']) await addProduct(cookies.supplier, { name });
    const first = await ownList(
      'awaiting',
      cookies.supplier,
      '&search=paging&pageSize=2&sort=name&direction=desc',
    );
    expect(first.items.map((row) => row.name)).toEqual(['Paging C', 'Paging B']);
    expect(first.total).toBe(3);
    expect(first.tabCounts).toEqual({ existant: 0, awaiting: 3, denied: 0 });
    const second = await ownList(
      'awaiting',
      cookies.supplier,
      '&search=paging&pageSize=2&page=2&sort=name&direction=desc',
    );
    expect(second.items.map((row) => row.name)).toEqual(['Paging A']);
    const admin = await commissions('awaiting', '&search=paging&sort=name&pageSize=2');
    expect(admin.items.map((row) => row.name)).toEqual(['Paging A', 'Paging B']);
    expect(admin.total).toBe(3);
    const bySupplier = await commissions('awaiting', `&search=paging&supplierId=${otherSupplier}`);
    expect(bySupplier.total).toBe(0);
  });
});

describe('policies', () => {
  it('keeps the admin calls from suppliers and gym staff', async () => {
    for (const cookie of [cookies.supplier, cookies.gym, cookies.location]) {
      expectForbidden(await get('/api/FitnessProduct/Commissions/All', cookie));
      expectForbidden(await accept(1, cookie));
      expectForbidden(await deny(1, cookie));
    }
  });

  it('keeps the supplier calls from gym staff and employers, and without an active supplier', async () => {
    for (const cookie of [cookies.gym, cookies.location, cookies.employer]) {
      expectForbidden(await get('/api/FitnessProduct', cookie));
      expectForbidden(await get('/api/FitnessProduct/Edit/1', cookie));
      expectForbidden(await del('/api/FitnessProduct/1', cookie));
    }
    expectFailure(
      await get('/api/FitnessProduct', cookies.noSupplier),
      403,
      'general',
      'auth.noActive.supplier',
    );
    expectFailure(
      await get('/api/FitnessProduct/Edit/1', cookies.noSupplier),
      403,
      'general',
      'auth.noActive.supplier',
    );
    expectFailure(await get('/api/FitnessProduct', cookies.admin), 403, 'general', 'auth.noActive.supplier');
  });

  it('keeps the catalogue from suppliers and employers', async () => {
    for (const cookie of [cookies.supplier, cookies.employer]) {
      expectForbidden(await get('/api/FitnessProduct/AllWithProducts', cookie));
      expectForbidden(await get(`/api/FitnessProduct/Plain/All/${fitSupply}`, cookie));
    }
    expect(Array.isArray(await catalogue(cookies.admin))).toBe(true);
  });
});
