import type { EmployeeSummary } from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden } from '../../test/expect.ts';
import { locationRightGrants } from '../organisation/organisation.tables.ts';
import { createEmployee, expectFailure, ok } from '../rights/test-support.ts';
import { auditOf, call, cookies, emails, ids, list, t, unique, useTestApp } from './employee-test-setup.ts';

useTestApp();

describe('employees of a location', () => {
  it('lists the staff of a location (linked or with rights), searched, sorted and paged', async () => {
    const staff = list<EmployeeSummary>(
      await call('GET', `/Location/${ids.utrecht}/Employees`, cookies.gym!),
    );
    expect(staff.items.map((item) => item.email)).toContain('locatie@example.com');
    expect(staff.items.map((item) => item.email)).not.toContain('gym@example.com');
    // Someone with only a right there counts as staff too.
    expect(emails(await call('GET', `/Location/${ids.amersfoort}/Employees`, cookies.gym!))).toContain(
      'zonder.recht@example.com',
    );
    expect(
      emails(await call('GET', `/Location/${ids.utrecht}/Employees?search=fatima`, cookies.gym!)),
    ).toEqual(['locatie@example.com']);
    const page = list(
      await call(
        'GET',
        `/Location/${ids.utrecht}/Employees?pageSize=1&sort=email&direction=desc`,
        cookies.gym!,
      ),
    );
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(staff.total);
  });

  it('lets the location right ManageEmployees manage its own location only', async () => {
    expect(emails(await call('GET', `/Location/${ids.utrecht}/Employees`, cookies.location!))).toContain(
      'locatie@example.com',
    );
    expectForbidden(await call('GET', `/Location/${ids.amersfoort}/Employees`, cookies.location!));
    expectForbidden(await call('GET', `/Location/${ids.amersfoort}/Employees`, cookies.noRight!));
    expectForbidden(await call('GET', `/Location/${ids.utrecht}/Employees`, cookies.employer!));
    // Another gym's location, or none at all: not found.
    expectFailure(
      await call('GET', `/Location/${ids.zwolle}/Employees`, cookies.gym!),
      404,
      'general',
      'location.errors.notFound',
    );
    expectFailure(
      await call('GET', `/Location/${ids.utrecht}/Employees`, cookies.brug!),
      404,
      'general',
      'location.errors.notFound',
    );
    expectFailure(
      await call('GET', '/Location/999999/Employees', cookies.gym!),
      404,
      'general',
      'location.errors.notFound',
    );
    expectFailure(
      await call('GET', `/Location/${ids.utrecht}/Employees?sort=x`, cookies.gym!),
      400,
      'sort',
      expect.any(String),
    );
    // Admins may look at any location.
    expect(emails(await call('GET', `/Location/${ids.zwolle}/Employees`, cookies.admin!))).not.toContain(
      'locatie@example.com',
    );
  });

  it('answers one employee of the location', async () => {
    const detail = ok<{
      email: string;
      locationId: number;
      locationName: string;
      employeeSince: string | null;
    }>(await call('GET', `/Location/${ids.utrecht}/Employee/${ids.locationUser}`, cookies.location!));
    expect(detail).toMatchObject({
      email: 'locatie@example.com',
      locationId: ids.utrecht,
      locationName: 'Vitaal Utrecht Centrum',
    });
    expect(detail.employeeSince).not.toBeNull();
    expectFailure(
      await call('GET', `/Location/${ids.utrecht}/Employee/${ids.gymUser}`, cookies.location!),
      404,
      'general',
      'employee.errors.notFound',
    );
    expectFailure(
      await call('GET', `/Location/${ids.zwolle}/Employee/${ids.locationUser}`, cookies.gym!),
      404,
      'general',
      'location.errors.notFound',
    );
    expectForbidden(
      await call('GET', `/Location/${ids.amersfoort}/Employee/${ids.locationUser}`, cookies.location!),
    );
  });

  it('offers the gym’s employees who do not work there yet, and adds them', async () => {
    const email = unique('nieuwkomer');
    const userId = await createEmployee(t, {
      email,
      firstName: 'Kees',
      lastName: 'Kandidaat',
      gymId: ids.vitaal,
    });
    const known = emails(
      await call('GET', `/Location/KnownUsers?locationId=${ids.utrecht}`, cookies.location!),
    );
    expect(known).toContain(email);
    expect(known).toContain('gym@example.com');
    expect(known).not.toContain('locatie@example.com');
    expect(known).not.toContain('brug.beheer@example.com');
    // The totals without a search come from the kept counters (the gym's employees less the location's
    // staff; the gym's employees): the same as counted over a search every e-mail address matches.
    for (const [url, cookie] of [
      [`/Location/KnownUsers?locationId=${ids.utrecht}`, cookies.location!],
      ['/GymEmployee', cookies.gym!],
    ] as const) {
      const counted = ok<{ total: number; items: unknown[] }>(await call('GET', url, cookie));
      const searched = ok<{ total: number; items: unknown[] }>(
        await call('GET', `${url}${url.includes('?') ? '&' : '?'}search=%40&pageSize=100`, cookie),
      );
      expect(counted.total, url).toBe(searched.total);
      expect(searched.items, url).toHaveLength(searched.total);
    }
    expect(
      emails(
        await call(
          'GET',
          `/Location/KnownUsers?locationId=${ids.utrecht}&search=kandidaat`,
          cookies.location!,
        ),
      ),
    ).toEqual([email]);

    const added = ok<{ added: number }>(
      await call('PUT', `/Location/${ids.utrecht}/NewEmployees`, cookies.location!, {
        employeeIds: [userId, userId, ids.locationUser],
      }),
    );
    expect(added).toEqual({ added: 1 });
    expect(emails(await call('GET', `/Location/${ids.utrecht}/Employees`, cookies.location!))).toContain(
      email,
    );
    expect(
      emails(await call('GET', `/Location/KnownUsers?locationId=${ids.utrecht}`, cookies.location!)),
    ).not.toContain(email);
    const [entry] = await auditOf('LocationEmployee', String(ids.utrecht));
    expect(entry).toMatchObject({ action: 'create', userId: ids.locationUser });

    // Removing takes their rights there too.
    await t.db
      .insert(locationRightGrants)
      .values({ locationId: ids.utrecht, userId, right: 'ManageLessons' });
    expect(
      ok(await call('DELETE', `/Location/${ids.utrecht}/Employee/${userId}`, cookies.location!)),
    ).toBeNull();
    expect(
      await t.db
        .select()
        .from(locationRightGrants)
        .where(and(eq(locationRightGrants.userId, userId), eq(locationRightGrants.locationId, ids.utrecht))),
    ).toEqual([]);
    expect(emails(await call('GET', `/Location/${ids.utrecht}/Employees`, cookies.location!))).not.toContain(
      email,
    );
    // Still an employee of the gym.
    expect(emails(await call('GET', `/GymEmployee?search=${email}`, cookies.gym!))).toEqual([email]);
    expectFailure(
      await call('DELETE', `/Location/${ids.utrecht}/Employee/${userId}`, cookies.location!),
      404,
      'general',
      'employee.errors.notFound',
    );
  });

  it('refuses adding nobody, someone outside the gym, and changes nothing then', async () => {
    const put = (body: unknown, cookie = cookies.gym!) =>
      call('PUT', `/Location/${ids.amersfoort}/NewEmployees`, cookie, body);
    const before = emails(await call('GET', `/Location/${ids.amersfoort}/Employees`, cookies.gym!));
    expectFailure(await put({ employeeIds: [] }), 400, 'employeeIds', 'employee.errors.selectEmployee');
    expectFailure(await put({}), 400, 'employeeIds', 'validation.required');
    expectFailure(await put({ employeeIds: ['x'] }), 400, 'employeeIds[0]', expect.any(String));
    const brugUser = list<EmployeeSummary>(await call('GET', '/GymEmployee', cookies.brug!)).items[0]!;
    for (const stranger of [brugUser.employeeId, ids.admin, 999999]) {
      expectFailure(
        await put({ employeeIds: [ids.gymUser, stranger] }),
        400,
        'employeeIds',
        'employee.errors.notGymEmployee',
      );
    }
    expect(emails(await call('GET', `/Location/${ids.amersfoort}/Employees`, cookies.gym!))).toEqual(before);
    // Rights and tenants.
    expectForbidden(await put({ employeeIds: [ids.gymUser] }, cookies.location!));
    expectForbidden(await put({ employeeIds: [ids.gymUser] }, cookies.employer!));
    expectFailure(
      await call('PUT', `/Location/${ids.zwolle}/NewEmployees`, cookies.gym!, { employeeIds: [ids.gymUser] }),
      404,
      'general',
      'location.errors.notFound',
    );
  });

  it('guards the known users and the removal like the list', async () => {
    expectFailure(
      await call('GET', '/Location/KnownUsers', cookies.gym!),
      400,
      'locationId',
      'validation.required',
    );
    expectFailure(
      await call('GET', `/Location/KnownUsers?locationId=${ids.zwolle}`, cookies.gym!),
      404,
      'general',
      'location.errors.notFound',
    );
    expectForbidden(
      await call('GET', `/Location/KnownUsers?locationId=${ids.amersfoort}`, cookies.location!),
    );
    expectForbidden(await call('GET', `/Location/KnownUsers?locationId=${ids.utrecht}`, cookies.employer!));
    expectFailure(
      await call('DELETE', `/Location/${ids.utrecht}/Employee/${ids.locationUser}`, cookies.location!),
      400,
      'general',
      'employee.errors.removeSelf',
    );
    expectFailure(
      await call('DELETE', `/Location/${ids.utrecht}/Employee/${ids.locationUser}`, cookies.brug!),
      404,
      'general',
      'location.errors.notFound',
    );
    expectForbidden(
      await call('DELETE', `/Location/${ids.amersfoort}/Employee/${ids.gymUser}`, cookies.location!),
    );
    expectForbidden(
      await call('DELETE', `/Location/${ids.utrecht}/Employee/${ids.locationUser}`, cookies.noRight!),
    );
    expect(emails(await call('GET', `/Location/${ids.utrecht}/Employees`, cookies.gym!))).toContain(
      'locatie@example.com',
    );
  });
});
