import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { isoText, isoTextOrNull } from '../../platform/db/columns.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import { invoiceLines, invoices } from '../invoice/invoice.tables.ts';
import { locations } from '../organisation/organisation.tables.ts';
import {
  ageGroups,
  subscriptionAgeGroups,
  subscriptionLocations,
  subscriptions,
  subscriptionVariants,
} from '../subscription/subscription.tables.ts';
import { memberStatuses, members, membershipPauses, memberships } from './member.tables.ts';

/** Where a caller works: the active gym and, in the Location environment, the active location. */
export interface Scope {
  gymId: number;
  locationId: number | null;
}

// ------------------------------------------------------------------------------------------- status in SQL

/**
 * The member status now (1 Non-active, 2 Sleeping, 3 Active) from the kept instants (decision 014), on the
 * member's status row: a query that reads it joins it (`ofMember`, `statusJoin`).
 */
export const statusOf = sql<number>`(case when "member_statuses"."sleeping_from" <= now() then 2 when "member_statuses"."non_active_from" <= now() then 1 else 3 end)`;

/**
 * The member's status row (one a member, migration 0036), joined by its key. A left join: where nothing of it
 * is read, PostgreSQL leaves it out (a walk of the name index stays index-only); a status condition makes
 * it an inner one.
 */
export const ofMember = eq(memberStatuses.memberId, members.id);
export const statusJoin = sql`left join ${memberStatuses} on ${ofMember}`;

/** The rows of each status tab: range conditions on the instants' indexes. */
/** From when the member is not active: the earlier instant (`least` skips a null; both null: never). */
export const inactiveFrom = sql`least("member_statuses"."non_active_from", "member_statuses"."sleeping_from")`;

/** Each status as a range of `members_gym_inactive_idx` or `members_gym_sleeping_idx`. */
export const statusWhere = {
  active: sql`(${inactiveFrom} is null or ${inactiveFrom} > now())`,
  nonActive: sql`${inactiveFrom} <= now() and ("member_statuses"."sleeping_from" is null or "member_statuses"."sleeping_from" > now())`,
  sleeping: sql`"member_statuses"."sleeping_from" <= now()`,
} as const;
export type StatusTab = keyof typeof statusWhere;

/** Today in the Netherlands, the day memberships start and end on. */
export const today = sql`(now() at time zone 'Europe/Amsterdam')::date`;

/**
 * The member belongs to the location: their main location, or a membership there. Each member probed by
 * `memberships_location_member_idx` (a single member, today's few in the counts, a shallow page's walk of
 * a sort index: ~250 members for page 1 of a location holding a tenth of the gym), or, for a `deep` walk,
 * tested against the location's memberships hashed once (a deep page of a location of 20,000 members in a
 * gym of 200,000: the hash costs 5-19 ms to build, the 100,000 probes of page 401 would cost more; the id
 * set joined to the gym's members took 1.8 s).
 */
export const atLocation = (locationId: number, deep = false) =>
  deep
    ? sql`("members"."home_location_id" = ${locationId} or "members"."id" in (select ${memberships.memberId} from ${memberships} where ${memberships.locationId} = ${locationId}))`
    : // `offset 0` keeps the planner from hashing the EXISTS as well (it did, for page 1: 6.2 -> 2.3 ms).
      sql`("members"."home_location_id" = ${locationId} or exists (select 1 from ${memberships} where ${memberships.locationId} = ${locationId} and ${memberships.memberId} = "members"."id" offset 0))`;

/** The location's members as an array of ids, for a pass over them by the primary key. */
export const idsAtLocation = (locationId: number) =>
  sql`array(select ${memberships.memberId} from ${memberships} where ${memberships.locationId} = ${locationId} union select home.id from ${members} home where home.home_location_id = ${locationId})`;

export const inScope = (scope: Scope, deep = false): SQL =>
  and(
    eq(members.gymId, scope.gymId),
    scope.locationId === null ? undefined : atLocation(scope.locationId, deep),
  ) as SQL;

/** A member's full name in SQL: first name, insertion, last name. */
export const fullName = fullNameSql(members);

// ------------------------------------------------------------------------------------------- one member

const memberColumns = {
  id: members.id,
  gymId: members.gymId,
  userId: members.userId,
  firstName: members.firstName,
  insertion: members.insertion,
  lastName: members.lastName,
  fullName,
  email: members.email,
  phoneNumber: members.phoneNumber,
  gender: members.gender,
  dateOfBirth: members.dateOfBirth,
  street: members.street,
  houseNumber: members.houseNumber,
  postalCode: members.postalCode,
  city: members.city,
  homeLocationId: members.homeLocationId,
  homeLocationName: locations.name,
  status: statusOf,
  lastEntryAt: isoTextOrNull(memberStatuses.lastEntryAt),
  registrationCompleted: members.registrationCompleted,
  anonymisedAt: isoTextOrNull(members.anonymisedAt),
  createdAt: isoText(members.createdAt),
};
export type MemberDetailRow = Awaited<ReturnType<typeof findMember>>;

/** A member in the caller's scope (undefined: none, or not theirs). `lock`: the row is locked first. */
/** A member's invoices with their lines, oldest first, for the GDPR export. */
export async function invoicesOfMember(db: Database, memberId: number) {
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceDate: invoices.invoiceDate,
      locationName: invoices.locationName,
      totalAmount: invoices.totalCents,
      status: invoices.status,
    })
    .from(invoices)
    .where(eq(invoices.memberId, memberId))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id));
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            invoiceId: invoiceLines.invoiceId,
            description: invoiceLines.description,
            quantity: invoiceLines.quantity,
            vatRate: invoiceLines.vatRate,
            totalCents: invoiceLines.totalCents,
          })
          .from(invoiceLines)
          .where(
            inArray(
              invoiceLines.invoiceId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  return rows.map(({ id, ...invoice }) => ({
    ...invoice,
    lines: lines.filter((line) => line.invoiceId === id).map(({ invoiceId: _invoiceId, ...line }) => line),
  }));
}

export async function findMember(db: Database, scope: Scope, id: number, lock = false) {
  if (lock) {
    await db.select({ id: members.id }).from(members).where(eq(members.id, id)).for('update');
  }
  return (
    await db
      .select(memberColumns)
      .from(members)
      .leftJoin(locations, eq(locations.id, members.homeLocationId))
      .leftJoin(memberStatuses, ofMember)
      .where(and(eq(members.id, id), inScope(scope)))
  )[0];
}

export async function membershipsOf(db: Database, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  return db
    .select({
      id: memberships.id,
      memberId: memberships.memberId,
      subscriptionId: memberships.subscriptionId,
      subscriptionName: subscriptions.name,
      variantId: memberships.variantId,
      variantName: subscriptionVariants.name,
      noticePeriodAmount: subscriptionVariants.noticePeriodAmount,
      noticePeriodType: subscriptionVariants.noticePeriodType,
      accessType: subscriptionVariants.accessType,
      accessPerPeriodAmount: subscriptionVariants.accessPerPeriodAmount,
      accessPerPeriodType: subscriptionVariants.accessPerPeriodType,
      locationId: memberships.locationId,
      locationName: locations.name,
      startDate: memberships.startDate,
      endDate: memberships.endDate,
      today: sql<string>`${today}::text`,
      createdAt: isoText(memberships.createdAt),
    })
    .from(memberships)
    .innerJoin(subscriptions, eq(subscriptions.id, memberships.subscriptionId))
    .innerJoin(subscriptionVariants, eq(subscriptionVariants.id, memberships.variantId))
    .innerJoin(locations, eq(locations.id, memberships.locationId))
    .where(inArray(memberships.memberId, [...memberIds]))
    .orderBy(asc(memberships.startDate), asc(memberships.id));
}

export const pausesOf = (db: Database, membershipIds: readonly number[]) =>
  membershipIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: membershipPauses.id,
          membershipId: membershipPauses.membershipId,
          fromDate: membershipPauses.fromDate,
          toDate: membershipPauses.toDate,
        })
        .from(membershipPauses)
        .where(inArray(membershipPauses.membershipId, [...membershipIds]))
        .orderBy(asc(membershipPauses.fromDate));

export type MemberValues = Omit<
  typeof members.$inferInsert,
  'id' | 'gymId' | 'createdAt' | 'updatedAt' | 'sortName' | 'searchText'
>;

export const insertMember = async (db: Database, gymId: number, values: MemberValues) =>
  (
    await db
      .insert(members)
      .values({ ...values, gymId })
      .returning({ id: members.id })
  )[0]!.id;

export const updateMember = (db: Database, id: number, values: Partial<MemberValues>) =>
  db
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(members.id, id));

/** The location belongs to the gym. */
export const locationOfGym = async (db: Database, gymId: number, locationId: number) =>
  (
    await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, locationId), eq(locations.gymId, gymId)))
  ).length > 0;

// ------------------------------------------------------------------------------------------- memberships

/** A subscription of the gym, read `FOR SHARE`: its deactivation waits for a take-out that read it active. */
export async function subscriptionForTakeOut(db: Database, gymId: number, subscriptionId: number) {
  const row = (
    await db
      .select({ id: subscriptions.id, type: subscriptions.type, isActive: subscriptions.isActive })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.gymId, gymId)))
      .for('share')
  )[0];
  if (!row) return undefined;
  const [variants, offered, groups] = await Promise.all([
    db
      .select({
        id: subscriptionVariants.id,
        durationPeriodAmount: subscriptionVariants.durationPeriodAmount,
        durationPeriodType: subscriptionVariants.durationPeriodType,
      })
      .from(subscriptionVariants)
      .where(eq(subscriptionVariants.subscriptionId, subscriptionId)),
    db
      .select({ locationId: subscriptionLocations.locationId })
      .from(subscriptionLocations)
      .where(eq(subscriptionLocations.subscriptionId, subscriptionId)),
    db
      .select({ minimumAge: ageGroups.minimumAge, maximumAge: ageGroups.maximumAge })
      .from(subscriptionAgeGroups)
      .innerJoin(ageGroups, eq(ageGroups.id, subscriptionAgeGroups.ageGroupId))
      .where(eq(subscriptionAgeGroups.subscriptionId, subscriptionId)),
  ]);
  return { ...row, variants, locationIds: offered.map((entry) => entry.locationId), ageGroups: groups };
}

export const insertMembership = async (db: Database, values: typeof memberships.$inferInsert) =>
  (await db.insert(memberships).values(values).returning({ id: memberships.id }))[0]!.id;

/** A membership of a member in the caller's scope, locked. */
export async function findMembership(db: Database, scope: Scope, id: number) {
  const row = (
    await db
      .select({
        id: memberships.id,
        memberId: memberships.memberId,
        startDate: memberships.startDate,
        endDate: memberships.endDate,
        today: sql<string>`${today}::text`,
      })
      .from(memberships)
      .where(and(eq(memberships.id, id), eq(memberships.gymId, scope.gymId)))
      .for('update')
  )[0];
  if (!row) return undefined;
  // The member must be the caller's (the Location environment: of the active location).
  return (await findMember(db, scope, row.memberId)) ? row : undefined;
}

export const setMembershipEnd = (db: Database, id: number, endDate: string | null) =>
  db.update(memberships).set({ endDate, updatedAt: new Date() }).where(eq(memberships.id, id));

export const insertPause = async (db: Database, membershipId: number, fromDate: string, toDate: string) =>
  (
    await db
      .insert(membershipPauses)
      .values({ membershipId, fromDate, toDate })
      .returning({ id: membershipPauses.id })
  )[0]!.id;

export const findPause = async (db: Database, id: number) =>
  (
    await db
      .select({
        id: membershipPauses.id,
        membershipId: membershipPauses.membershipId,
        fromDate: membershipPauses.fromDate,
        toDate: membershipPauses.toDate,
      })
      .from(membershipPauses)
      .where(eq(membershipPauses.id, id))
  )[0];

export const removePause = (db: Database, id: number) =>
  db.delete(membershipPauses).where(eq(membershipPauses.id, id));
