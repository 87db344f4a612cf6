import { productCentsOf } from '@xp/contracts';
import { formatEuro } from '@/ui/money';

/** Euros of the wire as the screens show them: 1234.5 -> '€ 1.234,50'. */
export const euroText = (euros: number) => formatEuro(productCentsOf(euros));

/**
 * The amounts of an order of `quantity` units at a sale price per unit (euros excl. VAT), as the server
 * computes them: excl. VAT the unit price times the quantity, incl. VAT that times (1 + VAT) to the cent.
 */
export function orderAmounts(unitExclVat: number, quantity: number, vatPercentage: number) {
  const exclCents = productCentsOf(unitExclVat) * quantity;
  const inclCents = Math.round((exclCents * (100 + vatPercentage)) / 100);
  return { exclVat: exclCents / 100, vat: (inclCents - exclCents) / 100, inclVat: inclCents / 100 };
}

/** First name, insertion and last name. */
export const fullNameOf = (person: {
  firstName?: string | null | undefined;
  insertion?: string | null | undefined;
  lastName?: string | null | undefined;
}) => [person.firstName, person.insertion, person.lastName].filter((part) => part?.trim()).join(' ');
