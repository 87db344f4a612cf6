import type { Claims, Named, SwitchOptions } from '@xp/contracts';
import { hasLocationAccess, isAdmin } from '@xp/contracts/claims';
import { Environment } from '@xp/contracts/enums';

/** The name of each environment, for translation keys `environments.<name>`. */
export const environmentNames = {
  [Environment.Admin]: 'Admin',
  [Environment.Gym]: 'Gym',
  [Environment.Customer]: 'Customer',
  [Environment.Location]: 'Location',
  [Environment.Employer]: 'Employer',
  [Environment.Association]: 'Association',
  [Environment.TipsAndTricks]: 'TipsAndTricks',
  [Environment.Content]: 'Content',
  [Environment.Supplier]: 'Supplier',
} as const satisfies Record<Environment, string>;

export const environmentLabelKey = (environment: number): string =>
  `environments.${environmentNames[environment as Environment] ?? 'Gym'}`;

/** Gym and Customer share the gym's route tree (`/`). */
export const isGymEnvironment = (environment: number): boolean =>
  environment === Environment.Gym || environment === Environment.Customer;

/**
 * Who may use an environment's routes and menu (spec section 6): Admin everything; the roles with a fixed
 * home (ContentCreator, Employer, Supplier) their own; employees the gym tree and locations they can reach.
 */
export function canUseEnvironment(claims: Claims, environment: number): boolean {
  if (isAdmin(claims)) return true;
  switch (environment) {
    case Environment.Gym:
    case Environment.Customer:
      return claims.role === 'Employee';
    case Environment.Location:
      return claims.role === 'Employee' && hasLocationAccess(claims);
    case Environment.Employer:
      return claims.role === 'Employer';
    case Environment.TipsAndTricks:
      return claims.role === 'ContentCreator';
    case Environment.Supplier:
      return claims.role === 'Supplier';
    default:
      return false;
  }
}

/**
 * Whether the account has any environment of the back-office. An employee without a gym and without gym
 * or location rights (an employer's employee who registered, say) has none: they use the app instead.
 */
export function hasBackOffice(claims: Claims): boolean {
  if (claims.role !== 'Employee') return true;
  return claims.activeGymId !== null || claims.gymRights.length > 0 || claims.locationRights.length > 0;
}

/** The organisation an environment works on (the active gym, location, employer, ...), by its active id. */
export function activeOrganisation(
  claims: Claims,
  environment: number,
  options: SwitchOptions | undefined,
): Named | undefined {
  if (!options) return undefined;
  const find = (list: Named[], id: number | null) =>
    id === null ? undefined : list.find((item) => item.id === id);
  switch (environment) {
    case Environment.Gym:
    case Environment.Customer:
      return find(options.gyms, claims.activeGymId);
    case Environment.Location:
      return find(options.locations, claims.activeLocationId);
    case Environment.Employer:
      return find(options.employers, claims.activeEmployerId);
    case Environment.Association:
      return find(options.associations, claims.activeAssociationId);
    case Environment.TipsAndTricks:
    case Environment.Content:
      return find(options.contentEnvironments, claims.activeContentEnvironmentId);
    case Environment.Supplier:
      return find(options.suppliers, claims.activeSupplierId);
    default:
      return undefined;
  }
}
