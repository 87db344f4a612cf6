import { randomUUID } from 'node:crypto';
import type { EmployeeSummary, GymEmployee, GymEmployeeDetail, OpenInvitation } from '@xp/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import {
  gymEmployees,
  gymRightGrants,
  locationEmployees,
  locationRightGrants,
} from '../organisation/organisation.tables.ts';
import { invitations } from '../registration/registration.tables.ts';
import { createEmployee, expectFailure, ok, request, seededIds, signIn } from '../rights/test-support.ts';
import { users } from '../user/user.tables.ts';
import { gymRightsGroupMembers, gymRightsGroups } from './employee.tables.ts';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seededIds>>;
let call: ReturnType<typeof request>;
/** Cookies of the demo accounts and of test employees, signed in once. */
const cookies: Record<string, string> = {};

const unique = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const PREFIX = '10.71';
const login = (email: string) => signIn(t, email, PREFIX);

beforeAll(async () => {
  t = await createTestApp();
  ids = await seededIds(t);
  call = request(t);
  cookies.gym = await login('gym@example.com');
  cookies.location = await login('locatie@example.com');
  cookies.admin = await login('admin@example.com');
  cookies.employer = await login('werkgever@example.com');
  // An employee of Vitaal with rights but not ManageMembers.
  await createEmployee(t, {
    email: 'zonder.recht@example.com',
    gymId: ids.vitaal,
    gymRights: ['ManageSubscriptions'],
    locations: [{ locationId: ids.amersfoort, rights: ['ManageLessons'] }],
  });
  cookies.noRight = await login('zonder.recht@example.com');
  // ManageMembers in De Brug, the other gym.
  await createEmployee(t, {
    email: 'brug.beheer@example.com',
    firstName: 'Bram',
    lastName: 'Brug',
    gymId: ids.brug,
    gymRights: ['ManageMembers'],
  });
  cookies.brug = await login('brug.beheer@example.com');
});
afterAll(() => t.close());

const list = <T>(response: Awaited<ReturnType<typeof call>>) => ok<{ items: T[]; total: number }>(response);
const emails = (response: Awaited<ReturnType<typeof call>>) =>
  list<{ email: string }>(response).items.map((item) => item.email);

const auditOf = (entity: string, entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));

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

/** The registration code in the newest invitation mail to an address. */
async function mailedCode(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(sql`lower(${mailOutbox.to}) = lower(${to})`, eq(mailOutbox.template, 'invitation')))
    .orderBy(desc(mailOutbox.id));
  expect(mail, `no invitation mail to ${to}`).toBeDefined();
  const match = /\/account\/register\/gym\/employee\/(\S+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1]!;
}

describe('gym employee invitations', () => {
  it('invites, lists, resends and cancels within the active gym', async () => {
    const email = unique('nieuw');
    const created = ok<OpenInvitation>(await call('POST', '/GymEmployeeInvitation', cookies.gym!, { email }));
    expect(created).toMatchObject({ email, invitedBy: 'Jeroen Bakker', isExpired: false });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.text).toContain('Vitaal Sportcentra');

    const listed = list<OpenInvitation>(
      await call('GET', `/GymEmployeeInvitation?search=${email}`, cookies.gym!),
    );
    expect(listed).toEqual({ items: [created], total: 1 });
    // The seeded invitation is Vitaal's too; De Brug sees neither.
    expect(emails(await call('GET', '/GymEmployeeInvitation', cookies.gym!))).toContain(
      'nieuwe.collega@example.com',
    );
    expect(emails(await call('GET', '/GymEmployeeInvitation', cookies.brug!))).toEqual([]);
    expect(
      emails(await call('GET', '/GymEmployeeInvitation?sort=email&direction=desc', cookies.gym!))[0],
    ).toBe('nieuwe.collega@example.com');

    const firstCode = await mailedCode(email);
    const resent = ok<OpenInvitation>(
      await call('POST', `/GymEmployeeInvitation/${created.id}/resend`, cookies.gym!),
    );
    expect(resent.id).toBe(created.id);
    expect(await mailedCode(email)).not.toBe(firstCode);

    // Another gym cannot touch it.
    expectFailure(
      await call('POST', `/GymEmployeeInvitation/${created.id}/resend`, cookies.brug!),
      404,
      'general',
      'invitation.errors.notFound',
    );
    expectFailure(
      await call('DELETE', `/GymEmployeeInvitation/${created.id}`, cookies.brug!),
      404,
      'general',
      'invitation.errors.notFound',
    );

    expect(ok(await call('DELETE', `/GymEmployeeInvitation/${created.id}`, cookies.gym!))).toBeNull();
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, created.id));
    expect(row!.status).toBe('cancelled');
    expect(emails(await call('GET', '/GymEmployeeInvitation', cookies.gym!))).not.toContain(email);
    expectFailure(
      await call('DELETE', `/GymEmployeeInvitation/${created.id}`, cookies.gym!),
      404,
      'general',
      'invitation.errors.notFound',
    );
  });

  it('refuses an admin invitation through the employee calls', async () => {
    const admin = ok<OpenInvitation>(
      await call('POST', '/Admin/Invitation', cookies.admin!, { email: unique('beheer') }),
    );
    expectFailure(
      await call('POST', `/GymEmployeeInvitation/${admin.id}/resend`, cookies.gym!),
      404,
      'general',
      'invitation.errors.notFound',
    );
    expectFailure(
      await call('DELETE', `/GymEmployeeInvitation/${admin.id}`, cookies.gym!),
      404,
      'general',
      'invitation.errors.notFound',
    );
    // And the admin list does not show employee invitations.
    expect(emails(await call('GET', '/Admin/Invitation?pageSize=100', cookies.admin!))).not.toContain(
      'nieuwe.collega@example.com',
    );
  });

  it('refuses bad addresses, employees, accounts and addresses invited already, on the email field', async () => {
    const post = (email: unknown) => call('POST', '/GymEmployeeInvitation', cookies.gym!, { email });
    expectFailure(await post('geen-adres'), 400, 'email', expect.any(String));
    expectFailure(await post(''), 400, 'email', expect.any(String));
    expectFailure(
      await call('POST', '/GymEmployeeInvitation', cookies.gym!, {}),
      400,
      'email',
      'validation.required',
    );
    expectFailure(await post('LOCATIE@example.com'), 409, 'email', 'employee.errors.alreadyEmployee');
    expectFailure(await post('werkgever@example.com'), 409, 'email', 'invitation.errors.alreadyRegistered');
    expectFailure(await post('nieuwe.collega@example.com'), 409, 'email', 'invitation.errors.alreadyInvited');
  });

  it('lets a second gym invite an address that another gym invited already', async () => {
    expectFailure(
      await call('POST', '/GymEmployeeInvitation', cookies.gym!, { email: 'nieuwe.collega@example.com' }),
      409,
      'email',
      'invitation.errors.alreadyInvited',
    );
    ok(await call('POST', '/GymEmployeeInvitation', cookies.brug!, { email: 'nieuwe.collega@example.com' }));
    expect(emails(await call('GET', '/GymEmployeeInvitation', cookies.brug!))).toContain(
      'nieuwe.collega@example.com',
    );
  });

  it('lets an employee of another gym accept, or decline, instead of registering', async () => {
    const answer = (code: string, what: 'Accept' | 'Deny') =>
      t.app.inject({ method: 'POST', url: `/api/Account/Invitation/${code}/${what}` });
    const brugEmails = async () => emails(await call('GET', '/GymEmployee?pageSize=100', cookies.brug!));

    ok(await call('POST', '/GymEmployeeInvitation', cookies.brug!, { email: 'locatie@example.com' }));
    const code = await mailedCode('locatie@example.com');
    const info = await t.app.inject({ method: 'GET', url: `/api/Account/Invitation/${code}` });
    expect(info.json().data).toMatchObject({ kind: 'gymEmployee', hasAccount: true });
    expect(await brugEmails()).not.toContain('locatie@example.com');

    expect((await answer(code, 'Accept')).statusCode).toBe(200);
    expect(await brugEmails()).toContain('locatie@example.com');
    // Still an employee of Vitaal as well.
    expect(emails(await call('GET', '/GymEmployee?pageSize=100', cookies.gym!))).toContain(
      'locatie@example.com',
    );
    expectFailure(await answer(code, 'Accept'), 404, 'general', 'invitation.errors.used');
    // The spec's employer calls do not take a gym's code.
    expectFailure(
      await t.app.inject({ method: 'POST', url: `/api/EmployerEmployeeInvitation/${code}/Deny` }),
      404,
      'general',
      'invitation.errors.notFound',
    );

    ok(await call('POST', '/GymEmployeeInvitation', cookies.brug!, { email: 'gym@example.com' }));
    const declined = await mailedCode('gym@example.com');
    expect((await answer(declined, 'Deny')).statusCode).toBe(200);
    expect(await brugEmails()).not.toContain('gym@example.com');
    expectFailure(await answer(declined, 'Accept'), 404, 'general', 'invitation.errors.denied');
  });

  it('needs ManageMembers in the active gym', async () => {
    for (const cookie of [cookies.noRight!, cookies.location!, cookies.employer!]) {
      expectForbidden(await call('GET', '/GymEmployeeInvitation', cookie));
      expectForbidden(await call('POST', '/GymEmployeeInvitation', cookie, { email: unique('x') }));
      expectForbidden(await call('POST', '/GymEmployeeInvitation/1/resend', cookie));
      expectForbidden(await call('DELETE', '/GymEmployeeInvitation/1', cookie));
    }
  });

  it('makes whoever registers from it an employee of the gym', async () => {
    const email = unique('collega');
    ok(await call('POST', '/GymEmployeeInvitation', cookies.gym!, { email }));
    const code = await mailedCode(email);
    const registered = ok<{ requiresVerification: boolean; claims: { userId: number } }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/Account/CompleteRegistration',
        payload: {
          code,
          firstName: 'Nina',
          lastName: 'Nieuw',
          password: DEMO_PASSWORD,
          confirmPassword: DEMO_PASSWORD,
        },
        remoteAddress: '10.72.0.1',
      }),
    );
    expect(registered.requiresVerification).toBe(false);
    const userId = registered.claims.userId;
    const links = await t.db.select().from(gymEmployees).where(eq(gymEmployees.userId, userId));
    expect(links.map((row) => row.gymId)).toEqual([ids.vitaal]);
    expect(list<GymEmployee>(await call('GET', `/GymEmployee?search=${email}`, cookies.gym!)).items).toEqual([
      { employeeId: userId, name: 'Nina Nieuw', email, phoneNumber: null, locationCount: 0 },
    ]);
    expect(emails(await call('GET', '/GymEmployeeInvitation', cookies.gym!))).not.toContain(email);
  });
});

describe('deleting an account', () => {
  it('removes the employee from their gyms, locations and rights groups', async () => {
    const email = unique('vertrek');
    const userId = await createEmployee(t, {
      email,
      gymId: ids.vitaal,
      locations: [{ locationId: ids.utrecht, rights: ['ManageLessons'] }],
    });
    const [group] = await t.db.select().from(gymRightsGroups).where(eq(gymRightsGroups.gymId, ids.vitaal));
    await t.db.insert(gymRightsGroupMembers).values({ groupId: group!.id, userId });
    const cookie = await login(email);
    ok(await call('DELETE', '/account/deleteAccount', cookie, { password: DEMO_PASSWORD }));
    expect(await t.db.select().from(gymEmployees).where(eq(gymEmployees.userId, userId))).toEqual([]);
    expect(await t.db.select().from(locationEmployees).where(eq(locationEmployees.userId, userId))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(gymRightsGroupMembers).where(eq(gymRightsGroupMembers.userId, userId)),
    ).toEqual([]);
  });
});

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
