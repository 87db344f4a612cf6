/*
 * Money as the screens show it (spec: nl-NL EUR, comma, 2 decimals): stored and sent in cents.
 */

const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** 4900 -> '€ 49,00'. */
export const formatEuro = (cents: number) => euro.format(cents / 100);

const whole = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });

/** XP with a thousands separator (spec: nl-NL): 12500 -> '12.500 XP'; `signed` adds '+' to a gain. */
export const formatXp = (amount: number, { signed = false }: { signed?: boolean } = {}) =>
  `${signed && amount > 0 ? '+' : ''}${whole.format(amount)} XP`;
