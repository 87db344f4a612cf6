import {
  AccessType,
  dutchToday,
  type GymRight,
  type Member,
  PeriodType,
  type Subscription,
  SubscriptionType,
} from '@xp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEmployee, ok, request, seededIds, signIn, switchToLocation } from '../rights/test-support.ts';

/*
 * The set-up the member, entry and member-import tests share: the app over a fresh database, the
 * sessions they act in, and subscriptions, members and memberships to act on. A test file calls
 * `useMemberDesk` once at its top; the bindings below are then that file's, filled before its tests run
 * (vitest gives each test file modules of its own).
 */

export type Page<T> = { items: T[]; total: number; tabCounts?: Record<string, number> };

export let t: TestApp;
export let ids: Awaited<ReturnType<typeof seededIds>>;
export let call: ReturnType<typeof request>;
/** The demo gym employee of Vitaal, with every gym right. */
export let gym = '';
/** An employee of the other gym, De Brug. */
export let brug = '';
/** A Vitaal employee who may manage subscriptions, nothing of members. */
export let plain = '';
/** Vitaal's desks in the Location environment: memberships and entries at Utrecht and at Amersfoort. */
export let utrechtDesk = '';
export let amersfoortDesk = '';
/** Utrecht's desk with the memberships right only, not the entries right. */
export let membersOnly = '';

export const today = dutchToday();

/**
 * Opens the app before the file's tests and closes it after. The employees get e-mail addresses at
 * `domain` and sign in from `10.{addressPrefix}.x.y`, both the file's own; De Brug's employee has
 * `brugRights`.
 */
export function useMemberDesk(
  domain: string,
  addressPrefix: string,
  brugRights: GymRight[] = ['ManageMemberships'],
) {
  beforeAll(async () => {
    t = await createTestApp();
    ids = await seededIds(t);
    call = request(t);
    await createEmployee(t, {
      email: `plain@${domain}`,
      gymId: ids.vitaal,
      gymRights: ['ManageSubscriptions'],
    });
    await createEmployee(t, { email: `boss@${domain}`, gymId: ids.brug, gymRights: brugRights });
    const desks = [
      ['utrecht', ids.utrecht, ['ManageMemberships', 'ManageMembershipEntries']],
      ['amersfoort', ids.amersfoort, ['ManageMemberships', 'ManageMembershipEntries']],
      ['leden', ids.utrecht, ['ManageMemberships']],
    ] as const;
    for (const [name, locationId, rights] of desks) {
      await createEmployee(t, {
        email: `${name}@${domain}`,
        gymId: ids.vitaal,
        locations: [{ locationId, rights: [...rights] }],
      });
    }
    const signInHere = (email: string) => signIn(t, email, addressPrefix);
    gym = await signInHere('gym@example.com');
    brug = await signInHere(`boss@${domain}`);
    plain = await signInHere(`plain@${domain}`);
    utrechtDesk = await atLocation(await signInHere(`utrecht@${domain}`), ids.utrecht);
    amersfoortDesk = await atLocation(await signInHere(`amersfoort@${domain}`), ids.amersfoort);
    membersOnly = await atLocation(await signInHere(`leden@${domain}`), ids.utrecht);
  });
  afterAll(() => t.close());
}

/** The cookie of a session switched to a location (the Location environment). */
export const atLocation = (cookie: string, locationId: number) => switchToLocation(t, cookie, locationId);

let serial = 0;

/** A subscription's variant: 12 months, paid monthly, unlimited access. */
export const variant = (overrides: Record<string, unknown> = {}) => ({
  name: `Variant ${++serial}`,
  oneOffCosts: 0,
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

/** An active recurring subscription at Utrecht for all ages and times, with one variant. */
export const newSubscription = async (overrides: Record<string, unknown> = {}, cookie = gym) =>
  ok<Subscription>(
    await call('POST', '/Subscription', cookie, {
      type: SubscriptionType.Recurring,
      name: `Abonnement ${++serial}`,
      order: 1,
      vatRate: 9,
      locationIds: [ids.utrecht],
      ageGroupIds: [],
      timeSlotGroupIds: [],
      variants: [variant()],
      ...overrides,
    }),
  );

/** A new member's details, complete, at home in Utrecht. */
export const person = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sanne',
  lastName: `de Vries ${++serial}`,
  email: `sanne${serial}@leden.test`,
  phoneNumber: '06 12345678',
  gender: 1,
  dateOfBirth: '1990-05-17',
  street: 'Oudegracht',
  houseNumber: '12',
  postalCode: '3511ab',
  city: 'Utrecht',
  homeLocationId: ids.utrecht,
  ...overrides,
});

export const newMember = async (overrides: Record<string, unknown> = {}, cookie = gym) =>
  ok<Member>(await call('POST', '/Member', cookie, person(overrides)));

/** Takes out the subscription's first variant at Utrecht from today; the response, to check. */
export const takeOut = (
  member: Member,
  subscription: Subscription,
  overrides: Record<string, unknown> = {},
  cookie = gym,
) =>
  call('POST', `/Member/${member.id}/Membership`, cookie, {
    subscriptionId: subscription.id,
    variantId: subscription.variants[0]!.id,
    locationId: ids.utrecht,
    startDate: today,
    ...overrides,
  });

/** The audit log's rows of one entity, oldest first. */
export const auditRows = async (entity: string, id: number) =>
  t.db
    .select({ action: auditLog.action, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
