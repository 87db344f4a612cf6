import type { Claims, Gym, GymRegistrationSettings, PublicGym, UploadedFile } from '@xp/contracts';
import { hasAnyGymRight, hasGymRight, isAdmin } from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { type FilesDeps, storeImage } from '../../platform/files/images.ts';
import { conflictOnUnique } from '../../platform/http/database-errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { isActiveTenant, notYours } from '../../platform/http/tenant.ts';
import { isGymEmployee } from '../organisation/staff.ts';
import * as repository from './gym.repository.ts';

const ENTITY = 'Gym';
const NOT_FOUND = 'gym.errors.notFound';

export interface GymInput {
  name: string;
  slug: string;
}

type GymRow = NonNullable<Awaited<ReturnType<typeof repository.find>>>;

const toGym = (row: GymRow): Gym => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The audited shape: what a person changes, not the derived counts. */
const audited = (row: GymRow) => ({ name: row.name, slug: row.slug, bannerHash: row.bannerHash });

const locationIdsOf = (session: Claims) => [
  ...new Set(session.locationRights.map((entry) => Number(entry.split(':')[0]))),
];

/**
 * Admins see every gym; an employee the gyms they hold a gym right in, or a location right on one of its
 * locations. Any other gym is "not found".
 */
async function findVisible(db: Database, session: Claims, id: number): Promise<GymRow> {
  const isVisible =
    isAdmin(session) ||
    hasAnyGymRight(session, id) ||
    (await repository.hasAnyLocation(db, id, locationIdsOf(session))) ||
    (await isGymEmployee(db, id, session.userId));
  const row = isVisible ? await repository.find(db, id) : undefined;
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

/**
 * Changing a gym's information: admins any gym; others only their active gym (another: 404, as one that
 * does not exist), and only with AlterGymInformation there (the route's policy has checked it too).
 */
function assertMayAlter(session: Claims, id: number): void {
  if (isAdmin(session)) return;
  if (!isActiveTenant(session, 'gym', id)) throw notYours(NOT_FOUND);
  if (!hasGymRight(session, 'AlterGymInformation', id)) throw errors.forbidden();
}

async function findForChange(db: Database, session: Claims, id: number): Promise<GymRow> {
  assertMayAlter(session, id);
  const row = await repository.find(db, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

/** The unique index decides, so two saves of the same slug at once cannot both succeed. */
const withUniqueSlug = conflictOnUnique('slug', 'gym.errors.slugTaken', 'gyms_slug_unique');

export async function listGyms(db: Database, _session: Claims, query: ListQuery) {
  const { items, ...counts } = await repository.list(db, query);
  return { items: items.map(toGym), ...counts };
}

export async function getGym(db: Database, session: Claims, id: number): Promise<Gym> {
  return toGym(await findVisible(db, session, id));
}

export async function getPublicGym(db: Database, id: number): Promise<PublicGym> {
  const row = await repository.find(db, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return { id: row.id, name: row.name, slug: row.slug, bannerHash: row.bannerHash };
}

export function createGym(db: Database, input: GymInput, actor: Actor) {
  return withUniqueSlug(() =>
    inTransaction(db, async (tx) => {
      const created = await repository.insert(tx, { name: input.name, slug: input.slug });
      await audit.write(tx, actor, ENTITY, created.id, null, audited(created));
      return toGym(created);
    }),
  );
}

export function updateGym(db: Database, session: Claims, input: GymInput & { id: number }, actor: Actor) {
  assertMayAlter(session, input.id);
  return withUniqueSlug(() =>
    inTransaction(db, async (tx) => {
      const before = await findForChange(tx, session, input.id);
      const after = await repository.update(tx, input.id, { name: input.name, slug: input.slug });
      await audit.write(tx, actor, ENTITY, input.id, audited(before), audited(after));
      return toGym(after);
    }),
  );
}

/** Refused while the gym has locations: they must be removed or moved first. */
export async function deleteGym(db: Database, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    // The lock makes a location added meanwhile wait (its foreign key needs the gym row), so the
    // check below stays true until the delete.
    if (!(await repository.lock(tx, id))) throw errors.notFound(NOT_FOUND);
    const before = (await repository.find(tx, id))!;
    if ((await repository.blockingLocationCount(tx, id)) > 0) {
      throw errors.conflict('general', 'gym.errors.hasLocations');
    }
    await repository.remove(tx, id);
    await audit.write(tx, actor, ENTITY, id, audited(before), null);
  });
  return null;
}

export async function getInvoiceDetails(db: Database, session: Claims, id: number) {
  assertMayAlter(session, id);
  const row = await repository.invoiceDetails(db, id);
  if (!row) throw errors.notFound(NOT_FOUND);
  return row;
}

/** The KvK and VAT numbers the invoices show, and the SEPA creditor id (left out: unchanged); audited. */
export function updateInvoiceDetails(
  db: Database,
  session: Claims,
  input: {
    id: number;
    kvkNumber: string | null;
    vatNumber: string | null;
    sepaCreditorId?: string | null | undefined;
  },
  actor: Actor,
) {
  assertMayAlter(session, input.id);
  return inTransaction(db, async (tx) => {
    if (!(await repository.lock(tx, input.id))) throw errors.notFound(NOT_FOUND);
    const before = (await repository.invoiceDetails(tx, input.id))!;
    await repository.setInvoiceDetails(tx, input.id, {
      kvkNumber: input.kvkNumber,
      vatNumber: input.vatNumber,
      ...(input.sepaCreditorId === undefined ? {} : { sepaCreditorId: input.sepaCreditorId }),
    });
    const after = (await repository.invoiceDetails(tx, input.id))!;
    await audit.write(tx, actor, ENTITY, input.id, before, after);
    return after;
  });
}

export async function getRegistrationSettings(
  db: Database,
  session: Claims,
  id: number,
): Promise<GymRegistrationSettings> {
  const row = await findForChange(db, session, id);
  return { id: row.id, bannerHash: row.bannerHash };
}

/** Sets (a hash) or clears (null) the banner of the public sign-up pages. */
export function setBanner(
  db: Database,
  session: Claims,
  id: number,
  bannerHash: string | null,
  actor: Actor,
): Promise<GymRegistrationSettings> {
  assertMayAlter(session, id);
  return inTransaction(db, async (tx) => {
    // Locked: of changes at once each sees the one before, so a removal is audited once.
    await repository.lock(tx, id);
    const before = await findForChange(tx, session, id);
    const after = await repository.update(tx, id, { registrationBannerHash: bannerHash });
    await audit.write(tx, actor, ENTITY, id, audited(before), audited(after));
    return { id: after.id, bannerHash: after.bannerHash };
  });
}

/**
 * `PUT /Gym/Registration`: stores a new banner (checked and re-encoded by `storeImage`) and links it.
 * Access and existence are checked before anything is stored.
 */
export async function updateRegistration(
  db: Database,
  files: FilesDeps,
  session: Claims,
  form: { id: number; banner?: UploadedFile | undefined },
  actor: Actor,
): Promise<GymRegistrationSettings> {
  const current = await findForChange(db, session, form.id);
  if (!form.banner) return { id: current.id, bannerHash: current.bannerHash };
  const stored = await storeImage(files, form.banner, { field: 'banner' });
  return setBanner(db, session, form.id, stored.hash, actor);
}
