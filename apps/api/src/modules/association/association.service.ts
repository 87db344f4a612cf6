import type { Association, AssociationLocationChange, Claims, UploadedFile } from '@xp/contracts';
import { isAdmin } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { type FilesDeps, storeImage } from '../../platform/files/images.ts';
import { conflictOnUnique } from '../../platform/http/database-errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import * as repository from './association.repository.ts';

const ENTITY = 'Association';
const NOT_FOUND = 'association.errors.notFound';

/** Managing associations is for admins (spec 001 section 6); the route policy says so too. */
function assertAdmin(session: Claims) {
  if (!isAdmin(session)) throw errors.forbidden();
}

async function findOrFail(db: Database, id: number): Promise<Association> {
  const row = await repository.find(db, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

/** The association of the association environment: the active one of the session, never another. */
function activeOf(session: Claims): number {
  assertAdmin(session);
  return activeTenant(session, 'association');
}

/** What the audit log keeps of an association. */
const audited = (row: Association) => ({ name: row.name, bannerHash: row.bannerHash });

/** The unique index decides, so that two saves of the same name at once cannot both succeed. */
const withUniqueName = conflictOnUnique('name', 'association.errors.nameTaken');

export function listAssociations(db: Database, session: Claims, query: ListQuery) {
  assertAdmin(session);
  return repository.list(db, query);
}

export function getAssociation(db: Database, session: Claims, id: number): Promise<Association> {
  assertAdmin(session);
  return findOrFail(db, id);
}

export async function listAssociationLocations(db: Database, session: Claims, id: number, query: ListQuery) {
  assertAdmin(session);
  await findOrFail(db, id);
  return repository.listLocations(db, id, query);
}

/** Locations in no association: what the add picker offers. */
export function listLocationsWithoutAssociation(db: Database, session: Claims, query: ListQuery) {
  assertAdmin(session);
  return repository.listLocations(db, null, query);
}

export function getActiveAssociation(db: Database, session: Claims): Promise<Association> {
  return findOrFail(db, activeOf(session));
}

export async function listActiveAssociationLocations(db: Database, session: Claims, query: ListQuery) {
  const id = activeOf(session);
  await findOrFail(db, id);
  return repository.listLocations(db, id, query);
}

/** A new banner is checked and stored (by `storeImage`) before the association row changes. */
const storedBanner = async (files: FilesDeps, banner: UploadedFile | undefined) =>
  banner ? (await storeImage(files, banner, { field: 'banner' })).hash : undefined;

export async function createAssociation(
  db: Database,
  files: FilesDeps,
  session: Claims,
  form: { name: string; banner?: UploadedFile | undefined },
  actor: Actor,
): Promise<Association> {
  assertAdmin(session);
  const bannerHash = (await storedBanner(files, form.banner)) ?? null;
  return withUniqueName(() =>
    inTransaction(db, async (tx) => {
      const created = await repository.insert(tx, { name: form.name, bannerHash });
      await audit.write(tx, actor, ENTITY, created.id, null, audited(created));
      return created;
    }),
  );
}

export async function updateAssociation(
  db: Database,
  files: FilesDeps,
  session: Claims,
  form: { id: number; name: string; banner?: UploadedFile | undefined; removeBanner?: boolean | undefined },
  actor: Actor,
): Promise<Association> {
  assertAdmin(session);
  if (form.banner && form.removeBanner) throw errors.field('banner', 'association.errors.bannerConflict');
  // Nothing is stored for an association that does not exist.
  await findOrFail(db, form.id);
  const newBanner = await storedBanner(files, form.banner);
  return withUniqueName(() =>
    inTransaction(db, async (tx) => {
      if (!(await repository.lock(tx, form.id))) throw errors.notFound(NOT_FOUND);
      const before = (await repository.find(tx, form.id))!;
      const bannerHash = form.removeBanner ? null : (newBanner ?? before.bannerHash);
      const after = await repository.update(tx, form.id, { name: form.name, bannerHash });
      await audit.write(tx, actor, ENTITY, form.id, audited(before), audited(after));
      return after;
    }),
  );
}

/** Its locations stay, in no association (the foreign key releases them). */
export async function deleteAssociation(db: Database, session: Claims, id: number, actor: Actor) {
  assertAdmin(session);
  await inTransaction(db, async (tx) => {
    if (!(await repository.lock(tx, id))) throw errors.notFound(NOT_FOUND);
    const before = (await repository.find(tx, id))!;
    await repository.remove(tx, id);
    await audit.write(
      tx,
      actor,
      ENTITY,
      id,
      { ...audited(before), locationCount: before.locationCount },
      null,
    );
  });
  return null;
}

/**
 * Adds a location to an association. A location belongs to at most one: one in another association is
 * refused (409) until it is removed there; adding it again to its own association changes nothing.
 */
export function addLocation(
  db: Database,
  session: Claims,
  change: AssociationLocationChange,
  actor: Actor,
): Promise<Association> {
  assertAdmin(session);
  return inTransaction(db, async (tx) => {
    // Both rows locked: the association cannot be deleted, nor the location moved, halfway.
    if (!(await repository.lock(tx, change.associationId))) throw errors.notFound(NOT_FOUND);
    const location = await repository.lockLocation(tx, change.locationId);
    if (!location) throw errors.notFound('association.errors.locationNotFound');
    if (location.associationId !== null && location.associationId !== change.associationId) {
      throw errors.conflict('locationId', 'association.errors.locationInOtherAssociation');
    }
    if (location.associationId === null) {
      await repository.setLocationAssociation(tx, change.locationId, change.associationId);
      await auditLocation(tx, change.locationId, null, change.associationId, actor);
    }
    return (await repository.find(tx, change.associationId))!;
  });
}

/** Releases a location from an association; 404 when it is not in that association. */
export function removeLocation(
  db: Database,
  session: Claims,
  change: AssociationLocationChange,
  actor: Actor,
): Promise<Association> {
  assertAdmin(session);
  return inTransaction(db, async (tx) => {
    if (!(await repository.lock(tx, change.associationId))) throw errors.notFound(NOT_FOUND);
    const location = await repository.lockLocation(tx, change.locationId);
    if (!location || location.associationId !== change.associationId) {
      throw errors.notFound('association.errors.locationNotInAssociation');
    }
    await repository.setLocationAssociation(tx, change.locationId, null);
    await auditLocation(tx, change.locationId, change.associationId, null, actor);
    return (await repository.find(tx, change.associationId))!;
  });
}

const auditLocation = (
  db: Database,
  locationId: number,
  before: number | null,
  after: number | null,
  actor: Actor,
) => audit.write(db, actor, 'Location', locationId, { associationId: before }, { associationId: after });
