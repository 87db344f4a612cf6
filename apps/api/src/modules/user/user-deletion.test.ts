import { randomUUID } from 'node:crypto';
import type { Profile, UserOverviewItem } from '@xp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { DEMO_PASSWORD } from '../../test/harness.ts';
import { sessions } from '../account/account.tables.ts';
import {
  employerUsers,
  gymRightGrants,
  locationRightGrants,
  supplierUsers,
} from '../organisation/organisation.tables.ts';
import { emailChanges, users } from './user.tables.ts';
import {
  ADMIN,
  api,
  auditOf,
  createUser,
  expectData,
  expectFailure,
  loginRequest,
  mailsTo,
  makeAdmin,
  NON_ADMINS,
  org,
  profileOf,
  publicUrl,
  signIn,
  t,
  tokenOf,
  userIds,
  userRow,
  useTestApp,
} from './user-test-setup.ts';

useTestApp();

describe('DELETE /api/account/deleteAccount', () => {
  /** A user with a right or link of every kind, a phone number and an insertion. */
  async function userWithEverything() {
    const user = await createUser({
      firstName: 'Karin',
      insertion: 'de',
      lastName: 'Groot',
      phoneNumber: '0612345678',
      language: 'en',
    });
    await t.db
      .insert(gymRightGrants)
      .values({ userId: user.id, gymId: org.gym, right: 'ManageSubscriptions' });
    await t.db
      .insert(locationRightGrants)
      .values({ userId: user.id, locationId: org.location, right: 'ManageLocationAreas' });
    await t.db.insert(employerUsers).values({ userId: user.id, employerId: org.employer });
    await t.db.insert(supplierUsers).values({ userId: user.id, supplierId: org.supplier });
    return user;
  }

  const countRows = async (id: number) => ({
    gym: (await t.db.select().from(gymRightGrants).where(eq(gymRightGrants.userId, id))).length,
    location: (await t.db.select().from(locationRightGrants).where(eq(locationRightGrants.userId, id)))
      .length,
    employer: (await t.db.select().from(employerUsers).where(eq(employerUsers.userId, id))).length,
    supplier: (await t.db.select().from(supplierUsers).where(eq(supplierUsers.userId, id))).length,
  });

  it('closes the account: no sign-in, anonymised, rights gone, sessions revoked, cookies cleared', async () => {
    const user = await userWithEverything();
    const cookie = await signIn(user.email);
    const otherSession = await signIn(user.email);
    expect(await countRows(user.id)).toEqual({ gym: 1, location: 1, employer: 1, supplier: 1 });

    const response = await api.deleteAccount(cookie, { password: DEMO_PASSWORD });
    expect(expectData(response)).toBeNull();
    const cleared = response.cookies.filter((item) => item.value === '');
    expect(cleared.map((item) => [item.name, item.path]).sort()).toEqual([
      ['xp_access', '/'],
      ['xp_refresh', '/api/account'],
    ]);
    for (const item of cleared) expect(item.expires!.getTime()).toBeLessThan(Date.now());

    // The row stays (invoices, the XP ledger and the audit log refer to it), anonymised.
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      id: user.id,
      email: `deleted-${user.id}@deleted.invalid`,
      firstName: 'Verwijderd',
      insertion: null,
      lastName: 'account',
      phoneNumber: null,
      passwordHash: null,
      isTfaEnabled: false,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await countRows(user.id)).toEqual({ gym: 0, location: 0, employer: 0, supplier: 0 });
    expect(
      (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).map(
        (session) => session.revokedAt !== null,
      ),
    ).toEqual([true, true]);

    // Neither session refreshes; the old access token no longer opens the profile.
    for (const old of [cookie, otherSession]) {
      expectFailure(await api.refresh(old), 401, 'general', 'auth.refreshFailed');
      expectFailure(await api.profile(old), 401, 'general', 'auth.signInRequired');
    }
    expectFailure(
      await api.deleteAccount(otherSession, { password: DEMO_PASSWORD }),
      401,
      'general',
      'auth.signInRequired',
    );
    // No sign-in with the old address, nor the anonymised one.
    expectFailure(await loginRequest(user.email), 400, 'general', 'auth.invalidCredentials');
    expectFailure(await loginRequest(row.email), 400, 'general', 'auth.invalidCredentials');

    const entries = await auditOf(user.id);
    expect(entries.at(-1)).toMatchObject({
      userId: user.id,
      entity: 'User',
      entityId: String(user.id),
      action: 'update',
      changes: { deleted: { old: false, new: true } },
    });
    // The audit entry carries no personal data of the closed account.
    expect(JSON.stringify(entries.at(-1)!.changes)).not.toContain(user.email);

    // Gone from the overview; an admin can no longer mail it.
    const admin = await signIn(ADMIN);
    const list = expectData<{ items: UserOverviewItem[] }>(await api.list(admin, '?pageSize=100'));
    expect(list.items.map((item) => item.id)).not.toContain(user.id);
    expectFailure(
      await api.requestDeletion(admin, { userId: user.id }),
      404,
      'general',
      'user.errors.notFound',
    );
  });

  it('frees the old address for another account', async () => {
    const user = await createUser();
    expectData(await api.deleteAccount(await signIn(user.email), { password: DEMO_PASSWORD }));
    const other = await createUser();
    const newEmail = user.email.toUpperCase();
    expect(
      expectData<Profile>(await api.update(await signIn(other.email), profileOf(other, { email: newEmail })))
        .pendingEmail,
    ).toBe(newEmail);
  });

  it('keeps no personal data in a pending email change and the link stops working', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const newEmail = `prive-${randomUUID()}@example.com`;
    expectData(await api.update(cookie, profileOf(user, { email: newEmail })));
    const token = tokenOf((await mailsTo(newEmail))[0]!);
    expectData(await api.deleteAccount(cookie, { password: DEMO_PASSWORD }));

    expectFailure(await api.confirmEmail({ token }), 400, 'general', 'user.errors.invalidEmailToken');
    expect((await userRow(user.id)).email).toBe(`deleted-${user.id}@deleted.invalid`);
    // "anonymises personal data": the address the user was moving to is personal data as well.
    const pending = await t.db
      .select({ newEmail: emailChanges.newEmail })
      .from(emailChanges)
      .where(eq(emailChanges.userId, user.id));
    expect(pending.map((row) => row.newEmail)).not.toContain(newEmail);
  });

  it('answers 400 on password for a wrong password and keeps the account', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    for (const password of ['wrong-password', DEMO_PASSWORD.toUpperCase(), ` ${DEMO_PASSWORD}`]) {
      const response = await api.deleteAccount(cookie, { password });
      expectFailure(response, 400, 'password', 'user.errors.wrongPassword');
      expect(response.cookies).toEqual([]);
    }
    expect(await userRow(user.id)).toEqual(user);
    expect(await auditOf(user.id)).toEqual([]);
    expect(expectData<Profile>(await api.profile(cookie)).email).toBe(user.email);
    expect((await api.refresh(cookie)).statusCode).toBe(200);
  });

  it('answers 400 with the key of an invalid body', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    expectFailure(await api.deleteAccount(cookie, {}), 400, 'password', 'validation.required');
    expectFailure(await api.deleteAccount(cookie, { password: '' }), 400, 'password', 'validation.required');
    expectFailure(
      await api.deleteAccount(cookie, { password: 'x'.repeat(201) }),
      400,
      'password',
      'validation.tooLong',
    );
    expectFailure(
      await api.deleteAccount(cookie, { password: 1 }),
      400,
      'password',
      'validation.invalidType',
    );
    expect(await userRow(user.id)).toEqual(user);
  });

  it('answers 409 for the last admin, who keeps the account', async () => {
    const cookie = await signIn(ADMIN);
    const response = await api.deleteAccount(cookie, { password: DEMO_PASSWORD });
    expectFailure(response, 409, 'general', 'user.errors.lastAdmin');
    expect(response.cookies).toEqual([]);
    expect(await userRow(userIds[ADMIN]!)).toMatchObject({ email: ADMIN, role: 'Admin', deletedAt: null });
    expect(expectData<Profile>(await api.profile(cookie)).role).toBe('Admin');
    expect((await loginRequest(ADMIN)).statusCode).toBe(200);
  });

  it('lets one of two admins go; then the other is the last', async () => {
    const second = await createUser({ role: 'Admin' });
    expectData(await api.deleteAccount(await signIn(second.email), { password: DEMO_PASSWORD }));
    expect(await userRow(second.id)).toMatchObject({ role: 'Admin', passwordHash: null });
    expect((await userRow(second.id)).deletedAt).not.toBeNull();
    expectFailure(
      await api.deleteAccount(await signIn(ADMIN), { password: DEMO_PASSWORD }),
      409,
      'general',
      'user.errors.lastAdmin',
    );
  });

  it('lets exactly one of two admins go when both close their account at the same time', async () => {
    await makeAdmin('content@example.com');
    const [admin, content] = [await signIn(ADMIN), await signIn('content@example.com')];
    const answers = await Promise.all([
      api.deleteAccount(admin, { password: DEMO_PASSWORD }),
      api.deleteAccount(content, { password: DEMO_PASSWORD }),
    ]);
    // The loser either finds itself the last admin (409) or, when the other revocation committed before its
    // request began, has no session any more (401).
    const [winner, loser] = answers.map((answer) => answer.statusCode).sort();
    expect(winner).toBe(200);
    expect([401, 409]).toContain(loser);
    const admins = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'Admin'), sql`${users.deletedAt} is null`));
    expect(admins).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    expectFailure(
      await api.deleteAccount('', { password: DEMO_PASSWORD }),
      401,
      'general',
      'auth.signInRequired',
    );
  });

  it('refuses a cross-site request', async () => {
    const user = await createUser();
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/deleteAccount',
      headers: { cookie: await signIn(user.email), origin: 'https://evil.example' },
      payload: { password: DEMO_PASSWORD },
    });
    expectFailure(response, 403, 'general', 'auth.crossOrigin');
    expect(await userRow(user.id)).toEqual(user);
  });
});

describe('POST /api/account/requestAccountDeletion', () => {
  it('mails the user the link to the delete-account page, in their language, and audits it', async () => {
    const user = await createUser({ language: 'en' });
    expect(expectData(await api.requestDeletion(await signIn(ADMIN), { userId: user.id }))).toBeNull();
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'accountDeletionRequest',
      language: 'en',
      subject: 'Request to delete your account',
    });
    expect(mails[0]!.text).toContain(`${publicUrl}/account/delete-account`);
    expect(mails[0]!.html).toContain(`${publicUrl}/account/delete-account`);
    // Only a request: the account is untouched.
    expect(await userRow(user.id)).toEqual(user);
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({
        userId: userIds[ADMIN],
        action: 'create',
        changes: { deletionRequested: { old: null, new: true } },
      }),
    ]);

    expectData(await api.requestDeletion(await signIn(ADMIN), { userId: userIds['gym@example.com'] }));
    expect(await mailsTo('gym@example.com')).toEqual([
      expect.objectContaining({ template: 'accountDeletionRequest', language: 'nl' }),
    ]);
  });

  it('answers 404 for an unknown or deleted user and mails nobody', async () => {
    const cookie = await signIn(ADMIN);
    const before = (await t.db.select().from(mailOutbox)).length;
    expectFailure(
      await api.requestDeletion(cookie, { userId: 999_999 }),
      404,
      'general',
      'user.errors.notFound',
    );
    const gone = await createUser({ deletedAt: new Date() });
    expectFailure(
      await api.requestDeletion(cookie, { userId: gone.id }),
      404,
      'general',
      'user.errors.notFound',
    );
    expect((await t.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('answers 400 with the key of an invalid body', async () => {
    const cookie = await signIn(ADMIN);
    expectFailure(await api.requestDeletion(cookie, {}), 400, 'userId', 'validation.required');
    expectFailure(await api.requestDeletion(cookie, { userId: 0 }), 400, 'userId', 'validation.tooSmall');
    expectFailure(
      await api.requestDeletion(cookie, { userId: 1.5 }),
      400,
      'userId',
      'validation.invalidType',
    );
    expectFailure(
      await api.requestDeletion(cookie, { userId: 'abc' }),
      400,
      'userId',
      'validation.invalidType',
    );
  });

  it('answers 401 without a session', async () => {
    expectFailure(
      await api.requestDeletion('', { userId: userIds['gym@example.com'] }),
      401,
      'general',
      'auth.signInRequired',
    );
  });

  it.each(NON_ADMINS)('%s gets 403 and nobody is mailed', async (email) => {
    const target = await createUser();
    const cookie = await signIn(email);
    expectFailure(await api.requestDeletion(cookie, { userId: target.id }), 403, 'general', 'auth.forbidden');
    expectFailure(
      await api.requestDeletion(cookie, { userId: userIds[email] }),
      403,
      'general',
      'auth.forbidden',
    );
    expect(await mailsTo(target.email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });
});
