import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/*
 * The set-up of the list-plans tests: the app over PostgreSQL filled to a few thousand rows (users,
 * employees of the demo employer and gym, challenges), the SQL it sends recorded, and `planOf`, which calls a
 * list and explains its list statements with sequential scans disabled.
 */

export const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

const walk = (node: PlanNode, visit: (node: PlanNode) => void) => {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
};

const bigTables = [
  'users',
  'employer_employees',
  'gym_employees',
  'challenges',
  'gyms',
  'employers',
  'challenge_templates',
  'picture_bank_items',
  'invitations',
  // Not associations: a hundred at full scale, whose sort by location count reads them all.
  'locations',
  'location_areas',
];

export let t: TestApp;
export let pool: pg.Pool;
/** The statements of the last `planOf` call (and any since). */
export let recorded: { text: string; values: unknown[] }[] = [];
let inFlight = 0;
let mostInFlight = 0;
/** The cookies of the demo admin and employer. */
export let admin: string;
export let employer: string;

/** The demo employer's id (werkgever@example.com's). */
export const demoEmployerId = async () =>
  (
    await pool.query<{ id: number }>(
      `select employer_id as id from employer_users join users on users.id = user_id
       where users.email = 'werkgever@example.com'`,
    )
  ).rows[0]!.id;

/** Opens the app and fills it before the tests of the (PostgreSQL-only) describe it is called in. */
export function useScaledLists() {
  beforeAll(async () => {
    t = await createTestApp();
    pool = (t.db as unknown as { $client: pg.Pool }).$client;
    // Record what the app sends (drizzle calls `query({ text, ... }, values)`).
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (typeof first === 'string') recorded.push({ text: first, values: second ?? [] });
      else recorded.push({ text: first.text, values: first.values ?? second ?? [] });
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      return query(...args).finally(() => {
        inFlight -= 1;
      });
    };
    const employerId = await demoEmployerId();
    await pool.query(`
      insert into users (email, role, first_name, insertion, last_name, created_at)
      select 'user' || i || '@scale.example.com',
             (array['Admin','Employee','ContentCreator','Employer','Supplier'])[1 + i % 5],
             'Voornaam' || i, case when i % 7 = 0 then 'van' end, 'Achternaam' || (i % 997),
             now() - i * interval '1 minute'
      from generate_series(1, 5000) as i`);
    await pool.query(
      `insert into employer_employees (employer_id, user_id)
       select $1, id from users where email like '%@scale.example.com' and id % 2 = 0`,
      [employerId],
    );
    await pool.query(
      `insert into challenges (challenge_template_id, template_snapshot, name, employer_id,
         entreo_points_reward, is_active, start_date)
       select c.challenge_template_id, c.template_snapshot, c.name || ' ' || i, $1, i % 500 + 1, i % 3 > 0,
              now() + i * interval '1 hour'
       from generate_series(1, 3000) as i, (select * from challenges limit 1) as c`,
      [employerId],
    );
    await pool.query(
      `insert into gym_employees (gym_id, user_id)
       select ge.gym_id, u.id from users u,
         (select gym_id from gym_employees join users on users.id = user_id
          where users.email = 'gym@example.com' limit 1) as ge
       where u.email like '%@scale.example.com' and u.id % 2 = 1`,
    );
    // VACUUM also moves the trigram indexes' pending entries (GIN fast update) into the index proper.
    await pool.query(
      'vacuum analyze users, employer_employees, gym_employees, challenges, challenge_templates, picture_bank_items, locations, location_areas',
    );
    admin = await t.login('admin@example.com');
    employer = await t.login('werkgever@example.com');
  }, 60_000);
  afterAll(() => t?.close());
}

/** Calls the list and explains its list statements; answers the index names its plans use. */
export async function planOf(url: string, cookie: string, statementCount = 2) {
  recorded = [];
  mostInFlight = 0;
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  // The page and its counts run one after the other: a list request holds one connection at a time.
  expect(mostInFlight, url).toBe(1);
  // The page (its LIMIT at the end, or in the subquery that picks the page's ids) and the counts.
  const statements = recorded.filter(
    (statement) =>
      / limit \$\d+( offset \$\d+)?($|\))/.test(statement.text) || /count\(\*\)::int/.test(statement.text),
  );
  expect(statements.length, `${url}\n${recorded.map((s) => s.text).join('\n')}`).toBe(statementCount);
  const client = await pool.connect();
  const indexes = new Set<string>();
  try {
    await client.query('set enable_seqscan = off');
    for (const statement of statements) {
      const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${statement.text}`,
        statement.values,
      );
      walk(result.rows[0]!['QUERY PLAN'][0].Plan, (node) => {
        if (node['Node Type'] === 'Seq Scan') {
          expect(bigTables, `${url}: sequential scan in\n${statement.text}`).not.toContain(
            node['Relation Name'],
          );
        }
        if (node['Index Name']) indexes.add(node['Index Name']);
        // `only:` marks an index read without the table (an index-only scan).
        if (node['Node Type'] === 'Index Only Scan') indexes.add(`only:${node['Index Name']}`);
      });
    }
  } finally {
    await client.query('reset enable_seqscan');
    client.release();
  }
  return indexes;
}
