import { gymRights, type RightsEmployee, type RightsGroup } from '@xp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { expectForbidden } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../employee/employee.tables.ts';
import { createEmployee, expectFailure, ok, request, seededIds, signIn } from './test-support.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seededIds>>;
let call: ReturnType<typeof request>;
let gym = '';
let seededGroups: number[] = [];
let brugGroup = 0;
let anna = 0;
let bram = 0;
let stranger = 0;

type Page<T> = { items: T[]; total: number };

beforeAll(async () => {
  t = await createTestApp();
  ids = await seededIds(t);
  call = request(t);
  anna = await createEmployee(t, {
    email: 'anna@vitaal.test',
    firstName: 'Anna',
    lastName: 'Aalders',
    gymId: ids.vitaal,
  });
  bram = await createEmployee(t, {
    email: 'bram@vitaal.test',
    firstName: 'Bram',
    lastName: 'Bos',
    gymId: ids.vitaal,
  });
  await createEmployee(t, { email: 'plain@vitaal.test', gymId: ids.vitaal, gymRights: ['ManageMembers'] });
  stranger = await createEmployee(t, { email: 'boss@brug.test', gymId: ids.brug, gymRights: [...gymRights] });
  brugGroup = (
    await t.db
      .insert(gymRightsGroups)
      .values({ gymId: ids.brug, name: 'Receptie', rights: ['ManageMembers'] })
      .returning()
  )[0]!.id;
  seededGroups = (await t.db.select({ id: gymRightsGroups.id }).from(gymRightsGroups)).map((row) => row.id);
  gym = await signIn(t, 'gym@example.com', '10.62');
});
// Every test leaves the seeded groups and their members as they were.
afterEach(async () => {
  const all = await t.db.select({ id: gymRightsGroups.id }).from(gymRightsGroups);
  const extra = all.map((row) => row.id).filter((id) => !seededGroups.includes(id));
  if (extra.length > 0) await t.db.delete(gymRightsGroups).where(inArray(gymRightsGroups.id, extra));
  await t.db.delete(gymRightsGroupMembers).where(inArray(gymRightsGroupMembers.userId, [anna, bram]));
});
afterAll(() => t.close());

const groupId = async (name: string, gymId = ids.vitaal) =>
  (
    await t.db
      .select({ id: gymRightsGroups.id })
      .from(gymRightsGroups)
      .where(and(eq(gymRightsGroups.gymId, gymId), eq(gymRightsGroups.name, name)))
  )[0]!.id;

const create = (body: unknown, cookie = gym) => call('POST', '/GymRightsGroup', cookie, body);

describe('GET /GymRightsGroup', () => {
  it('lists the groups of the active gym with member counts, searched, sorted and paged', async () => {
    const page = ok<Page<RightsGroup>>(await call('GET', '/GymRightsGroup', gym));
    expect(page.total).toBe(3);
    expect(page.items.map((group) => [group.name, group.memberCount])).toEqual([
      ['Financiële administratie', 0],
      ['Locatiemanagers', 1],
      ['Receptie', 0],
    ]);
    expect(page.items[2]!.rights).toEqual(['ManageMemberships', 'ManageMembers']);
    const searched = ok<Page<RightsGroup>>(await call('GET', '/GymRightsGroup?search=RECEP', gym));
    expect(searched.items.map((group) => group.name)).toEqual(['Receptie']);
    const byMembers = ok<Page<RightsGroup>>(
      await call('GET', '/GymRightsGroup?sort=memberCount&direction=desc&pageSize=1', gym),
    );
    expect(byMembers).toMatchObject({ total: 3, items: [{ name: 'Locatiemanagers' }] });
    expect(ok<Page<RightsGroup>>(await call('GET', '/GymRightsGroup?search=%25', gym)).total).toBe(0);
    expectFailure(
      await call('GET', '/GymRightsGroup?pageSize=1000', gym),
      400,
      'pageSize',
      'validation.tooBig',
    );
  });
});

describe('POST, GET, PUT and DELETE /GymRightsGroup', () => {
  it('creates, reads, changes and deletes a group, and audits each change', async () => {
    const created = ok<RightsGroup>(
      await create({
        name: '  Trainers ',
        rights: ['ManageMembers', 'ManageSubscriptions', 'ManageMembers'],
      }),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Trainers',
      rights: ['ManageSubscriptions', 'ManageMembers'],
      memberCount: 0,
    });
    expect(ok(await call('GET', `/GymRightsGroup/${created.id}`, gym))).toEqual(created);
    const updated = ok<RightsGroup>(
      await call('PUT', '/GymRightsGroup', gym, { id: created.id, name: 'Personal trainers', rights: [] }),
    );
    expect(updated).toMatchObject({ name: 'Personal trainers', rights: [] });
    expect(ok(await call('DELETE', `/GymRightsGroup/${created.id}`, gym))).toBeNull();
    expectFailure(
      await call('GET', `/GymRightsGroup/${created.id}`, gym),
      404,
      'general',
      'rightsGroup.errors.notFound',
    );

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'GymRightsGroup'), eq(auditLog.entityId, String(created.id))));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    expectFailure(await create({ name: '', rights: [] }), 400, 'name', 'validation.required');
    expectFailure(await create({ name: 'x'.repeat(65), rights: [] }), 400, 'name', 'validation.tooLong');
    expectFailure(
      await create({ name: 'Nieuw', rights: ['Fly'] }),
      400,
      'rights[0]',
      'validation.invalidValue',
    );
    expectFailure(await create({ name: 'Nieuw' }), 400, 'rights', 'validation.required');
    expectFailure(
      await create({ name: 'receptie', rights: [] }),
      409,
      'name',
      'rightsGroup.errors.nameTaken',
    );
    const receptie = await groupId('Receptie');
    expectFailure(
      await call('PUT', '/GymRightsGroup', gym, { id: receptie, name: 'LOCATIEMANAGERS', rights: [] }),
      409,
      'name',
      'rightsGroup.errors.nameTaken',
    );
    expectFailure(
      await call('PUT', '/GymRightsGroup', gym, { name: 'Zonder id', rights: [] }),
      400,
      'id',
      'validation.required',
    );
    expect(ok<Page<RightsGroup>>(await call('GET', '/GymRightsGroup', gym)).total).toBe(3);
    // The same name in another gym is fine.
    const brug = await signIn(t, 'boss@brug.test', '10.62');
    expect(ok<RightsGroup>(await create({ name: 'Financiële administratie', rights: [] }, brug)).name).toBe(
      'Financiële administratie',
    );
  });

  it('refuses the wrong role, a missing right, and groups of another gym', async () => {
    const receptie = await groupId('Receptie');
    const employer = await signIn(t, 'werkgever@example.com', '10.62');
    const plain = await signIn(t, 'plain@vitaal.test', '10.62');
    const location = await signIn(t, 'locatie@example.com', '10.62');
    for (const cookie of [employer, plain, location]) {
      expectForbidden(await call('GET', '/GymRightsGroup', cookie));
      expectForbidden(await call('GET', `/GymRightsGroup/${receptie}`, cookie));
      expectForbidden(await create({ name: 'Stiekem', rights: [] }, cookie));
      expectForbidden(
        await call('PUT', '/GymRightsGroup', cookie, { id: receptie, name: 'Stiekem', rights: [] }),
      );
      expectForbidden(await call('DELETE', `/GymRightsGroup/${receptie}`, cookie));
    }
    const brug = await signIn(t, 'boss@brug.test', '10.62');
    expect(
      ok<Page<RightsGroup>>(await call('GET', '/GymRightsGroup', brug)).items.map((group) => group.id),
    ).toEqual([brugGroup]);
    expectFailure(
      await call('GET', `/GymRightsGroup/${receptie}`, brug),
      404,
      'general',
      'rightsGroup.errors.notFound',
    );
    expectFailure(
      await call('PUT', '/GymRightsGroup', brug, { id: receptie, name: 'Overgenomen', rights: [] }),
      404,
      'general',
      'rightsGroup.errors.notFound',
    );
    expectFailure(
      await call('DELETE', `/GymRightsGroup/${receptie}`, brug),
      404,
      'general',
      'rightsGroup.errors.notFound',
    );
    expect(ok<RightsGroup>(await call('GET', `/GymRightsGroup/${receptie}`, gym)).name).toBe('Receptie');
  });
});

describe('members', () => {
  it('adds employees of the gym, lists members and candidates, removes a member', async () => {
    const receptie = await groupId('Receptie');
    const candidates = ok<Page<RightsEmployee>>(
      await call('GET', `/GymRightsGroup/${receptie}/Candidates`, gym),
    );
    const names = candidates.items.map((employee) => employee.name);
    expect(names).toEqual(
      expect.arrayContaining(['Anna Aalders', 'Bram Bos', 'Jeroen Bakker', 'Fatima el Amrani']),
    );
    expect(names).not.toContain('Test boss');

    const added = ok<{ added: number }>(
      await call('POST', `/GymRightsGroup/${receptie}/Employees`, gym, { employeeIds: [anna, bram, anna] }),
    );
    expect(added).toEqual({ added: 2 });
    expect(
      ok<{ added: number }>(
        await call('POST', `/GymRightsGroup/${receptie}/Employees`, gym, { employeeIds: [anna] }),
      ),
    ).toEqual({ added: 0 });
    const members = ok<Page<RightsEmployee>>(await call('GET', `/GymRightsGroup/${receptie}/Employees`, gym));
    expect(members).toEqual({
      total: 2,
      items: [
        { employeeId: anna, name: 'Anna Aalders', email: 'anna@vitaal.test' },
        { employeeId: bram, name: 'Bram Bos', email: 'bram@vitaal.test' },
      ],
    });
    const searched = ok<Page<RightsEmployee>>(
      await call('GET', `/GymRightsGroup/${receptie}/Employees?search=bram@&sort=email&direction=desc`, gym),
    );
    expect(searched.items.map((employee) => employee.employeeId)).toEqual([bram]);
    const left = ok<Page<RightsEmployee>>(
      await call('GET', `/GymRightsGroup/${receptie}/Candidates?search=a`, gym),
    );
    expect(left.items.map((employee) => employee.employeeId)).not.toContain(anna);
    expect(ok<RightsGroup>(await call('GET', `/GymRightsGroup/${receptie}`, gym)).memberCount).toBe(2);

    expect(ok(await call('DELETE', `/GymRightsGroup/${receptie}/Employees/${anna}`, gym))).toBeNull();
    expectFailure(
      await call('DELETE', `/GymRightsGroup/${receptie}/Employees/${anna}`, gym),
      404,
      'general',
      'rightsGroup.errors.memberNotFound',
    );
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'GymRightsGroupMember'), eq(auditLog.entityId, `${receptie}:${anna}`)));
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'delete']);
  });

  it('needs at least one employee, and only employees of the gym', async () => {
    const receptie = await groupId('Receptie');
    const url = `/GymRightsGroup/${receptie}/Employees`;
    expectFailure(
      await call('POST', url, gym, { employeeIds: [] }),
      400,
      'employeeIds',
      'rightsGroup.errors.selectEmployee',
    );
    expectFailure(await call('POST', url, gym, {}), 400, 'employeeIds', 'validation.required');
    expectFailure(
      await call('POST', url, gym, { employeeIds: [0] }),
      400,
      'employeeIds[0]',
      'validation.tooSmall',
    );
    expectFailure(
      await call('POST', url, gym, { employeeIds: [anna, stranger] }),
      400,
      'employeeIds[1]',
      'rightsGroup.errors.notAnEmployee',
    );
    expectFailure(
      await call('POST', url, gym, { employeeIds: [ids.admin] }),
      400,
      'employeeIds[0]',
      'rightsGroup.errors.notAnEmployee',
    );
    expect(ok<Page<RightsEmployee>>(await call('GET', url, gym)).total).toBe(0);
  });

  it('refuses the wrong role, a missing right, and another gym', async () => {
    const receptie = await groupId('Receptie');
    await t.db.insert(gymRightsGroupMembers).values({ groupId: receptie, userId: anna });
    const employer = await signIn(t, 'werkgever@example.com', '10.62');
    const plain = await signIn(t, 'plain@vitaal.test', '10.62');
    const brug = await signIn(t, 'boss@brug.test', '10.62');
    const cases: [string, number, string][] = [
      [employer, 403, 'auth.forbidden'],
      [plain, 403, 'auth.forbidden'],
      [brug, 404, 'rightsGroup.errors.notFound'],
    ];
    for (const [cookie, status, message] of cases) {
      expectFailure(
        await call('GET', `/GymRightsGroup/${receptie}/Employees`, cookie),
        status,
        'general',
        message,
      );
      expectFailure(
        await call('GET', `/GymRightsGroup/${receptie}/Candidates`, cookie),
        status,
        'general',
        message,
      );
      expectFailure(
        await call('POST', `/GymRightsGroup/${receptie}/Employees`, cookie, { employeeIds: [bram] }),
        status,
        'general',
        message,
      );
      expectFailure(
        await call('DELETE', `/GymRightsGroup/${receptie}/Employees/${anna}`, cookie),
        status,
        'general',
        message,
      );
    }
    // De Brug's boss cannot put their own staff into Vitaal's group, nor Vitaal's staff into theirs.
    expectFailure(
      await call('POST', `/GymRightsGroup/${brugGroup}/Employees`, brug, { employeeIds: [bram] }),
      400,
      'employeeIds[0]',
      'rightsGroup.errors.notAnEmployee',
    );
    const members = ok<Page<RightsEmployee>>(await call('GET', `/GymRightsGroup/${receptie}/Employees`, gym));
    expect(members.items.map((employee) => employee.employeeId)).toEqual([anna]);
  });
});

describe('lock-out', () => {
  it('refuses group changes that would take your own ManageGymRights away', async () => {
    // Someone who manages rights only through a group.
    const keeper = await createEmployee(t, {
      email: 'keeper@vitaal.test',
      gymId: ids.vitaal,
      gymRights: ['ManageMembers'],
    });
    const group = ok<RightsGroup>(await create({ name: 'Beheer', rights: ['ManageGymRights'] }));
    await t.db.insert(gymRightsGroupMembers).values({ groupId: group.id, userId: keeper });
    const cookie = await signIn(t, 'keeper@vitaal.test', '10.62');
    const lockOut = [409, 'general', 'rightsGroup.errors.lockOut'] as const;
    expectFailure(
      await call('PUT', '/GymRightsGroup', cookie, { id: group.id, name: 'Beheer', rights: [] }),
      ...lockOut,
    );
    expectFailure(await call('DELETE', `/GymRightsGroup/${group.id}`, cookie), ...lockOut);
    expectFailure(
      await call('DELETE', `/GymRightsGroup/${group.id}/Employees/${keeper}`, cookie),
      ...lockOut,
    );
    expect(ok<RightsGroup>(await call('GET', `/GymRightsGroup/${group.id}`, cookie))).toMatchObject({
      rights: ['ManageGymRights'],
      memberCount: 1,
    });
    // Renaming is fine, and so is the same change made by someone else.
    ok(
      await call('PUT', '/GymRightsGroup', cookie, {
        id: group.id,
        name: 'Beheerders',
        rights: ['ManageGymRights'],
      }),
    );
    ok(await call('DELETE', `/GymRightsGroup/${group.id}/Employees/${keeper}`, gym));
  });
});
