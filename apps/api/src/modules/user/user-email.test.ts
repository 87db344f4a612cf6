import { randomUUID } from 'node:crypto';
import type { Profile } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/auth/tokens.ts';
import { emailChanges } from './user.tables.ts';
import {
  ADMIN,
  api,
  auditOf,
  createUser,
  expectData,
  expectFailure,
  loginRequest,
  mailsTo,
  profileOf,
  signIn,
  t,
  tokenOf,
  userRow,
  useTestApp,
} from './user-test-setup.ts';

useTestApp();

describe('changing the email address', () => {
  it('mails a link to the new address and applies the address only when it is confirmed', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const newEmail = `nieuw-${randomUUID()}@example.com`;
    const updated = expectData<Profile>(
      await api.update(cookie, profileOf(user, { email: newEmail, firstName: 'Nieuwe' })),
    );
    // The other fields change at once; the address waits for the confirmation.
    expect(updated).toMatchObject({ email: user.email, pendingEmail: newEmail, firstName: 'Nieuwe' });
    expect(expectData<Profile>(await api.profile(cookie))).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });
    expect((await userRow(user.id)).email).toBe(user.email);

    const [change, ...more] = await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id));
    expect(more).toEqual([]);
    expect(change).toMatchObject({ userId: user.id, newEmail, usedAt: null });
    const hoursValid = (change!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(23.9);
    expect(hoursValid).toBeLessThanOrEqual(24);

    // One mail, to the new address only, in the user's language, with the link to the confirm page.
    expect(await mailsTo(user.email)).toEqual([]);
    const mails = await mailsTo(newEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'emailChange',
      language: 'nl',
      subject: 'Bevestig je nieuwe e-mailadres',
    });
    const token = tokenOf(mails[0]!);
    // Only the token's hash is stored.
    expect(change!.tokenHash).toBe(sha256(token));
    expect(change!.tokenHash).not.toContain(token);

    // Until then the old address signs in and the new one does not.
    expectFailure(await loginRequest(newEmail), 400, 'general', 'auth.invalidCredentials');

    expect(expectData(await api.confirmEmail({ token }))).toBeNull();
    expect((await userRow(user.id)).email).toBe(newEmail);
    expect(expectData<Profile>(await api.profile(cookie))).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    expect(
      (await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id)))[0]!.usedAt,
    ).not.toBeNull();
    expect((await loginRequest(newEmail)).statusCode).toBe(200);
    expectFailure(await loginRequest(user.email), 400, 'general', 'auth.invalidCredentials');

    const entries = await auditOf(user.id);
    expect(entries.at(-1)).toMatchObject({
      userId: user.id,
      action: 'update',
      changes: { email: { old: user.email, new: newEmail } },
    });

    // The link works once.
    expectFailure(await api.confirmEmail({ token }), 400, 'general', 'user.errors.invalidEmailToken');
  });

  it('mails in the language the update sets', async () => {
    const user = await createUser();
    const newEmail = `english-${randomUUID()}@example.com`;
    expectData(
      await api.update(await signIn(user.email), profileOf(user, { email: newEmail, language: 'en' })),
    );
    expect(await mailsTo(newEmail)).toEqual([
      expect.objectContaining({
        template: 'emailChange',
        language: 'en',
        subject: 'Confirm your new email address',
      }),
    ]);
  });

  it('answers 409 on email when the address belongs to another user, in any case, and changes nothing', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    for (const email of ['gym@example.com', 'GYM@Example.COM', ` ${ADMIN} `]) {
      const response = await api.update(cookie, profileOf(user, { email, firstName: 'Nooit' }));
      expectFailure(response, 409, 'email', 'user.errors.emailTaken');
      expect(response.json().errors).toHaveLength(1);
    }
    // The whole update was refused: names, audit, pending change and mail alike.
    expect(await userRow(user.id)).toEqual(user);
    expect(await auditOf(user.id)).toEqual([]);
    expect(await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
    expect((await mailsTo('gym@example.com')).filter((mail) => mail.template === 'emailChange')).toEqual([]);
  });

  it('answers 409 when the address was taken between the request and the confirmation', async () => {
    const first = await createUser();
    const second = await createUser();
    const contested = `gedeeld-${randomUUID()}@example.com`;
    expectData(await api.update(await signIn(first.email), profileOf(first, { email: contested })));
    expectData(await api.update(await signIn(second.email), profileOf(second, { email: contested })));
    const [firstMail, secondMail] = await mailsTo(contested);
    expect(expectData(await api.confirmEmail({ token: tokenOf(firstMail!) }))).toBeNull();
    expectFailure(
      await api.confirmEmail({ token: tokenOf(secondMail!) }),
      409,
      'general',
      'user.errors.emailTaken',
    );
    expect((await userRow(first.id)).email).toBe(contested);
    expect((await userRow(second.id)).email).toBe(second.email);
  });

  it('refuses an expired, unknown or malformed token', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const newEmail = `verlopen-${randomUUID()}@example.com`;
    expectData(await api.update(cookie, profileOf(user, { email: newEmail })));
    const token = tokenOf((await mailsTo(newEmail))[0]!);
    await t.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChanges.userId, user.id));
    expect(expectData<Profile>(await api.profile(cookie)).pendingEmail).toBeNull();
    expectFailure(await api.confirmEmail({ token }), 400, 'general', 'user.errors.invalidEmailToken');
    expect((await userRow(user.id)).email).toBe(user.email);

    expectFailure(
      await api.confirmEmail({ token: 'x'.repeat(43) }),
      400,
      'general',
      'user.errors.invalidEmailToken',
    );
    expectFailure(await api.confirmEmail({ token: 'short' }), 400, 'token', 'validation.tooShort');
    expectFailure(await api.confirmEmail({ token: 'x'.repeat(129) }), 400, 'token', 'validation.tooLong');
    expectFailure(await api.confirmEmail({}), 400, 'token', 'validation.required');
    expectFailure(await api.confirmEmail({ token: 12 }), 400, 'token', 'validation.invalidType');
  });
});
