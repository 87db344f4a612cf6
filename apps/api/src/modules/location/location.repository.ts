import { and, asc, eq, exists, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, orderBy, pagedList } from '../../platform/http/paging.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../employee/employee.tables.ts';
import { gymEmployees, gymRightGrants, gyms, locations } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import {
  locationOpeningHours,
  locationPaymentProviders,
  locationStatusRequirements,
} from './location.tables.ts';

export type LocationValues = Pick<
  typeof locations.$inferInsert,
  | 'name'
  | 'slug'
  | 'email'
  | 'street'
  | 'houseNumber'
  | 'postalCode'
  | 'city'
  | 'memberExpectedInsideTime'
  | 'visibleOnRegistrationPage'
>;

const summaryColumns = {
  id: locations.id,
  name: locations.name,
  slug: locations.slug,
  email: locations.email,
  street: locations.street,
  houseNumber: locations.houseNumber,
  postalCode: locations.postalCode,
  city: locations.city,
  visibleOnRegistrationPage: locations.visibleOnRegistrationPage,
};

const rowColumns = {
  ...summaryColumns,
  gymId: locations.gymId,
  memberExpectedInsideTime: locations.memberExpectedInsideTime,
  qrCode: locations.qrCode,
  qrCodeIssuedAt: locations.qrCodeIssuedAt,
};
export type LocationRow = Awaited<ReturnType<typeof find>> & {};

/** Name, city or postal code; a postal code also matches typed without its space ('3511az'). */
function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(locations.name, pattern),
    ilike(locations.city, pattern),
    ilike(locations.postalCode, pattern),
    ilike(sql`replace(${locations.postalCode}, ' ', '')`, likePattern(search.replace(/\s+/g, ''))),
  );
}

const sortColumns = {
  name: sql`lower(${locations.name})`,
  city: sql`lower(${locations.city})`,
  postalCode: locations.postalCode,
};

const publicColumns = {
  id: locations.id,
  name: locations.name,
  slug: locations.slug,
  street: locations.street,
  houseNumber: locations.houseNumber,
  postalCode: locations.postalCode,
  city: locations.city,
};

/** One page of a select, with the total of all rows matching `where`. */
async function page<T>(
  db: Database,
  rows: { orderBy: (...columns: SQL[]) => { limit: (n: number) => { offset: (n: number) => Promise<T[]> } } },
  where: SQL | undefined,
  query: ListQuery,
) {
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      return rows
        .orderBy(...orderBy(query, sortColumns, 'name', locations.id))
        .limit(limit)
        .offset(offset);
    },
    db.select({ one: sql`1` }).from(locations).where(where),
  );
}

/** Locations of a gym, optionally only those with the given ids. */
export function list(db: Database, gymId: number, query: ListQuery, onlyIds?: number[]) {
  const where = and(
    eq(locations.gymId, gymId),
    onlyIds ? inArray(locations.id, onlyIds.length > 0 ? onlyIds : [-1]) : undefined,
    searchFilter(query.search),
  );
  return page(db, db.select(summaryColumns).from(locations).where(where), where, query);
}

/** Locations of a gym shown on the public sign-up pages. */
export function listPublic(
  db: Database,
  gymId: number,
  query: ListQuery & { locationSlug?: string | undefined },
) {
  const where = and(
    eq(locations.gymId, gymId),
    eq(locations.visibleOnRegistrationPage, true),
    query.locationSlug === undefined ? undefined : eq(sql`lower(${locations.slug})`, query.locationSlug),
    searchFilter(query.search),
  );
  return page(db, db.select(publicColumns).from(locations).where(where), where, query);
}

export const findGym = async (db: Database, by: { slug?: string | undefined; id?: number | undefined }) =>
  (
    await db
      .select({ id: gyms.id, name: gyms.name, slug: gyms.slug, bannerHash: gyms.registrationBannerHash })
      .from(gyms)
      .where(
        by.id !== undefined
          ? eq(gyms.id, by.id)
          : eq(sql`lower(${gyms.slug})`, (by.slug ?? '').toLowerCase()),
      )
  )[0];

/**
 * Locks the location's row (not its key: rows referring to it can still be added) for the rest of the
 * transaction, so that replacing a set of its rows (delete, then insert) runs one save at a time.
 */
export const lock = async (db: Database, id: number) =>
  (await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).for('no key update'))[0];

export const find = async (db: Database, id: number) =>
  (await db.select(rowColumns).from(locations).where(eq(locations.id, id)))[0];

export const insert = async (db: Database, gymId: number, values: LocationValues) =>
  (
    await db
      .insert(locations)
      .values({ ...values, gymId })
      .returning(rowColumns)
  )[0]!;

export const update = async (db: Database, id: number, values: Partial<typeof locations.$inferInsert>) =>
  (await db.update(locations).set(values).where(eq(locations.id, id)).returning(rowColumns))[0]!;

// ---------------------------------------------------------------------------------- status requirements

export const statusRequirements = (db: Database, locationId: number) =>
  db
    .select({
      memberStatus: locationStatusRequirements.memberStatus,
      requiredDaysOfAbsence: locationStatusRequirements.requiredDaysOfAbsence,
    })
    .from(locationStatusRequirements)
    .where(eq(locationStatusRequirements.locationId, locationId));

export async function replaceStatusRequirements(
  db: Database,
  locationId: number,
  rows: { memberStatus: number; requiredDaysOfAbsence: number }[],
) {
  await db.delete(locationStatusRequirements).where(eq(locationStatusRequirements.locationId, locationId));
  if (rows.length > 0) {
    await db.insert(locationStatusRequirements).values(rows.map((row) => ({ ...row, locationId })));
  }
}

// ------------------------------------------------------------------------------------- payment provider

const providerColumns = {
  id: locationPaymentProviders.id,
  locationId: locationPaymentProviders.locationId,
  kind: locationPaymentProviders.kind,
  apiKeyLastChars: locationPaymentProviders.apiKeyLastChars,
};
export type PaymentProviderRow = typeof locationPaymentProviders.$inferSelect;

export const providerOfLocation = async (db: Database, locationId: number) =>
  (
    await db
      .select(providerColumns)
      .from(locationPaymentProviders)
      .where(eq(locationPaymentProviders.locationId, locationId))
  )[0];

/** The stored (encrypted) API key of a location's provider, for the payments that collect with it. */
export const encryptedKeyOfLocation = async (db: Database, locationId: number) =>
  (
    await db
      .select({
        kind: locationPaymentProviders.kind,
        apiKeyEncrypted: locationPaymentProviders.apiKeyEncrypted,
      })
      .from(locationPaymentProviders)
      .where(eq(locationPaymentProviders.locationId, locationId))
  )[0];

export const findProvider = async (db: Database, id: number) =>
  (
    await db.select(providerColumns).from(locationPaymentProviders).where(eq(locationPaymentProviders.id, id))
  )[0];

export interface ProviderValues {
  kind: number;
  apiKeyEncrypted: string;
  apiKeyLastChars: string;
}

export const insertProvider = async (db: Database, locationId: number, values: ProviderValues) =>
  (
    await db
      .insert(locationPaymentProviders)
      .values({ ...values, locationId })
      .returning(providerColumns)
  )[0]!;

export const updateProvider = async (db: Database, id: number, values: ProviderValues) =>
  (
    await db
      .update(locationPaymentProviders)
      .set(values)
      .where(eq(locationPaymentProviders.id, id))
      .returning(providerColumns)
  )[0]!;

// ---------------------------------------------------------------------------------------- opening hours

export const openingHours = (db: Database, locationId: number) =>
  db
    .select({
      weekday: locationOpeningHours.weekday,
      from: locationOpeningHours.opensAt,
      to: locationOpeningHours.closesAt,
    })
    .from(locationOpeningHours)
    .where(eq(locationOpeningHours.locationId, locationId))
    .orderBy(asc(locationOpeningHours.weekday), asc(locationOpeningHours.opensAt));

export async function replaceOpeningHours(
  db: Database,
  locationId: number,
  ranges: { weekday: number; from: string; to: string }[],
) {
  await db.delete(locationOpeningHours).where(eq(locationOpeningHours.locationId, locationId));
  if (ranges.length > 0) {
    await db.insert(locationOpeningHours).values(
      ranges.map((range) => ({
        locationId,
        weekday: range.weekday,
        opensAt: range.from,
        closesAt: range.to,
      })),
    );
  }
}

/** The gym right that makes an employee one of the gym's owners (the one that sets payment keys). */
const OWNER_RIGHT = 'AlterGymInformation';

/**
 * The gym's owners, who are told of every change of a location's payment key: its employees holding
 * AlterGymInformation there (directly or through a rights group), whose account is live. Each with the
 * language their mail is written in.
 */
export const gymOwners = async (db: Database, gymId: number) =>
  db
    .select({ email: users.email, language: users.language })
    .from(gymEmployees)
    .innerJoin(users, eq(users.id, gymEmployees.userId))
    .where(
      and(
        eq(gymEmployees.gymId, gymId),
        isNull(users.deletedAt),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(gymRightGrants)
              .where(
                and(
                  eq(gymRightGrants.userId, users.id),
                  eq(gymRightGrants.gymId, gymId),
                  eq(gymRightGrants.right, OWNER_RIGHT),
                ),
              ),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(gymRightsGroupMembers)
              .innerJoin(gymRightsGroups, eq(gymRightsGroups.id, gymRightsGroupMembers.groupId))
              .where(
                and(
                  eq(gymRightsGroupMembers.userId, users.id),
                  eq(gymRightsGroups.gymId, gymId),
                  sql`${OWNER_RIGHT} = any(${gymRightsGroups.rights})`,
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(users.id));

/** The gym's name (for its owners' mails). */
export const gymName = async (db: Database, gymId: number) =>
  (await db.select({ name: gyms.name }).from(gyms).where(eq(gyms.id, gymId)))[0]?.name ?? '';
