import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { createUser, type UserSpec } from '../../test/factories.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { suppliers } from '../organisation/organisation.tables.ts';
import { tfaChallenges } from '../registration/registration.tables.ts';
import { users } from '../user/user.tables.ts';

/**
 * Sign-in with two-factor: `cookielogin` answers `requiresTfa` and sets the pending sign-in cookie
 * (`xp_tfa`), the mailed code finishes it at `cookielogintfa`, `cookielogintfa/resend` mails a new one.
 */

let t: TestApp;
let fitSupplyId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const [supplier] = await t.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.name, 'FitSupply Nederland'));
  fitSupplyId = supplier!.id;
});
afterAll(() => t.close());

/** Every request from its own client address, so the per-address limits never interfere. */
let addressCount = 0;
const nextAddress = () => `10.51.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

const post = (url: string, payload?: unknown, cookie = '', remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: cookie ? { cookie } : {},
  });
const login = (email: string, password = DEMO_PASSWORD, remoteAddress = nextAddress()) =>
  post('/api/account/cookielogin', { email, password }, '', remoteAddress);
const loginTfa = (cookie: string, tfaCode: string, remoteAddress = nextAddress()) =>
  post('/api/account/cookielogintfa', { tfaCode }, cookie, remoteAddress);
const resend = (cookie: string) => post('/api/account/cookielogintfa/resend', undefined, cookie);

function expectFailure(response: LightMyRequestResponse, status: number, key: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.ok).toBe(false);
  expect(body.data).toBeNull();
  expect(body.errors).toContainEqual({ key, message });
}

/** The newest mail to an address, from the outbox. */
async function newestMail(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${to})`)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}
const mailsTo = async (to: string, template = 'tfaCode') =>
  (
    await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(sql`lower(${mailOutbox.to}) = lower(${to})`, eq(mailOutbox.template, template)))
  ).length;

/** The six-digit code of the newest code mail to an address. */
async function mailedCode(to: string) {
  const mail = await newestMail(to);
  expect(mail?.template).toBe('tfaCode');
  const code = /^\s+(\d{6})$/m.exec(mail!.text)?.[1];
  expect(code, mail!.text).toMatch(/^\d{6}$/);
  return code!;
}

/** A six-digit code that is not `code`. */
const wrongCode = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');

/** A new account of its own with two-factor on and the demo password. */
async function createTfaUser(overrides: UserSpec = {}) {
  const user = await createUser(t, {
    firstName: 'Twee',
    lastName: 'Factor',
    isTfaEnabled: true,
    ...overrides,
  });
  return user.email;
}

const userIdOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`))[0]!
    .id;

/** Signs in with the password and answers the pending sign-in cookie and the mailed code. */
async function startLogin(email: string) {
  const response = await login(email);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().data).toEqual({ requiresTfa: true, claims: null });
  return { cookie: cookieHeader(response.cookies), code: await mailedCode(email), response };
}

/** Moves every open sign-in challenge of the user back in time, past the resend cooldown. */
const pastCooldown = async (email: string) =>
  t.db.execute(
    sql`update tfa_challenges set sent_at = now() - interval '61 seconds' where user_id = ${await userIdOf(email)}`,
  );

describe('cookielogin with two-factor on', () => {
  it('answers requiresTfa without claims or session cookies, and mails a code (demo user switched on)', async () => {
    await t.db.execute(
      sql`update users set is_tfa_enabled = true where email = ${'leverancier@example.com'}`,
    );
    const before = await mailsTo('leverancier@example.com');
    const response = await login('Leverancier@Example.com');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, data: { requiresTfa: true, claims: null }, errors: [] });

    const names = response.cookies.map((cookie) => cookie.name);
    expect(names).toEqual(['xp_tfa']);
    const pending = response.cookies[0]!;
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/account', maxAge: 600 });

    expect(await mailsTo('leverancier@example.com')).toBe(before + 1);
    const mail = await newestMail('leverancier@example.com');
    expect(mail).toMatchObject({ to: 'leverancier@example.com', subject: 'Je verificatiecode' });
    const code = await mailedCode('leverancier@example.com');
    // The cookie names the pending sign-in, never the code.
    expect(pending.value).not.toContain(code);

    // Without the code the pending sign-in opens nothing.
    const cookie = cookieHeader(response.cookies);
    expectFailure(
      await t.app.inject({ url: '/api/Account/SwitchOptions', headers: { cookie } }),
      401,
      'general',
      'auth.signInRequired',
    );

    const finished = await loginTfa(cookie, code);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().data.claims).toMatchObject({
      role: 'Supplier',
      activeSupplierId: fitSupplyId,
      name: expect.any(String),
    });
    const session = cookieHeader(finished.cookies, cookie);
    const options = await t.app.inject({ url: '/api/Account/SwitchOptions', headers: { cookie: session } });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data.suppliers).toEqual([{ id: fitSupplyId, name: 'FitSupply Nederland' }]);
  });

  it('still answers invalid credentials for a wrong password, without a code mail or cookie', async () => {
    const email = await createTfaUser();
    const response = await login(email, 'not-the-password');
    expectFailure(response, 400, 'general', 'auth.invalidCredentials');
    expect(response.cookies).toEqual([]);
    expect(await mailsTo(email)).toBe(0);
  });

  it('mails the code in the language of the user', async () => {
    const email = await createTfaUser({ language: 'en' });
    await startLogin(email);
    expect((await newestMail(email))!.subject).toBe('Your verification code');
  });
});

describe('cookielogintfa', () => {
  it('finishes the sign-in with the right code: claims, session cookies, the pending cookie cleared, audited', async () => {
    const email = await createTfaUser();
    const userId = await userIdOf(email);
    const { cookie, code } = await startLogin(email);

    const response = await loginTfa(cookie, ` ${code} `);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(body.data.claims).toMatchObject({ userId, role: 'Employee', name: 'Twee Factor' });
    const set = new Map(response.cookies.map((item) => [item.name, item]));
    expect(set.get('xp_access')?.value).toBeTruthy();
    expect(set.get('xp_refresh')?.value).toBeTruthy();
    expect(set.get('xp_access')).toMatchObject({ httpOnly: true });
    expect(set.get('xp_tfa')?.value).toBe('');

    const session = cookieHeader(response.cookies, cookie);
    expect(session).not.toContain('xp_tfa');
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookierefresh',
      headers: { cookie: session },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().data.claims.userId).toBe(userId);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'SignIn'), eq(auditLog.entityId, String(userId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ userId, action: 'create' });
    expect(entry!.changes).toEqual({ outcome: { old: null, new: 'signedInWithTfa' } });
  });

  it('a code works once: the same pending sign-in cannot be finished again', async () => {
    const email = await createTfaUser();
    const { cookie, code } = await startLogin(email);
    expect((await loginTfa(cookie, code)).statusCode).toBe(200);
    expectFailure(await loginTfa(cookie, code), 400, 'general', 'tfa.errors.expired');
  });

  it('answers 400 without the pending sign-in cookie, or with an unknown one', async () => {
    const email = await createTfaUser();
    const { code } = await startLogin(email);
    const none = await loginTfa('', code);
    expectFailure(none, 400, 'general', 'tfa.errors.expired');
    expect(none.cookies.some((cookie) => cookie.name === 'xp_access')).toBe(false);
    expectFailure(await loginTfa(`xp_tfa=${randomUUID()}`, code), 400, 'general', 'tfa.errors.expired');
  });

  it('answers 400 (not 500) for a pending sign-in cookie that is not an id', async () => {
    const response = await loginTfa('xp_tfa=not-a-challenge-id', '123456');
    expectFailure(response, 400, 'general', 'tfa.errors.expired');
  });

  it('validates the code: six digits', async () => {
    const email = await createTfaUser();
    const { cookie } = await startLogin(email);
    for (const tfaCode of ['12345', '1234567', 'abcdef', '12 456']) {
      expectFailure(await loginTfa(cookie, tfaCode), 400, 'tfaCode', 'validation.tfaCode');
    }
    expectFailure(
      await post('/api/account/cookielogintfa', {}, cookie),
      400,
      'tfaCode',
      'validation.required',
    );
    // Malformed codes are not tries.
    const [challenge] = await t.db
      .select({ attempts: tfaChallenges.attempts })
      .from(tfaChallenges)
      .where(eq(tfaChallenges.userId, await userIdOf(email)));
    expect(challenge!.attempts).toBe(0);
  });

  it('refuses a wrong code on the tfaCode field, and the right code still works after it', async () => {
    const email = await createTfaUser();
    const { cookie, code } = await startLogin(email);
    const wrong = await loginTfa(cookie, wrongCode(code));
    expectFailure(wrong, 400, 'tfaCode', 'tfa.errors.invalidCode');
    expect(wrong.cookies.some((item) => item.name === 'xp_access')).toBe(false);
    expect((await loginTfa(cookie, code)).statusCode).toBe(200);
  });

  it('allows 5 tries: after 5 wrong codes even the right one is refused', async () => {
    const email = await createTfaUser();
    const { cookie, code } = await startLogin(email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expectFailure(
        await loginTfa(cookie, wrongCode(code, attempt)),
        400,
        'tfaCode',
        'tfa.errors.invalidCode',
      );
    }
    const blocked = await loginTfa(cookie, code);
    expectFailure(blocked, 400, 'tfaCode', 'tfa.errors.tooManyAttempts');
    expect(blocked.cookies.some((item) => item.name === 'xp_access')).toBe(false);

    // A new code (after the cooldown) gives new tries.
    await pastCooldown(email);
    const resent = await resend(cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    const next = cookieHeader(resent.cookies, cookie);
    expect((await loginTfa(next, await mailedCode(email))).statusCode).toBe(200);
  });

  it('the 4th wrong try still leaves one for the right code', async () => {
    const email = await createTfaUser();
    const { cookie, code } = await startLogin(email);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expectFailure(
        await loginTfa(cookie, wrongCode(code, attempt)),
        400,
        'tfaCode',
        'tfa.errors.invalidCode',
      );
    }
    expect((await loginTfa(cookie, code)).statusCode).toBe(200);
  });

  it('refuses a code older than 10 minutes', async () => {
    const email = await createTfaUser();
    const { cookie, code } = await startLogin(email);
    const userId = await userIdOf(email);
    const [challenge] = await t.db
      .select({ expiresAt: tfaChallenges.expiresAt, sentAt: tfaChallenges.sentAt })
      .from(tfaChallenges)
      .where(eq(tfaChallenges.userId, userId));
    // Valid 10 minutes from sending.
    expect(challenge!.expiresAt.getTime() - challenge!.sentAt.getTime()).toBeGreaterThanOrEqual(599_000);
    expect(challenge!.expiresAt.getTime() - challenge!.sentAt.getTime()).toBeLessThanOrEqual(601_000);
    await t.db.execute(
      sql`update tfa_challenges set expires_at = now() - interval '1 second' where user_id = ${userId}`,
    );
    const response = await loginTfa(cookie, code);
    expectFailure(response, 400, 'general', 'tfa.errors.expired');
    expect(response.cookies.some((item) => item.name === 'xp_access')).toBe(false);
  });

  it("a pending sign-in of one user cannot be finished with another user's code", async () => {
    const first = await createTfaUser();
    const second = await createTfaUser();
    const one = await startLogin(first);
    const two = await startLogin(second);
    if (one.code !== two.code) {
      expectFailure(await loginTfa(one.cookie, two.code), 400, 'tfaCode', 'tfa.errors.invalidCode');
    }
    const finished = await loginTfa(two.cookie, two.code);
    expect(finished.json().data.claims.userId).toBe(await userIdOf(second));
  });

  it('a new password sign-in replaces the pending one: its cookie no longer works', async () => {
    const email = await createTfaUser();
    const first = await startLogin(email);
    const second = await startLogin(email);
    expectFailure(await loginTfa(first.cookie, first.code), 400, 'general', 'tfa.errors.expired');
    expect((await loginTfa(second.cookie, second.code)).statusCode).toBe(200);
  });

  it('rate limits wrong codes per client address, like the other code endpoints (30 per 15 minutes)', async () => {
    // Wrong codes from one address over several pending sign-ins (each new sign-in gives 5 new tries).
    const address = '192.0.2.91';
    const email = await createTfaUser();
    let answered429 = false;
    for (let round = 0; round < 7 && !answered429; round++) {
      const { cookie, code } = await startLogin(email);
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await loginTfa(cookie, wrongCode(code, attempt), address);
        if (response.statusCode === 429) {
          expectFailure(response, 429, 'general', 'auth.tooManyAttempts');
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
          expect(round * 5 + attempt).toBe(31);
          answered429 = true;
          break;
        }
        expectFailure(response, 400, 'tfaCode', 'tfa.errors.invalidCode');
      }
    }
    expect(answered429, 'cookielogintfa never answered 429 to 35 wrong codes from one address').toBe(true);
  });
});

describe('cookielogintfa/resend', () => {
  it('answers 429 with Retry-After within 60 s, then mails a new code; the old code stops working', async () => {
    const email = await createTfaUser();
    const { cookie, code } = await startLogin(email);

    const early = await resend(cookie);
    expectFailure(early, 429, 'general', 'tfa.errors.cooldown');
    const retryAfter = Number(early.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await mailsTo(email)).toBe(1);

    await pastCooldown(email);
    const resent = await resend(cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ ok: true, data: null, errors: [] });
    expect(await mailsTo(email)).toBe(2);
    const pending = resent.cookies.find((item) => item.name === 'xp_tfa');
    expect(pending).toMatchObject({ httpOnly: true, path: '/api/account', maxAge: 600 });
    const next = cookieHeader(resent.cookies, cookie);
    const newCode = await mailedCode(email);

    // The earlier pending sign-in ended; the new one does not take the old code.
    expectFailure(await loginTfa(cookie, code), 400, 'general', 'tfa.errors.expired');
    if (newCode !== code) {
      expectFailure(await loginTfa(next, code), 400, 'tfaCode', 'tfa.errors.invalidCode');
    }
    // And right after a resend the cooldown starts again.
    expectFailure(await resend(next), 429, 'general', 'tfa.errors.cooldown');
    expect((await loginTfa(next, newCode)).statusCode).toBe(200);
  });

  it('answers 400 without a pending sign-in, or after it was finished', async () => {
    expectFailure(await resend(''), 400, 'general', 'tfa.errors.expired');
    expectFailure(await resend(`xp_tfa=${randomUUID()}`), 400, 'general', 'tfa.errors.expired');

    const email = await createTfaUser();
    const { cookie, code } = await startLogin(email);
    expect((await loginTfa(cookie, code)).statusCode).toBe(200);
    await pastCooldown(email);
    expectFailure(await resend(cookie), 400, 'general', 'tfa.errors.expired');
  });

  it('answers 400 (not 500) for a pending sign-in cookie that is not an id', async () => {
    expectFailure(await resend('xp_tfa=not-a-challenge-id'), 400, 'general', 'tfa.errors.expired');
  });

  it('does not revive an expired pending sign-in', async () => {
    const email = await createTfaUser();
    const { cookie } = await startLogin(email);
    await t.db.execute(
      sql`update tfa_challenges set expires_at = now() - interval '1 second', sent_at = now() - interval '11 minutes' where user_id = ${await userIdOf(email)}`,
    );
    expectFailure(await resend(cookie), 400, 'general', 'tfa.errors.expired');
    expect(await mailsTo(email)).toBe(1);
  });
});
