import { type Claims, Environment, hasAnyGymRight } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import {
  associations,
  contentEnvironments,
  employers,
  suppliers,
} from '../organisation/organisation.tables.ts';
import { isGymEmployee } from '../organisation/staff.ts';
import type { SessionState } from './account.repository.ts';
import * as repository from './account.repository.ts';
import { type AccountDeps, type IssuedSession, issue } from './account.service.ts';

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
