import {
  type GymEmployeeRights,
  gymRights,
  type LocationEmployeeRights,
  locationRights,
} from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../employee/employee.tables.ts';
import { gymEmployees, gymRightGrants, locationRightGrants } from '../organisation/organisation.tables.ts';
import { createEmployee, expectFailure, ok, request, seededIds, signIn } from './test-support.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seededIds>>;
let call: ReturnType<typeof request>;
/** An employee of Vitaal who may only manage members (the "missing right" case). */
let plain = 0;
/** Holds every gym right in De Brug (the "other gym" case). */
let brugBoss = 0;
/** Works at Amersfoort with the location right ManageLocationRights there. */
let amersfoortManager = 0;
/** Works at Utrecht with only ManageLessons there. */
let trainer = 0;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seededIds(t);
  call = request(t);
  plain = await createEmployee(t, {
    email: 'plain@vitaal.test',
    firstName: 'Piet',
    lastName: 'Plain',
    gymId: ids.vitaal,
    gymRights: ['ManageMembers'],
  });
  brugBoss = await createEmployee(t, {
    email: 'boss@brug.test',
    gymId: ids.brug,
    gymRights: [...gymRights],
    locations: [{ locationId: ids.zwolle, rights: [] }],
  });
  // Holds only the gym right ManageLocationRights in Vitaal.
  await createEmployee(t, {
    email: 'locations@vitaal.test',
    gymId: ids.vitaal,
    gymRights: ['ManageLocationRights'],
  });
  amersfoortManager = await createEmployee(t, {
    email: 'manager@amersfoort.test',
    firstName: 'Anna',
    lastName: 'Amersfoort',
    gymId: ids.vitaal,
    locations: [{ locationId: ids.amersfoort, rights: ['ManageLocationRights'] }],
  });
  trainer = await createEmployee(t, {
    email: 'trainer@utrecht.test',
    firstName: 'Tom',
    lastName: 'Trainer',
    gymId: ids.vitaal,
    locations: [{ locationId: ids.utrecht, rights: ['ManageLessons'] }],
  });
});
afterAll(() => t.close());

const refresh = async (cookie: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/cookierefresh',
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    cookie: cookieHeader(response.cookies, cookie),
    gymRights: response.json().data.claims.gymRights as string[],
  };
};

const groupOf = async (name: string, rights: string[]) =>
  (await t.db.insert(gymRightsGroups).values({ gymId: ids.vitaal, name, rights }).returning())[0]!.id;

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

describe('location rights', () => {
  it('GET /Location/{id}/Rights: the matrix of the location, paged, searched and sorted', async () => {
    const cookie = await signIn(t, 'locatie@example.com');
    const page = ok<{ items: { name: string; rights: string[] }[]; total: number }>(
      await call('GET', `/Location/${ids.utrecht}/Rights`, cookie),
    );
    expect(page.items.map((row) => row.name)).toEqual(['Fatima el Amrani', 'Tom Trainer']);
    expect(page.items[0]!.rights).toEqual([...locationRights]);
    expect(page.items[1]!.rights).toEqual(['ManageLessons']);
    const searched = ok<{ items: { name: string }[]; total: number }>(
      await call('GET', `/Location/${ids.utrecht}/Rights?search=TRAINER&pageSize=1`, cookie),
    );
    expect(searched).toMatchObject({ total: 1, items: [{ name: 'Tom Trainer' }] });
    const sorted = ok<{ items: { name: string }[]; total: number }>(
      await call('GET', `/Location/${ids.utrecht}/Rights?sort=name&direction=desc&pageSize=1&page=2`, cookie),
    );
    expect(sorted).toMatchObject({ total: 2, items: [{ name: 'Fatima el Amrani' }] });
    expectFailure(
      await call('GET', `/Location/${ids.utrecht}/Rights?sort=secret`, cookie),
      400,
      'sort',
      'validation.invalidValue',
    );
  });

  it('GET and PUT one employee: replaces their rights on the location and audits it', async () => {
    const cookie = await signIn(t, 'locatie@example.com');
    const url = `/Location/${ids.utrecht}/Employee/${trainer}/Rights`;
    expect(ok<LocationEmployeeRights>(await call('GET', url, cookie))).toEqual({
      employeeId: trainer,
      name: 'Tom Trainer',
      email: 'trainer@utrecht.test',
      locationId: ids.utrecht,
      locationName: 'Vitaal Utrecht Centrum',
      rights: ['ManageLessons'],
    });
    const saved = ok<LocationEmployeeRights>(
      await call('PUT', url, cookie, {
        rights: ['ManageLessons', 'ManageMembershipEntries', 'ManageLessons'],
      }),
    );
    expect(saved.rights).toEqual(['ManageMembershipEntries', 'ManageLessons']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'LocationEmployeeRights'),
          eq(auditLog.entityId, `${ids.utrecht}:${trainer}`),
        ),
      );
    expect(entry?.changes).toEqual({
      rights: { old: ['ManageLessons'], new: ['ManageMembershipEntries', 'ManageLessons'] },
    });
    ok(await call('PUT', url, cookie, { rights: ['ManageLessons'] }));
  });

  it('refuses bad input and changes nothing', async () => {
    const cookie = await signIn(t, 'locatie@example.com');
    const url = `/Location/${ids.utrecht}/Employee/${trainer}/Rights`;
    expectFailure(
      await call('PUT', url, cookie, { rights: ['ManageGymRights'] }),
      400,
      'rights[0]',
      'validation.invalidValue',
    );
    expectFailure(await call('PUT', url, cookie, {}), 400, 'rights', 'validation.required');
    expect(ok<LocationEmployeeRights>(await call('GET', url, cookie)).rights).toEqual(['ManageLessons']);
  });

  it('does not let you take away your own ManageLocationRights', async () => {
    const cookie = await signIn(t, 'locatie@example.com');
    expectFailure(
      await call('PUT', `/Location/${ids.utrecht}/Employee/${ids.locationUser}/Rights`, cookie, {
        rights: ['ManageLessons'],
      }),
      400,
      'rights',
      'rights.errors.ownManageLocationRights',
    );
    const mine = ok<LocationEmployeeRights>(
      await call('GET', `/Location/${ids.utrecht}/Employee/${ids.locationUser}/Rights`, cookie),
    );
    expect(mine.rights).toEqual([...locationRights]);
  });

  it('refuses the wrong role, a missing right, other locations and other gyms', async () => {
    const matrix = `/Location/${ids.utrecht}/Rights`;
    const one = `/Location/${ids.utrecht}/Employee/${trainer}/Rights`;
    const body = { rights: [...locationRights] };
    const employer = await signIn(t, 'werkgever@example.com');
    const lessonsOnly = await signIn(t, 'trainer@utrecht.test');
    for (const cookie of [employer, lessonsOnly]) {
      expectForbidden(await call('GET', matrix, cookie));
      expectForbidden(await call('GET', one, cookie));
      expectForbidden(await call('PUT', one, cookie, body));
    }
    // Manages Amersfoort, not Utrecht (the same gym).
    const amersfoort = await signIn(t, 'manager@amersfoort.test');
    ok(await call('GET', `/Location/${ids.amersfoort}/Rights`, amersfoort));
    expectForbidden(await call('GET', matrix, amersfoort));
    expectForbidden(await call('PUT', one, amersfoort, body));
    // Another gym's location, and an employee who does not work at the location.
    const fatima = await signIn(t, 'locatie@example.com');
    expectFailure(
      await call('GET', `/Location/${ids.zwolle}/Rights`, fatima),
      404,
      'general',
      'rights.errors.locationNotFound',
    );
    expectFailure(
      await call('PUT', `/Location/${ids.zwolle}/Employee/${brugBoss}/Rights`, fatima, body),
      404,
      'general',
      'rights.errors.locationNotFound',
    );
    expectFailure(
      await call('PUT', `/Location/${ids.utrecht}/Employee/${amersfoortManager}/Rights`, fatima, body),
      404,
      'general',
      'rights.errors.employeeNotFound',
    );
    expect(ok<LocationEmployeeRights>(await call('GET', one, fatima)).rights).toEqual(['ManageLessons']);
  });
});
