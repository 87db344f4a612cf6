import { Environment } from './enums.ts';
import { type Claims, hasLocationAccess, isAdmin } from './session.ts';

/** Who a challenge belongs to: the organisation of the session's active environment. */
export type ChallengeOwner =
  | { kind: 'location'; id: number }
  | { kind: 'employer'; id: number }
  | { kind: 'association'; id: number };

/**
 * The owner of the challenges the session works on, or null when the active environment has none or the
 * session may not use it: the Location environment for its staff (any right on the active location) and
 * admins; the Employer environment for employers and admins; the Association environment for admins.
 * The server scopes every challenge call to it; the menus show "Challenges" when it is not null.
 */
export function challengeOwnerOf(claims: Claims): ChallengeOwner | null {
  switch (claims.activeEnvironment) {
    case Environment.Location:
      return claims.activeLocationId !== null &&
        (claims.role === 'Admin' || claims.role === 'Employee') &&
        hasLocationAccess(claims)
        ? { kind: 'location', id: claims.activeLocationId }
        : null;
    case Environment.Employer:
      return claims.activeEmployerId !== null && (isAdmin(claims) || claims.role === 'Employer')
        ? { kind: 'employer', id: claims.activeEmployerId }
        : null;
    case Environment.Association:
      return claims.activeAssociationId !== null && isAdmin(claims)
        ? { kind: 'association', id: claims.activeAssociationId }
        : null;
    default:
      return null;
  }
}
