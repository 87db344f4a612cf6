import { randomUUID } from 'node:crypto';
import { type Claims, claimsTag } from '@xp/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.ts';
import { createUser as makeUser } from '../../test/factories.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { employers, employerUsers, gymRightGrants, gyms } from '../organisation/organisation.tables.ts';
import { passwordResets } from '../recovery/recovery.tables.ts';
import { users } from '../user/user.tables.ts';
import { refreshTokens, sessions } from './account.tables.ts';

/**
 * Sessions and rights take effect at once (decision 002): a copied access cookie is refused on its next use
 * after logout, password reset, deletion and demotion, and a change of rights or memberships applies to the
 * next request, without waiting for the access token to expire.
 */
let t: TestApp;
let vitaalId: number;

beforeAll(async () => {
  t = await createTestApp();
  vitaalId = (await t.db.select({ id: gyms.id }).from(gyms).where(eq(gyms.slug, 'vitaal')))[0]!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

async function createUser(role: 'Admin' | 'Employee' | 'Employer' = 'Employee') {
  const user = await makeUser(t, { role, firstName: 'Sessie', lastName: 'Test' });
  return { id: user.id, email: user.email };
}

/** The session ended: 401 without Token-Expired, so the client goes to the login page instead of refreshing. */
function expectEnded(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode).toBe(401);
  expect(response.headers['token-expired']).toBeUndefined();
  expect(response.json().errors[0].message).toBe('auth.signInRequired');
}

describe('a copied access cookie', () => {
  it('is refused on its next use after logout', async () => {
    const cookie = await t.login('content@example.com');
    expect((await call('GET', '/User/CurrentProfileInfo', cookie)).statusCode).toBe(200);
    const copy = cookie;
    expect((await call('POST', '/account/cookielogout', cookie)).statusCode).toBe(200);
    expectEnded(await call('GET', '/User/CurrentProfileInfo', copy));
  });

  it('is refused on its next use after a password reset', async () => {
    const user = await createUser();
    const cookie = await t.login(user.email);
    expect((await call('GET', '/User/CurrentProfileInfo', cookie)).statusCode).toBe(200);
    const token = newOpaqueToken();
    await t.db
      .insert(passwordResets)
      .values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/Account/resetPassword',
      payload: { token, password: 'Herfst-Wandel-Soep-77', confirmPassword: 'Herfst-Wandel-Soep-77' },
    });
    expect(reset.statusCode).toBe(200);
    expectEnded(await call('GET', '/User/CurrentProfileInfo', cookie));
  });

  it('is refused on its next use after the account was deleted', async () => {
    const user = await createUser();
    const cookie = await t.login(user.email);
    const copy = cookie;
    const deleted = await call('DELETE', '/account/deleteAccount', cookie, { password: DEMO_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expectEnded(await call('GET', '/User/CurrentProfileInfo', copy));
  });

  it('of a demoted admin is refused at once: no inviting a new admin in the minutes after', async () => {
    const demoted = await createUser('Admin');
    const cookie = await t.login(demoted.email);
    expect((await call('GET', '/user', cookie)).statusCode).toBe(200);
    const admin = await t.login('admin@example.com');
    expect((await call('PUT', `/Admin/Admins/${demoted.id}/revoke`, admin)).statusCode).toBe(200);
    expectEnded(await call('GET', '/user', cookie));
    const invite = await call('POST', '/Admin/Invitation', cookie, {
      email: `again-${randomUUID()}@example.com`,
    });
    expect(invite.statusCode).toBe(401);
  });

  it('of a user whose role changed in the database carries the new role on the next request', async () => {
    const demoted = await createUser('Admin');
    const cookie = await t.login(demoted.email);
    await t.db.update(users).set({ role: 'Employee' }).where(eq(users.id, demoted.id));
    expect((await call('GET', '/user', cookie)).statusCode).toBe(403);
  });
});

describe('a change of rights applies to the next request', () => {
  it('an employee whose gym rights were emptied cannot give them back to themselves', async () => {
    const user = await createUser();
    await t.db.insert(gymRightGrants).values(
      (['ManageGymRights', 'ManageEmployees', 'AlterGymInformation'] as const).map((right) => ({
        userId: user.id,
        gymId: vitaalId,
        right,
      })),
    );
    const { gymEmployees } = await import('../organisation/organisation.tables.ts');
    await t.db.insert(gymEmployees).values({ gymId: vitaalId, userId: user.id });
    const cookie = await t.login(user.email);
    const own = await call('GET', `/GymEmployee/${user.id}/Rights`, cookie);
    expect(own.statusCode).toBe(200);

    const admin = await t.login('admin@example.com');
    const switched = await call('PUT', '/Account/SwitchActiveGym', admin, { gymId: vitaalId });
    const adminCookie = cookieHeader(switched.cookies, admin);
    const emptied = await call('PUT', `/GymEmployee/${user.id}/Rights`, adminCookie, { gymRights: [] });
    expect(emptied.statusCode).toBe(200);

    const giveBack = await call('PUT', `/GymEmployee/${user.id}/Rights`, cookie, {
      gymRights: ['ManageGymRights', 'ManageEmployees', 'AlterGymInformation'],
    });
    expect(giveBack.statusCode).toBe(403);
    const remaining = await t.db.select().from(gymRightGrants).where(eq(gymRightGrants.userId, user.id));
    expect(remaining).toEqual([]);
  });

  it('a right granted while signed in works on the next request, whose claims tag tells the client', async () => {
    const user = await createUser();
    const { gymEmployees } = await import('../organisation/organisation.tables.ts');
    await t.db.insert(gymEmployees).values({ gymId: vitaalId, userId: user.id });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookielogin',
      payload: { email: user.email, password: DEMO_PASSWORD },
    });
    const cookie = cookieHeader(signIn.cookies);
    const claims: Claims = signIn.json().data.claims;
    expect(signIn.headers['x-claims-tag']).toBe(claimsTag(claims));
    const before = await call('GET', `/GymEmployee/${user.id}/Rights`, cookie);
    expect(before.statusCode).toBe(403);
    expect(before.headers['x-claims-tag']).toBe(claimsTag(claims));
    await t.db.insert(gymRightGrants).values({ userId: user.id, gymId: vitaalId, right: 'ManageGymRights' });
    const after = await call('GET', `/GymEmployee/${user.id}/Rights`, cookie);
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-claims-tag']).toBe(
      claimsTag({ ...claims, gymRights: [`${vitaalId}:ManageGymRights`] }),
    );
  });

  it('an employer user removed from the employer no longer reaches its employees', async () => {
    const user = await createUser('Employer');
    const [employer] = await t.db
      .insert(employers)
      .values({ name: `Sessie B.V. ${randomUUID()}` })
      .returning({ id: employers.id });
    await t.db.insert(employerUsers).values({ employerId: employer!.id, userId: user.id });
    const cookie = await t.login(user.email);
    const url = '/EmployerEmployee';
    expect((await call('GET', url, cookie)).statusCode).toBe(200);
    await t.db
      .delete(employerUsers)
      .where(and(eq(employerUsers.employerId, employer!.id), eq(employerUsers.userId, user.id)));
    const after = await call('GET', url, cookie);
    expect(after.statusCode).toBe(403);
  });
});

describe('refreshing with one token in parallel', () => {
  it('50 parallel refreshes leave one live chain', async () => {
    const cookie = await t.login('locatie@example.com');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/account/cookierefresh', cookie)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const newRefreshCookies = answers.flatMap((answer) =>
      answer.cookies.filter((item) => item.name === 'xp_refresh' && item.value),
    );
    expect(newRefreshCookies).toHaveLength(1);
    const sessionId = JSON.parse(
      Buffer.from(
        answers[0]!.cookies.find((item) => item.name === 'xp_access')!.value.split('.')[1]!,
        'base64url',
      ).toString('utf8'),
    ).jti as string;
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt)));
    expect(live).toHaveLength(1);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.revokedAt).toBeNull();
  });
});
