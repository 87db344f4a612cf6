import { COUNT_CAP } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * `searchOnce` (decision 009, "A search reads its matches once"): a searched list's page and every tab's
 * count from one statement. Its answers must be those of the reading it replaces: the page by the sort key
 * and id, each tab's exact count, 0s for a search without matches, and, beyond `COUNT_CAP` matches or on a
 * page past the last, the usual page and capped counts. Checked on the user list (tabs per role) against
 * the same rows read plainly from the database.
 */
let t: TestApp;
let admin: string;

const roles = ['Admin', 'Employee', 'ContentCreator', 'Employer', 'Supplier'] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  // 60 people named Zoekzin (a few with the same last name, to check the id tie-break), spread over the
  // roles; and COUNT_CAP + 50 named Veelvoud, more matches than `searchOnce` reads.
  await t.db.execute(sql`
    insert into users (email, role, first_name, last_name, created_at)
    select 'zoekzin' || i || '@once.example', (array['Admin','Employee','ContentCreator','Employer','Supplier'])[1 + i % 5],
           'Persoon' || i, 'Zoekzin ' || (i % 13), now() - i * interval '1 minute'
    from generate_series(1, 60) as i`);
  await t.db.execute(sql`
    insert into users (email, role, first_name, last_name)
    select 'veelvoud' || i || '@once.example', 'Employee', 'Veel' || i, 'Veelvoud ' || (i % 300)
    from generate_series(1, ${COUNT_CAP + 50}) as i`);
}, 120_000);
afterAll(() => t?.close());

async function list(query: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user?${query}`,
    headers: { cookie: admin },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    items: { id: number }[];
    total: number;
    totalIsCapped?: boolean;
    tabCounts: Record<string, number>;
    tabCountsCapped?: string[];
  };
}

const sortKeys = {
  name: 'lower(last_name)',
  email: 'lower(email)',
  createdAt: 'created_at',
  role: 'role',
} as const;

/** The ids of the page, read plainly: the live users whose search text holds `term`, in the list's order. */
async function expectedPage(
  term: string,
  sort: keyof typeof sortKeys,
  direction: string,
  page: number,
  role?: string,
) {
  const result = (await t.db.execute(
    sql.raw(`select id from users where deleted_at is null
      and lower(first_name || coalesce(' ' || insertion, '') || ' ' || last_name || ' ' || email) like '%${term}%'
      ${role ? `and role = '${role}'` : ''}
      order by ${sortKeys[sort]} ${direction}, id ${direction} limit 25 offset ${(page - 1) * 25}`),
  )) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

async function expectedCount(term: string, role?: string) {
  const result = (await t.db.execute(
    sql.raw(`select count(*)::int as n from users where deleted_at is null
      and lower(first_name || coalesce(' ' || insertion, '') || ' ' || last_name || ' ' || email) like '%${term}%'
      ${role ? `and role = '${role}'` : ''}`),
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

describe('a search read once (searchOnce)', () => {
  it('pages every sort, both ways, within each tab, as the rows read plainly, with exact tab counts', async () => {
    for (const sort of Object.keys(sortKeys) as (keyof typeof sortKeys)[]) {
      for (const direction of ['asc', 'desc']) {
        for (const role of [undefined, 'Employee', 'Admin']) {
          for (const page of [1, 2]) {
            const query = `search=zoekzin&sort=${sort}&direction=${direction}&page=${page}${role ? `&role=${role}` : ''}`;
            const answer = await list(query);
            expect(
              answer.items.map((item) => item.id),
              query,
            ).toEqual(await expectedPage('zoekzin', sort, direction, page, role));
            expect(answer.total, query).toBe(await expectedCount('zoekzin', role));
          }
        }
      }
    }
    const answer = await list('search=zoekzin');
    expect(answer.tabCounts.all).toBe(60);
    for (const role of roles) expect(answer.tabCounts[role], role).toBe(await expectedCount('zoekzin', role));
    expect(answer.totalIsCapped).toBeUndefined();
    expect(answer.tabCountsCapped).toBeUndefined();
  });

  it('answers 0 everywhere for a search without matches, and counts on a page past the last', async () => {
    const none = await list('search=geenenkeletreffer');
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
    for (const role of roles) expect(none.tabCounts[role], role).toBe(0);
    // Page 5 of 60 matches is empty: the counts come the usual way, and are the same.
    const past = await list('search=zoekzin&page=5');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(60);
    // A tab without matches while others have them.
    const emptyTab = await list('search=zoekzin1&role=Supplier');
    expect(emptyTab.total).toBe(await expectedCount('zoekzin1', 'Supplier'));
    expect(emptyTab.tabCounts.all).toBe(await expectedCount('zoekzin1'));
  });

  it('beyond COUNT_CAP matches: the usual page and capped counts', async () => {
    for (const direction of ['asc', 'desc']) {
      const answer = await list(`search=veelvoud&direction=${direction}&page=3`);
      expect(answer.items.map((item) => item.id)).toEqual(
        await expectedPage('veelvoud', 'name', direction, 3),
      );
      expect(answer.total).toBe(COUNT_CAP);
      expect(answer.totalIsCapped).toBe(true);
      expect(answer.tabCountsCapped).toEqual(expect.arrayContaining(['all', 'Employee']));
      expect(answer.tabCounts.Admin).toBe(0);
    }
  });
});
