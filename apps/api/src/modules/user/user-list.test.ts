import { type UserOverviewItem, userEndpoints } from '@xp/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../test/harness.ts';
import {
  ADMIN,
  api,
  createUser,
  expectData,
  expectFailure,
  mailsTo,
  NON_ADMINS,
  profileOf,
  seededUsers,
  signIn,
  userIds,
  useTestApp,
} from './user-test-setup.ts';

useTestApp();

describe('GET /api/user', () => {
  type List = { items: UserOverviewItem[]; total: number; tabCounts: Record<string, number> };
  const emails = (list: List) => list.items.map((item) => item.email);
  const allTabs = { all: 6, Admin: 1, Employee: 2, Employer: 1, Supplier: 1, ContentCreator: 1 };

  it('answers every user by last name, with counts per role', async () => {
    const list = expectData<List>(await api.list(await signIn(ADMIN)));
    expect(emails(list)).toEqual([
      'locatie@example.com', // el Amrani
      'gym@example.com', // Bakker
      'werkgever@example.com', // van den Berg
      'content@example.com', // Smit
      'leverancier@example.com', // Visser
      ADMIN, // de Vries
    ]);
    expect(list.total).toBe(6);
    expect(list.tabCounts).toEqual(allTabs);
    const admin = list.items.find((item) => item.email === ADMIN)!;
    expect(admin).toEqual({
      id: userIds[ADMIN],
      email: ADMIN,
      name: 'Sanne de Vries',
      role: 'Admin',
      isTfaEnabled: false,
      createdAt: seededUsers.find((row) => row.email === ADMIN)!.createdAt.toISOString(),
    });
    expect(list.items.find((item) => item.email === 'gym@example.com')!.name).toBe('Jeroen Bakker');
  });

  it('searches name and email, case-insensitively, with LIKE wildcards taken literally', async () => {
    const cookie = await signIn(ADMIN);
    const search = async (term: string) =>
      expectData<List>(await api.list(cookie, `?search=${encodeURIComponent(term)}`));
    expect(emails(await search('VRIES'))).toEqual([ADMIN]);
    expect(emails(await search('van den berg'))).toEqual(['werkgever@example.com']);
    expect(emails(await search('Fatima el'))).toEqual(['locatie@example.com']);
    expect(emails(await search('leverancier@'))).toEqual(['leverancier@example.com']);
    expect(emails(await search('  smit '))).toEqual(['content@example.com']);
    const all = await search('example.com');
    expect(all.total).toBe(6);
    for (const wildcard of ['%', '_', '\\']) expect((await search(wildcard)).total).toBe(0);
    // The tabs count what the search found.
    const bakker = await search('bakker');
    expect(bakker).toMatchObject({ total: 1, tabCounts: { all: 1, Employee: 1 } });
    expect(bakker.tabCounts.Admin ?? 0).toBe(0);
  });

  it('filters on role; the tabs keep counting every role', async () => {
    const cookie = await signIn(ADMIN);
    const employees = expectData<List>(await api.list(cookie, '?role=Employee'));
    expect(emails(employees)).toEqual(['locatie@example.com', 'gym@example.com']);
    expect(employees.total).toBe(2);
    expect(employees.tabCounts).toEqual(allTabs);
    expect(emails(expectData<List>(await api.list(cookie, '?role=Admin')))).toEqual([ADMIN]);
    expect(
      expectData<List>(await api.list(cookie, '?role=Employee&search=bakker')).items.map((item) => item.name),
    ).toEqual(['Jeroen Bakker']);
    expect(expectData<List>(await api.list(cookie, '?role=Supplier&search=bakker'))).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('sorts on name, email, role and creation, both directions', async () => {
    const cookie = await signIn(ADMIN);
    const sorted = async (query: string) => emails(expectData<List>(await api.list(cookie, query)));
    expect(await sorted('?sort=name&direction=desc')).toEqual([
      ADMIN,
      'leverancier@example.com',
      'content@example.com',
      'werkgever@example.com',
      'gym@example.com',
      'locatie@example.com',
    ]);
    const byEmail = [
      ADMIN,
      'content@example.com',
      'gym@example.com',
      'leverancier@example.com',
      'locatie@example.com',
      'werkgever@example.com',
    ];
    expect(await sorted('?sort=email')).toEqual(byEmail);
    expect(await sorted('?sort=email&direction=desc')).toEqual([...byEmail].reverse());
    // Role alphabetically, ties by id (the seeding order).
    expect(await sorted('?sort=role')).toEqual([
      ADMIN,
      'content@example.com',
      'gym@example.com',
      'locatie@example.com',
      'werkgever@example.com',
      'leverancier@example.com',
    ]);
    const newer = await createUser({ lastName: 'Aaaa', createdAt: new Date(Date.now() + 60_000) });
    expect((await sorted('?sort=createdAt&direction=desc'))[0]).toBe(newer.email);
    expect((await sorted('?sort=createdAt'))[6]).toBe(newer.email);
    expect((await sorted('?sort=name'))[0]).toBe(newer.email);
  });

  it('pages in SQL with the total of all matches', async () => {
    const cookie = await signIn(ADMIN);
    const page = async (query: string) => expectData<List>(await api.list(cookie, query));
    expect(await page('?pageSize=2&page=2')).toMatchObject({ total: 6, tabCounts: allTabs });
    expect(emails(await page('?pageSize=2&page=2'))).toEqual([
      'werkgever@example.com',
      'content@example.com',
    ]);
    expect(emails(await page('?pageSize=4&page=2'))).toEqual(['leverancier@example.com', ADMIN]);
    expect(await page('?pageSize=4&page=3')).toMatchObject({ items: [], total: 6 });
    expect((await page('')).items).toHaveLength(6);
    for (let index = 0; index < 30; index++)
      await createUser({ lastName: `Zz${String(index).padStart(2, '0')}` });
    const first = await page('');
    expect(first.items).toHaveLength(25);
    expect(first.total).toBe(36);
    expect(first.tabCounts).toMatchObject({ all: 36, Employee: 32 });
    expect((await page('?page=2')).items).toHaveLength(11);
    expect((await page('?pageSize=100')).items).toHaveLength(36);
  });

  it('leaves deleted accounts out of the list and the counts', async () => {
    const cookie = await signIn(ADMIN);
    const gone = await createUser({ lastName: 'Weg', deletedAt: new Date() });
    const list = expectData<List>(await api.list(cookie, '?pageSize=100'));
    expect(list.items.map((item) => item.id)).not.toContain(gone.id);
    expect(list.total).toBe(6);
    expect(list.tabCounts).toEqual(allTabs);
  });

  it('answers 400 with the key of each invalid query parameter', async () => {
    const cookie = await signIn(ADMIN);
    const cases: [string, string, string][] = [
      ['?role=Bogus', 'role', 'validation.invalidValue'],
      ['?sort=passwordHash', 'sort', 'validation.invalidValue'],
      ['?direction=up', 'direction', 'validation.invalidValue'],
      ['?page=0', 'page', 'validation.tooSmall'],
      ['?page=abc', 'page', 'validation.invalidType'],
      ['?pageSize=0', 'pageSize', 'validation.tooSmall'],
      ['?pageSize=101', 'pageSize', 'validation.tooBig'],
      [`?search=${'x'.repeat(201)}`, 'search', 'validation.tooLong'],
    ];
    for (const [query, key, message] of cases)
      expectFailure(await api.list(cookie, query), 400, key, message);
  });

  it('answers 401 without a session', async () => {
    expectFailure(await api.list(''), 401, 'general', 'auth.signInRequired');
  });

  it.each(NON_ADMINS)('%s gets 403', async (email) => {
    const cookie = await signIn(email);
    expectFailure(await api.list(cookie), 403, 'general', 'auth.forbidden');
    expectFailure(await api.list(cookie, '?role=Bogus'), 403, 'general', 'auth.forbidden');
  });
});

describe('access', () => {
  it('answers 401 on every endpoint except the public email confirmation without a session', async () => {
    const target = userIds['gym@example.com']!;
    const calls: Record<string, () => Promise<LightMyRequestResponse>> = {
      currentProfile: () => api.profile(''),
      updateProfile: () =>
        api.update('', profileOf({ email: 'x@example.com', firstName: 'A', lastName: 'B' })),
      list: () => api.list(''),
      deleteAccount: () => api.deleteAccount('', { password: DEMO_PASSWORD }),
      requestAccountDeletion: () => api.requestDeletion('', { userId: target }),
      revokeAdmin: () => api.revoke('', userIds[ADMIN]!),
    };
    expect(Object.keys(calls).sort()).toEqual(
      Object.keys(userEndpoints)
        .filter((name) => name !== 'confirmEmail')
        .sort(),
    );
    for (const [name, call] of Object.entries(calls)) {
      const response = await call();
      expect(response.statusCode, name).toBe(401);
      expectFailure(response, 401, 'general', 'auth.signInRequired');
    }
    // An invalid body does not reveal its shape to whoever may not call the endpoint.
    expectFailure(await api.update('', {}), 401, 'general', 'auth.signInRequired');
    expectFailure(await api.requestDeletion('', {}), 401, 'general', 'auth.signInRequired');
    // The confirmation is public: without a session it still checks the token.
    expectFailure(
      await api.confirmEmail({ token: 'y'.repeat(43) }),
      400,
      'general',
      'user.errors.invalidEmailToken',
    );
    expect(await mailsTo('gym@example.com')).toEqual([]);
  });
});
