const whole = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });

/** XP with a thousands separator (spec: nl-NL): 2500 -> '2.500 XP'. */
export const xpText = (amount: number) => `${whole.format(amount)} XP`;
