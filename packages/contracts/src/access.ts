import { hasGymRight, hasLocationRight, isAdmin } from './claims.ts';
import { Environment, type GymRight, type LocationRight, type Role } from './enums.ts';
import type { Claims } from './session.ts';

/**
 * Who may call an endpoint, schema-free (`@xp/contracts/access`) like `claims.ts`, so that the web's menus
 * and route guards can ask without loading zod (decision 010). Each endpoint names one policy; the server
 * answers 401/403/404 around the yes or no of `allows`, and the web shows a menu item or opens a screen when
 * `allows` says yes for the endpoint behind it (decision 022).
 */
export type Policy =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'role'; roles: readonly Role[] }
  | { kind: 'gymRight'; right: GymRight }
  /** Any one of these gym rights; the service checks which part of the call each one allows. */
  | { kind: 'anyGymRight'; rights: readonly GymRight[] }
  | { kind: 'locationRight'; right: LocationRight }
  /**
   * The right of the environment the user works in: in the Location environment the location right at the
   * active location, elsewhere the gym right in the active gym. The service scopes the call the same way.
   */
  | { kind: 'gymOrLocationRight'; gymRight: GymRight; locationRight: LocationRight }
  /** Served outside production only, to a signed-in admin: the development tools (mailbox, billing run). */
  | { kind: 'development' }
  /**
   * Served outside production only, to whoever holds the link: the local payment provider's checkout, the
   * stand-in for Mollie's hosted page, opened by the payer (not signed in). The handler checks the link's token.
   */
  | { kind: 'developmentLink' };

export const policy = {
  public: { kind: 'public' } as const,
  signedIn: { kind: 'signedIn' } as const,
  roles: (...roles: Role[]): Policy => ({ kind: 'role', roles }),
  gymRight: (right: GymRight): Policy => ({ kind: 'gymRight', right }),
  anyGymRight: (...rights: GymRight[]): Policy => ({ kind: 'anyGymRight', rights }),
  locationRight: (right: LocationRight): Policy => ({ kind: 'locationRight', right }),
  gymOrLocationRight: (gymRight: GymRight, locationRight: LocationRight): Policy => ({
    kind: 'gymOrLocationRight',
    gymRight,
    locationRight,
  }),
  /** Only served outside production, to an admin (development tools). */
  development: { kind: 'development' } as const,
  /** Only served outside production, to whoever holds the link (its token checked by the handler). */
  developmentLink: { kind: 'developmentLink' } as const,
} satisfies Record<string, Policy | ((...args: never[]) => Policy)>;

/** The claims `allows` reads. */
export type AccessClaims = Pick<
  Claims,
  'role' | 'activeGymId' | 'activeLocationId' | 'activeEnvironment' | 'gymRights' | 'locationRights'
>;

/**
 * May these claims (null: nobody signed in) call an endpoint with this policy? The one answer to "who may
 * call what", for the server's check before a handler runs and for the web's guards and menus. It does not
 * know whether the server runs in production: the server answers the development policies 404 there first.
 * Which record a call touches is the service's business (a record of another gym is "not found", 404).
 */
export function allows(policy: Policy, claims: AccessClaims | null): boolean {
  if (policy.kind === 'public' || policy.kind === 'developmentLink') return true;
  if (!claims) return false;
  switch (policy.kind) {
    case 'signedIn':
      return true;
    case 'development':
      // Every mail (reset links too), any payment paid, the billing run: an admin's tools only.
      return isAdmin(claims);
    case 'role':
      return policy.roles.includes(claims.role);
    case 'gymRight':
      return hasGymRight(claims, policy.right);
    case 'anyGymRight':
      return policy.rights.some((right) => hasGymRight(claims, right));
    case 'locationRight':
      return hasLocationRight(claims, policy.right);
    case 'gymOrLocationRight':
      return claims.activeEnvironment === Environment.Location
        ? hasLocationRight(claims, policy.locationRight)
        : hasGymRight(claims, policy.gymRight);
  }
}
