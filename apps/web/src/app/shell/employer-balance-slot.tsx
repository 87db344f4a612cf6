/**
 * The employer's XP balance with a plus button to buy XP (spec section 2, Employer environment). The
 * header already places it; the employer balance issue fills it in. Renders nothing until then.
 */
export function EmployerBalanceSlot() {
  return null;
}
