/** The member lists of a gym or location: tabs, filters, search and counts at a million members (decision 014). */
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
  readPage,
  SHALLOW_OFFSET,
  searchLike,
  searchOnce,
  sortKey,
  tabCounts,
} from '../../platform/http/paging.ts';
import { locations } from '../organisation/organisation.tables.ts';
import { subscriptions } from '../subscription/subscription.tables.ts';
import {
  atLocation,
  fullName,
  idsAtLocation,
  inactiveFrom,
  inScope,
  ofMember,
  type Scope,
  type StatusTab,
  statusJoin,
  statusOf,
  statusWhere,
  today,
} from './member.repository.ts';
import {
  memberLocationStatusDays,
  memberStatusDays,
  memberStatuses,
  members,
  memberships,
} from './member.tables.ts';

// ------------------------------------------------------------------------------------------------ lists

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
