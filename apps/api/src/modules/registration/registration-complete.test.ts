import { randomUUID } from 'node:crypto';
import { type Claims, Environment, type InvitationKind } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userActor } from '../../platform/audit/audit.ts';
import { createTokenSigner } from '../../platform/auth/tokens.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { createUser } from '../../test/factories.ts';
import { cookieHeader } from '../../test/harness.ts';
import { supplierUsers } from '../organisation/organisation.tables.ts';
import { invite, type RegistrationDeps } from './registration.service.ts';
import {
  admin,
  auditOf,
  complete,
  expectFailure,
  getInvitation,
  ids,
  insertInvitation,
  invitationRow,
  inviteAdmin,
  login,
  mailedInvitationCode,
  mailedTfaCode,
  mailsTo,
  NEW_PASSWORD,
  PUBLIC_URL,
  registerAdmin,
  registration,
  sendTfaCode,
  t,
  uniqueEmail,
  userByEmail,
  useTestApp,
  validateTfa,
} from './registration-test-setup.ts';

useTestApp();

describe('GET /api/Account/Invitation/{code}', () => {
  it('answers kind, email, organisation and whether verification is required', async () => {
    const { email, code } = await inviteAdmin();
    const admin = await getInvitation(code);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toEqual({
      ok: true,
      data: {
        kind: 'admin',
        email,
        organisationName: null,
        requiresVerification: true,
        hasAccount: false,
      },
      errors: [],
    });

    const supplier = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    expect((await getInvitation(supplier.code)).json().data).toEqual({
      kind: 'supplier',
      email: supplier.email,
      organisationName: 'FitSupply Nederland',
      requiresVerification: false,
      hasAccount: false,
    });
    const gym = await insertInvitation({ kind: 'gymEmployee', gymId: ids.vitaal });
    expect((await getInvitation(gym.code)).json().data).toMatchObject({
      kind: 'gymEmployee',
      organisationName: 'Vitaal Sportcentra',
      requiresVerification: false,
    });
  });

  it('answers 404 notFound for an unknown code, 400 for a malformed one', async () => {
    expectFailure(
      await getInvitation(`unknown-${randomUUID()}`),
      404,
      'general',
      'invitation.errors.notFound',
    );
    expectFailure(await getInvitation('short'), 400, 'code', 'validation.tooShort');
  });

  it('answers 404 expired for a pending invitation past its expiry', async () => {
    const { id, code } = await inviteAdmin();
    await t.db.execute(sql`update invitations set expires_at = now() - interval '1 second' where id = ${id}`);
    expectFailure(await getInvitation(code), 404, 'general', 'invitation.errors.expired');
    expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.expired');
  });

  it('answers 404 used once registered (also while an admin registration waits for its code)', async () => {
    const waiting = await registerAdmin();
    expectFailure(await getInvitation(waiting.code), 404, 'general', 'invitation.errors.used');
    expect((await validateTfa(waiting.code, waiting.tfaCode)).statusCode).toBe(200);
    expectFailure(await getInvitation(waiting.code), 404, 'general', 'invitation.errors.used');

    const used = await insertInvitation({ kind: 'contentCreator' });
    expect((await complete(registration(used.code))).statusCode).toBe(200);
    expectFailure(await getInvitation(used.code), 404, 'general', 'invitation.errors.used');
  });

  it('answers 404 cancelled for a cancelled invitation', async () => {
    const { code } = await insertInvitation({ status: 'cancelled', cancelledAt: new Date() });
    expectFailure(await getInvitation(code), 404, 'general', 'invitation.errors.cancelled');
  });

  it('rate limits the code endpoints per client address: the 31st call in 15 minutes is a 429', async () => {
    const address = '192.0.2.31';
    const { code } = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    for (let attempt = 1; attempt <= 30; attempt++) {
      const guess = await getInvitation(`guess-${attempt}-${randomUUID()}`, address);
      expect(guess.statusCode, `attempt ${attempt}`).toBe(404);
    }
    const blocked = await getInvitation(code, address);
    expectFailure(blocked, 429, 'general', 'auth.tooManyAttempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The limit counts over every code endpoint of the address.
    expectFailure(await complete(registration(code), address), 429, 'general', 'auth.tooManyAttempts');
    expectFailure(await sendTfaCode(code, address), 429, 'general', 'auth.tooManyAttempts');
    expectFailure(await validateTfa(code, '123456', address), 429, 'general', 'auth.tooManyAttempts');
    // Another address is not affected; the invitation is still open.
    expect((await getInvitation(code)).statusCode).toBe(200);
    // After the window the address may try again.
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '16 minutes' where key = ${`codes:address:${address}`}`,
    );
    expect((await getInvitation(code, address)).statusCode).toBe(200);
  });
});

describe('POST /api/Account/CompleteRegistration', () => {
  it('checks every field with its own key, and a refused registration leaves the invitation open', async () => {
    const { email, code } = await inviteAdmin();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: undefined }, 'firstName', 'validation.required'],
      [{ firstName: '' }, 'firstName', 'validation.required'],
      [{ firstName: '   ' }, 'firstName', 'validation.required'],
      [{ firstName: 'x'.repeat(65) }, 'firstName', 'validation.tooLong'],
      [{ lastName: undefined }, 'lastName', 'validation.required'],
      [{ lastName: '  ' }, 'lastName', 'validation.required'],
      [{ insertion: 'x'.repeat(33) }, 'insertion', 'validation.tooLong'],
      [{ password: undefined, confirmPassword: undefined }, 'password', 'validation.required'],
      [{ password: 'Kort-1234', confirmPassword: 'Kort-1234' }, 'password', 'validation.passwordTooShort'],
      [{ password: 'x'.repeat(201), confirmPassword: 'x'.repeat(201) }, 'password', 'validation.tooLong'],
      [{ confirmPassword: `${NEW_PASSWORD}!` }, 'confirmPassword', 'validation.passwordMismatch'],
      [
        { password: 'password123', confirmPassword: 'password123' },
        'password',
        'validation.passwordTooCommon',
      ],
      [{ password: 'qwertyuiop', confirmPassword: 'qwertyuiop' }, 'password', 'validation.passwordTooCommon'],
      [
        { password: 'Password123', confirmPassword: 'Password123' },
        'password',
        'validation.passwordTooCommon',
      ],
      [{ code: undefined }, 'code', 'validation.required'],
      [{ code: 'short' }, 'code', 'validation.tooShort'],
    ];
    for (const [overrides, key, message] of cases) {
      const response = await complete(registration(code, overrides));
      expect(response.statusCode, `${JSON.stringify(overrides)}: ${response.body}`).toBe(400);
      expectFailure(response, 400, key, message);
    }
    expect(await userByEmail(email)).toBeUndefined();
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(0);
    expect((await getInvitation(code)).statusCode).toBe(200);
    // Still usable.
    expect((await complete(registration(code))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown code', async () => {
    expectFailure(
      await complete(registration(`unknown-${randomUUID()}`)),
      404,
      'general',
      'invitation.errors.notFound',
    );
  });

  it('admin kind: requires verification, sets no cookies, makes the account with two-factor on and mails a code', async () => {
    const { id, email, code } = await inviteAdmin(uniqueEmail('Verifieer'));
    const response = await complete(
      registration(code, { firstName: ' Nieuwe ', insertion: ' van ', lastName: 'Beheerder ' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      data: { requiresVerification: true, claims: null },
      errors: [],
    });
    expect(response.cookies).toEqual([]);

    const user = await userByEmail(email);
    expect(user).toMatchObject({
      email,
      role: 'Admin',
      firstName: 'Nieuwe',
      insertion: 'van',
      lastName: 'Beheerder',
      isTfaEnabled: true,
      deletedAt: null,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await invitationRow(id)).toMatchObject({ status: 'registered', userId: user!.id, usedAt: null });

    const mails = await mailsTo(email, 'tfaCode');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Je verificatiecode');
    await mailedTfaCode(email);

    const audit = await auditOf('User', user!.id);
    expect(audit).toEqual([
      expect.objectContaining({
        userId: user!.id,
        action: 'create',
        changes: { role: { old: null, new: 'Admin' }, registeredFrom: { old: null, new: 'admin' } },
      }),
    ]);

    // The same code a second time.
    expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.used');
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(1);
  });

  it('answers 409 when the address registered in the meantime', async () => {
    const { email, code } = await inviteAdmin();
    await createUser(t, { email: email.toUpperCase(), firstName: 'Al', lastName: 'Bezet' });
    expectFailure(await complete(registration(code)), 409, 'general', 'invitation.errors.alreadyRegistered');
    expect((await getInvitation(code)).statusCode).toBe(200);
  });

  const kinds: {
    kind: Exclude<InvitationKind, 'admin'>;
    organisation: 'gymId' | 'employerId' | 'supplierId' | null;
    role: Claims['role'];
    environment: number;
  }[] = [
    { kind: 'gymEmployee', organisation: 'gymId', role: 'Employee', environment: Environment.Gym },
    { kind: 'employerEmployee', organisation: 'employerId', role: 'Employee', environment: Environment.Gym },
    {
      kind: 'contentCreator',
      organisation: null,
      role: 'ContentCreator',
      environment: Environment.TipsAndTricks,
    },
    { kind: 'gymEmployer', organisation: 'gymId', role: 'Employer', environment: Environment.Employer },
    { kind: 'employer', organisation: 'employerId', role: 'Employer', environment: Environment.Employer },
    { kind: 'supplier', organisation: 'supplierId', role: 'Supplier', environment: Environment.Supplier },
  ];

  it.each(kinds)(
    '$kind (invited with the service): registers without verification, signed in as $role',
    async ({ kind, organisation, role, environment }) => {
      const deps: RegistrationDeps = {
        db: t.db,
        mail: enqueueMail,
        publicUrl: PUBLIC_URL,
        signer: createTokenSigner('x'.repeat(64), 900),
        refreshTokenDays: 30,
      };
      const organisationIds = { gymId: ids.vitaal, employerId: ids.jansen, supplierId: ids.fitSupply };
      const email = uniqueEmail(kind);
      await invite(
        deps,
        admin.claims,
        {
          kind,
          email,
          ...(organisation ? { [organisation]: organisationIds[organisation] } : {}),
        },
        userActor(admin.claims),
      );
      const code = await mailedInvitationCode(email, kind);
      const info = (await getInvitation(code)).json().data;
      expect(info).toMatchObject({ kind, email, requiresVerification: false });

      const response = await complete(registration(code, { firstName: 'Kim', lastName: 'Jansen' }));
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data.requiresVerification).toBe(false);
      expect(data.claims).toMatchObject({ role, activeEnvironment: environment, name: 'Kim Jansen' });
      const names = response.cookies.map((cookie) => cookie.name);
      expect(names).toEqual(expect.arrayContaining(['xp_access', 'xp_refresh']));

      const user = await userByEmail(email);
      expect(user).toMatchObject({ role, isTfaEnabled: false });
      expect(await mailsTo(email, 'tfaCode')).toHaveLength(0);
      expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.used');
      expectFailure(await getInvitation(code), 404, 'general', 'invitation.errors.used');

      // Signs in later with the password and no code.
      const later = await login(email, NEW_PASSWORD);
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json().data.requiresTfa).toBe(false);
    },
  );

  it('supplier kind (inserted with a known code): signed in at once, linked to its supplier', async () => {
    const { id, email, code } = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    const response = await complete(registration(code));
    expect(response.statusCode, response.body).toBe(200);
    const { requiresVerification, claims } = response.json().data;
    expect(requiresVerification).toBe(false);
    expect(claims).toMatchObject({
      role: 'Supplier',
      rights: [],
      activeSupplierId: ids.fitSupply,
      activeEnvironment: Environment.Supplier,
      name: 'Nieuwe Beheerder',
    });
    const cookie = cookieHeader(response.cookies);
    const options = await t.app.inject({ url: '/api/Account/SwitchOptions', headers: { cookie } });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data.suppliers).toEqual([{ id: ids.fitSupply, name: 'FitSupply Nederland' }]);
    expect(options.json().data.employers).toEqual([]);

    const user = await userByEmail(email);
    expect(await t.db.select().from(supplierUsers).where(eq(supplierUsers.userId, user!.id))).toEqual([
      expect.objectContaining({ supplierId: ids.fitSupply }),
    ]);
    expect(await invitationRow(id)).toMatchObject({
      status: 'used',
      userId: user!.id,
      usedAt: expect.any(Date),
    });
    // Nothing to verify for this kind.
    expectFailure(await sendTfaCode(code), 404, 'general', 'invitation.errors.used');
    expectFailure(await validateTfa(code, '123456'), 404, 'general', 'invitation.errors.used');
  });

  it('employer kind: linked to its employer (SwitchOptions shows it, not the other one)', async () => {
    const { code } = await insertInvitation({ kind: 'employer', employerId: ids.jansen });
    const response = await complete(registration(code));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.claims).toMatchObject({ role: 'Employer', activeEmployerId: ids.jansen });
    const options = await t.app.inject({
      url: '/api/Account/SwitchOptions',
      headers: { cookie: cookieHeader(response.cookies) },
    });
    expect(options.json().data.employers).toEqual([{ id: ids.jansen, name: 'Bakkerij Jansen B.V.' }]);
  });
});
