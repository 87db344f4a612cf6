import { type GymEmployeeRights, gymRights, locationRights } from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../employee/employee.tables.ts';
import { gymEmployees, gymRightGrants, locationRightGrants } from '../organisation/organisation.tables.ts';
import { call, groupOf, ids, plain, refresh, t, useRightsApp } from './rights-test-setup.ts';
import { createEmployee, expectFailure, ok, signIn } from './test-support.ts';

/*
 * A gym employee's rights (decision 006): the claims that rights groups add, and the rights of an employee
 * as the gym reads and replaces them. A location's rights: rights-location.test.ts.
 */

useRightsApp();

describe('claims: rights through groups', () => {
  it('count like direct rights from the next refresh, and stop counting when taken away', async () => {
    let cookie = await signIn(t, 'plain@vitaal.test');
    expectForbidden(await call('GET', '/GymRightsGroup', cookie));

    const groupId = await groupOf('Rechtenbeheer', ['ManageGymRights', 'ManageMembers']);
    await t.db.insert(gymRightsGroupMembers).values({ groupId, userId: plain });
    let claims = await refresh(cookie);
    cookie = claims.cookie;
    // Each right once, although ManageMembers is both direct and from the group.
    expect(claims.gymRights).toEqual([`${ids.vitaal}:ManageGymRights`, `${ids.vitaal}:ManageMembers`]);
    expect(ok(await call('GET', '/GymRightsGroup', cookie))).toMatchObject({ total: expect.any(Number) });

    // The right taken out of the group.
    await t.db
      .update(gymRightsGroups)
      .set({ rights: ['ManageMembers'] })
      .where(eq(gymRightsGroups.id, groupId));
    claims = await refresh(cookie);
    cookie = claims.cookie;
    expect(claims.gymRights).toEqual([`${ids.vitaal}:ManageMembers`]);
    expectForbidden(await call('GET', '/GymRightsGroup', cookie));

    // Back in the group, then the member removed.
    await t.db
      .update(gymRightsGroups)
      .set({ rights: ['ManageGymRights'] })
      .where(eq(gymRightsGroups.id, groupId));
    claims = await refresh(cookie);
    cookie = claims.cookie;
    expect(claims.gymRights).toContain(`${ids.vitaal}:ManageGymRights`);
    await t.db.delete(gymRightsGroupMembers).where(eq(gymRightsGroupMembers.userId, plain));
    claims = await refresh(cookie);
    expect(claims.gymRights).toEqual([`${ids.vitaal}:ManageMembers`]);
    expectForbidden(await call('GET', '/GymRightsGroup', claims.cookie));
    await t.db.delete(gymRightsGroups).where(eq(gymRightsGroups.id, groupId));
  });

  it('do not count for someone who is no longer an employee of the gym', async () => {
    const formerId = await createEmployee(t, {
      email: 'former@vitaal.test',
      gymId: ids.vitaal,
      gymRights: [],
    });
    const groupId = await groupOf('Oud-medewerkers', ['ManageMembers']);
    await t.db.insert(gymRightsGroupMembers).values({ groupId, userId: formerId });
    const cookie = await signIn(t, 'former@vitaal.test');
    expect((await refresh(cookie)).gymRights).toEqual([`${ids.vitaal}:ManageMembers`]);
    await t.db
      .delete(gymEmployees)
      .where(and(eq(gymEmployees.userId, formerId), eq(gymEmployees.gymId, ids.vitaal)));
    expect((await refresh(cookie)).gymRights).toEqual([]);
    await t.db.delete(gymRightsGroups).where(eq(gymRightsGroups.id, groupId));
  });
});

describe('GET /GymEmployee/{employeeId}/Rights', () => {
  it('answers direct rights, groups and every location of the active gym', async () => {
    const cookie = await signIn(t, 'gym@example.com');
    const rights = ok<GymEmployeeRights>(await call('GET', `/GymEmployee/${ids.gymUser}/Rights`, cookie));
    expect(rights).toMatchObject({
      employeeId: ids.gymUser,
      name: 'Jeroen Bakker',
      email: 'gym@example.com',
    });
    expect(rights.gymRights).toEqual([...gymRights]);
    expect(rights.groups).toEqual([
      {
        id: expect.any(Number),
        name: 'Locatiemanagers',
        rights: ['ManageLocationRights', 'ManageLocationAreas'],
      },
    ]);
    expect(rights.locations.map((location) => location.name)).toEqual([
      'Vitaal Amersfoort',
      'Vitaal Utrecht Centrum',
    ]);

    const fatima = ok<GymEmployeeRights>(
      await call('GET', `/GymEmployee/${ids.locationUser}/Rights`, cookie),
    );
    expect(fatima.gymRights).toEqual([]);
    expect(fatima.locations).toEqual([
      { locationId: ids.amersfoort, name: 'Vitaal Amersfoort', rights: [] },
      { locationId: ids.utrecht, name: 'Vitaal Utrecht Centrum', rights: [...locationRights] },
    ]);
  });

  it('is open to the gym right ManageLocationRights too, and to admins', async () => {
    const cookie = await signIn(t, 'locations@vitaal.test');
    ok(await call('GET', `/GymEmployee/${plain}/Rights`, cookie));
    ok(await call('GET', `/GymEmployee/${plain}/Rights`, await signIn(t, 'admin@example.com')));
  });

  it('refuses the wrong role, a missing right and employees of another gym', async () => {
    const url = `/GymEmployee/${plain}/Rights`;
    expectSignInRequired(await call('GET', url, ''));
    expectForbidden(await call('GET', url, await signIn(t, 'werkgever@example.com')));
    expectForbidden(await call('GET', url, await signIn(t, 'plain@vitaal.test')));
    const brug = await signIn(t, 'boss@brug.test');
    expectFailure(await call('GET', url, brug), 404, 'general', 'rights.errors.employeeNotFound');
    // An existing user who is no employee of the gym at all.
    const gym = await signIn(t, 'gym@example.com');
    expectFailure(
      await call('GET', `/GymEmployee/${ids.admin}/Rights`, gym),
      404,
      'general',
      'rights.errors.employeeNotFound',
    );
    expectFailure(
      await call('GET', '/GymEmployee/abc/Rights', gym),
      400,
      'employeeId',
      'validation.invalidType',
    );
  });
});

describe('PUT /GymEmployee/{employeeId}/Rights', () => {
  const directRights = async (userId: number) =>
    (await t.db.select().from(gymRightGrants).where(eq(gymRightGrants.userId, userId)))
      .map((row) => row.right)
      .sort();
  const locationRightsOf = async (userId: number, locationId: number) =>
    (
      await t.db
        .select()
        .from(locationRightGrants)
        .where(and(eq(locationRightGrants.userId, userId), eq(locationRightGrants.locationId, locationId)))
    )
      .map((row) => row.right)
      .sort();

  it('replaces gym rights and the rights of the locations sent, and audits the change', async () => {
    const cookie = await signIn(t, 'gym@example.com');
    const employee = await createEmployee(t, {
      email: 'new@vitaal.test',
      gymId: ids.vitaal,
      gymRights: ['ManageMembers'],
    });
    const saved = ok<GymEmployeeRights>(
      await call('PUT', `/GymEmployee/${employee}/Rights`, cookie, {
        gymRights: ['ManageSubscriptions', 'ManageSubscriptions', 'AlterGymInformation'],
        locationRights: [{ locationId: ids.utrecht, rights: ['ManageLessons', 'ManageEmployees'] }],
      }),
    );
    expect(saved.gymRights).toEqual(['ManageSubscriptions', 'AlterGymInformation']);
    expect(saved.locations.find((location) => location.locationId === ids.utrecht)?.rights).toEqual([
      'ManageEmployees',
      'ManageLessons',
    ]);
    expect(await directRights(employee)).toEqual(['AlterGymInformation', 'ManageSubscriptions']);

    // Only the locations sent change.
    ok(
      await call('PUT', `/GymEmployee/${employee}/Rights`, cookie, {
        locationRights: [{ locationId: ids.amersfoort, rights: ['ManageMemberships'] }],
      }),
    );
    expect(await locationRightsOf(employee, ids.utrecht)).toEqual(['ManageEmployees', 'ManageLessons']);
    expect(await locationRightsOf(employee, ids.amersfoort)).toEqual(['ManageMemberships']);
    expect(await directRights(employee)).toEqual(['AlterGymInformation', 'ManageSubscriptions']);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'GymEmployeeRights'), eq(auditLog.entityId, `${ids.vitaal}:${employee}`)),
      );
    expect(entries).toHaveLength(2);
    expect(entries[0]!.userId).toBe(ids.gymUser);
    expect(Object.keys(entries[0]!.changes as object).sort()).toEqual(['gymRights', 'locations']);
    await t.db.delete(locationRightGrants).where(eq(locationRightGrants.userId, employee));
  });

  it('refuses bad input with a field error and changes nothing', async () => {
    const cookie = await signIn(t, 'gym@example.com');
    const url = `/GymEmployee/${plain}/Rights`;
    expectFailure(
      await call('PUT', url, cookie, { gymRights: ['Fly'] }),
      400,
      'gymRights[0]',
      'validation.invalidValue',
    );
    expectFailure(
      await call('PUT', url, cookie, {
        gymRights: [],
        locationRights: [{ locationId: ids.zwolle, rights: [] }],
      }),
      400,
      'locationRights[0].locationId',
      'rights.errors.locationNotInGym',
    );
    expectFailure(
      await call('PUT', url, cookie, {
        locationRights: [
          { locationId: ids.utrecht, rights: ['ManageLessons'] },
          { locationId: ids.utrecht, rights: [] },
        ],
      }),
      400,
      'locationRights[1].locationId',
      'rights.errors.locationNotInGym',
    );
    expectFailure(
      await call('PUT', url, cookie, {
        locationRights: [{ locationId: ids.utrecht, rights: ['ManageGymRights'] }],
      }),
      400,
      'locationRights[0].rights[0]',
      'validation.invalidValue',
    );
    // Every part is optional, so a misspelt one is refused rather than ignored.
    expectFailure(
      await call('PUT', url, cookie, { gymrights: [] }),
      400,
      'general',
      'validation.unknownField',
    );
    expect(await directRights(plain)).toEqual(['ManageMembers']);
    expect(await locationRightsOf(plain, ids.utrecht)).toEqual([]);
  });

  it('lets each gym right change only its own part', async () => {
    const url = `/GymEmployee/${plain}/Rights`;
    const cookie = await signIn(t, 'locations@vitaal.test');
    expectForbidden(await call('PUT', url, cookie, { gymRights: [...gymRights] }));
    expect(await directRights(plain)).toEqual(['ManageMembers']);
    ok(
      await call('PUT', url, cookie, {
        locationRights: [{ locationId: ids.amersfoort, rights: ['ManageLessons'] }],
      }),
    );
    expect(await locationRightsOf(plain, ids.amersfoort)).toEqual(['ManageLessons']);
    ok(await call('PUT', url, cookie, { locationRights: [{ locationId: ids.amersfoort, rights: [] }] }));
  });

  it('refuses the wrong role, a missing right and another gym', async () => {
    const url = `/GymEmployee/${plain}/Rights`;
    const body = { gymRights: [...gymRights] };
    expectForbidden(await call('PUT', url, await signIn(t, 'werkgever@example.com'), body));
    expectForbidden(await call('PUT', url, await signIn(t, 'plain@vitaal.test'), body));
    expectFailure(
      await call('PUT', url, await signIn(t, 'boss@brug.test'), body),
      404,
      'general',
      'rights.errors.employeeNotFound',
    );
    expect(await directRights(plain)).toEqual(['ManageMembers']);
  });

  it('does not let you take away your own right to manage rights, unless a group still gives it', async () => {
    const boss = await createEmployee(t, {
      email: 'boss@vitaal.test',
      gymId: ids.vitaal,
      gymRights: [...gymRights],
    });
    let cookie = await signIn(t, 'boss@vitaal.test');
    const url = `/GymEmployee/${boss}/Rights`;
    expectFailure(
      await call('PUT', url, cookie, { gymRights: ['ManageMembers'] }),
      400,
      'gymRights',
      'rights.errors.ownManageGymRights',
    );
    expect(await directRights(boss)).toHaveLength(gymRights.length);

    const groupId = await groupOf('Beheerders', ['ManageGymRights']);
    await t.db.insert(gymRightsGroupMembers).values({ groupId, userId: boss });
    const saved = ok<GymEmployeeRights>(await call('PUT', url, cookie, { gymRights: ['ManageMembers'] }));
    expect(saved.gymRights).toEqual(['ManageMembers']);
    expect(saved.groups.map((group) => group.name)).toEqual(['Beheerders']);
    cookie = (await refresh(cookie)).cookie;
    // Someone else's ManageGymRights may go.
    ok(await call('PUT', `/GymEmployee/${plain}/Rights`, cookie, { gymRights: ['ManageMembers'] }));
    await t.db.delete(gymRightsGroups).where(eq(gymRightsGroups.id, groupId));
  });
});
