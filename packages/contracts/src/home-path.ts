import { Environment } from './enums.ts';
import type { Claims } from './session.ts';

/**
 * Home path after login or an environment switch (spec section 2). Schema-free, so the login page's own
 * entry (no zod there) can import it from `@xp/contracts/home-path`; `session.ts` re-exports it.
 */
export function homePath(role: Claims['role'], environment: number): string {
  if (role === 'ContentCreator') return '/tipsAndTricks';
  if (role === 'Employer') return '/employer';
  if (role === 'Supplier') return '/supplier';
  const common: Partial<Record<number, string>> = {
    [Environment.Gym]: '/',
    [Environment.Customer]: '/',
    [Environment.Location]: '/location',
    [Environment.Employer]: '/employer',
    [Environment.TipsAndTricks]: '/tipsAndTricks',
    [Environment.Content]: '/content',
    [Environment.Supplier]: '/supplier',
  };
  if (role === 'Admin') {
    const admin: Partial<Record<number, string>> = {
      ...common,
      [Environment.Admin]: '/admin',
      [Environment.Association]: '/association',
    };
    return admin[environment] ?? '/';
  }
  return common[environment] ?? '/';
}
