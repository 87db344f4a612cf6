import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { multipart } from '../../test/multipart.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { associations, employers, locations } from '../organisation/organisation.tables.ts';
import { type ChallengeRow, ownerColumns } from './challenge.repository.ts';
import { challengeCounts, challengeOwnerKey, challenges } from './challenge.tables.ts';

/**
 * `challenge_counts` is kept by triggers (migration 0028): after every kind of write to `challenges`, alone
 * or concurrent, it equals a recount of the challenges per owner and active flag, and the challenge list's
 * total and tab counts without a search (read from it) equal the capped counts of a search that matches
 * every challenge of the owner.
 */
let t: TestApp;
let admin: string;
let employer: string;
const ids = { jansen: 0, utrecht: 0, sportbond: 0 };
/** A challenge's template and its copy, from a seeded challenge. */
let model: Pick<ChallengeRow, 'challengeTemplateId' | 'templateSnapshot'>;
/** A published, active demo template (seed/challenge-templates.ts). */
let steps = 0;

beforeAll(async () => {
  t = await createTestApp();
  ids.jansen = (await t.db.select().from(employers).where(eq(employers.name, 'Bakkerij Jansen B.V.')))[0]!.id;
  ids.utrecht = (
    await t.db.select().from(locations).where(eq(locations.name, 'Vitaal Utrecht Centrum'))
  )[0]!.id;
  ids.sportbond = (
    await t.db.select().from(associations).where(eq(associations.name, 'Sportbond Midden-Nederland'))
  )[0]!.id;
  const [seeded] = await t.db.select().from(challenges).limit(1);
  model = { challengeTemplateId: seeded!.challengeTemplateId, templateSnapshot: seeded!.templateSnapshot };
  steps = (
    await t.db.select().from(challengeTemplates).where(eq(challengeTemplates.name, 'Tienduizend stappen'))
  )[0]!.id;
  admin = await t.login('admin@example.com');
  employer = await t.login('werkgever@example.com');
}, 60_000);
afterAll(() => t?.close());

type Owner = { kind: 'location' | 'employer' | 'association'; id: number };
const location = (): Owner => ({ kind: 'location', id: ids.utrecht });
const jansen = (): Owner => ({ kind: 'employer', id: ids.jansen });
const sportbond = (): Owner => ({ kind: 'association', id: ids.sportbond });

/** The kept counts that are not zero (a deleted owner's rows stay, at zero), by owner key and flag. */
async function stored() {
  const rows = await t.db.select().from(challengeCounts);
  return Object.fromEntries(
    rows
      .filter((row) => row.count !== 0)
      .map((row) => [`${row.ownerKey}:${row.isActive}`, row.count])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

async function recounted() {
  const key = challengeOwnerKey(challenges);
  const rows = await t.db
    .select({ ownerKey: sql<string>`${key}`, isActive: challenges.isActive, n: sql<number>`count(*)::int` })
    .from(challenges)
    .groupBy(key, challenges.isActive);
  return Object.fromEntries(
    rows
      .map((row) => [`${Number(row.ownerKey)}:${row.isActive}`, row.n])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

const expectCountsRight = async () => expect(await stored()).toEqual(await recounted());

let serial = 0;
const row = (owner: Owner, isActive: boolean, name = 'Teller') => ({
  ...model,
  ...ownerColumns(owner),
  name: `${name} ${++serial}`,
  entreoPointsReward: 5,
  isActive,
});

/** Challenges of several owners (and flags) in one statement; their ids in the order given. */
async function insert(rows: ReturnType<typeof row>[]) {
  return (await t.db.insert(challenges).values(rows).returning({ id: challenges.id })).map((r) => r.id);
}

/** Many challenges of one owner in one statement (the first `active` active, then `inactive` not). */
async function insertMany(owner: Owner, active: number, inactive: number, name = 'Teller') {
  const { locationId, employerId, associationId } = ownerColumns(owner);
  await t.db.execute(sql`
    insert into challenges (challenge_template_id, template_snapshot, name, location_id, employer_id,
      association_id, entreo_points_reward, is_active)
    select ${model.challengeTemplateId}::int, ${JSON.stringify(model.templateSnapshot)}::jsonb,
      ${name} || ' ' || i, ${locationId}::int, ${employerId}::int, ${associationId}::int, 5,
      i <= ${active}::int
    from generate_series(1, ${active + inactive}::int) as i`);
}

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('challenge counts per owner and active flag', () => {
  it('start as a recount of the seeded challenges', async () => {
    expect(Object.keys(await recounted()).length).toBeGreaterThan(0);
    await expectCountsRight();
  });

  it('follow inserts (one, many, of several owners at once), toggles, owner moves and deletes', async () => {
    // One through the API, then several owners and both flags in one statement, then many of one owner.
    const form = multipart(
      [
        { name: 'challengeTemplateId', value: String(steps) },
        { name: 'entreoPointsReward', value: '20' },
      ],
      { cookie: employer },
    );
    const created = await t.app.inject({ method: 'POST', url: '/api/challenge', ...form });
    expect(created.statusCode, created.body).toBe(200);
    await expectCountsRight();
    const mixed = await insert([
      row(sportbond(), true),
      row(location(), false),
      row(jansen(), true),
      row(location(), true),
      row(jansen(), false),
      row(sportbond(), false),
    ]);
    await insertMany(location(), 40, 15);
    await expectCountsRight();
    // The API's switch, off and on (the second challenge of the employer, made in this test).
    const ofJansen = mixed[2]!;
    for (const isActive of [false, true, false]) {
      const response = await call('PUT', `/api/challenge/${isActive}`, employer, { id: ofJansen });
      expect(response.statusCode, response.body).toBe(200);
      await expectCountsRight();
    }
    // Several flags in one statement; a write of other columns, and of a row's own values, changes nothing.
    await t.db
      .update(challenges)
      .set({ isActive: sql`not ${challenges.isActive}` })
      .where(inArray(challenges.id, mixed));
    await t.db.update(challenges).set({ name: 'Hernoemd' }).where(inArray(challenges.id, mixed));
    const [{ id: _id, ...values }] = (await t.db
      .select()
      .from(challenges)
      .where(eq(challenges.id, mixed[0]!))) as [ChallengeRow];
    await t.db.update(challenges).set(values).where(eq(challenges.id, mixed[0]!));
    await expectCountsRight();
    // To another owner (of another kind too), also together with the flag.
    await t.db.update(challenges).set(ownerColumns(jansen())).where(eq(challenges.id, mixed[1]!));
    await t.db
      .update(challenges)
      .set({ ...ownerColumns(sportbond()), isActive: false })
      .where(eq(challenges.id, mixed[3]!));
    await expectCountsRight();
    // The API's delete, and one statement deleting challenges of several owners and flags.
    const removed = await call('DELETE', `/api/challenge/${ofJansen}`, employer);
    expect(removed.statusCode, removed.body).toBe(200);
    await expectCountsRight();
    await t.db.delete(challenges).where(inArray(challenges.id, mixed));
    await t.db
      .delete(challenges)
      .where(and(eq(challenges.locationId, ids.utrecht), sql`${challenges.name} like 'Teller %'`));
    await expectCountsRight();
  });

  it('follow an owner’s deletion, its challenges deleted with it', async () => {
    const [newEmployer] = await t.db.insert(employers).values({ name: 'Teller B.V.' }).returning();
    const [newAssociation] = await t.db.insert(associations).values({ name: 'Tellerbond' }).returning();
    const anEmployer: Owner = { kind: 'employer', id: newEmployer!.id };
    const anAssociation: Owner = { kind: 'association', id: newAssociation!.id };
    await insertMany(anEmployer, 3, 2);
    await insertMany(anAssociation, 4, 1);
    await insert([row(anEmployer, true), row(anAssociation, false), row(location(), true)]);
    await expectCountsRight();
    // The association through the API (it may be deleted with challenges), the employer in the database
    // (the API refuses an employer with challenges).
    const response = await call('DELETE', `/api/association/${newAssociation!.id}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      await t.db.select().from(challenges).where(eq(challenges.associationId, newAssociation!.id)),
    ).toEqual([]);
    await expectCountsRight();
    await t.db.delete(employers).where(eq(employers.id, newEmployer!.id));
    expect(await t.db.select().from(challenges).where(eq(challenges.employerId, newEmployer!.id))).toEqual(
      [],
    );
    await expectCountsRight();
  });

  it('stay right under concurrent writes', async () => {
    const toggled = await insert(
      Array.from({ length: 6 }, (_, i) => row(i % 2 ? jansen() : location(), true)),
    );
    const deleted = await insert(
      Array.from({ length: 6 }, (_, i) => row([location(), jansen(), sportbond()][i % 3]!, i % 2 === 0)),
    );
    await Promise.all([
      // Inserts of the same owners and flags in opposite orders, each in its own transaction.
      ...Array.from({ length: 6 }, (_, i) =>
        t.db.transaction(async (tx) => {
          const owners = [location(), jansen(), sportbond()];
          if (i % 2) owners.reverse();
          await tx
            .insert(challenges)
            .values(owners.flatMap((owner) => [row(owner, true), row(owner, false)]));
        }),
      ),
      ...Array.from({ length: 3 }, () => insertMany(jansen(), 5, 5)),
      ...toggled.map((id) => call('PUT', '/api/challenge/false', employer, { id }).then(() => undefined)),
      ...toggled.map((id) => t.db.update(challenges).set({ isActive: false }).where(eq(challenges.id, id))),
      t.db.delete(challenges).where(inArray(challenges.id, deleted.slice(0, 3))),
      t.db.delete(challenges).where(inArray(challenges.id, deleted.slice(3).reverse())),
    ]);
    await expectCountsRight();
  });

  it('answer the challenge list’s total and tab counts as the capped counts of the same rows would', async () => {
    const countsOf = async (query: string) => {
      const response = await call('GET', `/api/challenge?pageSize=1${query}`, employer);
      expect(response.statusCode, response.body).toBe(200);
      const { items: _items, ...counts } = response.json().data;
      return counts;
    };
    // Every challenge of the employer is named "Teller …": the search matches them all.
    await t.db.delete(challenges).where(eq(challenges.employerId, ids.jansen));
    await insertMany(jansen(), 4, 3);
    await insertMany(location(), 2, 2);
    const expectSameAsSearch = async () => {
      for (const tab of ['', '&isActive=true', '&isActive=false']) {
        expect(await countsOf(tab)).toEqual(await countsOf(`${tab}&search=Teller`));
      }
    };
    expect(await countsOf('')).toEqual({ total: 7, tabCounts: { all: 7, active: 4, inactive: 3 } });
    await expectSameAsSearch();
    // Beyond the cap: the total and the active tab capped, as a capped count answers them.
    await insertMany(jansen(), 10_000, 0);
    expect(await countsOf('&isActive=false')).toEqual({
      total: 3,
      tabCounts: { all: 10_000, active: 10_000, inactive: 3 },
      tabCountsCapped: ['all', 'active'],
    });
    await expectSameAsSearch();
    await expectCountsRight();
  });
});
