/*
 * Money as the screens show it (spec: nl-NL EUR, comma, 2 decimals): stored and sent in cents.
 */

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** 4900 -> '€ 49,00'. */
export const formatEuro = (cents: number) => euro.format(cents / 100);
