import { AccessType, type AgeGroup, PeriodType, SubscriptionType, type TimeSlotGroup } from '@xp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEmployee, ok, request, seededIds, signIn } from '../rights/test-support.ts';

export let t: TestApp;
export let ids: Awaited<ReturnType<typeof seededIds>>;
export let call: ReturnType<typeof request>;
export let gym = '';
export let plain = '';
export let brug = '';

export type Page<T> = { items: T[]; total: number; tabCounts?: Record<string, number> };

export const auditActions = async (entity: string, id: number) =>
  (
    await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id))
  ).map((row) => row.action);

export let serial = 0;
export const ageGroup = async (
  body: Partial<{ name: string; minimumAge: number; maximumAge: number }> = {},
  cookie = gym,
) =>
  ok<AgeGroup>(
    await call('POST', '/AgeGroup', cookie, {
      name: `Leeftijd ${++serial}`,
      minimumAge: 18,
      maximumAge: 64,
      ...body,
    }),
  );
export const timeSlotGroup = async (
  body: Partial<{ name: string; days: number[]; beginTime: string; endTime: string }> = {},
  cookie = gym,
) =>
  ok<TimeSlotGroup>(
    await call('POST', '/TimeSlotGroup', cookie, {
      name: `Dal ${++serial}`,
      days: [1, 2, 3, 4, 5],
      beginTime: '09:00',
      endTime: '16:00',
      ...body,
    }),
  );

export const variant = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maandelijks',
  oneOffCosts: 2500,
  oneOffCostsIncludesVat: true,
  pricePerPeriod: 3995,
  pricePerPeriodIncludesVat: true,
  durationPeriodAmount: 12,
  durationPeriodType: PeriodType.Month,
  accessType: AccessType.Unlimited,
  paymentPerPeriodAmount: 1,
  paymentPerPeriodType: PeriodType.Month,
  noticePeriodAmount: 1,
  noticePeriodType: PeriodType.Month,
  order: 1,
  ...overrides,
});

export const subscriptionBody = (overrides: Record<string, unknown> = {}) => ({
  type: SubscriptionType.Recurring,
  name: `Abonnement ${++serial}`,
  description: 'Onbeperkt sporten',
  order: 1,
  vatRate: 9,
  locationIds: [ids.utrecht],
  ageGroupIds: [],
  timeSlotGroupIds: [],
  variants: [variant()],
  ...overrides,
});

export const create = (body: unknown, cookie = gym) => call('POST', '/Subscription', cookie, body);

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp();
    ids = await seededIds(t);
    call = request(t);
    await createEmployee(t, {
      email: 'plain@abonnement.test',
      gymId: ids.vitaal,
      gymRights: ['ManageMembers'],
    });
    await createEmployee(t, {
      email: 'boss@abonnement.test',
      gymId: ids.brug,
      gymRights: ['ManageSubscriptions'],
    });
    gym = await signIn(t, 'gym@example.com', '10.63');
    plain = await signIn(t, 'plain@abonnement.test', '10.63');
    brug = await signIn(t, 'boss@abonnement.test', '10.63');
  });
  afterAll(() => t.close());
}
