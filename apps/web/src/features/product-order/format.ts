import { inclVatCents } from '@xp/contracts';

/**
 * The amounts of an order of `quantity` units at a sale price per unit (cents excl. VAT), as the server
 * computes them: excl. VAT the unit price times the quantity, incl. VAT that with VAT, rounded to the cent.
 */
export function orderAmounts(unitExclVat: number, quantity: number, vatPercentage: number) {
  const exclVat = unitExclVat * quantity;
  const inclVat = inclVatCents(exclVat, vatPercentage);
  return { exclVat, vat: inclVat - exclVat, inclVat };
}
