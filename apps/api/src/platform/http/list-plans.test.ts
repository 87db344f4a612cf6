import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Every list query is index-backed: on PostgreSQL with a few thousand rows, each list endpoint is called
 * (page 1, a deep page, a search, each sort both ways, each tab) while the SQL it sends is recorded; each
 * list statement (the page with its LIMIT and OFFSET, the capped counts) is then explained with sequential scans
 * disabled. A plan that still scans a big table sequentially, or that does not use the expected index,
 * means the query no longer matches its index.
 */
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

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
];

describe.skipIf(!isPostgres)('list query plans on PostgreSQL', () => {
  let t: TestApp;
  let pool: pg.Pool;
  let recorded: { text: string; values: unknown[] }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let admin: string;
  let employer: string;

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
    const employerId = (
      await pool.query<{ id: number }>(
        `select employer_id as id from employer_users join users on users.id = user_id
         where users.email = 'werkgever@example.com'`,
      )
    ).rows[0]!.id;
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
    await pool.query('vacuum analyze users, employer_employees, gym_employees, challenges');
    admin = await t.login('admin@example.com');
    employer = await t.login('werkgever@example.com');
  }, 60_000);
  afterAll(() => t?.close());

  /** Calls the list and explains its list statements; answers the index names its plans use. */
  async function planOf(url: string, cookie: string) {
    recorded = [];
    mostInFlight = 0;
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    // The page and its counts run one after the other: a list request holds one connection at a time.
    expect(mostInFlight, url).toBe(1);
    const statements = recorded.filter(
      (statement) =>
        / limit \$\d+( offset \$\d+)?$/.test(statement.text) || /count\(\*\)::int/.test(statement.text),
    );
    expect(statements.length, `${url}\n${recorded.map((s) => s.text).join('\n')}`).toBe(2);
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
        });
      }
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
    return indexes;
  }

  const userSorts = {
    name: 'users_list_name_idx',
    email: 'users_list_email_idx',
    role: 'users_list_role_idx',
    createdAt: 'users_list_created_idx',
  };

  it('GET /api/user: each sort, both ways, on its index; each role tab on its role index', async () => {
    for (const [sort, index] of Object.entries(userSorts)) {
      for (const direction of ['asc', 'desc']) {
        expect(await planOf(`/api/user?sort=${sort}&direction=${direction}`, admin)).toContain(index);
      }
    }
    expect(await planOf('/api/user', admin)).toContain('users_list_name_idx');
    expect(await planOf('/api/user?page=300&pageSize=25', admin)).toContain('users_list_name_idx');
    const roleSorts = {
      name: 'users_list_role_name_idx',
      email: 'users_list_role_email_idx',
      createdAt: 'users_list_role_created_idx',
    };
    for (const role of ['Admin', 'Employee', 'Supplier']) {
      for (const [sort, index] of Object.entries(roleSorts)) {
        expect(await planOf(`/api/user?role=${role}&sort=${sort}`, admin)).toContain(index);
      }
    }
  });

  it('GET /api/user: a search uses the trigram index of the search text', async () => {
    for (const search of ['achternaam12', 'voornaam3999', 'user1234@scale', 'van ach']) {
      expect(await planOf(`/api/user?search=${encodeURIComponent(search)}`, admin)).toContain(
        'users_search_trgm_idx',
      );
    }
  });

  it('GET /api/EmployerEmployee: name index, the other sorts and the search without a sequential scan', async () => {
    // Half the users are this employer's: the page walks the name index and looks each one up.
    expect(await planOf('/api/EmployerEmployee', employer)).toContain('users_sort_name_idx');
    for (const direction of ['asc', 'desc']) {
      expect(await planOf(`/api/EmployerEmployee?sort=name&direction=${direction}`, employer)).toContain(
        'users_sort_name_idx',
      );
      await planOf(`/api/EmployerEmployee?sort=email&direction=${direction}`, employer);
      await planOf(`/api/EmployerEmployee?sort=employeeSince&direction=${direction}`, employer);
    }
    expect(await planOf('/api/EmployerEmployee?search=achternaam12', employer)).toContain(
      'users_search_trgm_idx',
    );
  });

  it('GET /api/GymEmployee: the users name index and search, the membership by its key', async () => {
    const gym = await t.login('gym@example.com');
    for (const direction of ['asc', 'desc']) {
      expect(await planOf(`/api/GymEmployee?sort=name&direction=${direction}`, gym)).toContain(
        'users_sort_name_idx',
      );
      expect(await planOf(`/api/GymEmployee?sort=email&direction=${direction}`, gym)).toContain(
        'users_list_email_idx',
      );
    }
    expect(await planOf('/api/GymEmployee?search=voornaam4999', gym)).toContain('users_search_trgm_idx');
  });

  it('the admin lists of gyms, employers, templates and pictures sort on their indexes', async () => {
    const cases: [string, string][] = [
      ['/api/Gym?sort=name', 'gyms_list_name_idx'],
      ['/api/Gym?sort=slug&direction=desc', 'gyms_slug_unique'],
      ['/api/Gym?sort=createdAt', 'gyms_list_created_idx'],
      ['/api/Employer?sort=name', 'employers_name_unique'],
      ['/api/Employer?sort=createdAt&direction=desc', 'employers_list_created_idx'],
      ['/api/challengeTemplate?sort=name', 'challenge_templates_list_name_idx'],
      ['/api/PictureBankItem/all?sort=createdAt', 'picture_bank_items_list_created_idx'],
    ];
    for (const [url, index] of cases) expect(await planOf(url, admin)).toContain(index);
  });

  it('GET /api/challenge: each sort after the owner key, tabs and search on indexes', async () => {
    const sorts = {
      name: 'challenges_list_name_idx',
      startDate: 'challenges_list_start_idx',
      entreoPointsReward: 'challenges_list_reward_idx',
      createdAt: 'challenges_list_created_idx',
    };
    for (const [sort, index] of Object.entries(sorts)) {
      for (const direction of ['asc', 'desc']) {
        expect(await planOf(`/api/challenge?sort=${sort}&direction=${direction}`, employer)).toContain(index);
      }
    }
    expect(await planOf('/api/challenge', employer)).toContain('challenges_list_created_idx');
    for (const isActive of ['true', 'false']) {
      expect(await planOf(`/api/challenge?isActive=${isActive}`, employer)).toContain(
        'challenges_list_active_idx',
      );
    }
    expect(await planOf('/api/challenge?search=2999', employer)).toContain('challenges_name_trgm_idx');
  });
});

describe('the bounded offset of every list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 400 for a page beyond the bounded offset instead of walking 10,000+ rows', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user?page=402&pageSize=25',
      headers: { cookie: await t.login('admin@example.com') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ key: 'page', message: 'validation.pageTooDeep' }]);
  });
});
