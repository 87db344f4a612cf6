import { describe, expect, it } from 'vitest';
import { VatRate } from './enums.ts';
import {
  commissionInput,
  fitnessProductForm,
  fitnessProductUpdateForm,
  imageSlotsOf,
} from './fitness-product.ts';
import {
  canUseCatalogue,
  salePriceCentsOf,
  salePriceOf,
  vatPercentageOfRate,
} from './fitness-product-rules.ts';
import './zod-setup.ts';

const file = { filename: 'a.png', mimetype: 'image/png', data: new Uint8Array([1]) };
const hash = 'a'.repeat(64);
const fields = {
  name: 'Loopband',
  description: 'Een loopband',
  numberType: '0',
  purchasePrice: '100050',
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('salePriceCentsOf', () => {
  it('adds the margins to the purchase price and VAT on top, rounded to the cent', () => {
    const price = (purchase: number, platform: number, gym: number, vatPercentage: number) =>
      salePriceCentsOf({
        purchasePriceCents: purchase,
        platformMarginCents: platform,
        regionManagerMarginCents: 500,
        gymMarginCents: gym,
        vatPercentage,
      });
    expect(price(10_000, 1000, 250, 21)).toEqual({ exclVatCents: 11_750, inclVatCents: 14_218 });
    expect(price(10, 20, 0, 9)).toEqual({ exclVatCents: 530, inclVatCents: 578 });
    expect(price(1499, 0, 0, 6)).toEqual({ exclVatCents: 1999, inclVatCents: 2119 });
  });

  it("answers the same with the wire's names", () => {
    expect(
      salePriceOf({
        purchasePrice: 10_000,
        platformMargin: 1000,
        regionManagerMargin: 500,
        gymMargin: 250,
        vatPercentage: 21,
      }),
    ).toEqual({ exclVat: 11_750, inclVat: 14_218 });
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
      purchasePrice: 100_050,
      numberType: 0,
      btwPercentage: VatRate.Percent6,
      productSalesUnit: 0,
      productDuration: 1,
    });
    expect(imageSlotsOf(result)).toEqual([{ newImage: 0 }]);
  });

  it('refuses a long name, no image, a negative price, a part of a cent, euros and a bad VAT rate', () => {
    expect(
      messages(fitnessProductForm.safeParse({ ...fields, name: 'x'.repeat(129), images: file })),
    ).toEqual(['validation.tooLong']);
    expect(messages(fitnessProductForm.safeParse(fields))).toEqual(['fitnessProduct.errors.imageRequired']);
    expect(messages(fitnessProductForm.safeParse({ ...fields, purchasePrice: '-1', images: file }))).toEqual([
      'validation.tooSmall',
    ]);
    expect(messages(fitnessProductForm.safeParse({ ...fields, purchasePrice: 100.5, images: file }))).toEqual(
      ['validation.invalidType'],
    );
    expect(
      messages(fitnessProductForm.safeParse({ ...fields, purchasePrice: '1000,50', images: file })),
    ).toEqual(['validation.invalidType']);
    expect(
      messages(fitnessProductForm.safeParse({ ...fields, purchasePrice: '4000001', images: file })),
    ).toEqual(['validation.tooBig']);
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
  it('takes margins in whole cents, not negative', () => {
    const base = {
      commissionType: 0,
      minimumTerm: 1,
      platformMargin: 10,
      regionManagerMargin: 0,
      gymMargin: 250,
    };
    expect(commissionInput.safeParse(base).success).toBe(true);
    expect(messages(commissionInput.safeParse({ ...base, gymMargin: -1 }))).toEqual(['validation.tooSmall']);
    expect(messages(commissionInput.safeParse({ ...base, platformMargin: 2.5 }))).toEqual([
      'validation.invalidType',
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
