import type { Employer, EmployerDetail, OpenInvitation } from '@xp/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { expectData, expectFailure, expectRefusedFor } from '../../test/expect.ts';
import { cookieHeader } from '../../test/harness.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { employers, employerUsers } from '../organisation/organisation.tables.ts';
import { invitations } from '../registration/registration.tables.ts';
import { users } from '../user/user.tables.ts';
import {
  addEmployee,
  api,
  create,
  employer,
  mailedCode,
  names,
  nonAdmins,
  register,
  signIn,
  t,
  unique,
  useTestApp,
} from './employer-test-setup.ts';

useTestApp();

describe('PUT /Employer', () => {
  it('renames an employer and writes the change to the audit log', async () => {
    const cookie = await signIn('admin@example.com');
    const { employer: created } = await create(cookie, 'Oude Naam');
    expect(
      expectData<Employer>(await api.rename(cookie, { id: created.id, name: 'Nieuwe Naam' })),
    ).toMatchObject({
      id: created.id,
      name: 'Nieuwe Naam',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'Employer'), eq(auditLog.entityId, String(created.id))))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      action: 'update',
      changes: { name: { old: 'Oude Naam', new: 'Nieuwe Naam' } },
    });
    // Its own name in other capitals is no conflict.
    expect(expectData<Employer>(await api.rename(cookie, { id: created.id, name: 'NIEUWE naam' })).name).toBe(
      'NIEUWE naam',
    );
  });

  it('refuses a name in use, an unknown employer and bad input', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(
      await api.rename(cookie, { id: employer.vandenBerg, name: 'BAKKERIJ JANSEN B.V.' }),
      409,
      'name',
      'employer.errors.nameTaken',
    );
    expectFailure(
      await api.rename(cookie, { id: 999_999, name: 'Wie' }),
      404,
      'general',
      'employer.errors.notFound',
    );
    expectFailure(
      await api.rename(cookie, { id: employer.jansen, name: '' }),
      400,
      'name',
      'validation.required',
    );
    expectFailure(await api.rename(cookie, { name: 'Zonder id' }), 400, 'id', 'validation.required');
  });

  it('is for admins only', async () => {
    const body = { id: employer.vandenBerg, name: 'Overgenomen' };
    await expectRefusedFor((cookie) => api.rename(cookie, body), await Promise.all(nonAdmins.map(signIn)));
  });
});

describe('DELETE /Employer/{id}', () => {
  it('is refused while the employer has employees', async () => {
    const cookie = await signIn('admin@example.com');
    await addEmployee(employer.jansen);
    expectFailure(await api.remove(cookie, employer.jansen), 409, 'general', 'employer.errors.hasEmployees');
    expect(names(await api.list(cookie, '?search=Jansen'))).toEqual(['Bakkerij Jansen B.V.']);
  });

  it('removes an employer without employees: its users lose the link, its invitation code ends', async () => {
    const cookie = await signIn('admin@example.com');
    const { employer: created, email } = await create(cookie, 'Tijdelijk B.V.');
    const { code } = await mailedCode(email);
    const second = unique('tweede');
    expectData<OpenInvitation>(await api.invite(cookie, created.id, { email: second }));
    const { code: secondCode } = await mailedCode(second);
    expect((await register(code)).statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));

    expectData(await api.remove(cookie, created.id));
    expect(await t.db.select().from(employers).where(eq(employers.id, created.id))).toEqual([]);
    expect(await t.db.select().from(employerUsers).where(eq(employerUsers.userId, user!.id))).toEqual([]);
    // The account stays; the open invitation is gone with the employer.
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, user!.id))).toHaveLength(1);
    expect((await register(secondCode)).statusCode).toBe(404);
    expectFailure(await api.get(cookie, created.id), 404, 'general', 'employer.errors.notFound');
  });

  it('counts only employees with an account: a deleted account does not keep the employer', async () => {
    const cookie = await signIn('admin@example.com');
    const { employer: created } = await create(cookie, 'Met Oud-werknemer');
    const former = await addEmployee(created.id);
    expect(
      expectData<Employer>(await api.rename(cookie, { id: created.id, name: 'Met Oud-werknemer' }))
        .employeeCount,
    ).toBe(1);
    expectFailure(await api.remove(cookie, created.id), 409, 'general', 'employer.errors.hasEmployees');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, former!.id));
    expectData(await api.remove(cookie, created.id));
  });

  it('takes a deleted employer out of its users’ sessions at their next refresh', async () => {
    const cookie = await signIn('admin@example.com');
    const email = unique('sessie');
    const { employer: created } = await create(cookie, 'Kort Bestaan', email);
    const { code } = await mailedCode(email);
    const registered = await register(code);
    expect(registered.json().data.claims.activeEmployerId).toBe(created.id);
    expectData(await api.remove(cookie, created.id));

    const refresh = (session: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/cookierefresh', headers: { cookie: session } });
    const refreshed = await refresh(cookieHeader(registered.cookies));
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().data.claims.activeEmployerId).toBeNull();
    // Saved: the refresh after it says the same.
    const again = await refresh(cookieHeader(refreshed.cookies));
    expect(again.json().data.claims.activeEmployerId).toBeNull();
  });

  it('keeps an employer with challenges: they would go with it', async () => {
    const cookie = await signIn('admin@example.com');
    const { employer: created } = await create(cookie, 'Met Challenge');
    const [template] = await t.db.select().from(challengeTemplates).limit(1);
    const [challenge] = await t.db
      .insert(challenges)
      .values({
        challengeTemplateId: template!.id,
        templateSnapshot: { ...template!, challengeBannerHash: null } as never,
        name: template!.name,
        employerId: created.id,
        entreoPointsReward: 1,
      })
      .returning();
    expectFailure(await api.remove(cookie, created.id), 409, 'general', 'employer.errors.hasChallenges');
    await t.db.delete(challenges).where(eq(challenges.id, challenge!.id));
    expectData(await api.remove(cookie, created.id));
  });

  it('answers 404 for an unknown employer and 400 for a bad id', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.remove(cookie, 999_999), 404, 'general', 'employer.errors.notFound');
    expect((await api.remove(cookie, 'abc')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    await expectRefusedFor(
      (cookie) => api.remove(cookie, employer.vandenBerg),
      await Promise.all(nonAdmins.map(signIn)),
    );
    expect(names(await api.list(await signIn('admin@example.com'), '?search=Berg'))).toHaveLength(1);
  });
});

describe('GET /Employer/{id} and its invitations', () => {
  it('answers the employer with its users by name', async () => {
    const cookie = await signIn('admin@example.com');
    expect(expectData<EmployerDetail>(await api.get(cookie, employer.jansen))).toMatchObject({
      id: employer.jansen,
      name: 'Bakkerij Jansen B.V.',
      registration: 'complete',
      users: [{ id: expect.any(Number), name: expect.any(String), email: 'werkgever@example.com' }],
    });
  });

  it('lists, resends and cancels the open invitations of that employer only', async () => {
    const cookie = await signIn('admin@example.com');
    const { employer: created, email } = await create(cookie, 'Uitnodiger B.V.');
    const detail = expectData<EmployerDetail>(await api.get(cookie, created.id));
    expect(detail.invitations).toEqual([
      {
        id: expect.any(Number),
        email,
        invitedBy: expect.any(String),
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        isExpired: false,
      },
    ]);
    const invitationId = detail.invitations[0]!.id;
    const { code: first } = await mailedCode(email);

    // Another employer's path does not reach it.
    expectFailure(
      await api.resend(cookie, employer.vandenBerg, invitationId),
      404,
      'general',
      'invitation.errors.notFound',
    );
    const resent = expectData<OpenInvitation>(await api.resend(cookie, created.id, invitationId));
    expect(resent.id).toBe(invitationId);
    const { code: second } = await mailedCode(email);
    expect(second).not.toBe(first);

    expectData(await api.cancel(cookie, created.id, invitationId));
    expect(expectData<EmployerDetail>(await api.get(cookie, created.id)).invitations).toEqual([]);
    expect((await register(second)).statusCode).toBe(404);
    expectFailure(
      await api.cancel(cookie, created.id, invitationId),
      404,
      'general',
      'invitation.errors.notFound',
    );

    // A new contact can be invited; the same address twice is refused.
    const again = unique('opnieuw');
    expect(expectData<OpenInvitation>(await api.invite(cookie, created.id, { email: again })).email).toBe(
      again,
    );
    expectFailure(
      await api.invite(cookie, created.id, { email: again }),
      409,
      'email',
      'invitation.errors.alreadyInvited',
    );
    expectFailure(
      await api.invite(cookie, 999_999, { email: unique('x') }),
      404,
      'general',
      'employer.errors.notFound',
    );
    expectFailure(await api.invite(cookie, created.id, { email: 'nee' }), 400, 'email', expect.any(String));
  });

  it('answers 404 for an unknown employer and 400 for bad ids', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.get(cookie, 999_999), 404, 'general', 'employer.errors.notFound');
    for (const id of ['abc', '0', '-1']) expect((await api.get(cookie, id)).statusCode).toBe(400);
    expect((await api.resend(cookie, employer.jansen, 'x')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const cookies = await Promise.all(nonAdmins.map(signIn));
    const [open] = await t.db
      .select({ id: invitations.id })
      .from(invitations)
      .where(inArray(invitations.status, ['pending']))
      .orderBy(asc(invitations.id))
      .limit(1);
    const invitationId = open?.id ?? 1;
    await expectRefusedFor((cookie) => api.get(cookie, employer.jansen), cookies);
    await expectRefusedFor((cookie) => api.invite(cookie, employer.jansen, { email: unique('n') }), cookies);
    await expectRefusedFor((cookie) => api.resend(cookie, employer.jansen, invitationId), cookies);
    await expectRefusedFor((cookie) => api.cancel(cookie, employer.jansen, invitationId), cookies);
  });
});
