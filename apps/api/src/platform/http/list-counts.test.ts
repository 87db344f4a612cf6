import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';

/**
 * `counts=false` on a list (decision 009): the page alone, no count statement, and an answer without
 * `total` and tab counts; the items are the same as with the counts. The SQL the app sends is recorded
 * at the database client (node-postgres or PGlite: both are called through `query`).
 */
let t: TestApp;
let admin: string;
let recorded: string[] = [];

/**
 * The capped counts' statement (`cappedCounts`), with or without tabs, or the read of the user list's kept
 * counts per role or the challenge list's per owner (their tab counts without a search, migrations 0024
 * and 0028).
 */
const isCount = (text: string) =>
  /^select \(select count\(\*\)::int from \(/.test(text) || /from "(user_role|challenge)_counts"/.test(text);

beforeAll(async () => {
  t = await createTestApp();
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
    .$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string };
    recorded.push(typeof first === 'string' ? first : first.text);
    return query(...args);
  };
  admin = await t.login('admin@example.com');
}, 60_000);
afterAll(() => t?.close());

async function list(url: string) {
  recorded = [];
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  // The answer's envelope: `{ ok: true, data }`.
  return { response, body: response.json().data, counts: recorded.filter(isCount).length };
}

describe('list counts=false', () => {
  it('GET /api/user (tabs): page 2 without counts runs no count statement, same items', async () => {
    const withCounts = await list('/api/user?page=2&pageSize=2&sort=email');
    expect(withCounts.response.statusCode, withCounts.response.body).toBe(200);
    expect(withCounts.counts).toBe(1);
    expect(withCounts.body.total).toBeGreaterThan(2);
    expect(withCounts.body.tabCounts.all).toBe(withCounts.body.total);
    expect(withCounts.body.items).toHaveLength(2);

    const without = await list('/api/user?page=2&pageSize=2&sort=email&counts=false');
    expect(without.response.statusCode, without.response.body).toBe(200);
    expect(without.counts).toBe(0);
    expect(recorded.length).toBeGreaterThan(0);
    expect(without.body).toEqual({ items: withCounts.body.items });
  });

  it('GET /api/user?role=… (a tab) with counts=false: the tab page, no counts', async () => {
    const withCounts = await list('/api/user?role=Employee&pageSize=1');
    const without = await list('/api/user?role=Employee&pageSize=1&counts=false');
    expect(withCounts.counts).toBe(1);
    expect(without.counts).toBe(0);
    expect(without.body).toEqual({ items: withCounts.body.items });
  });

  it('GET /api/Gym (one total, pagedList): page 2 without counts runs no count statement, same items', async () => {
    const withCounts = await list('/api/Gym?page=2&pageSize=1');
    expect(withCounts.response.statusCode, withCounts.response.body).toBe(200);
    expect(withCounts.counts).toBe(1);
    expect(withCounts.body.total).toBeGreaterThanOrEqual(2);
    expect(withCounts.body.items).toHaveLength(1);

    const without = await list('/api/Gym?page=2&pageSize=1&counts=false');
    expect(without.response.statusCode, without.response.body).toBe(200);
    expect(without.counts).toBe(0);
    expect(without.body).toEqual({ items: withCounts.body.items });
    expect('total' in without.body).toBe(false);
  });

  it('counts=true is the default: the same answer as without the flag', async () => {
    const explicit = await list('/api/Gym?counts=true');
    const implicit = await list('/api/Gym');
    expect(explicit.counts).toBe(1);
    expect(explicit.body).toEqual(implicit.body);
  });

  it.each(['maybe', '0', '', 'FALSE'])('counts=%s is a 400, not a 500', async (value) => {
    const { response } = await list(`/api/Gym?counts=${value}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain('counts');
  });
});

/**
 * Every list the web pages with `counts=false` (decision 009: `useListCounts`) answers its page alone:
 * no count statement, no `total` nor tab counts, the same items as the counted answer of the same page.
 */
describe('counts=false on each list the web pages that way', () => {
  const sessions: Record<string, string> = {};
  const ids: Record<string, number> = {};

  async function get(url: string, cookie: string) {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().data;
  }
  /** Signs in; the session's cookie header and its claims. */
  async function signIn(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      cookie: cookieHeader(response.cookies),
      claims: response.json().data.claims as Record<string, number | null>,
    };
  }

  beforeAll(async () => {
    sessions.admin = admin;
    const employer = await signIn('werkgever@example.com');
    const location = await signIn('locatie@example.com');
    sessions.employer = employer.cookie;
    sessions.location = location.cookie;
    sessions.gym = await t.login('gym@example.com');
    ids.employer = employer.claims.activeEmployerId!;
    ids.location = location.claims.activeLocationId!;
    ids.group = (await get('/api/GymRightsGroup?pageSize=1', sessions.gym)).items[0].id;
    ids.association = (
      await get('/api/association?sort=locationCount&direction=desc&pageSize=1', admin)
    ).items[0].id;
    const inAssociation = await t.login('admin@example.com');
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/Account/SwitchActiveAssociation',
      headers: { cookie: inAssociation },
      payload: { associationId: ids.association },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    sessions.association = cookieHeader(switched.cookies, inAssociation);
  }, 60_000);

  const lists: [string, string, () => string][] = [
    ['challenges (tabs)', 'employer', () => '/api/challenge?pageSize=1'],
    ['popular templates', 'employer', () => '/api/challenge/popular?pageSize=1'],
    ['challenge templates', 'admin', () => '/api/challengeTemplate?pageSize=1'],
    ['picture bank', 'admin', () => '/api/PictureBankItem/all?pageSize=1'],
    ['employer employees', 'employer', () => '/api/EmployerEmployee?pageSize=1'],
    [
      'employer invitations',
      'employer',
      () => `/api/Employer/${ids.employer}/EmployeeInvitations?pageSize=1`,
    ],
    ['association locations', 'admin', () => `/api/association/locations/${ids.association}?pageSize=1`],
    ['active association locations', 'association', () => '/api/association/active/locations?pageSize=1'],
    ['rights group members', 'gym', () => `/api/GymRightsGroup/${ids.group}/Employees?pageSize=1`],
    ['location rights', 'location', () => `/api/Location/${ids.location}/Rights?pageSize=1`],
  ];

  it.each(lists)('%s', async (_name, session, urlOf) => {
    const cookie = sessions[session]!;
    recorded = [];
    const counted = await get(urlOf(), cookie);
    const countedStatements = recorded.length;
    expect(counted.total).toEqual(expect.any(Number));

    recorded = [];
    const { tabCounts, ...alone } = await get(`${urlOf()}&counts=false`, cookie);
    // No count: neither the capped counts' statement nor a counter's read (employer employees). The
    // picture bank keeps its exact category counts (decision 009), its total their sum: the same statements.
    const isPictureBank = urlOf().includes('PictureBank');
    expect(recorded.filter(isCount), urlOf()).toEqual([]);
    if (!isPictureBank) expect(recorded.length, urlOf()).toBeLessThan(countedStatements);
    expect(alone).toEqual({ items: counted.items });
    expect(tabCounts).toEqual(isPictureBank ? counted.tabCounts : undefined);
  });
});
