/*
 * Money as the screens show it (spec: nl-NL EUR, comma, 2 decimals): stored and sent in cents.
 */

/**
 * A number format made when first used: the first `Intl.NumberFormat` of a page loads its locale's data
 * (~40-50 ms on a loaded machine), which a first screen without amounts should not wait for.
 */
const lazyFormat = (options: Intl.NumberFormatOptions) => {
  let format: Intl.NumberFormat | undefined;
  return (value: number) => {
    format ??= new Intl.NumberFormat('nl-NL', options);
    return format.format(value);
  };
};

const euro = lazyFormat({ style: 'currency', currency: 'EUR' });

/** 4900 -> '€ 49,00'. */
export const formatEuro = (cents: number) => euro(cents / 100);

const whole = lazyFormat({ maximumFractionDigits: 0 });

/** XP with a thousands separator (spec: nl-NL): 12500 -> '12.500 XP'; `signed` adds '+' to a gain. */
export const formatXp = (amount: number, { signed = false }: { signed?: boolean } = {}) =>
  `${signed && amount > 0 ? '+' : ''}${whole(amount)} XP`;
