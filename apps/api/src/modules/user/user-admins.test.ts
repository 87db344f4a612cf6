import type { Claims } from '@xp/contracts';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from './user.tables.ts';
import {
  ADMIN,
  api,
  auditOf,
  createUser,
  expectData,
  expectFailure,
  makeAdmin,
  NON_ADMINS,
  seededUsers,
  signIn,
  t,
  userIds,
  userRow,
  useTestApp,
} from './user-test-setup.ts';

useTestApp();

describe('PUT /api/Admin/Admins/{id}/revoke', () => {
  it('makes a second admin an employee, audited as a role change', async () => {
    await makeAdmin('content@example.com');
    const contentId = userIds['content@example.com']!;
    const contentCookie = await signIn('content@example.com');
    const admin = await signIn(ADMIN);
    expect(expectData(await api.revoke(admin, contentId))).toBeNull();
    expect((await userRow(contentId)).role).toBe('Employee');
    expect(await auditOf(contentId)).toEqual([
      expect.objectContaining({
        userId: userIds[ADMIN],
        action: 'update',
        changes: { role: { old: 'Admin', new: 'Employee' } },
      }),
    ]);
    const list = expectData<{ tabCounts: Record<string, number> }>(await api.list(admin));
    expect(list.tabCounts).toMatchObject({ Admin: 1, Employee: 3 });

    // The former admin's sessions end with the revocation; signing in again gives the new role, and the
    // admin screens are closed to it.
    expectFailure(await api.refresh(contentCookie), 401, 'general', 'auth.refreshFailed');
    const after = await signIn('content@example.com');
    const refreshed = await api.refresh(after);
    const claims = expectData<{ claims: Claims }>(refreshed).claims;
    expect(claims).toMatchObject({ userId: contentId, role: 'Employee', rights: [] });
    expectFailure(await api.list(after), 403, 'general', 'auth.forbidden');
    expectFailure(await api.revoke(after, userIds[ADMIN]!), 403, 'general', 'auth.forbidden');
  });

  it('answers 409 for the last admin, also when admins revoke each other', async () => {
    const admin = await signIn(ADMIN);
    expectFailure(await api.revoke(admin, userIds[ADMIN]!), 409, 'general', 'user.errors.lastAdmin');
    expect((await userRow(userIds[ADMIN]!)).role).toBe('Admin');
    expect(await auditOf(userIds[ADMIN]!)).toEqual([]);

    await makeAdmin('content@example.com');
    const content = await signIn('content@example.com');
    expect(expectData(await api.revoke(content, userIds[ADMIN]!))).toBeNull();
    expect((await userRow(userIds[ADMIN]!)).role).toBe('Employee');
    // admin@'s session ended with the demotion: its copied cookie cannot revoke the last admin.
    expectFailure(
      await api.revoke(admin, userIds['content@example.com']!),
      401,
      'general',
      'auth.signInRequired',
    );
    expectFailure(
      await api.revoke(content, userIds['content@example.com']!),
      409,
      'general',
      'user.errors.lastAdmin',
    );
    expect((await userRow(userIds['content@example.com']!)).role).toBe('Admin');
  });

  it('leaves exactly one admin when two admins revoke each other at the same time', async () => {
    await makeAdmin('content@example.com');
    const [admin, content] = [await signIn(ADMIN), await signIn('content@example.com')];
    const answers = await Promise.all([
      api.revoke(admin, userIds['content@example.com']!),
      api.revoke(content, userIds[ADMIN]!),
    ]);
    // The loser either finds itself the last admin (409) or, when the other revocation committed before its
    // request began, has no session any more (401).
    const [winner, loser] = answers.map((answer) => answer.statusCode).sort();
    expect(winner).toBe(200);
    expect([401, 409]).toContain(loser);
    const roles = await t.db
      .select({ role: users.role })
      .from(users)
      .where(inArray(users.id, [userIds[ADMIN]!, userIds['content@example.com']!]));
    expect(roles.map((row) => row.role).sort()).toEqual(['Admin', 'Employee']);
  });

  it('answers 404 for an unknown, deleted or non-admin target', async () => {
    const admin = await signIn(ADMIN);
    const gone = await createUser({ role: 'Admin', deletedAt: new Date() });
    for (const id of [999_999, gone.id, ...NON_ADMINS.map((email) => userIds[email]!)]) {
      expectFailure(await api.revoke(admin, id), 404, 'general', 'user.errors.notFound');
    }
    for (const email of NON_ADMINS) {
      expect((await userRow(userIds[email]!)).role).toBe(
        seededUsers.find((row) => row.email === email)!.role,
      );
    }
  });

  it('answers 400 for an invalid id', async () => {
    const admin = await signIn(ADMIN);
    expectFailure(await api.revoke(admin, 'abc'), 400, 'id', 'validation.invalidType');
    expectFailure(await api.revoke(admin, 0), 400, 'id', 'validation.tooSmall');
    expectFailure(await api.revoke(admin, -3), 400, 'id', 'validation.tooSmall');
  });

  it('answers 401 without a session', async () => {
    await makeAdmin('content@example.com');
    expectFailure(
      await api.revoke('', userIds['content@example.com']!),
      401,
      'general',
      'auth.signInRequired',
    );
    expect((await userRow(userIds['content@example.com']!)).role).toBe('Admin');
  });

  it.each(NON_ADMINS.filter((email) => email !== 'content@example.com'))(
    '%s gets 403 and nothing changes',
    async (email) => {
      await makeAdmin('content@example.com');
      const cookie = await signIn(email);
      for (const id of [userIds['content@example.com']!, userIds[ADMIN]!]) {
        expectFailure(await api.revoke(cookie, id), 403, 'general', 'auth.forbidden');
      }
      expect((await userRow(userIds['content@example.com']!)).role).toBe('Admin');
      expect((await userRow(userIds[ADMIN]!)).role).toBe('Admin');
    },
  );
});
