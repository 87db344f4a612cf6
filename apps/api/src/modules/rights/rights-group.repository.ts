import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, orderBy, pagedList } from '../../platform/http/paging.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../employee/employee.tables.ts';
import { gymStaff } from '../organisation/staff.ts';
import { users } from '../user/user.tables.ts';
import { employeeColumns, employeeSearch, employeeSort } from './rights.repository.ts';

const memberCount = sql<number>`(SELECT count(*)::int FROM ${gymRightsGroupMembers} WHERE ${gymRightsGroupMembers.groupId} = ${gymRightsGroups.id})`;

const columns = {
  id: gymRightsGroups.id,
  gymId: gymRightsGroups.gymId,
  name: gymRightsGroups.name,
  rights: gymRightsGroups.rights,
  memberCount,
};

export async function list(db: Database, gymId: number, query: ListQuery) {
  const where = and(
    eq(gymRightsGroups.gymId, gymId),
    query.search ? ilike(gymRightsGroups.name, likePattern(query.search)) : undefined,
  );
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      return db
        .select(columns)
        .from(gymRightsGroups)
        .where(where)
        .orderBy(
          ...orderBy(
            query,
            { name: sql`lower(${gymRightsGroups.name})`, memberCount },
            'name',
            gymRightsGroups.id,
          ),
        )
        .limit(limit)
        .offset(offset);
    },
    db.select({ one: sql`1` }).from(gymRightsGroups).where(where),
  );
}

export const find = async (db: Database, id: number) =>
  (await db.select(columns).from(gymRightsGroups).where(eq(gymRightsGroups.id, id)))[0];

/** Locks the group's row for the rest of the transaction, so a check and the change after it agree. */
export const lock = async (db: Database, id: number) =>
  (
    await db
      .select({ id: gymRightsGroups.id })
      .from(gymRightsGroups)
      .where(eq(gymRightsGroups.id, id))
      .for('update')
  )[0];

export const insert = async (db: Database, gymId: number, values: { name: string; rights: string[] }) => {
  const [created] = await db
    .insert(gymRightsGroups)
    .values({ gymId, ...values })
    .returning({ id: gymRightsGroups.id });
  return (await find(db, created!.id))!;
};

export const update = async (db: Database, id: number, values: { name: string; rights: string[] }) => {
  await db.update(gymRightsGroups).set(values).where(eq(gymRightsGroups.id, id));
  return (await find(db, id))!;
};

export const remove = (db: Database, id: number) =>
  db.delete(gymRightsGroups).where(eq(gymRightsGroups.id, id));

const inGroup = (groupId: number) =>
  sql`${users.id} IN (SELECT ${gymRightsGroupMembers.userId} FROM ${gymRightsGroupMembers} WHERE ${gymRightsGroupMembers.groupId} = ${groupId})`;

async function employeePage(db: Database, where: ReturnType<typeof and>, query: ListQuery) {
  return pagedList(
    db,
    query,
    async (limit, offset) => {
      return db
        .select(employeeColumns)
        .from(users)
        .where(where)
        .orderBy(...orderBy(query, employeeSort, 'name', users.id))
        .limit(limit)
        .offset(offset);
    },
    db.select({ one: sql`1` }).from(users).where(where),
  );
}

/** The group's members. */
export const members = (db: Database, groupId: number, query: ListQuery) =>
  employeePage(
    db,
    and(sql`${users.deletedAt} IS NULL`, inGroup(groupId), employeeSearch(query.search)),
    query,
  );

/** Employees of the gym not in the group yet. */
export const candidates = (db: Database, gymId: number, groupId: number, query: ListQuery) =>
  employeePage(
    db,
    and(
      sql`${users.deletedAt} IS NULL`,
      gymStaff(gymId),
      sql`NOT ${inGroup(groupId)}`,
      employeeSearch(query.search),
    ),
    query,
  );

/** Adds the users; answers how many were not in the group yet. */
export async function addMembers(db: Database, groupId: number, userIds: number[]) {
  const added = await db
    .insert(gymRightsGroupMembers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing()
    .returning({ userId: gymRightsGroupMembers.userId });
  return added.map((row) => row.userId);
}

export async function removeMember(db: Database, groupId: number, userId: number) {
  const removed = await db
    .delete(gymRightsGroupMembers)
    .where(and(eq(gymRightsGroupMembers.groupId, groupId), eq(gymRightsGroupMembers.userId, userId)))
    .returning({ userId: gymRightsGroupMembers.userId });
  return removed.length > 0;
}

export const memberIds = async (db: Database, groupId: number, userIds: number[]) =>
  userIds.length === 0
    ? []
    : (
        await db
          .select({ userId: gymRightsGroupMembers.userId })
          .from(gymRightsGroupMembers)
          .where(
            and(eq(gymRightsGroupMembers.groupId, groupId), inArray(gymRightsGroupMembers.userId, userIds)),
          )
      ).map((row) => row.userId);
