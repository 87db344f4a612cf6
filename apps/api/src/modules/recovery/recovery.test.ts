import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { createUser as makeUser, type UserSpec } from '../../test/factories.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { sessions } from '../account/account.tables.ts';
import { users } from '../user/user.tables.ts';
import { FORGOT_ANSWER_MS } from './recovery.service.ts';
import { passwordResets } from './recovery.tables.ts';

const PUBLIC_URL = 'https://backoffice.test';
const NEW_PASSWORD = 'Herfst-Wandel-Soep-77';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(() => t.close());

// --- helpers ------------------------------------------------------------------------------------------------

/** Every request from its own client address, so the per-address limits never interfere. */
let addressCount = 0;
const nextAddress = () => `10.52.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

const forgot = (email: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/forgotPassword',
    payload: { email } as object,
    remoteAddress,
  });
const reset = (payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'PUT', url: '/api/Account/resetPassword', payload, remoteAddress });
const resetBody = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  ...overrides,
});
const checkUsername = (name: string, remoteAddress = nextAddress()) =>
  t.app.inject({ url: `/api/Account/${encodeURIComponent(name)}/checkUsername`, remoteAddress });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
const refresh = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/cookierefresh',
    headers: { cookie },
    remoteAddress: nextAddress(),
  });

function expectFailure(response: LightMyRequestResponse, status: number, key: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.ok).toBe(false);
  expect(body.data).toBeNull();
  expect(body.errors).toContainEqual({ key, message });
}

/** Mails to an address (any case), newest first. */
const mailsTo = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${to})`)
    .orderBy(desc(mailOutbox.id));
const outboxSize = async () => (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;

/** The reset token from the link in the newest reset mail to an address. */
async function mailedToken(to: string) {
  const [mail] = await mailsTo(to);
  expect(mail?.template).toBe('passwordReset');
  const prefix = `${PUBLIC_URL}/account/reset-password?token=`;
  const link = mail!.text.split(/\s+/).find((word) => word.startsWith(prefix));
  expect(link, mail!.text).toBeDefined();
  return decodeURIComponent(link!.slice(prefix.length));
}

/** A new account of its own with the demo password. */
async function createUser(overrides: UserSpec = {}) {
  const email = `herstel-${randomUUID().slice(0, 8)}@example.com`;
  const user = await makeUser(t, { email, firstName: 'Her', lastName: 'Stel', ...overrides });
  return { email: user.email, id: user.id };
}

/** Requests a reset for an account and answers the mailed token. */
async function requestToken(email: string) {
  const response = await forgot(email);
  expect(response.statusCode, response.body).toBe(200);
  return mailedToken(email);
}

// --- forgotPassword -----------------------------------------------------------------------------------------

describe('POST /api/Account/forgotPassword', () => {
  it('answers the same for a known and an unknown address; only the known one gets a mail', async () => {
    const { email, id } = await createUser();
    const unknownEmail = `niemand-${randomUUID().slice(0, 8)}@example.com`;
    const before = await outboxSize();

    const known = await forgot(email);
    const unknown = await forgot(unknownEmail);
    for (const response of [known, unknown]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true, data: null, errors: [] });
      expect(response.cookies).toEqual([]);
    }
    expect(known.body).toBe(unknown.body);
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);

    expect(await outboxSize()).toBe(before + 1);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: email,
      template: 'passwordReset',
      subject: 'Stel je wachtwoord opnieuw in',
      language: 'nl',
    });
    expect(mails[0]!.text).toContain('60 minuten');

    // The token is stored hashed, for one hour.
    const token = await mailedToken(email);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(row!.usedAt).toBeNull();
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59.9);
    expect(minutes).toBeLessThan(60.1);
  });

  it('finds the account in any case and mails it at its own address, in its language', async () => {
    const { email } = await createUser({ language: 'en' });
    expect((await forgot(`  ${email.toUpperCase()} `)).statusCode).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ to: email, subject: 'Reset your password' });
    expect(await mailedToken(email)).toBeTruthy();
  });

  it('answers the same, without a mail, for an account that cannot sign in (invited or deleted)', async () => {
    const invited = await createUser({ password: null });
    const deleted = await createUser({ deletedAt: new Date() });
    for (const { email } of [invited, deleted]) {
      const response = await forgot(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, data: null, errors: [] });
      expect(await mailsTo(email)).toHaveLength(0);
    }
  });

  it('validates the email', async () => {
    const before = await outboxSize();
    for (const [email, message] of [
      ['not-an-email', 'validation.email'],
      ['gym@', 'validation.email'],
      ['', 'validation.required'],
      [undefined, 'validation.required'],
      [42, 'validation.invalidType'],
      [`${'a'.repeat(250)}@example.com`, 'validation.tooLong'],
    ] as const) {
      expectFailure(await forgot(email), 400, 'email', message);
    }
    expect(await outboxSize()).toBe(before);
  });

  it('answers 429 to the 6th request for one account from one address; another address is not blocked', async () => {
    const { email } = await createUser();
    const unknownEmail = `onbekend-${randomUUID().slice(0, 8)}@example.com`;
    for (const [index, account] of [email, unknownEmail].entries()) {
      const caller = `192.0.2.${60 + index}`;
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await forgot(attempt % 2 ? account : account.toUpperCase(), caller);
        expect(response.statusCode, `attempt ${attempt}`).toBe(200);
      }
      const blocked = await forgot(account, caller);
      expectFailure(blocked, 429, 'general', 'auth.tooManyAttempts');
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60 * 60);
      // The owner, from another address, is not blocked by someone else's requests (decision 004).
      expect((await forgot(account, `192.0.2.${70 + index}`)).statusCode).toBe(200);
    }
  });

  it('mails an account at most once a quarter of an hour, whoever asks; the mailed link still works', async () => {
    const { email } = await createUser();
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await forgot(email, `192.0.2.${80 + attempt}`)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(1);
    const token = await mailedToken(email);
    // After the quarter of an hour, a new request mails again.
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '16 minutes' where key = ${`forgot:mail:${user!.id}`}`,
    );
    expect((await forgot(email)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(2);
    // The link mailed first still sets the password.
    expect((await reset(resetBody(token))).statusCode).toBe(200);
  });

  it(`answers in the same time for a known and an unknown account: no sooner than ${FORGOT_ANSWER_MS} ms`, async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await forgot(email);
      expect(response.statusCode).toBe(200);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round++) {
      // A new account each round, so that each known request mails (the slower path).
      known.push(await timed((await createUser()).email));
      unknown.push(await timed(`niemand-${randomUUID().slice(0, 8)}@example.com`));
    }
    // Both paths wait for the same moment: neither can answer sooner, whatever the machine's load.
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(FORGOT_ANSWER_MS - 5);
  });

  it('answers 429 to the 21st request from one client address within an hour', async () => {
    const address = '192.0.2.21';
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await forgot(`spray-${attempt}-${randomUUID().slice(0, 8)}@example.com`, address);
      expect(response.statusCode, `attempt ${attempt}`).toBe(200);
    }
    const { email } = await createUser();
    expectFailure(await forgot(email, address), 429, 'general', 'auth.tooManyAttempts');
    expect(await mailsTo(email)).toHaveLength(0);
    // Another address is not affected.
    expect((await forgot(email)).statusCode).toBe(200);
  });
});

// --- resetPassword ------------------------------------------------------------------------------------------

describe('PUT /api/Account/resetPassword', () => {
  it('sets the new password, ends every session and works once', async () => {
    const { email, id } = await createUser();
    // Two sessions (two browsers) before the reset.
    const sessionA = await login(email, DEMO_PASSWORD);
    const sessionB = await login(email, DEMO_PASSWORD);
    expect(sessionA.statusCode).toBe(200);
    expect(sessionB.statusCode).toBe(200);
    const cookieA = cookieHeader(sessionA.cookies);
    const cookieB = cookieHeader(sessionB.cookies);
    expect((await refresh(cookieB)).statusCode).toBe(200);

    const token = await requestToken(email);
    const response = await reset(resetBody(token));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, data: null, errors: [] });

    // Every session is over.
    expectFailure(await refresh(cookieA), 401, 'general', 'auth.refreshFailed');
    const open = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, id), sql`${sessions.revokedAt} is null`));
    expect(open).toEqual([]);

    // The new password signs in, the old one does not.
    expectFailure(await login(email, DEMO_PASSWORD), 400, 'general', 'auth.invalidCredentials');
    const signedIn = await login(email, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.claims.userId).toBe(id);

    // The link works once.
    expectFailure(
      await reset(resetBody(token, { password: 'Nog-Een-Ander-1', confirmPassword: 'Nog-Een-Ander-1' })),
      400,
      'general',
      'recovery.errors.invalidToken',
    );
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    // Audited, without the password.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'User'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ userId: id, action: 'update' });
    expect(JSON.stringify(entry!.changes)).not.toContain(NEW_PASSWORD);
  });

  it('answers invalidToken for an expired, unknown or malformed token', async () => {
    const { email, id } = await createUser();
    const token = await requestToken(email);
    await t.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${id}`,
    );
    expectFailure(await reset(resetBody(token)), 400, 'general', 'recovery.errors.invalidToken');
    expectFailure(
      await reset(resetBody(`unknown-${randomUUID()}`)),
      400,
      'general',
      'recovery.errors.invalidToken',
    );
    expectFailure(await reset(resetBody('short')), 400, 'token', 'validation.tooShort');
    expectFailure(await reset(resetBody('', {})), 400, 'token', 'validation.tooShort');
    const { token: _token, ...withoutToken } = resetBody(token);
    expectFailure(await reset(withoutToken), 400, 'token', 'validation.required');
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('checks the password rules with their keys; a refused password leaves the link usable', async () => {
    const { email } = await createUser();
    const token = await requestToken(email);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'Kort-1234', confirmPassword: 'Kort-1234' }, 'password', 'validation.passwordTooShort'],
      [{ password: undefined }, 'password', 'validation.required'],
      [{ password: 'x'.repeat(201), confirmPassword: 'x'.repeat(201) }, 'password', 'validation.tooLong'],
      [{ confirmPassword: `${NEW_PASSWORD}?` }, 'confirmPassword', 'validation.passwordMismatch'],
      [
        { password: 'password123', confirmPassword: 'password123' },
        'password',
        'validation.passwordTooCommon',
      ],
      [{ password: 'qwertyuiop', confirmPassword: 'qwertyuiop' }, 'password', 'validation.passwordTooCommon'],
      [{ password: 'QWERTYUIOP', confirmPassword: 'QWERTYUIOP' }, 'password', 'validation.passwordTooCommon'],
    ];
    for (const [overrides, key, message] of cases) {
      const response = await reset(resetBody(token, overrides));
      expect(response.statusCode, `${JSON.stringify(overrides)}: ${response.body}`).toBe(400);
      expectFailure(response, 400, key, message);
    }
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await reset(resetBody(token))).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 429 to the 21st reset from one client address within an hour', async () => {
    const address = '192.0.2.22';
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await reset(resetBody(`guess-${attempt}-${randomUUID()}`), address);
      expectFailure(response, 400, 'general', 'recovery.errors.invalidToken');
    }
    const { email } = await createUser();
    const token = await requestToken(email);
    const blocked = await reset(resetBody(token), address);
    expectFailure(blocked, 429, 'general', 'auth.tooManyAttempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The token was not spent: from another address it works.
    expect((await reset(resetBody(token))).statusCode).toBe(200);
  });
});

// --- checkUsername ------------------------------------------------------------------------------------------

describe('GET /api/Account/{name}/checkUsername', () => {
  it('answers isAvailable false for a taken address in any case, true for a free one', async () => {
    for (const name of ['gym@example.com', 'GYM@Example.com', 'Admin@EXAMPLE.com']) {
      const response = await checkUsername(name);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true, data: { isAvailable: false }, errors: [] });
    }
    const free = await checkUsername(`vrij-${randomUUID().slice(0, 8)}@example.com`);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toEqual({ ok: true, data: { isAvailable: true }, errors: [] });
    // Like-patterns are not wildcards.
    expect((await checkUsername('%@example.com')).json().data).toEqual({ isAvailable: true });
  });

  it('rate limits per client address: the 61st check in 15 minutes is a 429', async () => {
    const address = '192.0.2.61';
    for (let attempt = 1; attempt <= 60; attempt++) {
      expect((await checkUsername(`naam-${attempt}@example.com`, address)).statusCode).toBe(200);
    }
    const blocked = await checkUsername('gym@example.com', address);
    expectFailure(blocked, 429, 'general', 'auth.tooManyAttempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await checkUsername('gym@example.com')).statusCode).toBe(200);
  });
});
