import type { Claims } from '@xp/contracts';
import { Environment } from '@xp/contracts/enums';
import type { AppPath } from '@/app/app-path';
import { canUseEnvironment } from '@/app/environments';

/**
 * The profile inside the active environment's tree (spec section 2: `/admin/profile`, `/location/profile`,
 * `/profile`), so the shell and menu around it stay the same; every other environment uses `/profile`.
 */
export function profilePath(claims: Claims): AppPath {
  const environment = claims.activeEnvironment;
  if (environment === Environment.Admin && canUseEnvironment(claims, environment)) return '/admin/profile';
  if (environment === Environment.Location && canUseEnvironment(claims, environment)) {
    return '/location/profile';
  }
  return '/profile';
}
