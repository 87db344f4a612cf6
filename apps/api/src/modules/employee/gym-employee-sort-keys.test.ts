import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsers } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  employerEmployees,
  employers,
  employerUsers,
  gymEmployees,
  gyms,
  locations,
} from '../organisation/organisation.tables.ts';
import { userSortName, users } from '../user/user.tables.ts';

/**
 * `gym_employees` and `employer_employees` `sort_name`, `sort_email` and `search_text` are the user's sort keys copied onto the link by triggers
 * (migration 0024; null while the account is deleted): after every kind of write they equal the user's, and
 * the gym's lists walked by them answer what the list read from the users answers (a search every e-mail
 * address matches takes that path).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function expectKeysRight() {
  for (const links of [gymEmployees, employerEmployees]) {
    const rows = await t.db
      .select({
        stored: sql<string>`coalesce(${links.sortName}, '-') || '|' || coalesce(${links.sortEmail}, '-') || '|' || coalesce(${links.searchText}, '-')`,
        expected: sql<string>`case when ${users.deletedAt} is null then ${userSortName(users)} || '|' || lower(${users.email}) || '|' || ${users.searchText} else '-|-|-' end`,
      })
      .from(links)
      .innerJoin(users, eq(users.id, links.userId));
    expect(rows.filter((row) => row.stored !== row.expected)).toEqual([]);
  }
}

let serial = 0;
const newUsers = (n: number) =>
  createUsers(t, n, (i) => {
    ++serial;
    return {
      email: `Sleutel${serial}@Example.com`,
      firstName: ['Anna', 'bram', 'Émile'][i % 3]!,
      insertion: i % 2 ? 'van' : null,
      lastName: `Sleutel ${serial}`,
    };
  });

describe('the sort keys on the gym and employer links', () => {
  it('follow inserts, renames, e-mail changes, deletions, restores and hard deletes', async () => {
    await expectKeysRight();
    const [gym] = await t.db.insert(gyms).values({ name: 'Sleutelgym', slug: 'sleutelgym' }).returning();
    const ids = await newUsers(6);
    await t.db.insert(gymEmployees).values(ids.map((userId) => ({ gymId: gym!.id, userId })));
    const [employer] = await t.db.insert(employers).values({ name: 'Sleutelwerkgever' }).returning();
    await t.db.insert(employerEmployees).values(ids.map((userId) => ({ employerId: employer!.id, userId })));
    await expectKeysRight();
    await t.db.update(users).set({ firstName: 'Zoë', insertion: null }).where(eq(users.id, ids[0]!));
    await t.db.update(users).set({ email: 'ANDERS@example.com' }).where(eq(users.id, ids[1]!));
    await t.db
      .update(users)
      .set({ lastName: 'Nieuw' })
      .where(inArray(users.id, ids.slice(2, 4)));
    await expectKeysRight();
    await t.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(inArray(users.id, ids.slice(3, 5)));
    await expectKeysRight();
    // Renamed while deleted, then restored.
    await t.db.update(users).set({ firstName: 'Terug' }).where(eq(users.id, ids[3]!));
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, ids[3]!));
    await expectKeysRight();
    // A write of the copies themselves is overruled by the user's values.
    await t.db
      .update(gymEmployees)
      .set({ sortName: 'fout', sortEmail: 'fout' })
      .where(eq(gymEmployees.userId, ids[2]!));
    await expectKeysRight();
    await t.db.delete(users).where(eq(users.id, ids[5]!));
    await expectKeysRight();
    await t.db
      .update(employerEmployees)
      .set({ sortName: 'fout' })
      .where(eq(employerEmployees.userId, ids[1]!));
    await expectKeysRight();
    // The counters are not changed by the copies' rewrites.
    const [counted] = await t.db.select({ n: gyms.employeeCount }).from(gyms).where(eq(gyms.id, gym!.id));
    expect(counted!.n).toBe(4);
    const [employed] = await t.db
      .select({ n: employers.employeeCount })
      .from(employers)
      .where(eq(employers.id, employer!.id));
    expect(employed!.n).toBe(4);
  });

  it('give the gym’s lists the order the users give', async () => {
    const gym = await t.login('gym@example.com');
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: gym } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    for (const sort of ['name', 'email', 'locationCount']) {
      for (const direction of ['asc', 'desc']) {
        for (const page of [1, 2]) {
          const query = `sort=${sort}&direction=${direction}&page=${page}&pageSize=3`;
          const walked = await get(`/api/GymEmployee?${query}`);
          const read = await get(`/api/GymEmployee?${query}&search=%40`);
          expect(walked.items, query).toEqual(read.items);
          expect(walked.total, query).toBe(read.total);
        }
      }
    }
  });

  it('give the employer employees the order the users give', async () => {
    const [employer] = await t.db
      .select({ id: employerUsers.employerId })
      .from(employerUsers)
      .innerJoin(users, eq(users.id, employerUsers.userId))
      .where(eq(users.email, 'werkgever@example.com'));
    const ids = await newUsers(5);
    await t.db.insert(employerEmployees).values(ids.map((userId) => ({ employerId: employer!.id, userId })));
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, ids[2]!));
    const cookie = await t.login('werkgever@example.com');
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    for (const sort of ['name', 'email', 'employeeSince']) {
      for (const direction of ['asc', 'desc']) {
        for (const page of [1, 2]) {
          const query = `sort=${sort}&direction=${direction}&page=${page}&pageSize=2`;
          const walked = await get(`/api/EmployerEmployee?${query}`);
          const read = await get(`/api/EmployerEmployee?${query}&search=%40`);
          expect(walked.items.length, query).toBeGreaterThan(0);
          expect(walked.items, query).toEqual(read.items);
          expect(walked.total, query).toBe(read.total);
        }
      }
    }
  });

  it('give the known users of a location the order the users give', async () => {
    const cookie = await t.login('locatie@example.com');
    const [location] = await t.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.name, 'Vitaal Utrecht Centrum'));
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    for (const sort of ['name', 'email']) {
      for (const direction of ['asc', 'desc']) {
        const query = `locationId=${location!.id}&sort=${sort}&direction=${direction}&pageSize=100`;
        const walked = await get(`/api/Location/KnownUsers?${query}`);
        const read = await get(`/api/Location/KnownUsers?${query}&search=%40`);
        expect(walked.items.length, query).toBeGreaterThan(0);
        expect(walked.items, query).toEqual(read.items);
        expect(walked.total, query).toBe(read.total);
      }
    }
  });
});
