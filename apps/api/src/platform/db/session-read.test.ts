import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../modules/account/account.tables.ts';
import { locationRightGrants, locations } from '../../modules/organisation/organisation.tables.ts';
import { users } from '../../modules/user/user.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The session read of every request is a named prepared statement (decision 012): parsed once per
 * connection, it must still read the session as it is now (a revoked session or a right taken away counts
 * on the next request), and on the embedded database, whose one session outlives a connection, it must
 * survive the reconnect that follows a failed query.
 */
describe('the session read as a prepared statement', () => {
  let t: TestApp;
  const sessionIdOf = (cookie: string) => {
    const token = cookie
      .split('; ')
      .find((pair) => pair.startsWith('xp_access='))!
      .slice('xp_access='.length);
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).jti as string;
  };
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('reads the session on every request, also after many reads of the same statement', async () => {
    const cookie = await t.login('admin@example.com');
    // More than five executions: PostgreSQL may then plan the statement once for every session id.
    for (let i = 0; i < 8; i++) expect((await get('/api/user', cookie)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionIdOf(cookie)));
    const refused = await get('/api/user', cookie);
    expect(refused.statusCode).toBe(401);
  });

  it('sees a right taken away at once', async () => {
    const [user] = await t.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, 'Employee'))
      .orderBy(users.id)
      .limit(1);
    const [location] = await t.db.select({ id: locations.id }).from(locations).limit(1);
    await t.db.execute(
      sql`insert into location_right_grants (user_id, location_id, "right") values (${user!.id}, ${location!.id}, 'ManageLocationAreas') on conflict do nothing`,
    );
    const cookie = await t.login(user!.email);
    const claimsTag = async () => {
      const response = await get('/api/Account/SwitchOptions', cookie);
      expect(response.statusCode).toBe(200);
      return response.headers['x-claims-tag'];
    };
    const before = await claimsTag();
    for (let i = 0; i < 6; i++) expect(await claimsTag()).toBe(before);
    await t.db.delete(locationRightGrants).where(eq(locationRightGrants.userId, user!.id));
    expect(await claimsTag()).not.toBe(before);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user!.id));
    expect((await get('/api/Account/SwitchOptions', cookie)).statusCode).toBe(401);
  });

  it('keeps answering after a failed query made the pool open a new connection', async () => {
    const cookie = await t.login('admin@example.com');
    expect((await get('/api/user', cookie)).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      // A failed query: node-postgres' pool drops that connection and opens a new one for the next.
      await expect(t.db.execute(sql`select 1 / 0`)).rejects.toThrow();
      expect((await get('/api/user', cookie)).statusCode).toBe(200);
      expect((await get('/api/user', cookie)).statusCode).toBe(200);
    }
  });
});
