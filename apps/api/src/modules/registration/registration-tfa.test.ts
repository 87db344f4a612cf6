import { randomUUID } from 'node:crypto';
import { Environment } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/harness.ts';
import { tfaChallenges } from './registration.tables.ts';
import {
  adminApi,
  complete,
  expectFailure,
  insertInvitation,
  invitationRow,
  inviteAdmin,
  login,
  mailedTfaCode,
  mailsTo,
  NEW_PASSWORD,
  registerAdmin,
  registration,
  request,
  sendTfaCode,
  t,
  userByEmail,
  useTestApp,
  validateTfa,
  wrongCode,
} from './registration-test-setup.ts';

useTestApp();

describe('POST /api/Account/ValidateTfa', () => {
  it('the right code: claims as Admin, session cookies; afterwards sign-in asks for a code', async () => {
    const { id, email, code, tfaCode } = await registerAdmin();
    const response = await validateTfa(code, tfaCode);
    expect(response.statusCode, response.body).toBe(200);
    const { claims } = response.json().data;
    expect(claims).toMatchObject({
      role: 'Admin',
      rights: ['Admin'],
      activeEnvironment: Environment.Admin,
      name: 'Nieuwe Beheerder',
    });
    const names = response.cookies.map((cookie) => cookie.name);
    expect(names).toEqual(expect.arrayContaining(['xp_access', 'xp_refresh']));
    const cookie = cookieHeader(response.cookies);
    const invited = await adminApi.list('', cookie);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await invitationRow(id)).toMatchObject({ status: 'used', usedAt: expect.any(Date) });

    // The code and the registration are spent.
    expectFailure(await validateTfa(code, tfaCode), 404, 'general', 'invitation.errors.used');
    expectFailure(await sendTfaCode(code), 404, 'general', 'invitation.errors.used');
    expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.used');

    // Two-factor stays on: the password alone does not sign in.
    const later = await login(email, NEW_PASSWORD);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data).toEqual({ requiresTfa: true, claims: null });
    expect(later.cookies.map((item) => item.name)).toEqual(['xp_tfa']);
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(2);
  });

  it('refuses a wrong code on the tfaCode field; the right one still works after it', async () => {
    const { code, tfaCode } = await registerAdmin();
    const wrong = await validateTfa(code, wrongCode(tfaCode));
    expectFailure(wrong, 400, 'tfaCode', 'tfa.errors.invalidCode');
    expect(wrong.cookies).toEqual([]);
    expect((await validateTfa(code, tfaCode)).statusCode).toBe(200);
  });

  it('validates the code: six digits', async () => {
    const { code } = await registerAdmin();
    for (const tfaCode of ['12345', '1234567', 'abcdef']) {
      expectFailure(await validateTfa(code, tfaCode), 400, 'tfaCode', 'validation.tfaCode');
    }
    expectFailure(
      await request('POST', '/api/Account/ValidateTfa', { payload: { code } }),
      400,
      'tfaCode',
      'validation.required',
    );
  });

  it('allows 5 tries: after 5 wrong codes even the right one is refused', async () => {
    const { code, tfaCode } = await registerAdmin();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expectFailure(
        await validateTfa(code, wrongCode(tfaCode, attempt)),
        400,
        'tfaCode',
        'tfa.errors.invalidCode',
      );
    }
    const blocked = await validateTfa(code, tfaCode);
    expectFailure(blocked, 400, 'tfaCode', 'tfa.errors.tooManyAttempts');
    expect(blocked.cookies).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const { email, code, tfaCode } = await registerAdmin();
    const user = await userByEmail(email);
    const [challenge] = await t.db.select().from(tfaChallenges).where(eq(tfaChallenges.userId, user!.id));
    const minutes = (challenge!.expiresAt.getTime() - challenge!.sentAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 1);
    await t.db.execute(
      sql`update tfa_challenges set expires_at = now() - interval '1 second' where user_id = ${user!.id}`,
    );
    const response = await validateTfa(code, tfaCode);
    expectFailure(response, 400, 'general', 'tfa.errors.expired');
    expect(response.cookies).toEqual([]);
  });

  it('answers 400 for an invitation not registered yet, 404 for an unknown code', async () => {
    const { code } = await inviteAdmin();
    expectFailure(await validateTfa(code, '123456'), 400, 'general', 'tfa.errors.expired');
    expectFailure(
      await validateTfa(`unknown-${randomUUID()}`, '123456'),
      404,
      'general',
      'invitation.errors.notFound',
    );
  });
});

describe('POST /api/Account/sendRegistrationTfaCode', () => {
  it('answers 429 within 60 s; after it a new code, and the old one no longer works', async () => {
    const { email, code, tfaCode: oldCode } = await registerAdmin();
    const early = await sendTfaCode(code);
    expectFailure(early, 429, 'general', 'tfa.errors.cooldown');
    const retryAfter = Number(early.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(1);

    const user = await userByEmail(email);
    await t.db.execute(
      sql`update tfa_challenges set sent_at = now() - interval '61 seconds' where user_id = ${user!.id}`,
    );
    const resent = await sendTfaCode(code);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ ok: true, data: null, errors: [] });
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(2);
    const newCode = await mailedTfaCode(email);

    // The cooldown starts again.
    expectFailure(await sendTfaCode(code), 429, 'general', 'tfa.errors.cooldown');
    if (newCode !== oldCode) {
      expectFailure(await validateTfa(code, oldCode), 400, 'tfaCode', 'tfa.errors.invalidCode');
    }
    expect((await validateTfa(code, newCode)).statusCode).toBe(200);
  });

  it('a new code gives new tries after the try limit', async () => {
    const { email, code, tfaCode } = await registerAdmin();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await validateTfa(code, wrongCode(tfaCode, attempt))).statusCode).toBe(400);
    }
    expectFailure(await validateTfa(code, tfaCode), 400, 'tfaCode', 'tfa.errors.tooManyAttempts');
    const user = await userByEmail(email);
    await t.db.execute(
      sql`update tfa_challenges set sent_at = now() - interval '61 seconds' where user_id = ${user!.id}`,
    );
    expect((await sendTfaCode(code)).statusCode).toBe(200);
    expect((await validateTfa(code, await mailedTfaCode(email))).statusCode).toBe(200);
  });

  it('answers 400 for an invitation not registered yet, 404 for unknown and cancelled codes', async () => {
    const pending = await inviteAdmin();
    expectFailure(await sendTfaCode(pending.code), 400, 'general', 'tfa.errors.expired');
    expect(await mailsTo(pending.email, 'tfaCode')).toHaveLength(0);
    expectFailure(await sendTfaCode(`unknown-${randomUUID()}`), 404, 'general', 'invitation.errors.notFound');
    const cancelled = await insertInvitation({ status: 'cancelled' });
    expectFailure(await sendTfaCode(cancelled.code), 404, 'general', 'invitation.errors.cancelled');
    expectFailure(await sendTfaCode('short'), 400, 'code', 'validation.tooShort');
  });
});
