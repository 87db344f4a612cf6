import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import {
  employerEmployees,
  employers,
  gymEmployees,
  gyms,
  locations,
} from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';

/**
 * `employers.employee_count`, `gyms.employee_count` and `challenge_templates.challenge_count` are kept by
 * triggers (migration 0022): after every kind of write, alone or concurrent, they equal a recount (of the
 * links of live accounts, of the challenges made from the template).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Counts = Record<number, number>;

async function stored(): Promise<{ employers: Counts; gyms: Counts }> {
  const e = await t.db.select({ id: employers.id, n: employers.employeeCount }).from(employers);
  const g = await t.db.select({ id: gyms.id, n: gyms.employeeCount }).from(gyms);
  return {
    employers: Object.fromEntries(e.map((row) => [row.id, row.n])),
    gyms: Object.fromEntries(g.map((row) => [row.id, row.n])),
  };
}

async function recounted(): Promise<{ employers: Counts; gyms: Counts }> {
  const count = sql<number>`count(${users.id})::int`;
  const e = await t.db
    .select({ id: employers.id, n: count })
    .from(employers)
    .leftJoin(employerEmployees, eq(employerEmployees.employerId, employers.id))
    .leftJoin(users, sql`${users.id} = ${employerEmployees.userId} and ${users.deletedAt} is null`)
    .groupBy(employers.id);
  const g = await t.db
    .select({ id: gyms.id, n: count })
    .from(gyms)
    .leftJoin(gymEmployees, eq(gymEmployees.gymId, gyms.id))
    .leftJoin(users, sql`${users.id} = ${gymEmployees.userId} and ${users.deletedAt} is null`)
    .groupBy(gyms.id);
  return {
    employers: Object.fromEntries(e.map((row) => [row.id, row.n])),
    gyms: Object.fromEntries(g.map((row) => [row.id, row.n])),
  };
}

const expectCountsRight = async () => expect(await stored()).toEqual(await recounted());

const newUsers = (n: number) => createUsers(t, n, () => ({ firstName: 'Tim', lastName: 'Teller' }));

const newEmployer = async (name: string) =>
  (await t.db.insert(employers).values({ name }).returning({ id: employers.id }))[0]!.id;
const newGym = async (slug: string) =>
  (await t.db.insert(gyms).values({ name: slug, slug }).returning({ id: gyms.id }))[0]!.id;
const employeeCountOf = async (id: number) =>
  (await t.db.select({ n: employers.employeeCount }).from(employers).where(eq(employers.id, id)))[0]!.n;

describe('employee counters', () => {
  it('start right for the seeded data', async () => {
    await expectCountsRight();
  });

  it('follow bulk and single inserts, deletes, moves and account deletions and restores', async () => {
    const a = await newEmployer('Teller A');
    const b = await newEmployer('Teller B');
    const gym = await newGym('teller-gym');
    const ids = await newUsers(30);
    // One statement, 30 rows over two employers.
    await t.db
      .insert(employerEmployees)
      .values(ids.map((userId, index) => ({ employerId: index % 3 === 0 ? b : a, userId })));
    await t.db.insert(gymEmployees).values(ids.map((userId) => ({ gymId: gym, userId })));
    expect(await employeeCountOf(a)).toBe(20);
    expect(await employeeCountOf(b)).toBe(10);
    await expectCountsRight();
    // A second insert of the same link is no new employee.
    await t.db.insert(employerEmployees).values({ employerId: a, userId: ids[1]! }).onConflictDoNothing();
    expect(await employeeCountOf(a)).toBe(20);

    // A deleted account leaves the counts, and deleting its links then changes nothing.
    await t.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(inArray(users.id, ids.slice(0, 4)));
    await expectCountsRight();
    await t.db.delete(employerEmployees).where(eq(employerEmployees.userId, ids[0]!));
    await expectCountsRight();
    // A restored account with its links still there counts again; a second update of deleted_at
    // (already deleted) changes nothing.
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, ids[1]!));
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, ids[2]!));
    await expectCountsRight();

    // Moving employees between employers, removing some, removing an account altogether (cascade).
    await t.db
      .update(employerEmployees)
      .set({ employerId: b })
      .where(inArray(employerEmployees.userId, ids.slice(4, 10)));
    await expectCountsRight();
    await t.db.delete(employerEmployees).where(inArray(employerEmployees.userId, ids.slice(10, 14)));
    await t.db.delete(gymEmployees).where(inArray(gymEmployees.userId, ids.slice(10, 12)));
    await t.db.delete(users).where(inArray(users.id, ids.slice(14, 16)));
    await expectCountsRight();

    // Deleting the employer and the gym takes their links with them.
    await t.db.delete(employers).where(eq(employers.id, b));
    await t.db.delete(gymEmployees).where(eq(gymEmployees.gymId, gym));
    await t.db.delete(gyms).where(eq(gyms.id, gym));
    await expectCountsRight();
  });

  it('stay right under concurrent writes to the same employers', async () => {
    const a = await newEmployer('Teller Gelijktijdig A');
    const b = await newEmployer('Teller Gelijktijdig B');
    const ids = await newUsers(40);
    // Twenty transactions at once, each adding two employees (to both employers, in id order as the
    // counters ask: migration 0022), then twenty removing one and deleting the account of another (the
    // trigger locks its employers in id order).
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.db.transaction(async (tx) => {
          await tx.insert(employerEmployees).values({ employerId: a, userId: ids[2 * index]! });
          await tx.insert(employerEmployees).values({ employerId: b, userId: ids[2 * index + 1]! });
        }),
      ),
    );
    // Every account also works for the other employer, so a deletion changes both counts.
    await t.db
      .insert(employerEmployees)
      .values(ids.map((userId, index) => ({ employerId: index % 2 === 0 ? b : a, userId })));
    expect(await employeeCountOf(a)).toBe(40);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.db.transaction(async (tx) => {
          await tx
            .delete(employerEmployees)
            .where(and(eq(employerEmployees.userId, ids[2 * index]!), eq(employerEmployees.employerId, a)));
          await tx
            .update(users)
            .set({ deletedAt: new Date() })
            .where(eq(users.id, ids[2 * index + 1]!));
        }),
      ),
    );
    // Left: of the even accounts (alive) the links to b.
    expect(await employeeCountOf(a)).toBe(0);
    expect(await employeeCountOf(b)).toBe(20);
    await expectCountsRight();
  });
});

describe('challenge counters of templates', () => {
  async function expectTemplateCountsRight() {
    const stored = await t.db
      .select({ id: challengeTemplates.id, n: challengeTemplates.challengeCount })
      .from(challengeTemplates)
      .orderBy(challengeTemplates.id);
    const recount = await t.db
      .select({ id: challengeTemplates.id, n: sql<number>`count(${challenges.id})::int` })
      .from(challengeTemplates)
      .leftJoin(challenges, eq(challenges.challengeTemplateId, challengeTemplates.id))
      .groupBy(challengeTemplates.id)
      .orderBy(challengeTemplates.id);
    expect(stored).toEqual(recount);
    return Object.fromEntries(stored.map((row) => [row.id, row.n]));
  }

  it('follow inserts, moves, other updates and deletes, also concurrent ones', async () => {
    const before = await expectTemplateCountsRight();
    const [first, second] = (
      await t.db.select({ id: challengeTemplates.id }).from(challengeTemplates).orderBy(challengeTemplates.id)
    ).map((row) => row.id);
    const [location] = await t.db.select({ id: locations.id }).from(locations).limit(1);
    const challenge = (templateId: number) => ({
      challengeTemplateId: templateId,
      templateSnapshot: {} as never,
      name: 'Teller',
      locationId: location!.id,
      entreoPointsReward: 1,
    });
    const made = await t.db
      .insert(challenges)
      .values([challenge(first!), challenge(first!), challenge(second!)])
      .returning({ id: challenges.id });
    expect((await expectTemplateCountsRight())[first!]).toBe(before[first!]! + 2);
    // A rename or a switch off changes no count; a move to another template does.
    await t.db.update(challenges).set({ isActive: false }).where(eq(challenges.id, made[0]!.id));
    await t.db.update(challenges).set({ challengeTemplateId: second! }).where(eq(challenges.id, made[1]!.id));
    expect((await expectTemplateCountsRight())[second!]).toBe(before[second!]! + 2);
    // Made at once from the same template, the way the service does (template locked, then insert).
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.transaction(async (tx) => {
          await tx
            .select({ id: challengeTemplates.id })
            .from(challengeTemplates)
            .where(eq(challengeTemplates.id, first!))
            .for('no key update');
          await tx.insert(challenges).values(challenge(first!));
        }),
      ),
    );
    expect((await expectTemplateCountsRight())[first!]).toBe(before[first!]! + 11);
    await t.db.delete(challenges).where(eq(challenges.name, 'Teller'));
    expect(await expectTemplateCountsRight()).toEqual(before);
  });
});
