import { type FitnessProduct, ProductVersionStatus, SupplierStatus, VatRate } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectData, expectFailure, expectForbidden } from '../../test/expect.ts';
import { cookieHeader } from '../../test/harness.ts';
import { suppliers } from '../organisation/organisation.tables.ts';
import {
  cookies,
  fields,
  fitSupply,
  image,
  ownList,
  send,
  signIn,
  supplierWithUser,
  t,
  text,
  useTestApp,
} from './fitness-product-test-setup.ts';

useTestApp('supplier', 'noSupplier', 'gym', 'employer');

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
