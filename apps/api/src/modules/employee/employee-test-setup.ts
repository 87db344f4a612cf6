import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEmployee, ok, request, seededIds, signIn } from '../rights/test-support.ts';

export let t: TestApp;
export let ids: Awaited<ReturnType<typeof seededIds>>;
export let call: ReturnType<typeof request>;
/** Cookies of the demo accounts and of test employees, signed in once. */
export const cookies: Record<string, string> = {};

export const unique = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
export const PREFIX = '10.71';
export const login = (email: string) => signIn(t, email, PREFIX);

export const list = <T>(response: Awaited<ReturnType<typeof call>>) =>
  ok<{ items: T[]; total: number }>(response);
export const emails = (response: Awaited<ReturnType<typeof call>>) =>
  list<{ email: string }>(response).items.map((item) => item.email);

export const auditOf = (entity: string, entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id));

/** The registration code in the newest invitation mail to an address. */
export async function mailedCode(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(sql`lower(${mailOutbox.to}) = lower(${to})`, eq(mailOutbox.template, 'invitation')))
    .orderBy(desc(mailOutbox.id));
  expect(mail, `no invitation mail to ${to}`).toBeDefined();
  const match = /\/account\/register\/gym\/employee\/(\S+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1]!;
}

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    ids = await seededIds(t);
    call = request(t);
    cookies.gym = await login('gym@example.com');
    cookies.location = await login('locatie@example.com');
    cookies.admin = await login('admin@example.com');
    cookies.employer = await login('werkgever@example.com');
    // An employee of Vitaal with rights but not ManageMembers.
    await createEmployee(t, {
      email: 'zonder.recht@example.com',
      gymId: ids.vitaal,
      gymRights: ['ManageSubscriptions'],
      locations: [{ locationId: ids.amersfoort, rights: ['ManageLessons'] }],
    });
    cookies.noRight = await login('zonder.recht@example.com');
    // ManageMembers in De Brug, the other gym.
    await createEmployee(t, {
      email: 'brug.beheer@example.com',
      firstName: 'Bram',
      lastName: 'Brug',
      gymId: ids.brug,
      gymRights: ['ManageMembers'],
    });
    cookies.brug = await login('brug.beheer@example.com');
  });
  afterAll(() => t.close());
}
