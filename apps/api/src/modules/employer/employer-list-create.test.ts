import type { EmployerDetail } from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { expectData, expectFailure, expectRefusedFor } from '../../test/expect.ts';
import { invitations } from '../registration/registration.tables.ts';
import {
  addEmployee,
  api,
  create,
  type EmployerList,
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
