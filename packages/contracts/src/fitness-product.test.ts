import { describe, expect, it } from 'vitest';
import { VatRate } from './enums.ts';
import {
  canUseCatalogue,
  commissionInput,
  fitnessProductForm,
  fitnessProductUpdateForm,
  imageSlotsOf,
  salePriceCentsOf,
  salePriceOf,
  vatPercentageOfRate,
} from './fitness-product.ts';
import './zod-setup.ts';

const file = { filename: 'a.png', mimetype: 'image/png', data: new Uint8Array([1]) };
const hash = 'a'.repeat(64);
const fields = {
  name: 'Loopband',
  description: 'Een loopband',
  numberType: '0',
  purchasePrice: '1000.50',
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('salePriceOf', () => {
  it('adds the margins to the purchase price and VAT on top, rounded to the cent', () => {
    expect(
      salePriceOf({
        purchasePrice: 100,
        platformMargin: 10,
        regionManagerMargin: 5,
        gymMargin: 2.5,
        vatPercentage: 21,
      }),
    ).toEqual({ exclVat: 117.5, inclVat: 142.18 });
    expect(
      salePriceOf({
        purchasePrice: 0.1,
        platformMargin: 0.2,
        regionManagerMargin: 0,
        gymMargin: 0,
        vatPercentage: 9,
      }),
    ).toEqual({ exclVat: 0.3, inclVat: 0.33 });
    expect(
      salePriceOf({
        purchasePrice: 19.99,
        platformMargin: 0,
        regionManagerMargin: 0,
        gymMargin: 0,
        vatPercentage: 6,
      }),
    ).toEqual({ exclVat: 19.99, inclVat: 21.19 });
  });

  it('works in cents alike', () => {
    expect(
      salePriceCentsOf({
        purchasePriceCents: 11750,
        platformMarginCents: 0,
        regionManagerMarginCents: 0,
        gymMarginCents: 0,
        vatPercentage: 21,
      }),
    ).toEqual({ exclVatCents: 11750, inclVatCents: 14218 });
  });

  it('maps VAT rates to percentages', () => {
    expect([VatRate.Percent6, VatRate.Percent9, VatRate.Percent21].map(vatPercentageOfRate)).toEqual([
      6, 9, 21,
    ]);
  });
});

describe('fitnessProductForm', () => {
  it('takes form text parts and applies the defaults', () => {
    const result = fitnessProductForm.parse({ ...fields, images: file });
    expect(result).toMatchObject({
      purchasePrice: 1000.5,
      numberType: 0,
      btwPercentage: VatRate.Percent6,
      productSalesUnit: 0,
      productDuration: 1,
    });
    expect(imageSlotsOf(result)).toEqual([{ newImage: 0 }]);
  });

  it('refuses a long name, no image, a negative price, three decimals and a bad VAT rate', () => {
    expect(
      messages(fitnessProductForm.safeParse({ ...fields, name: 'x'.repeat(129), images: file })),
    ).toEqual(['validation.tooLong']);
    expect(messages(fitnessProductForm.safeParse(fields))).toEqual(['fitnessProduct.errors.imageRequired']);
    expect(messages(fitnessProductForm.safeParse({ ...fields, purchasePrice: '-1', images: file }))).toEqual([
      'validation.tooSmall',
    ]);
    expect(messages(fitnessProductForm.safeParse({ ...fields, purchasePrice: 1.005, images: file }))).toEqual(
      ['fitnessProduct.errors.twoDecimals'],
    );
    expect(messages(fitnessProductForm.safeParse({ ...fields, btwPercentage: '7', images: file }))).toEqual([
      'validation.invalidValue',
    ]);
  });

  it('orders kept and new images and places every new file once', () => {
    const ok = fitnessProductUpdateForm.parse({
      ...fields,
      id: '3',
      images: [file],
      imageOrder: JSON.stringify([{ newImage: 0 }, { imageHash: hash }]),
    });
    expect(imageSlotsOf(ok)).toEqual([{ newImage: 0 }, { imageHash: hash }]);
    expect(
      messages(
        fitnessProductUpdateForm.safeParse({
          ...fields,
          id: '3',
          imageOrder: JSON.stringify([{ newImage: 0 }]),
        }),
      ),
    ).toEqual(['fitnessProduct.errors.imageOrder']);
    expect(
      fitnessProductUpdateForm.safeParse({
        ...fields,
        id: '3',
        imageOrder: JSON.stringify([{ imageHash: hash }]),
      }).success,
    ).toBe(true);
  });
});

describe('commissionInput', () => {
  it('takes margins of at most two decimals, not negative', () => {
    const base = {
      commissionType: 0,
      minimumTerm: 1,
      platformMargin: 10,
      regionManagerMargin: 0,
      gymMargin: 2.5,
    };
    expect(commissionInput.safeParse(base).success).toBe(true);
    expect(messages(commissionInput.safeParse({ ...base, gymMargin: -1 }))).toEqual(['validation.tooSmall']);
    expect(messages(commissionInput.safeParse({ ...base, platformMargin: 0.001 }))).toEqual([
      'fitnessProduct.errors.twoDecimals',
    ]);
  });
});

describe('canUseCatalogue', () => {
  const claims = {
    role: 'Employee' as const,
    activeGymId: null,
    activeLocationId: null,
    gymRights: [] as string[],
    locationRights: [] as string[],
  };
  it('admits an admin and gym or location staff only', () => {
    expect(canUseCatalogue({ ...claims, role: 'Admin' })).toBe(true);
    expect(
      canUseCatalogue({
        ...claims,
        activeGymId: 1,
        activeLocationId: 2,
        locationRights: ['2:ManageLessons'],
      }),
    ).toBe(true);
    expect(canUseCatalogue({ ...claims, activeGymId: 1, gymRights: ['1:ManageMembers'] })).toBe(true);
    expect(canUseCatalogue(claims)).toBe(false);
    expect(canUseCatalogue({ ...claims, role: 'Supplier' })).toBe(false);
  });
});
