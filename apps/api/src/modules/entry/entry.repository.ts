import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { isoText, isoTextOrNull } from '../../platform/db/columns.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import {
  type ListQuery,
  likePattern,
  orderBy,
  pagedList,
  readPage,
  searchLike,
} from '../../platform/http/paging.ts';
import { members, membershipPauses, memberships } from '../member/member.tables.ts';
import { locations } from '../organisation/organisation.tables.ts';
import {
  subscriptionLocations,
  subscriptions,
  subscriptionVariants,
} from '../subscription/subscription.tables.ts';
import { users } from '../user/user.tables.ts';
import { entries, entryAttempts } from './entry.tables.ts';

/*
 * Entries and refused check-ins (decision 014). Local dates and times are the Netherlands' (the locations'
 * time zone): a day's entries are those from its local midnight to the next.
 */

const ZONE = 'Europe/Amsterdam';
const local = (column: SQL | typeof entries.entryAt) => sql`(${column} at time zone ${ZONE})`;
/** The instant of a local date and HH:mm. */
export const instantOf = (date: string, time: string) =>
  sql`((${date}::date + ${time}::time) at time zone ${ZONE})`;
/** The instant a local date starts. */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone ${ZONE})`;
const today = sql`(now() at time zone ${ZONE})::date`;

const memberName = fullNameSql(members);

const entryColumns = {
  id: entries.id,
  memberId: entries.memberId,
  memberName,
  locationId: entries.locationId,
  locationName: locations.name,
  membershipId: entries.membershipId,
  subscriptionName: subscriptions.name,
  date: sql<string>`to_char(${local(entries.entryAt)}, 'YYYY-MM-DD')`,
  entryTime: sql<string>`to_char(${local(entries.entryAt)}, 'HH24:MI')`,
  exitTime: sql<string | null>`to_char(${local(entries.exitAt as unknown as SQL)}, 'HH24:MI')`,
  entryAt: isoText(entries.entryAt),
  exitAt: isoTextOrNull(entries.exitAt),
  source: entries.source,
};
export type EntryListRow = {
  id: number;
  memberId: number;
  memberName: string;
  locationId: number;
  locationName: string;
  membershipId: number | null;
  subscriptionName: string | null;
  date: string;
  entryTime: string;
  exitTime: string | null;
  entryAt: string;
  exitAt: string | null;
  source: number;
};

const entryRows = (db: Database) =>
  db
    .select(entryColumns)
    .from(entries)
    .innerJoin(members, eq(members.id, entries.memberId))
    .innerJoin(locations, eq(locations.id, entries.locationId))
    .leftJoin(memberships, eq(memberships.id, entries.membershipId))
    .leftJoin(subscriptions, eq(subscriptions.id, memberships.subscriptionId))
    .$dynamic();

export const findEntry = async (
  db: Database,
  id: number,
  lock = false,
): Promise<EntryListRow | undefined> => {
  if (lock) await db.select({ id: entries.id }).from(entries).where(eq(entries.id, id)).for('update');
  return (await entryRows(db).where(eq(entries.id, id)))[0] as EntryListRow | undefined;
};

export interface EntryFilter {
  locationId?: number | undefined;
  memberId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * A search of entries by the member's name: each word anywhere in the copied sort name (last name first),
 * so 'jan jansen' finds Jan Jansen.
 */
const nameSearch = (search: string) =>
  and(
    ...search
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => sql`${entries.memberSortName} like ${likePattern(word)}`),
  );

/**
 * A location's or a member's entries in a date range: walks `(location_id | member_id, entry_at, id)`. By
 * name, and searched by it, on the member's sort name copied onto the entry (migration 0034), the last
 * column of the location's index: the page's ids, and the count, read the entries' index alone.
 */
export async function listEntries(db: Database, filter: EntryFilter, query: ListQuery) {
  const where = and(
    filter.locationId === undefined ? undefined : eq(entries.locationId, filter.locationId),
    filter.memberId === undefined ? undefined : eq(entries.memberId, filter.memberId),
    filter.from === undefined ? undefined : sql`${entries.entryAt} >= ${dayStart(filter.from)}`,
    filter.to === undefined ? undefined : sql`${entries.entryAt} < ${dayStart(filter.to)} + interval '1 day'`,
    query.search ? nameSearch(query.search) : undefined,
  );
  const order = orderBy(
    query,
    { entryAt: entries.entryAt, name: entries.memberSortName },
    'entryAt',
    entries.id,
  );
  return pagedList(
    db,
    query,
    async (limit, offset) =>
      (await readPage({
        limit,
        offset,
        where,
        order,
        id: entries.id,
        ids: db.select({ id: entries.id }).from(entries).$dynamic(),
        rows: entryRows(db),
        // By name or searched: the day's entries are sorted or filtered on the index's copied name, so
        // the page's ids come from an index-only walk (the rows would read every entry of the day).
        idsFirst: query.sort === 'name' || Boolean(query.search),
      })) as EntryListRow[],
    db.select({ one: sql`1` }).from(entries).where(where),
  );
}

export const insertEntry = async (db: Database, values: typeof entries.$inferInsert) =>
  (await db.insert(entries).values(values).returning({ id: entries.id }))[0]!.id;

export const updateEntryTimes = (db: Database, id: number, entryAt: SQL, exitAt: SQL | null) =>
  db
    .update(entries)
    .set({ entryAt: entryAt as unknown as Date, exitAt: exitAt as unknown as Date | null })
    .where(eq(entries.id, id));

/** Records the exit now (never before the entry). */
export const recordExit = (db: Database, id: number) =>
  db
    .update(entries)
    .set({ exitAt: sql`greatest(now(), ${entries.entryAt})` as unknown as Date })
    .where(eq(entries.id, id));

export const removeEntry = (db: Database, id: number) => db.delete(entries).where(eq(entries.id, id));

// ---------------------------------------------------------------------------------------------- members

/**
 * A live member of the gym (not anonymised). Before an entry is written, `forEntry` locks it FOR NO KEY
 * UPDATE: against a concurrent anonymisation or rename (the entry copies the name), and as the entry's
 * trigger updates the member anyway; a shared lock let two parallel entries of one member deadlock on that
 * update (409 after a second).
 */
export const memberOfGym = async (db: Database, gymId: number, memberId: number, forEntry = false) => {
  const select = db
    .select({ id: members.id, registrationCompleted: members.registrationCompleted })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.gymId, gymId), isNull(members.anonymisedAt)));
  return (await (forEntry ? select.for('no key update') : select))[0];
};

/**
 * The member's memberships valid on a local date at a location (theirs there, or of a subscription the
 * location offers), oldest first (the desk's entry; the check-in's `check_in` reads them the same way).
 */
export async function validMemberships(db: Database, memberId: number, locationId: number, date: SQL) {
  return db
    .select({
      id: memberships.id,
      subscriptionId: memberships.subscriptionId,
      accessType: subscriptionVariants.accessType,
      accessPerPeriodAmount: subscriptionVariants.accessPerPeriodAmount,
      accessPerPeriodType: subscriptionVariants.accessPerPeriodType,
      paused: sql<boolean>`exists (select 1 from ${membershipPauses} p where p.membership_id = ${memberships.id} and p.from_date <= ${date} and p.to_date >= ${date})`,
    })
    .from(memberships)
    .innerJoin(subscriptionVariants, eq(subscriptionVariants.id, memberships.variantId))
    .where(
      and(
        eq(memberships.memberId, memberId),
        sql`${memberships.startDate} <= ${date}`,
        sql`(${memberships.endDate} is null or ${memberships.endDate} >= ${date})`,
        sql`(${memberships.locationId} = ${locationId} or exists (select 1 from ${subscriptionLocations} sl where sl.subscription_id = ${memberships.subscriptionId} and sl.location_id = ${locationId}))`,
      ),
    )
    .orderBy(asc(memberships.startDate), asc(memberships.id));
}

/** Whether the account's address was proven by a link mailed to it (decision 018). */
export async function isEmailProven(db: Database, userId: number) {
  const [row] = await db.select({ provenAt: users.emailProvenAt }).from(users).where(eq(users.id, userId));
  return row !== undefined && row.provenAt !== null;
}

/** The member app's check-in, one call of the SQL function `check_in` (migration 0035). */
export async function checkIn(db: Database, qrCode: string, userId: number) {
  const result = (await db.execute(
    sql`select status, location_name as "locationName", entry_id as "entryId", reason from check_in(${qrCode}, ${userId})`,
  )) as unknown as {
    rows: {
      status: 'admitted' | 'refused' | 'unknownQrCode' | 'notAMember';
      locationName: string | null;
      entryId: string | number | null;
      reason: string | null;
    }[];
  };
  const row = result.rows[0]!;
  return { ...row, entryId: row.entryId === null ? null : Number(row.entryId) };
}

/** The local moment: date, weekday (0 Sunday) and HH:mm. */
export async function localNow(db: Database) {
  const result = (await db.execute(
    sql`select ${today}::text as date, extract(dow from now() at time zone ${ZONE})::int as day, to_char(now() at time zone ${ZONE}, 'HH24:MI') as time`,
  )) as unknown as { rows: { date: string; day: number; time: string }[] };
  return result.rows[0]!;
}

export const locationOf = async (db: Database, id: number) =>
  (
    await db
      .select({
        id: locations.id,
        gymId: locations.gymId,
        name: locations.name,
        memberExpectedInsideTime: locations.memberExpectedInsideTime,
      })
      .from(locations)
      .where(eq(locations.id, id))
  )[0];

// --------------------------------------------------------------------------------------------- attempts

export async function listAttempts(
  db: Database,
  locationId: number,
  query: ListQuery,
  filter: { open?: boolean | undefined; from?: string | undefined; to?: string | undefined },
) {
  const where = and(
    eq(entryAttempts.locationId, locationId),
    filter.open ? isNull(entryAttempts.approvedEntryId) : undefined,
    filter.from === undefined ? undefined : sql`${entryAttempts.at} >= ${dayStart(filter.from)}`,
    filter.to === undefined
      ? undefined
      : sql`${entryAttempts.at} < ${dayStart(filter.to)} + interval '1 day'`,
    query.search ? searchLike(members.searchText, query.search) : undefined,
  );
  return pagedList(
    db,
    query,
    (limit, offset) =>
      db
        .select({
          id: entryAttempts.id,
          memberId: entryAttempts.memberId,
          memberName,
          at: isoText(entryAttempts.at),
          reason: entryAttempts.reason,
          approvedEntryId: entryAttempts.approvedEntryId,
        })
        .from(entryAttempts)
        .innerJoin(members, eq(members.id, entryAttempts.memberId))
        .where(where)
        .orderBy(...orderBy(query, { at: entryAttempts.at, name: members.sortName }, 'at', entryAttempts.id))
        .limit(limit)
        .offset(offset),
    db
      .select({ one: sql`1` })
      .from(entryAttempts)
      .innerJoin(members, eq(members.id, entryAttempts.memberId))
      .where(where),
  );
}

export const findAttempt = async (db: Database, id: number) =>
  (
    await db
      .select({
        id: entryAttempts.id,
        gymId: entryAttempts.gymId,
        locationId: entryAttempts.locationId,
        memberId: entryAttempts.memberId,
        membershipId: entryAttempts.membershipId,
        reason: entryAttempts.reason,
        approvedEntryId: entryAttempts.approvedEntryId,
      })
      .from(entryAttempts)
      .where(eq(entryAttempts.id, id))
      .for('update')
  )[0];

export const approveAttempt = (db: Database, id: number, entryId: number, userId: number) =>
  db
    .update(entryAttempts)
    .set({ approvedEntryId: entryId, approvedBy: userId })
    .where(eq(entryAttempts.id, id));

// ------------------------------------------------------------------------------------------------ inside

/** Entries without exit within the expected time inside: the partial index `entries_inside_idx`. */
export async function listInside(db: Database, locationId: number, minutes: number, query: ListQuery) {
  const where = and(
    eq(entries.locationId, locationId),
    isNull(entries.exitAt),
    sql`${entries.entryAt} > now() - make_interval(mins => ${minutes})`,
    query.search ? nameSearch(query.search) : undefined,
  );
  return pagedList(
    db,
    query,
    (limit, offset) =>
      db
        .select({
          entryId: entries.id,
          memberId: entries.memberId,
          fullName: memberName,
          entryAt: isoText(entries.entryAt),
          entryTime: sql<string>`to_char(${local(entries.entryAt)}, 'HH24:MI')`,
          subscriptionName: subscriptions.name,
        })
        .from(entries)
        .innerJoin(members, eq(members.id, entries.memberId))
        .leftJoin(memberships, eq(memberships.id, entries.membershipId))
        .leftJoin(subscriptions, eq(subscriptions.id, memberships.subscriptionId))
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            { entryAt: entries.entryAt, name: entries.memberSortName },
            'entryAt',
            entries.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    db.select({ one: sql`1` }).from(entries).where(where),
  );
}

// -------------------------------------------------------------------------------------------- the export

export const entriesOfMember = (db: Database, memberId: number) =>
  db
    .select({
      id: entries.id,
      locationName: locations.name,
      entryAt: isoText(entries.entryAt),
      exitAt: isoTextOrNull(entries.exitAt),
    })
    .from(entries)
    .innerJoin(locations, eq(locations.id, entries.locationId))
    .where(eq(entries.memberId, memberId))
    .orderBy(asc(entries.entryAt), asc(entries.id));

export const attemptsOfMember = (db: Database, memberId: number) =>
  db
    .select({ locationName: locations.name, at: isoText(entryAttempts.at), reason: entryAttempts.reason })
    .from(entryAttempts)
    .innerJoin(locations, eq(locations.id, entryAttempts.locationId))
    .where(eq(entryAttempts.memberId, memberId))
    .orderBy(asc(entryAttempts.at));
