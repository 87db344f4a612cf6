import type { Claims } from '@xp/contracts';
import { errors } from './errors.ts';

/** The organisations a session works for, one active of each kind at a time (the claims' `active…Id`). */
export type TenantKind = 'gym' | 'location' | 'employer' | 'supplier' | 'association' | 'contentEnvironment';

const claimOf = {
  gym: 'activeGymId',
  location: 'activeLocationId',
  employer: 'activeEmployerId',
  supplier: 'activeSupplierId',
  association: 'activeAssociationId',
  contentEnvironment: 'activeContentEnvironmentId',
} as const satisfies Record<TenantKind, keyof Claims>;

/**
 * The session's active gym / location / employer / supplier / association / content environment: the one
 * reader of the tenant a call is scoped to (decision 022). None active: 403 `auth.noActive.<kind>` (the
 * user may not do this until they switch to one), whatever the module.
 */
export function activeTenant(session: Claims, kind: TenantKind): number {
  const id = session[claimOf[kind]];
  if (id === null) throw errors.forbidden(`auth.noActive.${kind}`);
  return id;
}

/**
 * Is this the session's active tenant of that kind? For a record that names its owner: one of another
 * tenant is answered as one that does not exist (`notYours`), never 403, so existence is not revealed.
 */
export const isActiveTenant = (session: Claims, kind: TenantKind, id: number | null): boolean =>
  id !== null && session[claimOf[kind]] === id;

/** The one answer for "this record exists but is not yours": 404, the same as for a record that does not exist. */
export const notYours = (message?: string) => errors.notFound(message);
