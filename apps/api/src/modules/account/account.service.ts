import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { type Claims, Environment, hasAnyGymRight } from '@xp/contracts';
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
import {
  associations,
  contentEnvironments,
  employers,
  suppliers,
} from '../organisation/organisation.tables.ts';
import { gymIdsOfEmployee, isGymEmployee } from '../organisation/staff.ts';
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
async function issue(deps: AccountDeps, sessionId: string, refreshToken?: string): Promise<IssuedSession> {
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

// --- switching -------------------------------------------------------------------------------------------

type SwitchTarget =
  | { kind: 'gym'; gymId: number }
  | { kind: 'location'; locationId: number | null }
  | { kind: 'employer'; employerId: number }
  | { kind: 'association'; associationId: number }
  | { kind: 'contentEnvironment'; contentEnvironmentId: number }
  | { kind: 'supplier'; supplierId: number }
  | { kind: 'environment'; environment: number };

/** Checks that the user may use the target, stores the new active context and renews the claims. */
export async function switchActive(
  deps: AccountDeps,
  session: Claims,
  sessionId: string | null,
  target: SwitchTarget,
): Promise<IssuedSession> {
  const row = sessionId ? await repository.findSession(deps.db, sessionId) : undefined;
  const user = await repository.findUserById(deps.db, session.userId);
  if (!row || !user) throw errors.unauthorized();
  const next = await resolveSwitch(deps.db, session, row, target);
  await repository.updateSessionState(deps.db, row.id, next);
  return issue(deps, row.id);
}

const forbidden = (area: string) => errors.forbidden(`${area}.switch.error`);

async function resolveSwitch(
  db: Database,
  session: Claims,
  current: SessionState,
  target: SwitchTarget,
): Promise<SessionState> {
  const isAdmin = session.role === 'Admin';
  switch (target.kind) {
    case 'gym': {
      if (!(await repository.gymExists(db, target.gymId))) throw forbidden('gym');
      if (isAdmin || hasAnyGymRight(session, target.gymId)) {
        return {
          ...current,
          activeGymId: target.gymId,
          activeLocationId: null,
          activeEnvironment: Environment.Gym,
        };
      }
      const { locationRows } = await repository.loadRights(db, session.userId);
      const location = locationRows.find((row) => row.gymId === target.gymId);
      if (!location) {
        if (!(await isGymEmployee(db, target.gymId, session.userId))) throw forbidden('gym');
        return {
          ...current,
          activeGymId: target.gymId,
          activeLocationId: null,
          activeEnvironment: Environment.Gym,
        };
      }
      return {
        ...current,
        activeGymId: target.gymId,
        activeLocationId: location.locationId,
        activeEnvironment: Environment.Location,
      };
    }
    case 'location': {
      if (target.locationId === null) {
        // 'Hoofdlocatie': back to the level of the whole gym.
        const gymId = current.activeGymId;
        const mayUseGym =
          gymId !== null &&
          (isAdmin || hasAnyGymRight(session, gymId) || (await isGymEmployee(db, gymId, session.userId)));
        if (!mayUseGym) throw forbidden('location');
        return { ...current, activeLocationId: null, activeEnvironment: Environment.Gym };
      }
      const location = await repository.findLocation(db, target.locationId);
      if (!location || !canUseLocation(session, location)) throw forbidden('location');
      return {
        ...current,
        activeGymId: location.gymId,
        activeLocationId: location.id,
        activeEnvironment: Environment.Location,
      };
    }
    case 'employer': {
      const allowed = isAdmin
        ? await repository.existsIn(db, employers, target.employerId)
        : session.role === 'Employer' &&
          (await repository.employerIdsOfUser(db, session.userId)).includes(target.employerId);
      if (!allowed) throw forbidden('employer');
      return { ...current, activeEmployerId: target.employerId, activeEnvironment: Environment.Employer };
    }
    case 'association': {
      if (!isAdmin || !(await repository.existsIn(db, associations, target.associationId))) {
        throw forbidden('association');
      }
      return {
        ...current,
        activeAssociationId: target.associationId,
        activeEnvironment: Environment.Association,
      };
    }
    case 'contentEnvironment': {
      if (!isAdmin || !(await repository.existsIn(db, contentEnvironments, target.contentEnvironmentId))) {
        throw forbidden('contentEnvironment');
      }
      return {
        ...current,
        activeContentEnvironmentId: target.contentEnvironmentId,
        activeEnvironment: Environment.Content,
      };
    }
    case 'supplier': {
      const allowed = isAdmin
        ? await repository.existsIn(db, suppliers, target.supplierId)
        : session.role === 'Supplier' &&
          (await repository.supplierIdsOfUser(db, session.userId)).includes(target.supplierId);
      if (!allowed) throw forbidden('supplier');
      return { ...current, activeSupplierId: target.supplierId, activeEnvironment: Environment.Supplier };
    }
    case 'environment':
      return switchEnvironment(db, session, current, target.environment);
  }
}

const canUseLocation = (session: Claims, location: { id: number; gymId: number }) =>
  session.role === 'Admin' ||
  session.locationRights.some((entry) => entry.startsWith(`${location.id}:`)) ||
  hasAnyGymRight(session, location.gymId);

/** Environments a role may enter with the environment switcher. */
function allowedEnvironments(session: Claims): number[] {
  switch (session.role) {
    case 'Admin':
      return Object.values(Environment);
    case 'Employee':
      return [
        ...(hasAnyGymRight(session) ? [Environment.Gym] : []),
        ...(session.locationRights.length > 0 || hasAnyGymRight(session) ? [Environment.Location] : []),
      ];
    case 'Employer':
      return [Environment.Employer];
    case 'Supplier':
      return [Environment.Supplier];
    case 'ContentCreator':
      return [Environment.TipsAndTricks];
  }
}

async function switchEnvironment(
  db: Database,
  session: Claims,
  current: SessionState,
  environment: number,
): Promise<SessionState> {
  const area =
    environment === Environment.Location ? 'environment.switch.locationError' : 'environment.switch.error';
  if (!allowedEnvironments(session).includes(environment)) throw errors.forbidden(area);
  const next = { ...current, activeEnvironment: environment };
  const isAdmin = session.role === 'Admin';
  switch (environment) {
    case Environment.Gym:
    case Environment.Customer:
      next.activeLocationId = null;
      next.activeGymId ??= isAdmin
        ? ((await repository.firstGym(db))?.id ?? null)
        : Number(session.gymRights[0]?.split(':')[0]) || null;
      return next;
    case Environment.Location: {
      if (next.activeLocationId !== null) return next;
      const gymId = next.activeGymId ?? (await repository.firstGym(db))?.id;
      const { locationRows } = await repository.loadRights(db, session.userId);
      const location =
        locationRows.find((row) => row.gymId === gymId) ??
        (gymId !== undefined && (isAdmin || hasAnyGymRight(session, gymId))
          ? await repository.firstLocationOfGym(db, gymId)
          : undefined);
      if (!location) throw errors.forbidden(area);
      return {
        ...next,
        activeGymId: location.gymId,
        activeLocationId: 'locationId' in location ? location.locationId : location.id,
      };
    }
    case Environment.Employer:
      next.activeEmployerId ??= isAdmin
        ? ((await repository.firstByName(db, employers))?.id ?? null)
        : ((await repository.employerIdsOfUser(db, session.userId))[0] ?? null);
      return next;
    case Environment.Association:
      next.activeAssociationId ??= (await repository.firstByName(db, associations))?.id ?? null;
      return next;
    case Environment.Content:
      next.activeContentEnvironmentId ??= (await repository.firstByName(db, contentEnvironments))?.id ?? null;
      return next;
    case Environment.Supplier:
      next.activeSupplierId ??= isAdmin
        ? ((await repository.firstByName(db, suppliers))?.id ?? null)
        : ((await repository.supplierIdsOfUser(db, session.userId))[0] ?? null);
      return next;
    default:
      return next;
  }
}
