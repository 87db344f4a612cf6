import {
  type CatalogueSupplier,
  type CommissionRow,
  CommissionType,
  type FitnessProduct,
  MinimumTerm,
  type Paged,
  type PlainFitnessProduct,
  ProductNumberType,
  type SupplierProductRow,
  SupplierStatus,
  VatRate,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { demoSignIn, expectData } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type MultipartPart, multipart, testImage } from '../../test/multipart.ts';
import { suppliers, supplierUsers } from '../organisation/organisation.tables.ts';

/*
 * Fitness products (decision 020): a supplier adds a product and changes it, the platform accepts or denies
 * each version, the catalogue shows the accepted ones. The app, the sessions, the multipart form and the
 * calls of the fitness-product test files (adding, approval, reading); each file builds its own app and
 * signs in only the sessions it names (useTestApp).
 */

export let t: TestApp;
export const signIn = demoSignIn(() => t, 115);
/** The sessions a file named in useTestApp (the others stay empty: a call with one answers 401). */
export const cookies = {
  admin: '',
  gym: '',
  location: '',
  employer: '',
  supplier: '',
  /** A user of `otherSupplier`. */
  other: '',
  /** A Supplier user of no supplier. */
  noSupplier: '',
};
type Session = keyof typeof cookies;
/** FitSupply Nederland, the demo supplier of leverancier@example.com. */
export let fitSupply = 0;
/** Andere Leverancier, made for the files that name the session `other`. */
export let otherSupplier = 0;
let userCount = 0;

/** A new supplier of this status with a signed-in user (signed in while Active, then set to `status`). */
export async function supplierWithUser(name: string, status: number = SupplierStatus.Active) {
  const [supplier] = await t.db.insert(suppliers).values({ name, status }).returning({ id: suppliers.id });
  const email = `fp-supplier-${++userCount}@example.com`;
  const user = await createUser(t, {
    email,
    role: 'Supplier',
    firstName: 'Sam',
    lastName: `Lever ${userCount}`,
  });
  await t.db.insert(supplierUsers).values({ supplierId: supplier!.id, userId: user.id });
  return { id: supplier!.id, cookie: await signIn(email) };
}

const demoUsers = {
  admin: 'admin@example.com',
  gym: 'gym@example.com',
  location: 'locatie@example.com',
  employer: 'werkgever@example.com',
  supplier: 'leverancier@example.com',
} as const;

async function makeSession(session: Session) {
  if (session === 'other') {
    const other = await supplierWithUser('Andere Leverancier');
    otherSupplier = other.id;
    return other.cookie;
  }
  if (session === 'noSupplier') {
    await createUser(t, {
      email: 'fp-no-supplier@example.com',
      role: 'Supplier',
      firstName: 'Zonder',
      lastName: 'Leverancier',
    });
    return signIn('fp-no-supplier@example.com');
  }
  return signIn(demoUsers[session]);
}

/** Registers the test app of these files (each file builds its own) and signs in the sessions named. */
export function useTestApp(...sessions: Session[]) {
  beforeAll(async () => {
    t = await createTestApp();
    for (const session of Object.keys(cookies) as Session[]) cookies[session] = '';
    otherSupplier = 0;
    const [row] = await t.db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.name, 'FitSupply Nederland'));
    fitSupply = row!.id;
    for (const session of sessions) cookies[session] = await makeSession(session);
  });
  afterAll(async () => {
    await t.close();
  });
}

export type Part = MultipartPart;
export const text = (name: string, value: string | number): Part => ({ name, value: String(value) });
export const image = async (red = 30): Promise<Part> => ({
  name: 'images',
  filename: `product-${red}.png`,
  contentType: 'image/png',
  data: await testImage('png', { width: 120, height: 80, color: { r: red, g: 140, b: 90 } }),
});
/** The form's fields of a valid product (Loopband Pro 500), with `overrides` over them (undefined: left out). */
export const fields = (overrides: Record<string, string | number | undefined> = {}): Part[] =>
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

export const send = (method: 'POST' | 'PUT', cookie: string, parts: Part[]) => {
  const body = multipart(parts, { cookie });
  return t.app.inject({ method, url: '/api/FitnessProduct', payload: body.payload, headers: body.headers });
};
export const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
export const del = (url: string, cookie: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

export const commission = {
  commissionType: CommissionType.Pieces,
  minimumTerm: MinimumTerm.Months12,
  platformMargin: 10_000,
  regionManagerMargin: 5_050,
  gymMargin: 2_500,
};
export const accept = (versionId: number, cookie = cookies.admin, body: object = { commission }) =>
  post(`/api/FitnessProduct/Version/${versionId}/Accept`, cookie, body);
export const deny = (versionId: number, cookie = cookies.admin, reason = 'Foto onscherp') =>
  post(`/api/FitnessProduct/Version/${versionId}/Deny`, cookie, { reason });

export async function addProduct(cookie = cookies.supplier, overrides: Record<string, string | number> = {}) {
  return expectData<FitnessProduct>(await send('POST', cookie, [await image(), ...fields(overrides)]));
}
export const catalogue = async (cookie = cookies.location) =>
  expectData<CatalogueSupplier[]>(await get('/api/FitnessProduct/AllWithProducts', cookie));
export const catalogueNames = async (cookie = cookies.location) =>
  (await catalogue(cookie)).flatMap((supplier) => supplier.products.map((product) => product.name));
export const plainNames = async (supplierId = fitSupply, cookie = cookies.location) =>
  expectData<PlainFitnessProduct[]>(await get(`/api/FitnessProduct/Plain/All/${supplierId}`, cookie)).map(
    (product) => product.name,
  );
export const ownList = async (tab: string, cookie = cookies.supplier, extra = '') =>
  expectData<Paged<SupplierProductRow>>(await get(`/api/FitnessProduct?tab=${tab}${extra}`, cookie));
export const commissions = async (tab: string, extra = '') =>
  expectData<Paged<CommissionRow>>(
    await get(`/api/FitnessProduct/Commissions/All?tab=${tab}${extra}`, cookies.admin),
  );
