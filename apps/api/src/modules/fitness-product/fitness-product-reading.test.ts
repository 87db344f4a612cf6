import type { FitnessProduct } from '@xp/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectData, expectFailure, expectForbidden } from '../../test/expect.ts';
import {
  accept,
  addProduct,
  catalogue,
  catalogueNames,
  commissions,
  cookies,
  del,
  deny,
  fields,
  fitSupply,
  get,
  image,
  otherSupplier,
  ownList,
  plainNames,
  send,
  text,
  useTestApp,
} from './fitness-product-test-setup.ts';

useTestApp('supplier', 'admin', 'location', 'gym', 'employer', 'other', 'noSupplier');

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
