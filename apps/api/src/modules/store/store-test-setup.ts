import { type StoreItem, StoreItemCategory } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { inTransaction } from '../../platform/db/errors.ts';
import { expectData, signInFrom } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { employers } from '../organisation/organisation.tables.ts';
import { balanceOf, checkLedger, transfer } from '../xp/xp.ledger.ts';
import { storeItems } from './store.tables.ts';

export let t: TestApp;
export let addressCount = 0;
export const nextAddress = () => `10.93.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;
export const signIn = (email: string) => signInFrom(t, email, nextAddress());

export const cookies = { admin: '', employer: '', gym: '' };
export let jansen = 0;
export let berg = 0;
export let employeeCount = 0;

/** A new employee of these employers, signed in, with `xp` in their wallet (given by the first employer). */
export async function employee(employerIds: number[], xp = 0) {
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
export async function giveXp(userId: number, employerId: number, amount: number) {
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
export const wallet = (userId: number) => balanceOf(t.db, { kind: 'wallet', userId });

export type Part = Parameters<typeof multipart>[0][number];
export const text = (name: string, value: string | number): Part => ({ name, value: String(value) });
export const image = async (color = { r: 30, g: 140, b: 90 }): Promise<Part> => ({
  name: 'image',
  filename: 'shirt.png',
  contentType: 'image/png',
  data: await testImage('png', { width: 200, height: 200, color }),
});
export const fields = (overrides: Record<string, string | number> = {}): Part[] =>
  Object.entries({
    name: 'Sportshirt',
    description: 'Ademend shirt met logo',
    cost: 2500,
    storeItemCategory: StoreItemCategory.SportClothes,
    stock: 10,
    ...overrides,
  }).map(([name, value]) => text(name, value));

export const send = (method: 'POST' | 'PUT', cookie: string, parts: Part[]) => {
  const body = multipart(parts, { cookie });
  return t.app.inject({ method, url: '/api/storeitem', payload: body.payload, headers: body.headers });
};
export const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
export const del = (url: string, cookie: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { cookie } });
export const redeem = (id: number, cookie: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/storeitem/${id}/Redeem`, headers: { cookie }, payload: body });
export const setStatus = (id: number, cookie: string, status: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/StoreRedemption/${id}/Status`,
    headers: { cookie },
    payload: { status },
  });

export async function addItem(
  cookie: string,
  overrides: Record<string, string | number> = {},
): Promise<StoreItem> {
  return expectData<StoreItem>(await send('POST', cookie, [await image(), ...fields(overrides)]));
}
export const stockOf = async (id: number) =>
  (await t.db.select({ stock: storeItems.stock }).from(storeItems).where(eq(storeItems.id, id)))[0]?.stock;

export type Page<T> = { items: T[]; total: number; tabCounts: Record<string, number> };
export const errorKeys = (response: LightMyRequestResponse) =>
  (response.json().errors as { key: string }[]).map((error) => error.key);

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
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
}
