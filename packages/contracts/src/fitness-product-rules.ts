import { hasAnyGymRight, hasLocationAccess } from './claims.ts';
import { VatRate } from './enums.ts';
import { inclVatCents } from './money.ts';
import type { Claims } from './session.ts';

/*
 * The rules of a fitness product apart from its calls (decision 020): the limits, the VAT percentage of a
 * rate, the sale price from the purchase price and the margins, who may read the catalogue.
 */

export const FITNESS_PRODUCT_NAME_MAX = 128;
export const FITNESS_PRODUCT_DESCRIPTION_MAX = 256;
export const FITNESS_PRODUCT_DENY_REASON_MAX = 512;
/** The most images one product version has. */
export const FITNESS_PRODUCT_MAX_IMAGES = 10;
/**
 * The highest purchase price or margin: EUR 40,000.00. So that an order's total fits the amount columns
 * (`MAX_TOTAL_CENTS`): the sale price at the highest of each (four times this, plus 21 % VAT), times the
 * most an order holds (`PRODUCT_ORDER_QUANTITY_MAX`, 100), is EUR 19,360,000.00.
 */
export const FITNESS_PRODUCT_MAX_CENTS = 4_000_000;

/** The VAT percentage of a `VatRate` value (the form's `btwPercentage`): 6, 9 or 21. */
export const VAT_PERCENTAGE_OF_RATE: Readonly<Record<number, number>> = {
  [VatRate.Percent6]: 6,
  [VatRate.Percent9]: 9,
  [VatRate.Percent21]: 21,
};
export const vatPercentageOfRate = (rate: number): number => VAT_PERCENTAGE_OF_RATE[rate] ?? 6;
/** The `VatRate` value of a percentage (6, 9, 21). */
export const vatRateOfPercentage = (percentage: number): number =>
  percentage === 21 ? VatRate.Percent21 : percentage === 9 ? VatRate.Percent9 : VatRate.Percent6;

/**
 * A product's sale price per unit from its purchase price and the three margins (decision 020): excluding
 * VAT the sum, including VAT that times (1 + VAT), rounded to the cent. In cents.
 */
export function salePriceCentsOf(input: {
  purchasePriceCents: number;
  platformMarginCents: number;
  regionManagerMarginCents: number;
  gymMarginCents: number;
  vatPercentage: number;
}): { exclVatCents: number; inclVatCents: number } {
  const exclVatCents =
    input.purchasePriceCents +
    input.platformMarginCents +
    input.regionManagerMarginCents +
    input.gymMarginCents;
  return { exclVatCents, inclVatCents: inclVatCents(exclVatCents, input.vatPercentage) };
}

/** The same with the wire's names (the admin's commission form previews it): all in cents. */
export function salePriceOf(input: {
  purchasePrice: number;
  platformMargin: number;
  regionManagerMargin: number;
  gymMargin: number;
  vatPercentage: number;
}): { exclVat: number; inclVat: number } {
  const price = salePriceCentsOf({
    purchasePriceCents: input.purchasePrice,
    platformMarginCents: input.platformMargin,
    regionManagerMarginCents: input.regionManagerMargin,
    gymMarginCents: input.gymMargin,
    vatPercentage: input.vatPercentage,
  });
  return { exclVat: price.exclVatCents, inclVat: price.inclVatCents };
}

/** Who may read the catalogue (`AllWithProducts`, `Plain/All/{id}`): an admin, gym or location staff. */
export const canUseCatalogue = (
  claims: Pick<Claims, 'role' | 'activeGymId' | 'activeLocationId' | 'gymRights' | 'locationRights'>,
): boolean =>
  claims.role === 'Admin' ||
  (claims.activeLocationId !== null && hasLocationAccess(claims)) ||
  (claims.activeGymId !== null && hasAnyGymRight(claims, claims.activeGymId));
