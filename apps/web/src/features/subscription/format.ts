/*
 * Money as the screens show and take it (spec: nl-NL EUR, comma, 2 decimals): stored in cents, entered and
 * shown in euros. Schema-free, so the list needs no form code.
 */

import { eurosToCents as toCents, centsToEuros as toEuros } from '@xp/contracts/money';

export { formatEuro } from '@/ui/money';

/** Cents as the euro amount an input shows (null stays empty). */
export const centsToEuros = (cents: number | null | undefined): number | undefined =>
  cents === null || cents === undefined ? undefined : toEuros(cents);

/** A typed euro amount as whole cents (19,99 -> 1999, not 1998.9999...); empty gives null. */
export const eurosToCents = (euros: number | null | undefined): number | null =>
  euros === null || euros === undefined || !Number.isFinite(euros) ? null : toCents(euros);
