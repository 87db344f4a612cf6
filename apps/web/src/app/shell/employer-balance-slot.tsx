import { lazy, Suspense } from 'react';

// Loaded after the shell, not with it: the first screen's bundle has no room (decision 010).
const EmployerBalance = lazy(() =>
  import('@/features/xp/employer-balance').then((module) => ({ default: module.EmployerBalance })),
);

/** The employer's XP balance with a plus button to buy XP (spec section 2, Employer environment). */
export function EmployerBalanceSlot() {
  return (
    <Suspense fallback={null}>
      <EmployerBalance />
    </Suspense>
  );
}
