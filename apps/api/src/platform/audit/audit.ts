import type { Claims } from '@xp/contracts';
import type { Database } from '../db/client.ts';
import { auditLog } from './audit.tables.ts';

type Entity = Record<string, unknown>;

/** The jobs, callbacks and scripts that write without anybody signed in. */
export type SystemJob = 'billing' | 'payment-webhook' | 'create-admin';

/**
 * Who made a change, as the audit log records it (docs/decisions/023-audit.md). `route()` hands every
 * handler one (`context.actor`); services take it instead of the session's user id and the request id.
 * - `user`: a signed-in user, in a request.
 * - `public`: nobody signed in (sign-up, sign-in, a reset link); `userId` once the requester proved who
 *   they are (a password, a link's token) or became someone (a new account).
 * - `system`: a job or a provider's callback; `requestId` is the callback's request, null for a job run.
 */
export type Actor =
  | { readonly kind: 'user'; readonly userId: number; readonly requestId: string | null }
  | { readonly kind: 'public'; readonly userId: number | null; readonly requestId: string | null }
  | { readonly kind: 'system'; readonly job: SystemJob; readonly requestId: string | null };

/** The signed-in user of a request (`requestId` null outside one: tests, scripts). */
export const userActor = (session: Pick<Claims, 'userId'>, requestId: string | null = null): Actor => ({
  kind: 'user',
  userId: session.userId,
  requestId,
});

/** A request without a session. */
export const publicActor = (requestId: string | null, userId: number | null = null): Actor => ({
  kind: 'public',
  userId,
  requestId,
});

/** A job, or a provider's callback (its request id). */
export const systemActor = (job: SystemJob, requestId: string | null = null): Actor => ({
  kind: 'system',
  job,
  requestId,
});

/** The actor of a request: its signed-in user, else the public requester. */
export const actorOf = (session: Pick<Claims, 'userId'> | null, requestId: string): Actor =>
  session ? userActor(session, requestId) : publicActor(requestId);

/**
 * A public requester who has proved who they are (a password, a token in a link) or just became someone
 * (a new account): their changes are theirs. A signed-in user or a job stays who it is.
 */
export const identified = (actor: Actor, userId: number | null): Actor =>
  actor.kind === 'public' && userId !== null ? { ...actor, userId } : actor;

/** The user id an audit row names: the signed-in or identified user; null for anonymous and jobs. */
export const userIdOf = (actor: Actor): number | null => (actor.kind === 'system' ? null : actor.userId);

/** Fields that never enter the audit log. */
const SECRET_FIELDS = new Set(['passwordHash', 'apiKey', 'tokenHash']);

function diff(before: Entity | null, after: Entity | null) {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (SECRET_FIELDS.has(key) || key === 'createdAt' || key === 'updatedAt') continue;
    const old = before?.[key] ?? null;
    const next = after?.[key] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[key] = { old, new: next };
  }
  return changes;
}

type Change = { id: string | number; before: Entity | null; after: Entity | null };

const rowOf = (actor: Actor, entity: string, change: Change) => {
  const { id, before, after } = change;
  const action = before === null ? 'create' : after === null ? 'delete' : 'update';
  const changes = diff(before, after);
  if (action === 'update' && Object.keys(changes).length === 0) return undefined;
  return {
    userId: userIdOf(actor),
    actor: actor.kind === 'system' ? `system:${actor.job}` : actor.kind,
    entity,
    entityId: String(id),
    action,
    changes,
    requestId: actor.requestId,
  } as const;
};

/**
 * Writes who changed what: `before` null is a create, `after` null a delete, else an update (none when
 * nothing changed). Call inside the transaction of the change itself, one line a write:
 * `await audit.write(tx, actor, ENTITY, id, before, after)`.
 */
async function write(
  db: Database,
  actor: Actor,
  entity: string,
  entityId: string | number,
  before: Entity | null,
  after: Entity | null,
): Promise<void> {
  const row = rowOf(actor, entity, { id: entityId, before, after });
  if (row) await db.insert(auditLog).values(row);
}

/** The changes of many rows of one entity at once (a batch of a job), in one statement. */
async function writeAll(db: Database, actor: Actor, entity: string, changes: readonly Change[]) {
  const rows = changes.flatMap((change) => rowOf(actor, entity, change) ?? []);
  if (rows.length > 0) await db.insert(auditLog).values(rows);
}

/** One line a write: `audit.write(tx, actor, ENTITY, id, before, after)`; a job's batch: `audit.writeAll`. */
export const audit = { write, writeAll };
