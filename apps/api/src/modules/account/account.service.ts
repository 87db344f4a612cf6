import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { type Claims, Environment } from '@xp/contracts';
import { instantAfterDays } from '@xp/contracts/dates';
import { type Actor, audit, identified } from '../../platform/audit/audit.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import { newOpaqueToken, sha256, type TokenSigner } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import {
  countHit,
  hitRateLimit,
  limitCodeGuesses,
  resetRateLimit,
  takeBackHit,
} from '../../platform/http/rate-limit.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { gymIdsOfEmployee } from '../organisation/staff.ts';
import type { UserRow } from '../user/user.tables.ts';
import type { SessionState } from './account.repository.ts';
import * as repository from './account.repository.ts';
import * as tfa from './tfa.ts';

export interface AccountDeps {
  db: Database;
  signer: TokenSigner;
  refreshTokenDays: number;
  /** The first step of the per-account sign-in slow-down (500 ms; tests make it small). */
  loginSlowdownMs?: number;
}

export interface IssuedSession {
  claims: Claims;
  accessToken: string;
  refreshToken?: string;
}

/** Guessing one account's password from one address: refused after 10 attempts (decision 002). */
const LOGIN_LIMIT_PER_ACCOUNT_AND_ADDRESS = { limit: 10, windowSeconds: 15 * 60 };
/**
 * Spraying many accounts from one address: 50 wrong attempts (a right one takes its hit back, so the staff
 * of a club behind one address do not keep each other out by signing in).
 */
const LOGIN_LIMIT_PER_ADDRESS = { limit: 50, windowSeconds: 15 * 60 };
const loginAddressKey = (address: string) => `login:address:${address}`;
/**
 * One account from many addresses: never a lock-out, which would let anyone keep the owner out, but a
 * slow-down: past 10 attempts in the window each attempt waits, doubling from `loginSlowdownMs` up to 16
 * times that, before its password is checked.
 */
const LOGIN_SLOWDOWN_PER_ACCOUNT = { after: 10, windowSeconds: 15 * 60, maxFactor: 16 };
/** A refresh token used again within this many seconds is a race of two tabs, not a theft. */
const REUSE_GRACE_SECONDS = 10;

/** The claims of a live session, as every request reads them. */
export async function buildClaims(db: Database, sessionId: string): Promise<Claims> {
  const claims = await repository.loadSessionClaims(db, sessionId);
  if (!claims) throw errors.unauthorized('auth.refreshFailed');
  return claims;
}

const emptyState = (environment: number): SessionState => ({
  activeEnvironment: environment,
  activeGymId: null,
  activeLocationId: null,
  activeEmployerId: null,
  activeAssociationId: null,
  activeContentEnvironmentId: null,
  activeSupplierId: null,
});

/** Where a user starts after signing in: the environment of their role, on their first organisation. */
async function initialState(db: Database, user: UserRow): Promise<SessionState> {
  switch (user.role) {
    case 'Admin':
      return { ...emptyState(Environment.Admin), activeGymId: (await repository.firstGym(db))?.id ?? null };
    case 'Employer':
      return {
        ...emptyState(Environment.Employer),
        activeEmployerId: (await repository.employerIdsOfUser(db, user.id))[0] ?? null,
      };
    case 'Supplier':
      return {
        ...emptyState(Environment.Supplier),
        activeSupplierId: (await repository.supplierIdsOfUser(db, user.id))[0] ?? null,
      };
    case 'ContentCreator':
      return emptyState(Environment.TipsAndTricks);
    case 'Employee': {
      const { gymRows, locationRows } = await repository.loadRights(db, user.id);
      if (gymRows[0]) return { ...emptyState(Environment.Gym), activeGymId: gymRows[0].gymId };
      if (locationRows[0]) {
        return {
          ...emptyState(Environment.Location),
          activeGymId: locationRows[0].gymId,
          activeLocationId: locationRows[0].locationId,
        };
      }
      // An employee without rights yet still works at the gym: its dashboard and locations are open.
      const [gymId] = await gymIdsOfEmployee(db, user.id);
      return { ...emptyState(Environment.Gym), activeGymId: gymId ?? null };
    }
  }
}

/** New cookies for a session whose row holds its current state. */
export async function issue(
  deps: AccountDeps,
  sessionId: string,
  refreshToken?: string,
): Promise<IssuedSession> {
  const claims = await buildClaims(deps.db, sessionId);
  return { claims, accessToken: await deps.signer.sign(sessionId, claims.userId), refreshToken };
}

/** Opens a session for a user who proved who they are. */
export async function openSession(deps: AccountDeps, user: UserRow): Promise<IssuedSession> {
  const state = await initialState(deps.db, user);
  const sessionId = randomUUID();
  const refreshToken = newOpaqueToken();
  await repository.createSession(
    deps.db,
    {
      id: sessionId,
      userId: user.id,
      ...state,
      expiresAt: instantAfterDays(deps.refreshTokenDays),
    },
    sha256(refreshToken),
  );
  return issue(deps, sessionId, refreshToken);
}

const loginAccountKey = (email: string) => `login:account:${email.toLowerCase()}`;
const loginAccountAddressKey = (email: string, address: string) =>
  `login:account-address:${email.toLowerCase()}:${address}`;

/** After a sign-in the account's counters start again, and the address's counts its wrong attempts only. */
const resetLoginLimits = (db: Database, email: string, address: string) =>
  Promise.all([
    resetRateLimit(db, loginAccountKey(email)),
    resetRateLimit(db, loginAccountAddressKey(email, address)),
    takeBackHit(db, loginAddressKey(address)),
  ]);

export type LoginResult = { kind: 'session'; issued: IssuedSession } | { kind: 'tfa'; challengeId: string };

/** Refuses an address over its limits; slows an account down that is tried from many addresses. */
async function limitLoginAttempts(deps: AccountDeps, email: string, address: string) {
  const wait = Math.max(
    await hitRateLimit(deps.db, loginAddressKey(address), LOGIN_LIMIT_PER_ADDRESS),
    await hitRateLimit(deps.db, loginAccountAddressKey(email, address), LOGIN_LIMIT_PER_ACCOUNT_AND_ADDRESS),
  );
  if (wait > 0) throw errors.tooManyRequests('auth.tooManyAttempts', wait);
  const { after, windowSeconds, maxFactor } = LOGIN_SLOWDOWN_PER_ACCOUNT;
  const { count } = await countHit(deps.db, loginAccountKey(email), windowSeconds);
  if (count > after) {
    const step = deps.loginSlowdownMs ?? 500;
    await setTimeout(Math.min(step * maxFactor, step * 2 ** (count - after - 1)));
  }
}

export async function login(
  deps: AccountDeps & { mail: Mailer },
  input: { email: string; password: string; address: string },
  actor: Actor,
): Promise<LoginResult> {
  await limitLoginAttempts(deps, input.email, input.address);

  const user = await repository.findUserByEmail(deps.db, input.email);
  // The same answer, after the same work, for an unknown address and a wrong password.
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !isValid) {
    const failed = { outcome: 'failed' };
    await audit.write(
      deps.db,
      identified(actor, user?.id ?? null),
      'SignIn',
      user?.id ?? 'unknown',
      null,
      failed,
    );
    throw errors.badRequest('auth.invalidCredentials');
  }
  if (user.isTfaEnabled) {
    // The account's attempt counter is only reset once the code is right too: every password attempt
    // yields at most one code with five tries.
    return { kind: 'tfa', challengeId: await tfa.issueChallenge(deps.db, deps.mail, user, 'login') };
  }
  await resetLoginLimits(deps.db, user.email, input.address);
  await audit.write(deps.db, identified(actor, user.id), 'SignIn', user.id, null, { outcome: 'signedIn' });
  return { kind: 'session', issued: await openSession(deps, user) };
}

/** Finishes a sign-in that asked for a mailed code. */
export async function loginWithTfa(
  deps: AccountDeps,
  challengeId: string | undefined,
  code: string,
  address: string,
  actor: Actor,
) {
  await limitCodeGuesses(deps.db, address);
  const userId = await tfa.verifyChallenge(deps.db, { challengeId, purpose: 'login' }, code);
  const user = await repository.findUserById(deps.db, userId);
  if (!user?.passwordHash) throw errors.badRequest('tfa.errors.expired');
  await resetLoginLimits(deps.db, user.email, address);
  const signedIn = { outcome: 'signedInWithTfa' };
  await audit.write(deps.db, identified(actor, user.id), 'SignIn', user.id, null, signedIn);
  return openSession(deps, user);
}

/** Mails a new sign-in code for the pending sign-in, after the cooldown; answers the new challenge id. */
export async function resendLoginTfa(
  deps: AccountDeps & { mail: Mailer },
  challengeId: string | undefined,
  address: string,
) {
  await limitCodeGuesses(deps.db, address);
  const userId = challengeId ? await tfa.userOfOpenChallenge(deps.db, challengeId, 'login') : undefined;
  const user = userId === undefined ? undefined : await repository.findUserById(deps.db, userId);
  if (!user) throw errors.badRequest('tfa.errors.expired');
  const wait = await tfa.resendWait(deps.db, user.id, 'login');
  if (wait > 0) throw errors.tooManyRequests('tfa.errors.cooldown', wait);
  return tfa.issueChallenge(deps.db, deps.mail, user, 'login');
}

export async function refresh(deps: AccountDeps, presentedToken: string | undefined): Promise<IssuedSession> {
  if (!presentedToken) throw errors.unauthorized('auth.refreshFailed');
  const refreshToken = newOpaqueToken();
  const { outcome, session } = await repository.rotateRefreshToken(
    deps.db,
    sha256(presentedToken),
    sha256(refreshToken),
    REUSE_GRACE_SECONDS,
  );
  if ((outcome !== 'rotated' && outcome !== 'grace') || !session)
    throw errors.unauthorized('auth.refreshFailed');
  const claims = await repository.loadSessionClaims(deps.db, session.id);
  if (!claims) {
    // The user was deleted or has no password any more: the session ends here.
    await repository.revokeSession(deps.db, session.id);
    throw errors.unauthorized('auth.refreshFailed');
  }
  const accessToken = await deps.signer.sign(session.id, claims.userId);
  // Within the grace the racing request that rotated the token has set its successor in the browser: this
  // one renews only the access cookie, so that parallel refreshes leave one live chain.
  return { claims, accessToken, refreshToken: outcome === 'rotated' ? refreshToken : undefined };
}

export async function logout(
  deps: AccountDeps,
  sessionId: string | null,
  presentedToken: string | undefined,
) {
  const id =
    sessionId ??
    (presentedToken ? await repository.sessionIdOfRefreshToken(deps.db, sha256(presentedToken)) : undefined);
  if (id) await repository.revokeSession(deps.db, id);
}
