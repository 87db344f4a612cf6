import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type UserRow, userRoleCounts, users } from './user.tables.ts';

/**
 * `user_role_counts` is kept by triggers (migration 0024): after every kind of write to `users`, alone or
 * concurrent, it equals a recount of the live users per role, and the user list's tab counts without a
 * search (read from it) equal the capped counts of a search that matches every user.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roles = ['Admin', 'Employee', 'ContentCreator', 'Employer', 'Supplier'] as const;

async function stored() {
  const rows = await t.db.select().from(userRoleCounts);
  return Object.fromEntries(roles.map((role) => [role, rows.find((row) => row.role === role)?.count ?? 0]));
}

async function recounted() {
  const rows = await t.db
    .select({ role: users.role, n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.deletedAt} is null`)
    .groupBy(users.role);
  return Object.fromEntries(roles.map((role) => [role, rows.find((row) => row.role === role)?.n ?? 0]));
}

const expectCountsRight = async () => expect(await stored()).toEqual(await recounted());

const newUsers = (role: UserRow['role'], n: number, deleted = false) =>
  createUsers(t, n, () => ({
    role,
    firstName: 'Rol',
    lastName: 'Teller',
    deletedAt: deleted ? new Date() : null,
  }));

describe('user counts per role', () => {
  it('start as a recount of the seeded users', async () => {
    await expectCountsRight();
  });

  it('follow inserts (bulk and of deleted accounts), role changes, deletions, restores and hard deletes', async () => {
    const employees = await newUsers('Employee', 7);
    const suppliers = await newUsers('Supplier', 3);
    await newUsers('Employer', 2, true);
    await expectCountsRight();
    // A role change moves the count; an update of something else changes nothing.
    await t.db.update(users).set({ role: 'Supplier' }).where(eq(users.id, employees[0]!));
    await t.db.update(users).set({ firstName: 'Anders' }).where(inArray(users.id, employees));
    await expectCountsRight();
    // Deletion and restore, also together with a role change, and of several rows in one statement.
    await t.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(inArray(users.id, employees.slice(1, 4)));
    await t.db.update(users).set({ deletedAt: new Date(), role: 'Admin' }).where(eq(users.id, suppliers[0]!));
    await expectCountsRight();
    await t.db
      .update(users)
      .set({ deletedAt: null })
      .where(inArray(users.id, [employees[1]!, suppliers[0]!]));
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, employees[2]!));
    await expectCountsRight();
    // Hard deletes (a live and a deleted account) and writing a row's own values back.
    await t.db.delete(users).where(inArray(users.id, [employees[4]!, employees[3]!, suppliers[1]!]));
    const [{ id: _id, searchText: _searchText, ...row }] = (await t.db
      .select()
      .from(users)
      .where(eq(users.id, employees[5]!))) as [UserRow];
    await t.db.update(users).set(row).where(eq(users.id, employees[5]!));
    await expectCountsRight();
  });

  it('stay right under concurrent writes', async () => {
    const ids = await newUsers('ContentCreator', 10);
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) =>
        t.db.transaction(async (tx) => {
          await createUsers(tx, 1, () => ({
            role: 'ContentCreator',
            firstName: 'Rol',
            lastName: `Teller ${i}`,
          }));
        }),
      ),
      ...ids
        .slice(0, 5)
        .map((id) => t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id))),
      ...ids.slice(5).map((id) => t.db.update(users).set({ role: 'Employer' }).where(eq(users.id, id))),
    ]);
    await expectCountsRight();
  });

  it('answer the user list’s tab counts as the capped counts of the same rows would', async () => {
    const cookie = await t.login('admin@example.com');
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json().data;
    const counted = await get('/api/user?pageSize=1');
    // Every user's e-mail holds "@": the search matches every live user, counted by the capped counts.
    const searched = await get('/api/user?pageSize=1&search=%40');
    expect(counted.total).toBe(searched.total);
    expect(counted.tabCounts).toEqual(searched.tabCounts);
    const tab = await get('/api/user?pageSize=1&role=Supplier');
    expect(tab.total).toBe(counted.tabCounts.Supplier);
    expect(tab.tabCounts).toEqual(counted.tabCounts);
  });
});
