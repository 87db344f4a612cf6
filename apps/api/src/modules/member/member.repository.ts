import { and, asc, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client.ts';
import { isoText, isoTextOrNull } from '../../platform/db/columns.ts';
import {
  cappedValue,
  idList,
  type ListQuery,
  limitOffset,
  matchFields,
  orderBy,
  pagedCounts,
  pagedList,
  pagedTotal,
  readPage,
  SHALLOW_OFFSET,
  searchLike,
  searchOnce,
  sortKey,
  tabCounts,
} from '../../platform/http/paging.ts';
import { invoiceLines, invoices } from '../invoice/invoice.tables.ts';
import { locations } from '../organisation/organisation.tables.ts';
import {
  ageGroups,
  subscriptionAgeGroups,
  subscriptionLocations,
  subscriptions,
  subscriptionVariants,
} from '../subscription/subscription.tables.ts';
import {
  memberLocationStatusDays,
  memberStatusDays,
  memberStatuses,
  members,
  membershipPauses,
  memberships,
} from './member.tables.ts';

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
const ofMember = eq(memberStatuses.memberId, members.id);
const statusJoin = sql`left join ${memberStatuses} on ${ofMember}`;

/** The rows of each status tab: range conditions on the instants' indexes. */
/** From when the member is not active: the earlier instant (`least` skips a null; both null: never). */
const inactiveFrom = sql`least("member_statuses"."non_active_from", "member_statuses"."sleeping_from")`;

/** Each status as a range of `members_gym_inactive_idx` or `members_gym_sleeping_idx`. */
const statusWhere = {
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
const atLocation = (locationId: number, deep = false) =>
  deep
    ? sql`("members"."home_location_id" = ${locationId} or "members"."id" in (select ${memberships.memberId} from ${memberships} where ${memberships.locationId} = ${locationId}))`
    : // `offset 0` keeps the planner from hashing the EXISTS as well (it did, for page 1: 6.2 -> 2.3 ms).
      sql`("members"."home_location_id" = ${locationId} or exists (select 1 from ${memberships} where ${memberships.locationId} = ${locationId} and ${memberships.memberId} = "members"."id" offset 0))`;

/** The location's members as an array of ids, for a pass over them by the primary key. */
const idsAtLocation = (locationId: number) =>
  sql`array(select ${memberships.memberId} from ${memberships} where ${memberships.locationId} = ${locationId} union select home.id from ${members} home where home.home_location_id = ${locationId})`;

export const inScope = (scope: Scope, deep = false): SQL =>
  and(
    eq(members.gymId, scope.gymId),
    scope.locationId === null ? undefined : atLocation(scope.locationId, deep),
  ) as SQL;

// ------------------------------------------------------------------------------------------------ lists

const fullName = sql<string>`concat_ws(' ', ${members.firstName}, ${members.insertion}, ${members.lastName})`;

/** The subscriptions of the memberships that run today, by start date. */
const runningSubscriptions = sql<
  string[]
>`array(select s.name from ${memberships} ms join ${subscriptions} s on s.id = ms.subscription_id where ms.member_id = "members"."id" and ms.start_date <= ${today} and (ms.end_date is null or ms.end_date >= ${today}) order by ms.start_date, ms.id)`;

const listColumns = {
  id: members.id,
  fullName,
  email: members.email,
  postalCode: members.postalCode,
  city: members.city,
  homeLocationName: locations.name,
  status: statusOf,
  lastEntryAt: isoTextOrNull(memberStatuses.lastEntryAt),
  subscriptions: runningSubscriptions,
  createdAt: isoText(members.createdAt),
};

const sortable = {
  name: members.sortName,
  lastEntry: memberStatuses.lastEntryAt,
  status: statusOf,
  createdAt: members.createdAt,
  postalCode: members.postalCode,
};

export interface MemberFilter {
  status?: number | undefined;
  subscriptionId?: number | undefined;
  locationId?: number | undefined;
}

const statusTabOf: Record<number, StatusTab> = { 1: 'nonActive', 2: 'sleeping', 3: 'active' };

/** The member's status as its tab's key, for a search's counts (`searchOnce`). */
const statusTab = sql<string>`(case ${statusOf} when 1 then 'nonActive' when 2 then 'sleeping' else 'active' end)`;

/**
 * The members in each tab, now, of a gym (`member_status_days`) or a location (`member_location_status_days`):
 * the kept days before today (UTC) and, from the members' own indexes, today's members whose instant has
 * passed. Not active = active's complement; non-active = not active and not sleeping (a sleeping member is
 * never active: its earlier instant has passed too).
 */
async function statusCountsByDays(db: Database, gymId: number, locationId?: number) {
  const today = sql`(now() at time zone 'UTC')::date`;
  const todayStart = sql`((now() at time zone 'UTC')::date::timestamp at time zone 'UTC')`;
  const kept =
    locationId === undefined
      ? sql`${memberStatusDays} d where d.gym_id = ${gymId}`
      : sql`${memberLocationStatusDays} d where d.location_id = ${locationId}`;
  // The kept days in one pass (a location's rows lie one to a page where check-ins keep moving them).
  const days = sql`select coalesce(sum(d.members) filter (where d.kind = 1), 0) as "all",
    coalesce(sum(d.members) filter (where d.kind = 1 and d.day < ${today}), 0) as "inactiveBefore",
    coalesce(sum(d.members) filter (where d.kind = 2 and d.day < ${today}), 0) as "sleepingBefore" from ${kept}`;
  // Today's instants from the status rows' indexes; a location's members by the status row's copy of the
  // main location and the location's memberships, without reading the members.
  const members = and(
    sql`"member_statuses"."gym_id" = ${gymId}`,
    locationId === undefined
      ? undefined
      : sql`("member_statuses"."home_location_id" = ${locationId} or exists (select 1 from ${memberships} where ${memberships.locationId} = ${locationId} and ${memberships.memberId} = "member_statuses"."member_id" offset 0))`,
  );
  const passedToday = (instant: SQL) =>
    sql`(select count(*) from "member_statuses" where ${members} and ${instant} >= ${todayStart} and ${instant} <= now())`;
  const result = (await db.execute(
    sql`select k."all"::int as "all", (k."inactiveBefore" + ${passedToday(inactiveFrom)})::int as "notActive", (k."sleepingBefore" + ${passedToday(sql`"member_statuses"."sleeping_from"`)})::int as "sleeping" from (${days}) k`,
  )) as unknown as { rows: { all: number; notActive: number; sleeping: number }[] };
  const { all, notActive, sleeping } = result.rows[0]!;
  return {
    all: cappedValue(all),
    active: cappedValue(all - notActive),
    nonActive: cappedValue(notActive - sleeping),
    sleeping: cappedValue(sleeping),
  };
}

/** A gym's members in each tab (the whole gym's list). */
export const gymStatusCounts = (db: Database, gymId: number) => statusCountsByDays(db, gymId);

/**
 * A page sorted by status (non-active, sleeping, active; the other way round descending), by name within a
 * status. The status is a moment, so no index holds that order; each status's members are a walk of the
 * name index (or of the status's own, where the planner finds it fewer), at most `offset + limit` of each,
 * and the page is cut from the three in order: instead of reading and sorting every member of the gym
 * (1.25 s for 200,000). Within a tab, that tab's walk alone.
 */
function byStatus<T extends PgSelect>(
  rows: T,
  /** The list's conditions but the status tab's, which the walks add. */
  where: SQL | undefined,
  tab: StatusTab | undefined,
  descending: boolean,
  limit: number,
  offset: number,
) {
  const direction = descending ? sql`desc` : sql`asc`;
  const order = descending ? desc : asc;
  const statuses: StatusTab[] = tab ? [tab] : ['nonActive', 'sleeping', 'active'];
  if (descending && !tab) statuses.reverse();
  const walks = statuses.map(
    (status, index) =>
      sql`(select "members"."id", ${index}::int as g, "members"."sort_name" as k from ${members} ${statusJoin} where ${and(where, statusWhere[status])} order by "members"."sort_name" ${direction}, "members"."id" ${direction} limit ${offset + limit})`,
  );
  const pageIds = sql`select p.id from (${sql.join(walks, sql` union all `)}) as p order by p.g, p.k ${direction}, p.id ${direction} limit ${limit} offset ${offset}`;
  return rows
    .where(sql`${members.id} in (${pageIds})`)
    .orderBy(order(statusOf), order(members.sortName), order(members.id));
}

/**
 * The members of a location in each tab under other conditions too (a subscription, or the filter's
 * location in another location's environment), in one pass over the location's members by the primary key
 * (its id set first): instead of four capped counts, each reading the gym's members of a status.
 */
async function locationStatusCounts(db: Database, locationId: number, where: SQL) {
  const result = (await db.execute(
    sql`select count(*)::int as "all", count(*) filter (where ${statusWhere.active})::int as "active", count(*) filter (where ${statusWhere.nonActive})::int as "nonActive", count(*) filter (where ${statusWhere.sleeping})::int as "sleeping" from ${members} ${statusJoin} where "members"."id" = any(${idsAtLocation(locationId)}) and ${where}`,
  )) as unknown as { rows: Record<'all' | StatusTab, number>[] };
  const counts = result.rows[0]!;
  return {
    all: cappedValue(counts.all),
    active: cappedValue(counts.active),
    nonActive: cappedValue(counts.nonActive),
    sleeping: cappedValue(counts.sleeping),
  };
}

export async function listMembers(db: Database, scope: Scope, query: ListQuery, filter: MemberFilter) {
  const ofSubscription =
    filter.subscriptionId === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(memberships)
            .where(
              and(
                sql`${memberships.memberId} = "members"."id"`,
                eq(memberships.subscriptionId, filter.subscriptionId),
              ),
            ),
        );
  const { limit, offset } = limitOffset(query);
  // A deep page walks far: its location test hashes the location's memberships once (`atLocation`).
  const deep = offset > SHALLOW_OFFSET;
  // By the latest entry, the gym's condition on the status rows: their index (gym, latest entry, member) is
  // walked without reading a member's row for its gym.
  const gymOfStatus = query.sort === 'lastEntry';
  const base = and(
    gymOfStatus ? eq(memberStatuses.gymId, scope.gymId) : eq(members.gymId, scope.gymId),
    scope.locationId === null ? undefined : atLocation(scope.locationId, deep),
    filter.locationId === undefined ? undefined : atLocation(filter.locationId, deep),
    ofSubscription,
    query.search ? searchLike(members.searchText, query.search) : undefined,
  );
  const tab = filter.status === undefined ? undefined : statusTabOf[filter.status];
  const where = and(base, tab ? statusWhere[tab] : undefined);
  const rows = db
    .select(listColumns)
    .from(members)
    .leftJoin(locations, eq(locations.id, members.homeLocationId))
    .leftJoin(memberStatuses, ofMember)
    .$dynamic();
  if (query.search && query.counts !== false) {
    // A search reads its matches once for the page and every tab's count (decision 009); by status, the
    // key is the status then the name, as `byStatus` pages them.
    const direction = query.direction === 'desc' ? desc : asc;
    const byStatusKey = query.sort === 'status';
    const once = await searchOnce(
      db,
      query,
      db
        .select(
          matchFields(
            members.id,
            byStatusKey
              ? sql`${statusOf}::text || ' ' || ${members.sortName}`
              : sortKey(query, sortable, 'name'),
            statusTab,
          ),
        )
        .from(members)
        .leftJoin(memberStatuses, ofMember)
        .where(base),
      { values: ['active', 'nonActive', 'sleeping'] as const, current: tab },
    );
    if (once) {
      const order = byStatusKey
        ? [direction(statusOf), direction(members.sortName), direction(members.id)]
        : orderBy(query, sortable, 'name', members.id);
      return {
        items: await rows.where(inArray(members.id, idList(once.ids))).orderBy(...order),
        ...pagedCounts(once.counts, tab ?? 'all'),
      };
    }
  }
  const items =
    query.sort === 'status'
      ? await byStatus(rows, base, tab, query.direction === 'desc', limit, offset)
      : await readPage({
          limit,
          offset,
          where,
          order: orderBy(query, sortable, 'name', members.id),
          id: members.id,
          ids: db.select({ id: members.id }).from(members).leftJoin(memberStatuses, ofMember).$dynamic(),
          rows,
        });
  const current = tab ?? 'all';
  // The whole gym's list: its counts kept by day (migration 0032), exact and without reading its members.
  if (
    scope.locationId === null &&
    filter.locationId === undefined &&
    filter.subscriptionId === undefined &&
    !query.search
  ) {
    if (query.counts === false) return { items };
    return { items, ...pagedCounts(await gymStatusCounts(db, scope.gymId), current) };
  }
  const locationId = scope.locationId ?? filter.locationId;
  if (locationId !== undefined && !query.search) {
    if (query.counts === false) return { items };
    // One location's list: its counts kept by day (migration 0033).
    if (
      filter.subscriptionId === undefined &&
      (filter.locationId === undefined || filter.locationId === locationId)
    ) {
      return { items, ...pagedCounts(await statusCountsByDays(db, scope.gymId, locationId), current) };
    }
    // The location's own test is the pass over its ids; the filter's location, when it is another, stays.
    const others = and(
      eq(members.gymId, scope.gymId),
      scope.locationId !== null && filter.locationId !== undefined
        ? atLocation(filter.locationId)
        : undefined,
      ofSubscription,
    ) as SQL;
    return { items, ...pagedCounts(await locationStatusCounts(db, locationId, others), current) };
  }
  const count = (extra?: SQL) =>
    db.select({ one: sql`1` }).from(members).leftJoin(memberStatuses, ofMember).where(and(base, extra));
  const counts = await tabCounts(
    db,
    query,
    {
      all: count(),
      active: count(statusWhere.active),
      nonActive: count(statusWhere.nonActive),
      sleeping: count(statusWhere.sleeping),
    },
    current,
  );
  return { items, ...counts };
}

/** Members who signed up and wait for the location (open registrations), newest first by default. */
export async function listOpenRegistrations(db: Database, scope: Scope, query: ListQuery) {
  const where = and(
    inScope(scope),
    eq(members.registrationCompleted, false),
    query.search ? searchLike(members.searchText, query.search) : undefined,
  );
  return pagedList(
    db,
    query,
    (limit, offset) =>
      db
        .select(listColumns)
        .from(members)
        .leftJoin(locations, eq(locations.id, members.homeLocationId))
        .leftJoin(memberStatuses, ofMember)
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            { name: members.sortName, createdAt: members.createdAt },
            'createdAt',
            members.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    db.select({ one: sql`1` }).from(members).where(where),
  );
}

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

/** Days from `from` to `to`, both included. */
export const daysIncluded = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

// ------------------------------------------------------------------------------------- subscription tab

const membershipState = sql<number>`(case when ${memberships.startDate} > ${today} then 0 when ${memberships.endDate} < ${today} then 3 when exists (select 1 from ${membershipPauses} p where p.membership_id = ${memberships.id} and p.from_date <= ${today} and p.to_date >= ${today}) then 2 else 1 end)`;

/**
 * The memberships of a subscription (of the gym: the caller checked it, and a membership is of its
 * subscription's gym) with their members. By name, the gym's members are walked by
 * `members_gym_sort_name_idx` and each one's memberships of the subscription looked up (the member's gym in
 * the WHERE lets the planner do so: 2 ms for page 1 of 110,000, against 1 s for joining them all and
 * sorting); by start date, `memberships_subscription_idx`, a deep page's ids by an index-only walk of it
 * (`readPage`). Without a search the count reads the memberships alone; a search reads its matches once for
 * the page and the count (`searchOnce`).
 */
export async function listSubscriptionMembers(
  db: Database,
  gymId: number,
  subscriptionId: number,
  query: ListQuery,
  current: boolean | undefined,
) {
  const ofSubscription = and(
    eq(memberships.subscriptionId, subscriptionId),
    current === undefined
      ? undefined
      : current
        ? sql`(${memberships.endDate} is null or ${memberships.endDate} >= ${today})`
        : sql`${memberships.endDate} < ${today}`,
  );
  const byName = query.sort === 'name';
  const ofMembers = byName || Boolean(query.search);
  const where = and(
    ofSubscription,
    // The member's gym where the members are read: the name walk, and the search's trigram index, whose
    // first column it is (without it a search read every gym's matches: 160 ms for 'jansen').
    byName || query.search ? eq(members.gymId, gymId) : undefined,
    query.search ? searchLike(members.searchText, query.search) : undefined,
  );
  const direction = query.direction === 'desc' ? desc : asc;
  const order = byName
    ? [direction(members.sortName), direction(members.id), direction(memberships.id)]
    : orderBy(query, { startDate: memberships.startDate }, 'startDate', memberships.id);
  const rows = db
    .select({
      membershipId: memberships.id,
      memberId: memberships.memberId,
      fullName,
      variantName: subscriptionVariants.name,
      locationName: locations.name,
      startDate: memberships.startDate,
      endDate: memberships.endDate,
      state: membershipState,
    })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .innerJoin(subscriptionVariants, eq(subscriptionVariants.id, memberships.variantId))
    .innerJoin(locations, eq(locations.id, memberships.locationId))
    .$dynamic();
  /** The memberships' ids with their members: a deep page's walk by name, a search's count. */
  const withMembers = () =>
    db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.memberId))
      .$dynamic();
  if (query.search && query.counts !== false) {
    // By name the key is the name then the member (a row value), and the membership's id decides within.
    const once = await searchOnce(
      db,
      query,
      db
        .select(
          matchFields(
            memberships.id,
            byName ? sql`row(${members.sortName}, ${members.id})` : memberships.startDate,
          ),
        )
        .from(memberships)
        .innerJoin(members, eq(members.id, memberships.memberId))
        .where(where),
    );
    if (once) {
      return {
        items: await rows.where(inArray(memberships.id, idList(once.ids))).orderBy(...order),
        ...pagedTotal(once.counts.all),
      };
    }
  }
  return pagedList(
    db,
    query,
    (limit, offset) =>
      readPage({
        limit,
        offset,
        where,
        order,
        id: memberships.id,
        // By start date without a search: an index-only walk of the memberships alone.
        ids: ofMembers ? withMembers() : db.select({ id: memberships.id }).from(memberships).$dynamic(),
        rows,
      }),
    query.search
      ? withMembers().where(where)
      : db.select({ one: sql`1` }).from(memberships).where(ofSubscription),
  );
}

export const subscriptionOfGym = async (db: Database, gymId: number, id: number) =>
  (
    await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.gymId, gymId)))
  ).length > 0;

/** The gym's active subscriptions with their variants, locations and age groups (tens per gym). */
export async function offeredSubscriptions(db: Database, scope: Scope) {
  const rows = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      type: subscriptions.type,
      vatRate: subscriptions.vatRate,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.gymId, scope.gymId),
        eq(subscriptions.isActive, true),
        scope.locationId === null
          ? undefined
          : sql`exists (select 1 from ${subscriptionLocations} sl where sl.subscription_id = ${subscriptions.id} and sl.location_id = ${scope.locationId})`,
      ),
    )
    .orderBy(asc(subscriptions.sortOrder), asc(subscriptions.name), asc(subscriptions.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [variants, offered, groups] = await Promise.all([
    db
      .select({
        subscriptionId: subscriptionVariants.subscriptionId,
        id: subscriptionVariants.id,
        name: subscriptionVariants.name,
        pricePerPeriod: subscriptionVariants.pricePerPeriod,
        pricePerPeriodIncludesVat: subscriptionVariants.pricePerPeriodIncludesVat,
        paymentPerPeriodAmount: subscriptionVariants.paymentPerPeriodAmount,
        paymentPerPeriodType: subscriptionVariants.paymentPerPeriodType,
        durationPeriodAmount: subscriptionVariants.durationPeriodAmount,
        durationPeriodType: subscriptionVariants.durationPeriodType,
        noticePeriodAmount: subscriptionVariants.noticePeriodAmount,
        noticePeriodType: subscriptionVariants.noticePeriodType,
      })
      .from(subscriptionVariants)
      .where(inArray(subscriptionVariants.subscriptionId, ids))
      .orderBy(asc(subscriptionVariants.sortOrder), asc(subscriptionVariants.id)),
    db
      .select({
        subscriptionId: subscriptionLocations.subscriptionId,
        id: locations.id,
        name: locations.name,
      })
      .from(subscriptionLocations)
      .innerJoin(locations, eq(locations.id, subscriptionLocations.locationId))
      .where(
        and(
          inArray(subscriptionLocations.subscriptionId, ids),
          scope.locationId === null ? undefined : eq(locations.id, scope.locationId),
        ),
      )
      .orderBy(asc(locations.name)),
    db
      .select({
        subscriptionId: subscriptionAgeGroups.subscriptionId,
        name: ageGroups.name,
        minimumAge: ageGroups.minimumAge,
        maximumAge: ageGroups.maximumAge,
      })
      .from(subscriptionAgeGroups)
      .innerJoin(ageGroups, eq(ageGroups.id, subscriptionAgeGroups.ageGroupId))
      .where(inArray(subscriptionAgeGroups.subscriptionId, ids))
      .orderBy(asc(ageGroups.minimumAge)),
  ]);
  const of = <T extends { subscriptionId: number }>(list: T[], id: number) =>
    list.filter((entry) => entry.subscriptionId === id).map(({ subscriptionId: _s, ...rest }) => rest);
  return rows.map((row) => ({
    ...row,
    variants: of(variants, row.id),
    locations: of(offered, row.id),
    ageGroups: of(groups, row.id),
  }));
}
