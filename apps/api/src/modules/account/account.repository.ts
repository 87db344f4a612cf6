import { type Claims, fullNameOf, SupplierStatus } from '@xp/contracts';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../employee/employee.tables.ts';
import {
  type associations,
  type contentEnvironments,
  type employers,
  employerUsers,
  gymEmployees,
  gymRightGrants,
  gyms,
  locationRightGrants,
  locations,
  suppliers,
  supplierUsers,
} from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { refreshTokens, sessions } from './account.tables.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type SessionState = Pick<
  SessionRow,
  | 'activeEnvironment'
  | 'activeGymId'
  | 'activeLocationId'
  | 'activeEmployerId'
  | 'activeAssociationId'
  | 'activeContentEnvironmentId'
  | 'activeSupplierId'
>;

export const findUserByEmail = async (db: Database, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
  )[0];

export const findUserById = async (db: Database, id: number) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
  )[0];

/**
 * The user's rights: gym rights granted directly plus those of the rights groups the user is in (while
 * still an employee of the group's gym), each once; and location rights.
 */
export async function loadRights(db: Database, userId: number) {
  const [directGymRows, groupGymRows, locationRows] = await Promise.all([
    db
      .select({ gymId: gymRightGrants.gymId, right: gymRightGrants.right })
      .from(gymRightGrants)
      .where(eq(gymRightGrants.userId, userId)),
    db
      .select({ gymId: gymRightsGroups.gymId, right: sql<string>`unnest(${gymRightsGroups.rights})` })
      .from(gymRightsGroupMembers)
      .innerJoin(gymRightsGroups, eq(gymRightsGroups.id, gymRightsGroupMembers.groupId))
      .innerJoin(
        gymEmployees,
        and(
          eq(gymEmployees.gymId, gymRightsGroups.gymId),
          eq(gymEmployees.userId, gymRightsGroupMembers.userId),
        ),
      )
      .where(eq(gymRightsGroupMembers.userId, userId)),
    db
      .select({
        locationId: locationRightGrants.locationId,
        gymId: locations.gymId,
        right: locationRightGrants.right,
      })
      .from(locationRightGrants)
      .innerJoin(locations, eq(locations.id, locationRightGrants.locationId))
      .where(eq(locationRightGrants.userId, userId))
      .orderBy(asc(locationRightGrants.locationId), asc(locationRightGrants.right)),
  ]);
  const unique = new Map(
    [...directGymRows, ...groupGymRows].map((row) => [`${row.gymId}:${row.right}`, row] as const),
  );
  const gymRows = [...unique.values()].sort((a, b) => a.gymId - b.gymId || a.right.localeCompare(b.right));
  return { gymRows, locationRows };
}

/**
 * The claims of a live session, read in one statement (one round trip, every part indexed): the session
 * row, its user (not deleted, with a password), the user's gym rights (direct and by group, while still an
 * employee of the group's gym) and location rights. An Employer's or Supplier's active organisation they no
 * longer act for gives way to one they do act for (or none). Undefined when the session has ended.
 *
 * Every request reads it, so it is built once per database (or transaction) and sent as the named prepared
 * statement `session_claims`: drizzle does not build it again, and each connection parses and plans it once
 * (primary-key reads: the user's key is read from the session's row first, so the generic plan reads one row
 * of each as well). Decision 012.
 */
export async function loadSessionClaims(db: Database, sessionId: string): Promise<Claims | undefined> {
  let statement = sessionClaimsStatements.get(db);
  if (!statement) {
    statement = sessionClaimsStatement(db);
    sessionClaimsStatements.set(db, statement);
  }
  const [row] = await statement.execute({ sessionId });
  if (!row) return undefined;
  const { firstName, insertion, lastName, ...claims } = row;
  return {
    ...claims,
    rights: row.role === 'Admin' ? ['Admin'] : [],
    name: fullNameOf({ firstName, insertion, lastName }),
  };
}

const sessionClaimsStatements = new WeakMap<Database, ReturnType<typeof sessionClaimsStatement>>();

function sessionClaimsStatement(db: Database) {
  const gymRights = sql<string[]>`coalesce((
    select json_agg(r.gym_id::text || ':' || r.right order by r.gym_id, r.right)
    from (
      select g.gym_id, g.right from ${gymRightGrants} g where g.user_id = ${users.id}
      union
      select rg.gym_id, unnest(rg.rights) from ${gymRightsGroupMembers} m
        join ${gymRightsGroups} rg on rg.id = m.group_id
        join ${gymEmployees} ge on ge.gym_id = rg.gym_id and ge.user_id = m.user_id
        where m.user_id = ${users.id}
    ) r), '[]'::json)`;
  const locationRights = sql<string[]>`coalesce((
    select json_agg(l.location_id::text || ':' || l.right order by l.location_id, l.right)
    from ${locationRightGrants} l where l.user_id = ${users.id}), '[]'::json)`;
  /** The active organisation if the user still acts for it, else their first one (by id), else null. */
  const stillActive = (
    table: typeof employerUsers | typeof supplierUsers,
    key: 'employer_id' | 'supplier_id',
    active: typeof sessions.activeEmployerId | typeof sessions.activeSupplierId,
  ) =>
    sql<number | null>`case when ${users.role} = 'Admin' then ${active} else (
      select t.${sql.raw(key)} from ${table} t where t.user_id = ${users.id}
      order by (t.${sql.raw(key)} = ${active}) desc nulls last, t.${sql.raw(key)} limit 1) end`;
  /** The same for suppliers, among those still Pending or Active (a Denied or Disabled one: none; decision 020). */
  const activeSupplier = sql<
    number | null
  >`case when ${users.role} = 'Admin' then ${sessions.activeSupplierId} else (
      select t.supplier_id from ${supplierUsers} t join ${suppliers} s on s.id = t.supplier_id
      where t.user_id = ${users.id} and s.status in (${SupplierStatus.Pending}, ${SupplierStatus.Active})
      order by (t.supplier_id = ${sessions.activeSupplierId}) desc nulls last, t.supplier_id limit 1) end`;
  return db
    .select({
      userId: users.id,
      role: users.role,
      firstName: users.firstName,
      insertion: users.insertion,
      lastName: users.lastName,
      language: users.language,
      activeEnvironment: sessions.activeEnvironment,
      activeGymId: sessions.activeGymId,
      activeLocationId: sessions.activeLocationId,
      activeEmployerId: stillActive(employerUsers, 'employer_id', sessions.activeEmployerId),
      activeAssociationId: sessions.activeAssociationId,
      activeContentEnvironmentId: sessions.activeContentEnvironmentId,
      activeSupplierId: activeSupplier,
      gymRights,
      locationRights,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        // The user by their primary key too, from the session's row read first: the generic plan PostgreSQL
        // switches to after five executions cannot see which user the session is, and with 20,000 users
        // with a password among a million it merged the session with a walk of every user's key (0.4 s a
        // request) instead of reading one row of each.
        eq(
          users.id,
          sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sql.placeholder('sessionId')})`,
        ),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
        isNotNull(users.passwordHash),
      ),
    )
    .prepare('session_claims');
}

export const findLocation = async (db: Database, id: number) =>
  (
    await db.select({ id: locations.id, gymId: locations.gymId }).from(locations).where(eq(locations.id, id))
  )[0];

export const firstLocationOfGym = async (db: Database, gymId: number) =>
  (
    await db
      .select({ id: locations.id, gymId: locations.gymId })
      .from(locations)
      .where(eq(locations.gymId, gymId))
      .orderBy(asc(locations.id))
      .limit(1)
  )[0];

export const firstGym = async (db: Database) =>
  (await db.select({ id: gyms.id }).from(gyms).orderBy(asc(gyms.id)).limit(1))[0];

export const gymExists = async (db: Database, id: number) =>
  (await db.select({ id: gyms.id }).from(gyms).where(eq(gyms.id, id))).length > 0;

export const employerIdsOfUser = async (db: Database, userId: number) =>
  (
    await db
      .select({ id: employerUsers.employerId })
      .from(employerUsers)
      .where(eq(employerUsers.userId, userId))
      .orderBy(asc(employerUsers.employerId))
  ).map((row) => row.id);

export const supplierIdsOfUser = async (db: Database, userId: number) =>
  (
    await db
      .select({ id: supplierUsers.supplierId })
      .from(supplierUsers)
      .innerJoin(suppliers, eq(suppliers.id, supplierUsers.supplierId))
      .where(
        and(
          eq(supplierUsers.userId, userId),
          inArray(suppliers.status, [SupplierStatus.Pending, SupplierStatus.Active]),
        ),
      )
      .orderBy(asc(supplierUsers.supplierId))
  ).map((row) => row.id);

type NamedTable =
  | typeof gyms
  | typeof employers
  | typeof associations
  | typeof suppliers
  | typeof contentEnvironments;

/** The first row of a table by name (the lower-cased name's index holds that order), if any. */
export const firstByName = async (db: Database, table: NamedTable) =>
  (
    await db.select({ id: table.id }).from(table).orderBy(sql`lower(${table.name})`, asc(table.id)).limit(1)
  )[0];

export const existsIn = async (db: Database, table: NamedTable, id: number) =>
  (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;

export async function locationsOfGym(db: Database, gymId: number, onlyIds?: number[]) {
  if (onlyIds && onlyIds.length === 0) return [];
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.gymId, gymId), onlyIds ? inArray(locations.id, onlyIds) : undefined))
    .orderBy(asc(locations.name));
}

export async function createSession(db: Database, row: typeof sessions.$inferInsert, tokenHash: string) {
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values(row);
    await tx.insert(refreshTokens).values({ tokenHash, sessionId: row.id });
  });
}

export const findSession = async (db: Database, id: string) =>
  (
    await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
  )[0];

export const updateSessionState = (db: Database, id: string, state: SessionState) =>
  db.update(sessions).set(state).where(eq(sessions.id, id));

export const revokeSession = (db: Database, id: string) =>
  db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));

/**
 * Marks a refresh token used and stores its successor, in one statement so that two concurrent uses of the
 * same token cannot both win. Answers what happened to the presented token.
 */
export async function rotateRefreshToken(
  db: Database,
  presentedHash: string,
  nextHash: string,
  reuseGraceSeconds: number,
): Promise<{ outcome: 'rotated' | 'reused' | 'grace' | 'unknown'; session?: SessionRow }> {
  return db.transaction(async (tx) => {
    const [token] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        isRecent: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${reuseGraceSeconds})`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, presentedHash))
      .for('update');
    if (!token) return { outcome: 'unknown' };
    const session = await findSession(tx as unknown as Database, token.sessionId);
    if (!session) return { outcome: 'unknown' };
    if (token.usedAt && !token.isRecent) {
      await revokeSession(tx as unknown as Database, session.id);
      return { outcome: 'reused', session };
    }
    // A reuse within the grace (two tabs refreshing at once) gets no successor of its own: only the first
    // use rotates, so parallel refreshes leave one live chain.
    if (token.usedAt) return { outcome: 'grace', session };
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(refreshTokens.tokenHash, presentedHash));
    await tx.insert(refreshTokens).values({ tokenHash: nextHash, sessionId: session.id });
    return { outcome: 'rotated', session };
  });
}

export const sessionIdOfRefreshToken = async (db: Database, tokenHash: string) =>
  (
    await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
  )[0]?.sessionId;
