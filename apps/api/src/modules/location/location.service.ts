import { randomBytes } from 'node:crypto';
import {
  type Claims,
  type EditStatusRequirements,
  hasAnyGymRight,
  isAdmin,
  type LocationDetail,
  type LocationInput,
  MemberStatus,
  type StatusRequirement,
} from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { conflictOnUnique } from '../../platform/http/database-errors.ts';
import { errors } from '../../platform/http/errors.ts';
import type { ListQuery } from '../../platform/http/paging.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import { isGymEmployee } from '../organisation/staff.ts';
import * as repository from './location.repository.ts';
import { findAlterable, findReadable, locationIdsWithRights } from './location-access.ts';

const ENTITY = 'Location';

/** The input after the contract parsed it (postal code normalised, texts trimmed). */
type ParsedLocationInput = Omit<LocationInput, 'email'> & { email?: string | null | undefined };

const values = (input: ParsedLocationInput): repository.LocationValues => ({
  name: input.name,
  slug: input.slug,
  email: input.email ? input.email : null,
  street: input.street,
  houseNumber: input.houseNumber,
  postalCode: input.postalCode,
  city: input.city,
  memberExpectedInsideTime: input.memberExpectedInsideTime,
  visibleOnRegistrationPage: input.visibleOnRegistrationPage,
});

/** Non-active then Sleeping, each with its days or null. */
async function requirementsOf(db: Database, locationId: number): Promise<StatusRequirement[]> {
  const rows = await repository.statusRequirements(db, locationId);
  const days = (status: number) =>
    rows.find((row) => row.memberStatus === status)?.requiredDaysOfAbsence ?? null;
  return [
    { memberStatus: MemberStatus.NonActive, requiredDaysOfAbsence: days(MemberStatus.NonActive) },
    { memberStatus: MemberStatus.Sleeping, requiredDaysOfAbsence: days(MemberStatus.Sleeping) },
  ];
}

async function detail(db: Database, row: repository.LocationRow): Promise<LocationDetail> {
  return {
    ...row,
    qrCodeIssuedAt: row.qrCodeIssuedAt?.toISOString() ?? null,
    statusRequirements: await requirementsOf(db, row.id),
  };
}

/** The unique index decides, so that two saves of the same slug at once cannot both succeed. */
const withUniqueSlug = conflictOnUnique('slug', 'location.errors.slugTaken', 'locations_slug_unique');

export async function listLocations(db: Database, session: Claims, query: ListQuery) {
  const gymId = activeTenant(session, 'gym');
  const wholeGym =
    isAdmin(session) || hasAnyGymRight(session, gymId) || (await isGymEmployee(db, gymId, session.userId));
  return repository.list(db, gymId, query, wholeGym ? undefined : locationIdsWithRights(session));
}

export async function listPublicLocations(
  db: Database,
  query: ListQuery & {
    gymSlug?: string | undefined;
    gymId?: number | undefined;
    locationSlug?: string | undefined;
  },
) {
  const gym = await repository.findGym(db, { slug: query.gymSlug, id: query.gymId });
  if (!gym) throw errors.notFound('location.errors.gymNotFound');
  const page = await repository.listPublic(db, gym.id, query);
  // Each with its gym (the sign-up pages' banner and name), as the clubs near a postal code are.
  return { ...page, items: page.items.map((item) => ({ ...item, gym })) };
}

export async function getLocation(db: Database, session: Claims, id: number) {
  return detail(db, await findReadable(db, session, id));
}

export function createLocation(db: Database, session: Claims, input: ParsedLocationInput, actor: Actor) {
  const gymId = activeTenant(session, 'gym');
  return withUniqueSlug(() =>
    inTransaction(db, async (tx) => {
      const created = await repository.insert(tx, gymId, values(input));
      await audit.write(tx, actor, ENTITY, created.id, null, created);
      return detail(tx, created);
    }),
  );
}

export function updateLocation(
  db: Database,
  session: Claims,
  input: ParsedLocationInput & { id: number },
  actor: Actor,
) {
  return withUniqueSlug(() =>
    inTransaction(db, async (tx) => {
      const before = await findAlterable(tx, session, input.id);
      const after = await repository.update(tx, input.id, values(input));
      await audit.write(tx, actor, ENTITY, input.id, before, after);
      return detail(tx, after);
    }),
  );
}

/** A new random code for the QR code at the door; the old one stops working at once. */
export function issueQrCode(db: Database, session: Claims, id: number, actor: Actor) {
  return inTransaction(db, async (tx) => {
    const before = await findAlterable(tx, session, id);
    const after = await repository.update(tx, id, {
      qrCode: randomBytes(18).toString('base64url'),
      qrCodeIssuedAt: new Date(),
    });
    await audit.write(tx, actor, ENTITY, id, before, after);
    return { qrCode: after.qrCode!, qrCodeIssuedAt: after.qrCodeIssuedAt!.toISOString() };
  });
}

export function editStatusRequirements(
  db: Database,
  session: Claims,
  id: number,
  input: EditStatusRequirements,
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    await repository.lock(tx, id);
    await findAlterable(tx, session, id);
    const before = await requirementsOf(tx, id);
    const rows = input.statusRequirements.flatMap((entry) =>
      entry.requiredDaysOfAbsence == null
        ? []
        : [{ memberStatus: entry.memberStatus, requiredDaysOfAbsence: entry.requiredDaysOfAbsence }],
    );
    await repository.replaceStatusRequirements(tx, id, rows);
    const after = await requirementsOf(tx, id);
    const asEntity = (list: StatusRequirement[]) =>
      Object.fromEntries(list.map((entry) => [`status${entry.memberStatus}`, entry.requiredDaysOfAbsence]));
    await audit.write(tx, actor, 'LocationStatusRequirements', id, asEntity(before), asEntity(after));
    return after;
  });
}
