import type { EmployeeSummary, GymEmployee, GymEmployeeDetail } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import {
  gymEmployees,
  gymRightGrants,
  locationEmployees,
  locationRightGrants,
} from '../organisation/organisation.tables.ts';
import { createEmployee, expectFailure, ok } from '../rights/test-support.ts';
import { users } from '../user/user.tables.ts';
import { gymRightsGroupMembers, gymRightsGroups } from './employee.tables.ts';
import { auditOf, call, cookies, emails, ids, list, t, unique, useTestApp } from './employee-test-setup.ts';

useTestApp();

describe('GET /GymEmployee', () => {
  it("lists the active gym's employees with phone and number of locations, by name", async () => {
    const data = list<GymEmployee>(await call('GET', '/GymEmployee', cookies.gym!));
    const byEmail = Object.fromEntries(data.items.map((item) => [item.email, item]));
    expect(byEmail['gym@example.com']).toMatchObject({
      employeeId: ids.gymUser,
      name: 'Jeroen Bakker',
      locationCount: 0,
    });
    expect(byEmail['locatie@example.com']).toMatchObject({ name: 'Fatima el Amrani', locationCount: 1 });
    expect(byEmail['zonder.recht@example.com']).toMatchObject({ locationCount: 1, phoneNumber: null });
    // De Brug's employee is not Vitaal's.
    expect(byEmail['brug.beheer@example.com']).toBeUndefined();
    const names = data.items.map((item) => item.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(data.total).toBe(data.items.length);
  });

  it('searches name and email, sorts and pages in SQL', async () => {
    expect(emails(await call('GET', '/GymEmployee?search=AMRANI', cookies.gym!))).toEqual([
      'locatie@example.com',
    ]);
    expect(emails(await call('GET', '/GymEmployee?search=gym%40example', cookies.gym!))).toEqual([
      'gym@example.com',
    ]);
    expect(list(await call('GET', '/GymEmployee?search=%25', cookies.gym!)).total).toBe(0);
    const byCount = list<GymEmployee>(
      await call('GET', '/GymEmployee?sort=locationCount&direction=desc', cookies.gym!),
    ).items;
    expect(byCount.map((item) => item.locationCount)).toEqual(
      [...byCount.map((item) => item.locationCount)].sort((a, b) => b - a),
    );
    const all = emails(await call('GET', '/GymEmployee?sort=email', cookies.gym!));
    const second = list(await call('GET', '/GymEmployee?sort=email&pageSize=1&page=2', cookies.gym!));
    expect(second).toEqual({ items: [expect.objectContaining({ email: all[1] })], total: all.length });
  });

  it('answers the employees of the gym the session is in', async () => {
    expect(emails(await call('GET', '/GymEmployee', cookies.brug!))).toEqual(['brug.beheer@example.com']);
    // Admins see the employees of their active gym (Vitaal, the first).
    expect(emails(await call('GET', '/GymEmployee', cookies.admin!))).toContain('gym@example.com');
  });

  it('refuses bad queries, a missing right and other roles', async () => {
    expectFailure(
      await call('GET', '/GymEmployee?sort=password', cookies.gym!),
      400,
      'sort',
      expect.any(String),
    );
    expectFailure(
      await call('GET', '/GymEmployee?pageSize=500', cookies.gym!),
      400,
      'pageSize',
      expect.any(String),
    );
    expectForbidden(await call('GET', '/GymEmployee', cookies.noRight!));
    expectForbidden(await call('GET', '/GymEmployee', cookies.location!));
    expectForbidden(await call('GET', '/GymEmployee', cookies.employer!));
    expectSignInRequired(await call('GET', '/GymEmployee', ''));
  });
});

describe('GET /GymEmployee/{employeeId}', () => {
  it('answers the employee with the locations of the gym they work at', async () => {
    const detail = ok<GymEmployeeDetail>(await call('GET', `/GymEmployee/${ids.locationUser}`, cookies.gym!));
    expect(detail).toMatchObject({
      employeeId: ids.locationUser,
      name: 'Fatima el Amrani',
      email: 'locatie@example.com',
      locations: [{ locationId: ids.utrecht, name: 'Vitaal Utrecht Centrum' }],
    });
    expect(Date.parse(detail.employeeSince)).not.toBeNaN();
  });

  it('is not found for employees of another gym, unknown ids and other accounts', async () => {
    const brugUser = ok<{ items: EmployeeSummary[] }>(await call('GET', '/GymEmployee', cookies.brug!))
      .items[0]!;
    for (const id of [brugUser.employeeId, 999999, ids.admin]) {
      expectFailure(
        await call('GET', `/GymEmployee/${id}`, cookies.gym!),
        404,
        'general',
        'employee.errors.notFound',
      );
    }
    expectFailure(
      await call('GET', `/GymEmployee/${ids.gymUser}`, cookies.brug!),
      404,
      'general',
      'employee.errors.notFound',
    );
  });

  it('refuses a malformed id and who lacks ManageMembers', async () => {
    expectFailure(await call('GET', '/GymEmployee/abc', cookies.gym!), 400, 'employeeId', expect.any(String));
    expectForbidden(await call('GET', `/GymEmployee/${ids.gymUser}`, cookies.noRight!));
    expectForbidden(await call('GET', `/GymEmployee/${ids.gymUser}`, cookies.employer!));
  });
});

describe('DELETE /GymEmployee/{employeeId}', () => {
  it('removes the employee from the gym with their rights, locations and groups there; other gyms and the account stay', async () => {
    const email = unique('weg');
    const userId = await createEmployee(t, {
      email,
      gymId: ids.vitaal,
      gymRights: ['ManageMembers', 'ManageSubscriptions'],
      locations: [
        { locationId: ids.utrecht, rights: ['ManageLessons'] },
        { locationId: ids.amersfoort, rights: [] },
      ],
    });
    // Also staff of De Brug, which keeps them.
    await t.db.insert(gymEmployees).values({ gymId: ids.brug, userId });
    await t.db.insert(gymRightGrants).values({ gymId: ids.brug, userId, right: 'ManageMembers' });
    await t.db.insert(locationRightGrants).values({ locationId: ids.zwolle, userId, right: 'ManageLessons' });
    const [group] = await t.db.select().from(gymRightsGroups).where(eq(gymRightsGroups.gymId, ids.vitaal));
    await t.db.insert(gymRightsGroupMembers).values({ groupId: group!.id, userId });

    expect(ok(await call('DELETE', `/GymEmployee/${userId}`, cookies.gym!))).toBeNull();

    const of = { userId };
    const gymIdsOf = async (table: typeof gymEmployees | typeof gymRightGrants) =>
      (await t.db.select({ gymId: table.gymId }).from(table).where(eq(table.userId, of.userId))).map(
        (row) => row.gymId,
      );
    expect(await gymIdsOf(gymEmployees)).toEqual([ids.brug]);
    expect(await gymIdsOf(gymRightGrants)).toEqual([ids.brug]);
    const rights = await t.db
      .select()
      .from(locationRightGrants)
      .where(eq(locationRightGrants.userId, userId));
    expect(rights.map((row) => row.locationId)).toEqual([ids.zwolle]);
    expect(await t.db.select().from(locationEmployees).where(eq(locationEmployees.userId, userId))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(gymRightsGroupMembers).where(eq(gymRightsGroupMembers.userId, userId)),
    ).toEqual([]);
    const [account] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({ email, deletedAt: null });
    expect(emails(await call('GET', '/GymEmployee', cookies.gym!))).not.toContain(email);
    const [entry] = await auditOf('GymEmployee', `${ids.vitaal}:${userId}`);
    expect(entry).toMatchObject({ action: 'delete', userId: ids.gymUser });

    expectFailure(
      await call('DELETE', `/GymEmployee/${userId}`, cookies.gym!),
      404,
      'general',
      'employee.errors.notFound',
    );
  });

  it('refuses removing yourself, another gym’s employee, a missing right and other roles', async () => {
    expectFailure(
      await call('DELETE', `/GymEmployee/${ids.gymUser}`, cookies.gym!),
      400,
      'general',
      'employee.errors.removeSelf',
    );
    const brugUser = list<EmployeeSummary>(await call('GET', '/GymEmployee', cookies.brug!)).items[0]!;
    expectFailure(
      await call('DELETE', `/GymEmployee/${brugUser.employeeId}`, cookies.gym!),
      404,
      'general',
      'employee.errors.notFound',
    );
    expectFailure(
      await call('DELETE', `/GymEmployee/${ids.locationUser}`, cookies.brug!),
      404,
      'general',
      'employee.errors.notFound',
    );
    expectForbidden(await call('DELETE', `/GymEmployee/${ids.locationUser}`, cookies.noRight!));
    expectForbidden(await call('DELETE', `/GymEmployee/${ids.locationUser}`, cookies.location!));
    expectFailure(
      await call('DELETE', '/GymEmployee/0', cookies.gym!),
      400,
      'employeeId',
      expect.any(String),
    );
    // Nothing changed.
    expect(emails(await call('GET', '/GymEmployee', cookies.gym!))).toContain('locatie@example.com');
  });
});
