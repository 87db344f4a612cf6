import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { auditLog } from './audit.tables.ts';
import { audit, identified, publicActor, systemActor, userActor } from './audit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The rows of one test's entity, oldest first. */
const rowsOf = (entity: string) =>
  t.db
    .select({
      userId: auditLog.userId,
      actor: auditLog.actor,
      requestId: auditLog.requestId,
      entityId: auditLog.entityId,
      action: auditLog.action,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(eq(auditLog.entity, entity))
    .orderBy(asc(auditLog.id));

describe('audit.write', () => {
  it('records who: a signed-in user, the public (identified or not) and a job', async () => {
    await audit.write(t.db, userActor({ userId: 7 }, 'request-user-1'), 'AuditWho', 1, null, { name: 'a' });
    await audit.write(t.db, publicActor('request-public-1'), 'AuditWho', 2, null, { name: 'b' });
    await audit.write(t.db, identified(publicActor('request-public-2'), 9), 'AuditWho', 3, null, {
      name: 'c',
    });
    await audit.write(t.db, systemActor('billing'), 'AuditWho', 4, null, { name: 'd' });
    await audit.write(t.db, systemActor('payment-webhook', 'request-hook-1'), 'AuditWho', 5, null, { n: 1 });
    expect((await rowsOf('AuditWho')).map((row) => [row.userId, row.actor, row.requestId])).toEqual([
      [7, 'user', 'request-user-1'],
      [null, 'public', 'request-public-1'],
      [9, 'public', 'request-public-2'],
      [null, 'system:billing', null],
      [null, 'system:payment-webhook', 'request-hook-1'],
    ]);
  });

  it('keeps a signed-in user and a job who they are when identified', () => {
    expect(identified(userActor({ userId: 7 }, 'r-1'), 9)).toEqual(userActor({ userId: 7 }, 'r-1'));
    expect(identified(systemActor('billing'), 9)).toEqual(systemActor('billing'));
    expect(identified(publicActor('r-2'), null)).toEqual(publicActor('r-2'));
  });

  it('tells create, update and delete apart, and writes nothing for an update that changes nothing', async () => {
    const actor = userActor({ userId: 1 }, 'request-kinds');
    await audit.write(t.db, actor, 'AuditKinds', 1, null, { name: 'a', city: 'Utrecht' });
    await audit.write(
      t.db,
      actor,
      'AuditKinds',
      1,
      { name: 'a', city: 'Utrecht' },
      { name: 'b', city: 'Utrecht' },
    );
    await audit.write(t.db, actor, 'AuditKinds', 1, { name: 'b' }, { name: 'b', updatedAt: 'later' });
    await audit.write(t.db, actor, 'AuditKinds', 1, { name: 'b' }, null);
    expect((await rowsOf('AuditKinds')).map((row) => [row.action, row.changes])).toEqual([
      ['create', { name: { old: null, new: 'a' }, city: { old: null, new: 'Utrecht' } }],
      ['update', { name: { old: 'a', new: 'b' } }],
      ['delete', { name: { old: 'b', new: null } }],
    ]);
  });

  it('never records a secret field or a time stamp', async () => {
    const after = { name: 'x', passwordHash: 'hash', apiKey: 'key', tokenHash: 't', createdAt: 'now' };
    await audit.write(t.db, systemActor('create-admin'), 'AuditSecret', 1, null, after);
    const [row] = await rowsOf('AuditSecret');
    expect(row!.changes).toEqual({ name: { old: null, new: 'x' } });
  });
});

describe('audit.writeAll', () => {
  it('writes a row per changed entity in one statement, none for those unchanged or for none', async () => {
    const actor = systemActor('billing');
    await audit.writeAll(t.db, actor, 'AuditBatch', []);
    await audit.writeAll(t.db, actor, 'AuditBatch', [
      { id: 1, before: null, after: { total: 100 } },
      { id: 2, before: { total: 5 }, after: { total: 5 } },
      { id: 3, before: { total: 5 }, after: { total: 6 } },
    ]);
    expect((await rowsOf('AuditBatch')).map((row) => [row.entityId, row.action, row.actor])).toEqual([
      ['1', 'create', 'system:billing'],
      ['3', 'update', 'system:billing'],
    ]);
  });
});
