import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  admin,
  demoEmployerId,
  employer,
  isPostgres,
  planOf,
  pool,
  recorded,
  t,
  useScaledLists,
} from './list-plans-test-setup.ts';

/**
 * Every list query is index-backed: on PostgreSQL with a few thousand rows, each list endpoint is called
 * (page 1, a deep page, a search, each sort both ways, each tab) while the SQL it sends is recorded; each
 * list statement (the page with its LIMIT and OFFSET, the capped counts) is then explained with sequential
 * scans disabled (list-plans-test-setup.ts). A plan that still scans a big table sequentially, or that does
 * not use the expected index, means the query no longer matches its index.
 */
describe.skipIf(!isPostgres)('list query plans on PostgreSQL', () => {
  useScaledLists();

  const userSorts = {
    name: 'users_list_name_idx',
    email: 'users_list_email_idx',
    role: 'users_list_role_idx',
    createdAt: 'users_list_created_idx',
  };

  it('GET /api/user: each sort, both ways, on its index; each role tab on its role index', async () => {
    // Without a search the tab counts are the kept counts per role (migration 0024): no count statement.
    for (const [sort, index] of Object.entries(userSorts)) {
      for (const direction of ['asc', 'desc']) {
        expect(await planOf(`/api/user?sort=${sort}&direction=${direction}`, admin, 1)).toContain(index);
      }
    }
    expect(await planOf('/api/user', admin, 1)).toContain('users_list_name_idx');
    expect(await planOf('/api/user?page=300&pageSize=25', admin, 1)).toContain('users_list_name_idx');
    // A deep page picks its ids from the index alone (the skipped entries are not read from the table).
    for (const sort of ['name', 'email', 'createdAt']) {
      expect(await planOf(`/api/user?sort=${sort}&page=150`, admin, 1)).toContain(
        `only:${userSorts[sort as keyof typeof userSorts]}`,
      );
    }
    expect(await planOf('/api/user?role=Employee&page=30', admin, 1)).toContain(
      'only:users_list_role_name_idx',
    );
    const roleSorts = {
      name: 'users_list_role_name_idx',
      email: 'users_list_role_email_idx',
      createdAt: 'users_list_role_created_idx',
    };
    for (const role of ['Admin', 'Employee', 'Supplier']) {
      for (const [sort, index] of Object.entries(roleSorts)) {
        expect(await planOf(`/api/user?role=${role}&sort=${sort}`, admin, 1)).toContain(index);
      }
    }
  });

  it('GET /api/user: a search uses the trigram index of the search text', async () => {
    // One statement answers the page and every tab's count (`searchOnce`); a role tab and a later page too.
    for (const search of ['achternaam12', 'voornaam3999', 'user1234@scale', 'van ach']) {
      expect(await planOf(`/api/user?search=${encodeURIComponent(search)}`, admin, 1)).toContain(
        'users_search_trgm_idx',
      );
    }
    expect(await planOf('/api/user?search=achternaam1&role=Employee&page=2', admin, 1)).toContain(
      'users_search_trgm_idx',
    );
  });

  it('GET /api/EmployerEmployee: name index, the other sorts and the search without a sequential scan', async () => {
    // Without a search the page walks the employer's links by the user's sort keys copied onto them
    // (migration 0024), and the total is the employer's kept counter (migration 0022): no count statement.
    expect(await planOf('/api/EmployerEmployee', employer, 1)).toContain('employer_employees_name_idx');
    for (const direction of ['asc', 'desc']) {
      for (const sort of ['name', 'email']) {
        const indexes = await planOf(
          `/api/EmployerEmployee?sort=${sort}&direction=${direction}`,
          employer,
          1,
        );
        expect([...indexes]).toContain(`employer_employees_${sort}_idx`);
        expect([...indexes]).not.toContain('users_sort_name_idx');
        expect([...indexes]).not.toContain('users_list_email_idx');
      }
      // Employee since: a walk of the employer's links in that order (migration 0024).
      expect(
        await planOf(`/api/EmployerEmployee?sort=employeeSince&direction=${direction}`, employer, 1),
      ).toContain('employer_employees_since_idx');
    }
    // A search reads the employer's links alone: one statement for the page and the count, whatever the
    // sort. Here every link is the employer's, so its primary key serves as well as the search text's GIN
    // index with the employer (migration 0026), which the benchmark's 2,000 employers take.
    for (const query of ['', '&sort=email&direction=desc', '&sort=employeeSince']) {
      const used = await planOf(`/api/EmployerEmployee?search=achternaam12${query}`, employer, 1);
      expect(
        ['employer_employees_search_idx', 'employer_employees_employer_id_user_id_pk'].some((index) =>
          used.has(index),
        ),
        `${query}: ${[...used].join(', ')}`,
      ).toBe(true);
      expect([...used]).not.toContain('users_search_trgm_idx');
    }
    // A deep page walks the employer's links alone (index-only), then reads its 25 rows.
    expect(await planOf('/api/EmployerEmployee?page=90', employer, 1)).toContain(
      'only:employer_employees_name_idx',
    );
  });

  /** The staff set of a gym or location is read by its membership key, then each user by primary key. */
  const staffIndexes = ['users_pkey'];
  const notWalked = ['users_sort_name_idx', 'users_list_email_idx', 'users_search_trgm_idx'];
  const expectStaffPlan = (indexes: Set<string>, membership: string) => {
    for (const index of [...staffIndexes, membership]) expect([...indexes]).toContain(index);
    for (const index of notWalked) expect([...indexes]).not.toContain(index);
  };

  it('GET /api/GymEmployee: the gym employees by their key, then the users by id; the kept count', async () => {
    const gym = await t.login('gym@example.com');
    const membership = 'gym_employees_gym_id_user_id_pk';
    // Without a search the total is the gym's kept counter (migration 0022): no count statement, and the
    // page walks the gym's links by the sort keys copied onto them (migration 0024).
    for (const direction of ['asc', 'desc']) {
      for (const sort of ['name', 'email']) {
        const indexes = await planOf(`/api/GymEmployee?sort=${sort}&direction=${direction}`, gym, 1);
        expect([...indexes]).toContain(`gym_employees_${sort}_idx`);
        for (const index of notWalked) expect([...indexes]).not.toContain(index);
      }
      // By location count: a walk of the count kept on the gym's live links (migration 0029).
      const byCount = await planOf(`/api/GymEmployee?sort=locationCount&direction=${direction}`, gym, 1);
      expect([...byCount]).toContain('gym_employees_location_count_idx');
      for (const index of notWalked) expect([...byCount]).not.toContain(index);
    }
    expect(await planOf('/api/GymEmployee?page=90', gym, 1)).toContain('gym_employees_name_idx');
    // A search reads the gym's links alone (migration 0026): one statement for the page and its count,
    // then the page's rows.
    // Here the gym holds every link, so its primary key serves as well as the search text's GIN index with
    // the gym, which the benchmark's 500 gyms take.
    for (const search of ['voornaam4999', 'achternaam', 'user12@scale']) {
      for (const sort of ['name', 'email', 'locationCount']) {
        const indexes = await planOf(`/api/GymEmployee?search=${search}&sort=${sort}`, gym, 1);
        expect(
          ['gym_employees_search_idx', membership].some((index) => indexes.has(index)),
          `${search}: ${[...indexes].join(', ')}`,
        ).toBe(true);
        for (const index of notWalked) expect([...indexes]).not.toContain(index);
      }
    }
  });

  it('the known users, employees and rights of a location: its staff by their keys, then the users by id', async () => {
    const gym = await t.login('gym@example.com');
    const locationUser = await t.login('locatie@example.com');
    const location = (
      await pool.query<{ id: number }>("select id from locations where name = 'Vitaal Utrecht Centrum'")
    ).rows[0]!.id;
    await pool.query(
      `insert into location_employees (location_id, user_id)
       select $1, id from users where email like '%@scale.example.com' and id % 4 = 1
       on conflict do nothing`,
      [location],
    );
    await pool.query('vacuum analyze location_employees');
    const queries = [
      '',
      '?sort=email&direction=desc',
      '?sort=name&direction=desc',
      '?search=achternaam12',
      '?page=30',
    ];
    for (const query of queries) {
      const known = `/api/Location/KnownUsers?locationId=${location}${query.replace('?', '&')}`;
      // A search: one statement for the page and its count (`searchOnce`).
      const statements = query.includes('search') ? 1 : 2;
      const knownPlan = await planOf(known, locationUser, statements);
      expectStaffPlan(knownPlan, 'gym_employees_gym_id_user_id_pk');
      // Without a search the page walks the gym's links by their copied sort keys (migration 0024).
      if (!query.includes('search')) {
        expect([...knownPlan]).toContain(`gym_employees_${query.includes('email') ? 'email' : 'name'}_idx`);
      }
      for (const [list, cookie] of [
        ['Employees', gym],
        ['Rights', locationUser],
      ] as const) {
        expectStaffPlan(
          await planOf(
            `/api/Location/${location}/${list}${query}`,
            cookie,
            list === 'Employees' ? statements : 2,
          ),
          'location_employees_location_id_user_id_pk',
        );
      }
    }
  });

  it('the switch options, the locations of a gym, its rights groups and the invitations lists', async () => {
    // Every kind an admin can switch to, searched and deep: names on their (lower) name indexes.
    for (const kind of ['gym', 'location', 'employer', 'association', 'contentEnvironment', 'supplier']) {
      for (const query of ['', '?search=a', '?page=3']) {
        const indexes = await planOf(`/api/Account/SwitchOptions/${kind}${query}`, admin);
        expect(indexes.size, `${kind}${query}`).toBeGreaterThan(0);
      }
    }
    const gym = await t.login('gym@example.com');
    for (const query of ['', '?sort=name&direction=desc', '?sort=city', '?sort=postalCode', '?search=utr']) {
      expect((await planOf(`/api/Location${query}`, gym)).size, query).toBeGreaterThan(0);
    }
    for (const query of ['', '?sort=memberCount&direction=desc', '?search=beheer']) {
      expect((await planOf(`/api/GymRightsGroup${query}`, gym)).size, query).toBeGreaterThan(0);
    }
    for (const query of ['', '?sort=email', '?sort=expiresAt&direction=desc', '?search=example']) {
      expect((await planOf(`/api/GymEmployeeInvitation${query}`, gym)).size, query).toBeGreaterThan(0);
    }
    const employerId = await demoEmployerId();
    for (const query of ['', '?sort=createdAt&direction=desc', '?search=example']) {
      const url = `/api/Employer/${employerId}/EmployeeInvitations${query}`;
      expect((await planOf(url, employer)).size, query).toBeGreaterThan(0);
    }
  });

  it('the admin lists of gyms, employers, templates and pictures sort on their indexes', async () => {
    const cases: [string, string][] = [
      ['/api/Gym?sort=name', 'gyms_list_name_idx'],
      ['/api/Gym?sort=slug&direction=desc', 'gyms_slug_unique'],
      ['/api/Gym?sort=createdAt', 'gyms_list_created_idx'],
      ['/api/Employer?sort=name', 'employers_name_unique'],
      ['/api/Employer?sort=createdAt&direction=desc', 'employers_list_created_idx'],
      // The employee count is a kept counter (migration 0022), sorted on its index both ways.
      ['/api/Employer?sort=employeeCount', 'employers_list_employees_idx'],
      ['/api/Employer?sort=employeeCount&direction=desc', 'employers_list_employees_idx'],
      ['/api/challengeTemplate?sort=name', 'challenge_templates_list_name_idx'],
      ['/api/challengeTemplate?sort=theme&direction=desc', 'challenge_templates_list_theme_idx'],
      ['/api/challengeTemplate?sort=status', 'challenge_templates_list_status_idx'],
      ['/api/challengeTemplate?sort=createdAt&direction=desc', 'challenge_templates_list_created_idx'],
      // A deep page picks its ids from the name's index alone (it holds the filtered columns, 0025).
      ['/api/challengeTemplate?page=150&pageSize=1', 'only:challenge_templates_list_name_idx'],
      [
        '/api/challengeTemplate?isActive=true&status=2&page=150&pageSize=1',
        'only:challenge_templates_list_name_idx',
      ],
    ];
    for (const [url, index] of cases) expect(await planOf(url, admin)).toContain(index);
    // The picture bank: its total is the sum of its exact category counts (no count statement of its own);
    // each sort on its index, the file's size on the picture's copy of it, deep pages index-only.
    const pictures: [string, string][] = [
      ['/api/PictureBankItem/all', 'picture_bank_items_list_name_idx'],
      ['/api/PictureBankItem/all?sort=createdAt', 'picture_bank_items_list_created_idx'],
      ['/api/PictureBankItem/all?sort=byteSize&direction=desc', 'picture_bank_items_list_size_idx'],
      ['/api/PictureBankItem/all?page=150&pageSize=1', 'only:picture_bank_items_list_name_idx'],
      [
        '/api/PictureBankItem/all?sort=byteSize&isActive=true&page=150&pageSize=1',
        'only:picture_bank_items_list_size_idx',
      ],
    ];
    for (const [url, index] of pictures) expect(await planOf(url, admin, 1)).toContain(index);
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
        expect(await planOf(`/api/challenge?sort=${sort}&direction=${direction}`, employer, 1)).toContain(
          index,
        );
      }
    }
    // Without a search the page alone: the total and tab counts are the owner's kept counts (migration
    // 0028), read by the primary key.
    expect(await planOf('/api/challenge', employer, 1)).toContain('challenges_list_created_idx');
    expect(recorded.filter((statement) => /from "challenge_counts"/.test(statement.text))).toHaveLength(1);
    for (const isActive of ['true', 'false']) {
      expect(await planOf(`/api/challenge?isActive=${isActive}`, employer, 1)).toContain(
        'challenges_list_active_idx',
      );
    }
    expect(await planOf('/api/challenge?search=2999', employer)).toContain('challenges_name_trgm_idx');
    // A search's tab counts read the plain owner column's index alone (it holds the name).
    expect(await planOf('/api/challenge?search=1', employer)).toContain('only:challenges_employer_idx');
    // A deep page picks its ids from the sort's index alone (it holds the owner columns, tab and name).
    for (const [sort, index] of Object.entries(sorts)) {
      expect(await planOf(`/api/challenge?sort=${sort}&page=100`, employer, 1)).toContain(`only:${index}`);
    }
    expect(await planOf('/api/challenge?page=100', employer, 1)).toContain(
      'only:challenges_list_created_idx',
    );
    expect(await planOf('/api/challenge?isActive=false&page=30', employer, 1)).toContain(
      'only:challenges_list_active_idx',
    );
    expect(await planOf('/api/challenge?search=1&sort=name&page=30', employer)).toContain(
      'only:challenges_list_name_idx',
    );
  });

  it('the lists of invitations, associations and their locations, and location areas', async () => {
    const association = (await pool.query<{ id: number }>('select id from associations order by id limit 1'))
      .rows[0]!.id;
    const adminLists = [
      '/api/Admin/Invitation',
      '/api/Admin/Invitation?sort=email&direction=desc',
      '/api/Admin/Invitation?sort=expiresAt',
      '/api/Admin/Invitation?search=example',
      '/api/association',
      '/api/association?sort=locationCount&direction=desc',
      '/api/association?search=ver',
      '/api/association/noAssociationLocations',
      '/api/association/noAssociationLocations?sort=gymName',
      '/api/association/noAssociationLocations?sort=city&direction=desc',
      '/api/association/noAssociationLocations?search=utr',
    ];
    for (const url of adminLists) await planOf(url, admin);
    // The locations of no association: name and city on their indexes, a deep page's ids and the count
    // read the index alone (the gym is joined for the page's rows only).
    // (At this test's few locations the planner may pick either of the two for the count.)
    const noAssociation = await planOf('/api/association/noAssociationLocations', admin);
    expect([...noAssociation].some((index) => index.startsWith('only:locations_association_list_'))).toBe(
      true,
    );
    expect(
      await planOf('/api/association/noAssociationLocations?sort=city&page=150&pageSize=1', admin),
    ).toContain('only:locations_association_list_city_idx');
    // One more: the association itself (with its location count) before its locations.
    await planOf(`/api/association/locations/${association}`, admin, 3);
    await planOf(`/api/association/locations/${association}?sort=city`, admin, 3);
    const location = await t.login('locatie@example.com');
    for (const url of [
      '/api/LocationArea',
      '/api/LocationArea?sort=address&direction=desc',
      '/api/LocationArea?search=zaal',
    ]) {
      await planOf(url, location);
    }
    // Both sorts on an index after the location (the address as an immutable expression), deep pages and
    // the search's count index-only (migration 0025).
    expect(await planOf('/api/LocationArea?sort=address&direction=desc', location)).toContain(
      'location_areas_list_address_idx',
    );
    expect(await planOf('/api/LocationArea?page=150&pageSize=1', location)).toContain(
      'only:location_areas_list_name_idx',
    );
    expect(await planOf('/api/LocationArea?sort=address&page=150&pageSize=1', location)).toContain(
      'only:location_areas_list_address_idx',
    );
    // The search's first page walks the name index (its count may take the trigram index at this size).
    expect(await planOf('/api/LocationArea?search=zaal', location)).toContain('location_areas_list_name_idx');
  });

  it('GET /api/challenge/popular: the kept challenge count, no count over the challenges', async () => {
    for (const query of ['', '?sort=challengeCount&direction=asc', '?sort=name', '?search=a']) {
      expect(await planOf(`/api/challenge/popular${query}`, employer)).not.toContain(
        'challenges_template_idx',
      );
    }
    // A deep page's ids by an index-only walk of the kept count's partial indexes (most used first, or
    // the least; the first pages walk them directly, `SHALLOW_OFFSET`).
    for (const query of ['?page=150&pageSize=1', '?sort=challengeCount&direction=desc&page=150&pageSize=1']) {
      expect(await planOf(`/api/challenge/popular${query}`, employer)).toContain(
        'only:challenge_templates_popular_idx',
      );
    }
    expect(
      await planOf('/api/challenge/popular?sort=challengeCount&direction=asc&page=150&pageSize=1', employer),
    ).toContain('only:challenge_templates_popular_asc_idx');
  });
});

describe('the bounded offset of every list', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('answers 400 for a page beyond the bounded offset instead of walking 10,000+ rows', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/user?page=402&pageSize=25',
      headers: { cookie: await app.login('admin@example.com') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ key: 'page', message: 'validation.pageTooDeep' }]);
  });
});
