import type { Claims, LocationArea } from '@xp/contracts';
import { hasLocationRight } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { conflictOnUnique } from '../../platform/http/database-errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import * as repository from './location-area.repository.ts';

const ENTITY = 'LocationArea';
const RIGHT = 'ManageLocationAreas';

export interface LocationAreaInput {
  name: string;
  sameAddressAsLocation: boolean;
  street?: string | null | undefined;
  houseNumber?: string | null | undefined;
  postalCode?: string | null | undefined;
  city?: string | null | undefined;
}

/** The location a call is about: the active one, or another the user holds the right on. */
function locationOf(session: Claims, requested?: number): number {
  const locationId = requested ?? activeTenant(session, 'location');
  if (!hasLocationRight(session, RIGHT, locationId)) throw errors.forbidden();
  return locationId;
}

/**
 * An area the session may see: of its active location (admins: any). Others are "not found". Locked for a
 * change: of saves or deletes at once each sees the one before, so an area is deleted (and audited) once.
 */
async function findOwn(db: Database, session: Claims, id: number, lock = false) {
  const area = lock ? await repository.lock(db, id) : await repository.find(db, id);
  if (!area || !(session.role === 'Admin' || area.locationId === session.activeLocationId)) {
    throw errors.notFound('locationArea.errors.notFound');
  }
  return area;
}

/** The stored shape: the address is kept only when it differs from the location's. */
function values(input: LocationAreaInput): repository.LocationAreaValues {
  const own = !input.sameAddressAsLocation;
  return {
    name: input.name,
    sameAddressAsLocation: input.sameAddressAsLocation,
    street: own ? (input.street ?? null) : null,
    houseNumber: own ? (input.houseNumber ?? null) : null,
    postalCode: own && input.postalCode ? normalisePostalCode(input.postalCode) : null,
    city: own ? (input.city ?? null) : null,
  };
}

const normalisePostalCode = (value: string) => {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 4)} ${compact.slice(4)}`;
};

export function listLocationAreas(
  db: Database,
  session: Claims,
  query: ListQuery & { locationId?: number | undefined },
) {
  return repository.list(db, locationOf(session, query.locationId), query);
}

export const getLocationArea = (db: Database, session: Claims, id: number): Promise<LocationArea> =>
  findOwn(db, session, id);

/** The unique index decides, so that two saves of the same name at once cannot both succeed. */
const withUniqueName = conflictOnUnique('name', 'locationArea.errors.nameTaken');

export function createLocationArea(db: Database, session: Claims, input: LocationAreaInput, actor: Actor) {
  const locationId = locationOf(session);
  return withUniqueName(() =>
    inTransaction(db, async (tx) => {
      const created = await repository.insert(tx, locationId, values(input));
      await audit.write(tx, actor, ENTITY, created.id, null, created);
      return created;
    }),
  );
}

export function updateLocationArea(
  db: Database,
  session: Claims,
  input: LocationAreaInput & { id: number },
  actor: Actor,
) {
  return withUniqueName(() =>
    inTransaction(db, async (tx) => {
      const before = await findOwn(tx, session, input.id, true);
      const after = await repository.update(tx, input.id, values(input));
      await audit.write(tx, actor, ENTITY, input.id, before, after);
      return after;
    }),
  );
}

export async function deleteLocationArea(db: Database, session: Claims, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    const before = await findOwn(tx, session, id, true);
    await repository.remove(tx, id);
    await audit.write(tx, actor, ENTITY, id, before, null);
  });
  return null;
}
