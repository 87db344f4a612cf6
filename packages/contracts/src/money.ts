import { blankToUndefined } from './form-values.ts';
import { z } from './zod-setup.ts';

/*
 * Money: the one home of its rules for the API, the web and the seeds. Amounts are integer cents everywhere,
 * on the wire too (DESIGN.md); the web shows and takes euros and converts at the form's edge
 * (`eurosToCents`, `centsToEuros`). VAT is a whole percentage (0, 6, 9, 21).
 */

/** The highest amount of money a field takes: EUR 100,000.00, in cents. */
export const MAX_MONEY_CENTS = 10_000_000;

/**
 * The most an amount column holds (PostgreSQL `integer`), in cents: EUR 21,474,836.47. Each field of an
 * input has its own limit, but their product (quantity times price, plus VAT, summed over the lines) does
 * not: the total of what is invoiced or ordered is bounded by this (400 `invoice.errors.totalTooHigh`).
 */
export const MAX_TOTAL_CENTS = 2_147_483_647;
/** Whether an amount in cents (a total, or minus one: a credit invoice's) fits the amount columns. */
export const fitsAmountColumn = (cents: number) =>
  Number.isSafeInteger(cents) && Math.abs(cents) <= MAX_TOTAL_CENTS;

/** An amount excluding VAT, in cents, including `vatPercentage` % VAT, rounded to the cent. */
export const inclVatCents = (exclVatCents: number, vatPercentage: number): number =>
  Math.round((exclVatCents * (100 + vatPercentage)) / 100);

/** An amount including VAT, in cents, without its `vatPercentage` % VAT, rounded to the cent. */
export const exclVatCents = (inclVatCents: number, vatPercentage: number): number =>
  Math.round((inclVatCents * 100) / (100 + vatPercentage));

/** The price with and without VAT, in cents, of an amount entered with or without it (rounded to cents). */
export function vatSplit(cents: number, includesVat: boolean, vatRate: number) {
  return includesVat
    ? { inclVat: cents, exclVat: exclVatCents(cents, vatRate) }
    : { inclVat: inclVatCents(cents, vatRate), exclVat: cents };
}

/** A euro amount as whole cents (19.99 -> 1999, not 1998.9999...). */
export const eurosToCents = (euros: number): number => Math.round(euros * 100);
/** Cents as euros (1999 -> 19.99). */
export const centsToEuros = (cents: number): number => cents / 100;

/** An amount of money on the wire (JSON): integer cents from 0 to `max`. */
export const centsAmount = (max: number = MAX_MONEY_CENTS) => z.number().int().min(0).max(max);

/** The same in a form-data part (multipart): the text of the integer ('4999'), blank as not given. */
export const formCentsAmount = (max: number = MAX_MONEY_CENTS) =>
  z.preprocess((value) => {
    const given = blankToUndefined(value);
    return typeof given === 'string' && /^-?\d+$/.test(given.trim()) ? Number(given) : given;
  }, centsAmount(max));
