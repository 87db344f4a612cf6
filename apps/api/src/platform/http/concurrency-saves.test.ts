import {
  type GymEmployeeRights,
  type GymRight,
  gymRights,
  type LocationRight,
  locationRights,
  type OpeningHours,
  type StatusRequirement,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gymRightsGroups } from '../../modules/employee/employee.tables.ts';
import { createEmployee } from '../../modules/rights/test-support.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { admin, atOnce, call, data, ids, PARALLEL_SAVES, t, useTestApp } from './concurrency-test-setup.ts';

/*
 * Many saves of a set at once (the rights of an employee, a location's status requirements and opening
 * hours, a rights group and its members): each save is one consistent operation (200, or a clear 409), never
 * a 500, and the end state is one of the saved ones.
 */

useTestApp();

/** Every save answered 200 or 409 (a clear conflict), none 5xx. */
function expectConsistentSaves(statuses: Record<number, number>) {
  const others = Object.keys(statuses).filter((status) => status !== '200' && status !== '409');
  expect(others, JSON.stringify(statuses)).toEqual([]);
  expect(statuses[200] ?? 0).toBeGreaterThan(0);
}

/** A different subset for every index (its bits), in the list's order. */
const subset = <T>(all: readonly T[], index: number) => all.filter((_, bit) => (index >> bit) & 1);

const sorted = (values: readonly string[]) => [...values].sort();

describe(`${PARALLEL_SAVES} saves of a set at once`, () => {
  it('gym rights of an employee (PUT /GymEmployee/{employeeId}/Rights)', async () => {
    const employee = await createEmployee(t, { email: 'parallel.gym@vitaal.test', gymId: ids.vitaal });
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => ({
      gymRights: subset(gymRights, index),
      locationRights: [
        { locationId: ids.utrecht, rights: subset(locationRights, index) },
        { locationId: ids.amersfoort, rights: subset(locationRights, index + 7) },
      ],
    }));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'PUT', `/GymEmployee/${employee}/Rights`, requested[index]),
    );
    expectConsistentSaves(statuses);

    const final = data<GymEmployeeRights>(await call(admin, 'GET', `/GymEmployee/${employee}/Rights`));
    const rightsAt = (locationId: number) =>
      sorted(final.locations.find((entry) => entry.locationId === locationId)!.rights);
    expect(
      requested.some(
        (set) =>
          JSON.stringify(sorted(set.gymRights)) === JSON.stringify(sorted(final.gymRights)) &&
          set.locationRights.every(
            (entry) => JSON.stringify(sorted(entry.rights)) === JSON.stringify(rightsAt(entry.locationId)),
          ),
      ),
      JSON.stringify(final),
    ).toBe(true);
  });

  it('location rights of an employee (PUT /Location/{id}/Employee/{employeeId}/Rights)', async () => {
    const employee = await createEmployee(t, {
      email: 'parallel.location@vitaal.test',
      gymId: ids.vitaal,
      locations: [{ locationId: ids.utrecht, rights: ['ManageLessons'] }],
    });
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => subset(locationRights, index + 1));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'PUT', `/Location/${ids.utrecht}/Employee/${employee}/Rights`, {
        rights: requested[index],
      }),
    );
    expectConsistentSaves(statuses);
    const final = data<{ rights: LocationRight[] }>(
      await call(admin, 'GET', `/Location/${ids.utrecht}/Employee/${employee}/Rights`),
    );
    expect(requested.map((set) => JSON.stringify(sorted(set)))).toContain(
      JSON.stringify(sorted(final.rights)),
    );
  });

  it('location rights through both endpoints at once', async () => {
    const employee = await createEmployee(t, {
      email: 'parallel.both@vitaal.test',
      gymId: ids.vitaal,
      locations: [{ locationId: ids.utrecht, rights: [] }],
    });
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => subset(locationRights, index + 3));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      index % 2 === 0
        ? call(admin, 'PUT', `/Location/${ids.utrecht}/Employee/${employee}/Rights`, {
            rights: requested[index],
          })
        : call(admin, 'PUT', `/GymEmployee/${employee}/Rights`, {
            locationRights: [{ locationId: ids.utrecht, rights: requested[index] }],
          }),
    );
    expectConsistentSaves(statuses);
    const final = data<{ rights: LocationRight[] }>(
      await call(admin, 'GET', `/Location/${ids.utrecht}/Employee/${employee}/Rights`),
    );
    expect(requested.map((set) => JSON.stringify(sorted(set)))).toContain(
      JSON.stringify(sorted(final.rights)),
    );
  });

  it('status requirements (PUT /Location/{id}/EditStatusRequirements)', async () => {
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => [
      { memberStatus: 1, requiredDaysOfAbsence: index + 1 },
      { memberStatus: 2, requiredDaysOfAbsence: index % 3 === 0 ? null : index + 200 },
    ]);
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'PUT', `/Location/${ids.amersfoort}/EditStatusRequirements`, {
        statusRequirements: requested[index],
      }),
    );
    expectConsistentSaves(statuses);
    const final = data<{ statusRequirements: StatusRequirement[] }>(
      await call(admin, 'GET', `/Location/${ids.amersfoort}`),
    ).statusRequirements;
    expect(requested.map((set) => JSON.stringify(set))).toContain(JSON.stringify(final));
  });

  it('opening hours (POST /LocationOpeningHours/openingHours)', async () => {
    const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;
    const week = (index: number) =>
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
        const closed = (index + weekday) % 4 === 0;
        const opens = 6 + ((index + weekday) % 5);
        return {
          weekday,
          closed,
          ranges: closed
            ? []
            : [
                { from: hour(opens), to: hour(opens + 3) },
                { from: hour(opens + 4), to: hour(opens + 8 + (index % 3)) },
              ],
        };
      });
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => week(index));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'POST', '/LocationOpeningHours/openingHours', {
        locationId: ids.amersfoort,
        days: requested[index],
      }),
    );
    expectConsistentSaves(statuses);
    const final = data<OpeningHours>(
      await call(admin, 'GET', `/LocationOpeningHours/openingHours/${ids.amersfoort}`),
    );
    expect(requested.map((days) => JSON.stringify(days))).toContain(JSON.stringify(final.days));
  });

  it('a rights group: name and rights (PUT /GymRightsGroup)', async () => {
    const [group] = await t.db
      .insert(gymRightsGroups)
      .values({ gymId: ids.vitaal, name: 'Parallel', rights: [] })
      .returning();
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => ({
      id: group!.id,
      name: `Parallel ${index}`,
      rights: subset(gymRights, index),
    }));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'PUT', '/GymRightsGroup', requested[index]),
    );
    expectConsistentSaves(statuses);
    const final = data<{ name: string; rights: GymRight[] }>(
      await call(admin, 'GET', `/GymRightsGroup/${group!.id}`),
    );
    const saved = requested.find((set) => set.name === final.name);
    expect(sorted(final.rights)).toEqual(sorted(saved?.rights ?? ['none saved']));
  });

  it('members of a rights group (POST /GymRightsGroup/{id}/Employees) and of a location (PUT /Location/{id}/NewEmployees)', async () => {
    const [group] = await t.db
      .insert(gymRightsGroups)
      .values({ gymId: ids.vitaal, name: 'Parallel members', rights: [] })
      .returning();
    const employees: number[] = [];
    for (let index = 0; index < 6; index++) {
      employees.push(await createEmployee(t, { email: `member${index}@vitaal.test`, gymId: ids.vitaal }));
    }
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => subset(employees, index + 1));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      index % 2 === 0
        ? call(admin, 'POST', `/GymRightsGroup/${group!.id}/Employees`, { employeeIds: requested[index] })
        : call(admin, 'PUT', `/Location/${ids.amersfoort}/NewEmployees`, { employeeIds: requested[index] }),
    );
    expectConsistentSaves(statuses);
    const union = (odd: number) =>
      [...new Set(requested.filter((_, index) => index % 2 === odd).flat())].sort((a, b) => a - b);
    const members = data<{ items: { employeeId: number }[] }>(
      await call(admin, 'GET', `/GymRightsGroup/${group!.id}/Employees?pageSize=100`),
    ).items.map((item) => item.employeeId);
    expect(members.sort((a, b) => a - b)).toEqual(union(0));
    const staff = data<{ items: { employeeId: number }[] }>(
      await call(admin, 'GET', `/Location/${ids.amersfoort}/Employees?pageSize=100`),
    ).items.map((item) => item.employeeId);
    expect(staff).toEqual(expect.arrayContaining(union(1)));
    // Each member was added (and audited) once.
    const added = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'GymRightsGroupMember'));
    expect(added.filter((row) => row.entityId.startsWith(`${group!.id}:`)).length).toBe(union(0).length);
  });
});
