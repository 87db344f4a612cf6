import {
  type CommissionRow,
  type FitnessProduct,
  type FitnessProductEdit,
  ProductNumberType,
  ProductVersionStatus,
  SupplierStatus,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectData, expectFailure } from '../../test/expect.ts';
import { suppliers } from '../organisation/organisation.tables.ts';
import { fitnessProducts, fitnessProductVersions } from './fitness-product.tables.ts';
import {
  accept,
  addProduct,
  catalogue,
  catalogueNames,
  commission,
  commissions,
  cookies,
  deny,
  fields,
  fitSupply,
  get,
  image,
  otherSupplier,
  ownList,
  plainNames,
  send,
  t,
  text,
  useTestApp,
} from './fitness-product-test-setup.ts';

useTestApp('supplier', 'admin', 'location', 'gym', 'other');

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
