import type { Database } from '../db/client.ts';
import { auditLog } from './audit.tables.ts';

type Entity = Record<string, unknown>;

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

/** Writes who changed what; call inside the transaction of the change itself. */
export async function audit(
  db: Database,
  entry: {
    userId: number | null;
    entity: string;
    entityId: string | number;
    before: Entity | null;
    after: Entity | null;
    requestId?: string;
  },
) {
  const action = entry.before === null ? 'create' : entry.after === null ? 'delete' : 'update';
  const changes = diff(entry.before, entry.after);
  if (action === 'update' && Object.keys(changes).length === 0) return;
  await db.insert(auditLog).values({
    userId: entry.userId,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action,
    changes,
    requestId: entry.requestId,
  });
}
