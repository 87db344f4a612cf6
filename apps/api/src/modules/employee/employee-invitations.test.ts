import type { GymEmployee, OpenInvitation } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { expectForbidden } from '../../test/expect.ts';
import { DEMO_PASSWORD } from '../../test/harness.ts';
import { gymEmployees, locationEmployees } from '../organisation/organisation.tables.ts';
import { invitations } from '../registration/registration.tables.ts';
import { createEmployee, expectFailure, ok } from '../rights/test-support.ts';
import { gymRightsGroupMembers, gymRightsGroups } from './employee.tables.ts';
import {
  call,
  cookies,
  emails,
  ids,
  list,
  login,
  mailedCode,
  t,
  unique,
  useTestApp,
} from './employee-test-setup.ts';

useTestApp();

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
