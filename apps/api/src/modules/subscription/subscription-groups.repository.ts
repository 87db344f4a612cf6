import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, orderBy, pagedList, searchLike } from '../../platform/http/paging.ts';
import {
  ageGroups,
  subscriptionAgeGroups,
  subscriptionTimeSlotGroups,
  timeSlotGroups,
} from './subscription.tables.ts';

// ---------------------------------------------------------------------------------------------- age groups

export const ageGroupColumns = {
  id: ageGroups.id,
  gymId: ageGroups.gymId,
  name: ageGroups.name,
  minimumAge: ageGroups.minimumAge,
  maximumAge: ageGroups.maximumAge,
  subscriptionCount: sql<number>`(select count(*)::int from ${subscriptionAgeGroups} where ${subscriptionAgeGroups.ageGroupId} = "age_groups"."id")`,
};
export interface AgeGroupRow {
  id: number;
  gymId: number;
  name: string;
  minimumAge: number;
  maximumAge: number;
  subscriptionCount: number;
}
export type AgeGroupValues = Pick<typeof ageGroups.$inferInsert, 'name' | 'minimumAge' | 'maximumAge'>;

/** A gym's age groups: tens, by the gym's unique name index. */
export function listAgeGroups(db: Database, gymId: number, query: ListQuery) {
  const where = and(
    eq(ageGroups.gymId, gymId),
    query.search ? searchLike(sql`lower(${ageGroups.name})`, query.search) : undefined,
  );
  return pagedList(
    db,
    query,
    (limit, offset) =>
      db
        .select(ageGroupColumns)
        .from(ageGroups)
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            { name: sql`lower(${ageGroups.name})`, minimumAge: ageGroups.minimumAge },
            'minimumAge',
            ageGroups.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    db.select({ one: sql`1` }).from(ageGroups).where(where),
  );
}

/**
 * An age group with its use. `lock`: locked first, then read by a statement of its own, so the count sees
 * every save that linked the group and committed while this waited for the lock (read committed: a
 * statement's snapshot is taken when it starts).
 */
export const findAgeGroup = async (db: Database, id: number, lock = false) => {
  if (lock) await db.select({ id: ageGroups.id }).from(ageGroups).where(eq(ageGroups.id, id)).for('update');
  return (await db.select(ageGroupColumns).from(ageGroups).where(eq(ageGroups.id, id)))[0];
};

export const insertAgeGroup = async (db: Database, gymId: number, values: AgeGroupValues) => {
  const [row] = await db
    .insert(ageGroups)
    .values({ ...values, gymId })
    .returning({ id: ageGroups.id });
  return (await findAgeGroup(db, row!.id))!;
};

export const updateAgeGroup = async (db: Database, id: number, values: AgeGroupValues) => {
  await db.update(ageGroups).set(values).where(eq(ageGroups.id, id));
  return (await findAgeGroup(db, id))!;
};

export const removeAgeGroup = (db: Database, id: number) => db.delete(ageGroups).where(eq(ageGroups.id, id));

// ------------------------------------------------------------------------------------------ time slot groups

/** `time` columns read as HH:mm:ss; the contract speaks HH:mm. */
const hhmm = (column: AnyColumn) => sql<string>`to_char(${column}, 'HH24:MI')`;

export const timeSlotGroupColumns = {
  id: timeSlotGroups.id,
  gymId: timeSlotGroups.gymId,
  name: timeSlotGroups.name,
  days: timeSlotGroups.days,
  beginTime: hhmm(timeSlotGroups.beginTime),
  endTime: hhmm(timeSlotGroups.endTime),
  subscriptionCount: sql<number>`(select count(*)::int from ${subscriptionTimeSlotGroups} where ${subscriptionTimeSlotGroups.timeSlotGroupId} = "time_slot_groups"."id")`,
};
export interface TimeSlotGroupRow {
  id: number;
  gymId: number;
  name: string;
  days: number[];
  beginTime: string;
  endTime: string;
  subscriptionCount: number;
}
export type TimeSlotGroupValues = Pick<
  typeof timeSlotGroups.$inferInsert,
  'name' | 'days' | 'beginTime' | 'endTime'
>;

export function listTimeSlotGroups(db: Database, gymId: number, query: ListQuery) {
  const where = and(
    eq(timeSlotGroups.gymId, gymId),
    query.search ? searchLike(sql`lower(${timeSlotGroups.name})`, query.search) : undefined,
  );
  return pagedList(
    db,
    query,
    (limit, offset) =>
      db
        .select(timeSlotGroupColumns)
        .from(timeSlotGroups)
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            { name: sql`lower(${timeSlotGroups.name})`, beginTime: timeSlotGroups.beginTime },
            'name',
            timeSlotGroups.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    db.select({ one: sql`1` }).from(timeSlotGroups).where(where),
  );
}

/** A time slot group with its use; `lock` as `findAgeGroup`. */
export const findTimeSlotGroup = async (db: Database, id: number, lock = false) => {
  if (lock) {
    await db
      .select({ id: timeSlotGroups.id })
      .from(timeSlotGroups)
      .where(eq(timeSlotGroups.id, id))
      .for('update');
  }
  return (await db.select(timeSlotGroupColumns).from(timeSlotGroups).where(eq(timeSlotGroups.id, id)))[0];
};

export const insertTimeSlotGroup = async (db: Database, gymId: number, values: TimeSlotGroupValues) => {
  const [row] = await db
    .insert(timeSlotGroups)
    .values({ ...values, gymId })
    .returning({ id: timeSlotGroups.id });
  return (await findTimeSlotGroup(db, row!.id))!;
};

export const updateTimeSlotGroup = async (db: Database, id: number, values: TimeSlotGroupValues) => {
  await db.update(timeSlotGroups).set(values).where(eq(timeSlotGroups.id, id));
  return (await findTimeSlotGroup(db, id))!;
};

export const removeTimeSlotGroup = (db: Database, id: number) =>
  db.delete(timeSlotGroups).where(eq(timeSlotGroups.id, id));
