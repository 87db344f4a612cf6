import type { Employer, EmployerDetail, OpenInvitation } from '@xp/contracts';
import { and, asc, desc, eq, inArray, like, notInArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { demoSignIn, expectData, expectFailure, expectRefusedFor } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { employers, employerUsers } from '../organisation/organisation.tables.ts';
import { invitations } from '../registration/registration.tables.ts';
import { users } from '../user/user.tables.ts';

let t: TestApp;
const seeded: { id: number; name: string }[] = [];
const employer = { jansen: 0, vandenBerg: 0 };

beforeAll(async () => {
  t = await createTestApp();
  seeded.push(...(await t.db.select({ id: employers.id, name: employers.name }).from(employers)));
  employer.jansen = seeded.find((row) => row.name === 'Bakkerij Jansen B.V.')!.id;
  employer.vandenBerg = seeded.find((row) => row.name === 'Van den Berg Logistiek')!.id;
});
// Every test leaves the seeded employers as they were, so the tests do not depend on their order.
afterEach(async () => {
  const ids = seeded.map((row) => row.id);
  await t.db.delete(employers).where(notInArray(employers.id, ids));
  for (const { id, name } of seeded) await t.db.update(employers).set({ name }).where(eq(employers.id, id));
  await t.db.delete(auditLog).where(eq(auditLog.entity, 'Employer'));
  await t.db.delete(users).where(like(users.email, 'employer-test-%'));
});
afterAll(() => t.close());

/** Every sign-in from its own address, so the per-address login limit never interferes. */
const signIn = demoSignIn(() => t, 83);
const nonAdmins = [
  'gym@example.com',
  'locatie@example.com',
  'werkgever@example.com',
  'leverancier@example.com',
  'content@example.com',
];

const json = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const api = {
  list: (cookie: string, query = '') => json('GET', `/api/Employer${query}`, cookie),
  get: (cookie: string, id: number | string) => json('GET', `/api/Employer/${id}`, cookie),
  create: (cookie: string, body: unknown) => json('POST', '/api/Employer', cookie, body),
  rename: (cookie: string, body: unknown) => json('PUT', '/api/Employer', cookie, body),
  remove: (cookie: string, id: number | string) => json('DELETE', `/api/Employer/${id}`, cookie),
  invite: (cookie: string, id: number | string, body: unknown) =>
    json('POST', `/api/Employer/${id}/Invitation`, cookie, body),
  resend: (cookie: string, id: number | string, invitationId: number | string) =>
    json('POST', `/api/Employer/${id}/Invitation/${invitationId}/resend`, cookie),
  cancel: (cookie: string, id: number | string, invitationId: number | string) =>
    json('DELETE', `/api/Employer/${id}/Invitation/${invitationId}`, cookie),
};

type EmployerList = { items: Employer[]; total: number; tabCounts: Record<string, number> };
const names = (response: LightMyRequestResponse) =>
  expectData<EmployerList>(response).items.map((item) => item.name);

let counter = 0;
/** Addresses of this file's own accounts and invitations; the accounts go after each test. */
const unique = (prefix: string) => `employer-test-${prefix}-${++counter}@example.com`;

/** An employee of the employer (an account with the role Employee, linked to it). */
async function addEmployee(employerId: number) {
  return createUser(t, {
    email: unique('werknemer'),
    firstName: 'Wim',
    lastName: 'Werknemer',
    password: null,
    employerIds: [employerId],
  });
}

/** The registration code in the newest invitation mail to an address. */
async function mailedCode(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(sql`lower(${mailOutbox.to}) = lower(${to})`, eq(mailOutbox.template, 'invitation')))
    .orderBy(desc(mailOutbox.id));
  expect(mail, `no invitation mail to ${to}`).toBeDefined();
  const match = /\/account\/register\/employer\/(\S+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return { mail: mail!, code: match![1]! };
}

const register = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/CompleteRegistration',
    remoteAddress: `10.84.0.${(counter % 250) + 1}`,
    payload: {
      code,
      firstName: 'Wendy',
      lastName: 'Werkgever',
      password: 'Zonnige-dinsdag-77',
      confirmPassword: 'Zonnige-dinsdag-77',
    },
  });

async function create(cookie: string, name: string, email = unique('contact')) {
  return { employer: expectData<Employer>(await api.create(cookie, { name, email })), email };
}

describe('GET /Employer (admin list)', () => {
  it('answers every employer by name with its counts, registration state and tab counts', async () => {
    const cookie = await signIn('admin@example.com');
    await addEmployee(employer.jansen);
    await addEmployee(employer.jansen);
    const data = expectData<EmployerList>(await api.list(cookie));
    // The demo seed makes werkgever@ a user of Jansen; Van den Berg has no users.
    expect(data.items).toEqual([
      {
        id: employer.jansen,
        name: 'Bakkerij Jansen B.V.',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        userCount: 1,
        employeeCount: 2,
        registration: 'complete',
      },
      {
        id: employer.vandenBerg,
        name: 'Van den Berg Logistiek',
        createdAt: expect.any(String),
        userCount: 0,
        employeeCount: 0,
        registration: 'inProgress',
      },
    ]);
    expect(data).toMatchObject({ total: 2, tabCounts: { all: 2, complete: 1, inProgress: 1 } });
  });

  it('filters by registration state, keeping the counts of every tab', async () => {
    const cookie = await signIn('admin@example.com');
    await create(cookie, 'Aannemer Alkmaar');
    const all = { all: 3, complete: 1, inProgress: 2 };
    expect(expectData<EmployerList>(await api.list(cookie, '?registration=complete'))).toMatchObject({
      items: [{ name: 'Bakkerij Jansen B.V.' }],
      total: 1,
      tabCounts: all,
    });
    expect(names(await api.list(cookie, '?registration=inProgress'))).toEqual([
      'Aannemer Alkmaar',
      'Van den Berg Logistiek',
    ]);
    // The tabs count within the search.
    expect(expectData<EmployerList>(await api.list(cookie, '?search=berg')).tabCounts).toEqual({
      all: 1,
      complete: 0,
      inProgress: 1,
    });
  });

  it('searches the name case-insensitively, with LIKE wildcards taken literally', async () => {
    const cookie = await signIn('admin@example.com');
    await create(cookie, 'Fit_lab B.V.');
    expect(names(await api.list(cookie, '?search=JANSEN'))).toEqual(['Bakkerij Jansen B.V.']);
    expect(names(await api.list(cookie, '?search=_'))).toEqual(['Fit_lab B.V.']);
    expect(names(await api.list(cookie, '?search=%25'))).toEqual([]);
  });

  it('sorts by name, creation and employees, both directions, and pages with the total', async () => {
    const cookie = await signIn('admin@example.com');
    await create(cookie, 'Aannemer Alkmaar');
    await addEmployee(employer.jansen);
    expect(names(await api.list(cookie, '?sort=name&direction=desc'))).toEqual([
      'Van den Berg Logistiek',
      'Bakkerij Jansen B.V.',
      'Aannemer Alkmaar',
    ]);
    expect(names(await api.list(cookie, '?sort=createdAt&direction=desc'))[0]).toBe('Aannemer Alkmaar');
    expect(names(await api.list(cookie, '?sort=employeeCount&direction=desc'))[0]).toBe(
      'Bakkerij Jansen B.V.',
    );
    expect(names(await api.list(cookie, '?sort=employeeCount'))[2]).toBe('Bakkerij Jansen B.V.');
    expect(expectData<EmployerList>(await api.list(cookie, '?pageSize=1&page=2'))).toMatchObject({
      items: [{ name: 'Bakkerij Jansen B.V.' }],
      total: 3,
    });
    expect(expectData<EmployerList>(await api.list(cookie, '?pageSize=2&page=5')).items).toEqual([]);
  });

  it('refuses bad paging, sorting, tabs and search with 400 and the field key', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(await api.list(cookie, '?pageSize=101'), 400, 'pageSize', 'validation.tooBig');
    expectFailure(await api.list(cookie, '?sort=userCount'), 400, 'sort', 'validation.invalidValue');
    expectFailure(
      await api.list(cookie, '?registration=done'),
      400,
      'registration',
      'validation.invalidValue',
    );
    expectFailure(await api.list(cookie, `?search=${'a'.repeat(201)}`), 400, 'search', 'validation.tooLong');
  });

  it('is for admins only', async () => {
    await expectRefusedFor((cookie) => api.list(cookie), await Promise.all(nonAdmins.map(signIn)));
  });
});

describe('POST /Employer', () => {
  it('adds the employer and mails its contact an employer invitation, in progress until they register', async () => {
    const cookie = await signIn('admin@example.com');
    const { employer: created, email } = await create(cookie, '  Drukkerij Delta  ');
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Drukkerij Delta',
      createdAt: expect.any(String),
      userCount: 0,
      employeeCount: 0,
      registration: 'inProgress',
    });
    const [invitation] = await t.db.select().from(invitations).where(eq(invitations.employerId, created.id));
    expect(invitation).toMatchObject({ kind: 'employer', email, status: 'pending' });
    const { mail, code } = await mailedCode(email);
    expect(mail.text).toContain('Drukkerij Delta');
    expect(mail.status).toBe('pending');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'Employer'), eq(auditLog.entityId, String(created.id))));
    expect(audits.map((row) => [row.action, row.changes])).toEqual([
      ['create', { name: { old: null, new: 'Drukkerij Delta' } }],
    ]);

    // Registering from the mail makes the contact an Employer of this employer: registration complete.
    const registered = await register(code);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data).toMatchObject({
      requiresVerification: false,
      claims: { role: 'Employer', activeEmployerId: created.id },
    });
    const detail = expectData<EmployerDetail>(await api.get(cookie, created.id));
    expect(detail).toMatchObject({
      userCount: 1,
      registration: 'complete',
      users: [{ name: 'Wendy Werkgever', email }],
      invitations: [],
    });
    expect(names(await api.list(cookie, '?registration=complete'))).toContain('Drukkerij Delta');
  });

  it('refuses a name in use (case-insensitively) with 409 on name, and leaves nothing behind', async () => {
    const cookie = await signIn('admin@example.com');
    const email = unique('dubbel');
    expectFailure(
      await api.create(cookie, { name: 'bakkerij jansen b.v.', email }),
      409,
      'name',
      'employer.errors.nameTaken',
    );
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
    expect(await t.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
  });

  it('refuses an address with an account with 409 on email, and adds no employer', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(
      await api.create(cookie, { name: 'Nieuw Bedrijf', email: 'GYM@example.com' }),
      409,
      'email',
      'invitation.errors.alreadyRegistered',
    );
    expect(names(await api.list(cookie, '?search=Nieuw'))).toEqual([]);
  });

  it('refuses bad input with 400 and the field keys', async () => {
    const cookie = await signIn('admin@example.com');
    expectFailure(
      await api.create(cookie, { name: ' ', email: unique('a') }),
      400,
      'name',
      'validation.required',
    );
    expectFailure(
      await api.create(cookie, { name: 'x'.repeat(101), email: unique('a') }),
      400,
      'name',
      'validation.tooLong',
    );
    expectFailure(
      await api.create(cookie, { name: 'Goed', email: 'geen-adres' }),
      400,
      'email',
      expect.any(String),
    );
    expectFailure(await api.create(cookie, { name: 'Goed' }), 400, 'email', 'validation.required');
  });

  it('is for admins only', async () => {
    const body = { name: 'Niet Toegestaan', email: unique('nee') };
    await expectRefusedFor((cookie) => api.create(cookie, body), await Promise.all(nonAdmins.map(signIn)));
  });
});

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
