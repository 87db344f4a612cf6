import {
  type CatalogueSupplier,
  type Paged,
  ProductNumberType,
  type SupplierProductRow,
} from '@xp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitnessProductImages, fitnessProducts } from '../modules/fitness-product/fitness-product.tables.ts';
import { createDiskFileStore } from '../platform/files/file-store.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { demoAccounts } from './demo.ts';
import { seedFitnessProducts } from './fitness-products.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const files = { db: t.db, store: createDiskFileStore(t.filesDir) };
  await seedFitnessProducts(t.db, files);
  // Once: a second run adds nothing.
  await seedFitnessProducts(t.db, files);
});
afterAll(() => t.close());

const get = async <T>(url: string, email: string): Promise<T> => {
  const cookie = await t.login(email);
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};

describe('demo fitness products', () => {
  it('gives FitSupply Nederland products in every tab, with images, of every number type', async () => {
    expect(await t.db.select().from(fitnessProducts)).toHaveLength(5);
    const images = await t.db.select().from(fitnessProductImages);
    expect(images.length).toBeGreaterThanOrEqual(5);

    const tab = (name: string) =>
      get<Paged<SupplierProductRow>>(`/api/FitnessProduct?tab=${name}`, demoAccounts.supplier);
    const existant = await tab('existant');
    expect(existant.tabCounts).toEqual({ existant: 3, awaiting: 2, denied: 1 });
    expect(new Set(existant.items.map((row) => row.numberType))).toEqual(
      new Set([
        ProductNumberType.Equipment,
        ProductNumberType.EquipmentWithIFit,
        ProductNumberType.PersonalTrainer,
      ]),
    );
    expect((await tab('awaiting')).items.filter((row) => row.hasAcceptedVersion)).toHaveLength(1);

    const catalogue = await get<CatalogueSupplier[]>(
      '/api/FitnessProduct/AllWithProducts',
      demoAccounts.location,
    );
    const fitSupply = catalogue.find((supplier) => supplier.name === 'FitSupply Nederland');
    expect(fitSupply?.products.map((product) => product.name)).toEqual([
      'Crosstrainer iFit X7',
      'Loopband Pro 500',
      'Personal training 12 maanden',
    ]);
    const image = await t.app.inject({
      method: 'GET',
      url: `/cdn/${fitSupply!.products[0]!.imageHash}?w=64&h=64`,
    });
    expect(image.statusCode).toBe(200);
  });
});
