import {
  AccessType,
  type AgeGroup,
  PeriodType,
  type Subscription,
  type SubscriptionListItem,
  SubscriptionType,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { ageGroups, subscriptions, subscriptionVariants } from './subscription.tables.ts';
import {
  ageGroup,
  auditActions,
  brug,
  call,
  create,
  gym,
  ids,
  type Page,
  plain,
  subscriptionBody,
  t,
  timeSlotGroup,
  useTestApp,
  variant,
} from './subscription-test-setup.ts';

useTestApp();

describe('subscriptions', () => {
  it('are created with variants, locations, an age group and a time slot group, and read back', async () => {
    const ages = await ageGroup({ name: 'Studenten', minimumAge: 16, maximumAge: 27 });
    const slot = await timeSlotGroup({ name: 'Overdag' });
    const created = ok<Subscription>(
      await create(
        subscriptionBody({
          name: 'Student Flex',
          locationIds: [ids.amersfoort, ids.utrecht, ids.utrecht],
          ageGroupIds: [ages.id],
          timeSlotGroupIds: [slot.id],
          variants: [
            variant({ name: 'Per maand', order: 1 }),
            variant({
              name: '10-rittenkaart',
              order: 2,
              pricePerPeriod: 10000,
              pricePerPeriodIncludesVat: false,
              accessType: AccessType.Limited,
              accessPerPeriodAmount: 10,
              accessPerPeriodType: PeriodType.Week,
            }),
          ],
        }),
      ),
    );
    expect(created).toMatchObject({
      name: 'Student Flex',
      type: SubscriptionType.Recurring,
      vatRate: 9,
      isActive: true,
      ageGroups: [{ id: ages.id, name: 'Studenten', subscriptionCount: 1 }],
      timeSlotGroups: [{ id: slot.id, name: 'Overdag', beginTime: '09:00', endTime: '16:00' }],
    });
    expect(created.locations.map((location) => location.id).sort()).toEqual(
      [ids.amersfoort, ids.utrecht].sort(),
    );
    expect(created.variants.map((item) => item.name)).toEqual(['Per maand', '10-rittenkaart']);
    // A limited access keeps its amount, not a period it does not use.
    expect(created.variants[1]).toMatchObject({ accessPerPeriodAmount: 10, accessPerPeriodType: null });
    expect(ok<Subscription>(await call('GET', `/Subscription/${created.id}`, gym))).toEqual(created);
    expect(await auditActions('Subscription', created.id)).toEqual(['create']);
    // The list: counts and the lowest price per period incl. VAT (100.00 excl. 9 % = 109.00 > 39.95).
    const page = ok<Page<SubscriptionListItem>>(await call('GET', '/Subscription?search=student flex', gym));
    expect(page.items).toEqual([
      expect.objectContaining({
        id: created.id,
        variantCount: 2,
        locationCount: 2,
        lowestPricePerPeriod: 3995,
      }),
    ]);
  });

  it('refuses bad input field by field and creates nothing', async () => {
    const before = (await t.db.select().from(subscriptions)).length;
    const other = ok<AgeGroup>(
      await call('POST', '/AgeGroup', brug, { name: 'Brug jeugd', minimumAge: 1, maximumAge: 10 }),
    );
    expectFailure(
      await create(subscriptionBody({ variants: [] })),
      400,
      'variants',
      'subscription.errors.noVariants',
    );
    expectFailure(
      await create(subscriptionBody({ locationIds: [] })),
      400,
      'locationIds',
      'subscription.errors.noLocations',
    );
    expectFailure(
      await create(subscriptionBody({ locationIds: [ids.zwolle] })),
      400,
      'locationIds[0]',
      'subscription.errors.locationNotInGym',
    );
    expectFailure(
      await create(subscriptionBody({ ageGroupIds: [other.id] })),
      400,
      'ageGroupIds[0]',
      'subscription.errors.ageGroupNotFound',
    );
    expectFailure(
      await create(subscriptionBody({ timeSlotGroupIds: [2_000_000_000] })),
      400,
      'timeSlotGroupIds[0]',
      'subscription.errors.timeSlotGroupNotFound',
    );
    expectFailure(await create(subscriptionBody({ vatRate: 7 })), 400, 'vatRate', 'validation.invalidValue');
    expectFailure(await create(subscriptionBody({ type: 5 })), 400, 'type', 'validation.invalidValue');
    expectFailure(
      await create(subscriptionBody({ variants: [variant({ accessType: AccessType.LimitedPerPeriod })] })),
      400,
      'variants[0].accessPerPeriodAmount',
      'validation.required',
    );
    expectFailure(
      await create(
        subscriptionBody({
          variants: [variant({ accessType: AccessType.LimitedPerPeriod, accessPerPeriodAmount: 2 })],
        }),
      ),
      400,
      'variants[0].accessPerPeriodType',
      'validation.required',
    );
    expectFailure(
      await create(subscriptionBody({ variants: [variant(), variant({ name: 'MAANDELIJKS' })] })),
      400,
      'variants[1].name',
      'subscription.errors.variantNameTwice',
    );
    expectFailure(
      await create(subscriptionBody({ variants: [variant({ pricePerPeriod: -1 })] })),
      400,
      'variants[0].pricePerPeriod',
      'validation.tooSmall',
    );
    expectFailure(
      await create(subscriptionBody({ variants: [variant({ oneOffCosts: 10_000_001 })] })),
      400,
      'variants[0].oneOffCosts',
      'validation.tooBig',
    );
    // A prepaid term is invoiced whole: its most periods at the price must fit the amount columns.
    expectFailure(
      await create(
        subscriptionBody({
          type: SubscriptionType.Prepaid,
          variants: [
            variant({
              pricePerPeriod: 10_000_000,
              durationPeriodAmount: 1000,
              durationPeriodType: PeriodType.Year,
              paymentPerPeriodType: PeriodType.Week,
            }),
          ],
        }),
      ),
      400,
      'variants[0].pricePerPeriod',
      'subscription.errors.termTotalTooHigh',
    );
    expectFailure(
      await create(subscriptionBody({ variants: [variant({ pricePerPeriod: 12.5 })] })),
      400,
      'variants[0].pricePerPeriod',
      'validation.invalidType',
    );
    expectFailure(
      await create(
        subscriptionBody({ variants: Array.from({ length: 21 }, (_, i) => variant({ name: `V${i}` })) }),
      ),
      400,
      'variants',
      'validation.tooMany',
    );
    expectFailure(
      await create(subscriptionBody({ name: 'x'.repeat(65) })),
      400,
      'name',
      'validation.tooLong',
    );
    expectFailure(
      await create(subscriptionBody({ variants: [variant({ id: 1 })] })),
      400,
      'variants[0].id',
      'subscription.errors.variantNotFound',
    );
    expect((await t.db.select().from(subscriptions)).length).toBe(before);
  });

  it('are changed: fields, links and variants kept, added and removed by id', async () => {
    const first = ok<Subscription>(
      await create(subscriptionBody({ variants: [variant({ name: 'A' }), variant({ name: 'B' })] })),
    );
    const other = ok<Subscription>(await create(subscriptionBody()));
    const [a, b] = first.variants;
    const slot = await timeSlotGroup();
    const changed = ok<Subscription>(
      await call('PUT', '/Subscription', gym, {
        ...subscriptionBody({ name: first.name, type: SubscriptionType.Prepaid, vatRate: 21 }),
        id: first.id,
        locationIds: [ids.amersfoort],
        timeSlotGroupIds: [slot.id],
        variants: [variant({ id: a!.id, name: 'A2', pricePerPeriod: 5000 }), variant({ name: 'C' })],
      }),
    );
    expect(changed).toMatchObject({
      type: SubscriptionType.Prepaid,
      vatRate: 21,
      locations: [{ id: ids.amersfoort }],
    });
    expect(changed.variants.map((item) => item.name)).toEqual(['A2', 'C']);
    expect(changed.variants[0]).toMatchObject({ id: a!.id, pricePerPeriod: 5000 });
    expect(await t.db.select().from(subscriptionVariants).where(eq(subscriptionVariants.id, b!.id))).toEqual(
      [],
    );
    // A variant of another subscription is not this one's to change.
    expectFailure(
      await call('PUT', '/Subscription', gym, {
        ...subscriptionBody({ name: first.name }),
        id: first.id,
        variants: [variant({ id: other.variants[0]!.id })],
      }),
      400,
      'variants[0].id',
      'subscription.errors.variantNotFound',
    );
    expectFailure(
      await call('PUT', '/Subscription', gym, {
        ...subscriptionBody({ name: other.name.toUpperCase() }),
        id: first.id,
      }),
      409,
      'name',
      'subscription.errors.nameTaken',
    );
    expect(ok<Subscription>(await call('GET', `/Subscription/${first.id}`, gym))).toEqual(changed);
    expect(await auditActions('Subscription', first.id)).toEqual(['create', 'update']);
  });

  it('are activated and deactivated, with the tabs counting each', async () => {
    const created = ok<Subscription>(await create(subscriptionBody({ name: 'Zomerpas' })));
    const counts = async () =>
      ok<Page<SubscriptionListItem>>(await call('GET', '/Subscription', gym)).tabCounts as Record<
        'all' | 'active' | 'inactive',
        number
      >;
    const start = await counts();
    expect(start.all).toBe(start.active + start.inactive);
    const off = ok<Subscription>(
      await call('PUT', `/Subscription/${created.id}/SetIsActive`, gym, { isActive: false }),
    );
    expect(off.isActive).toBe(false);
    const after = await counts();
    expect(after).toEqual({ all: start.all, active: start.active - 1, inactive: start.inactive + 1 });
    const inactive = ok<Page<SubscriptionListItem>>(
      await call('GET', '/Subscription?isActive=false&pageSize=100', gym),
    );
    expect(inactive.items.map((item) => item.id)).toContain(created.id);
    expect(inactive.total).toBe(after.inactive);
    // Again the same: nothing changes, nothing is audited twice.
    ok(await call('PUT', `/Subscription/${created.id}/SetIsActive`, gym, { isActive: false }));
    ok(await call('PUT', `/Subscription/${created.id}/SetIsActive`, gym, { isActive: true }));
    expect(await auditActions('Subscription', created.id)).toEqual(['create', 'update', 'update']);
    expectFailure(
      await call('PUT', `/Subscription/${created.id}/SetIsActive`, gym, { isActive: 'ja' }),
      400,
      'isActive',
      'validation.invalidType',
    );
  });

  it('are sorted and paged in SQL', async () => {
    for (const [name, order] of [
      ['Zz laatste', 0],
      ['Aa eerste', 99],
    ] as const) {
      ok(await create(subscriptionBody({ name, order })));
    }
    const byName = ok<Page<SubscriptionListItem>>(
      await call('GET', '/Subscription?sort=name&pageSize=100', gym),
    );
    const names = byName.items.map((item) => item.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byOrder = ok<Page<SubscriptionListItem>>(
      await call('GET', '/Subscription?sort=order&direction=desc&pageSize=1', gym),
    );
    expect(byOrder.items[0]!.name).toBe('Aa eerste');
    const second = ok<Page<SubscriptionListItem>>(
      await call('GET', '/Subscription?sort=name&pageSize=1&page=2', gym),
    );
    expect(second.items[0]!.name).toBe(byName.items[1]!.name);
    expectFailure(await call('GET', '/Subscription?sort=price', gym), 400, 'sort', 'validation.invalidValue');
  });

  it("are the gym's own: another gym's is not found, a missing right is refused", async () => {
    const created = ok<Subscription>(await create(subscriptionBody()));
    expectFailure(
      await call('GET', `/Subscription/${created.id}`, brug),
      404,
      'general',
      'subscription.errors.notFound',
    );
    expectFailure(
      await call('PUT', '/Subscription', brug, {
        ...subscriptionBody({ locationIds: [ids.zwolle] }),
        id: created.id,
      }),
      404,
      'general',
      'subscription.errors.notFound',
    );
    expectFailure(
      await call('PUT', `/Subscription/${created.id}/SetIsActive`, brug, { isActive: false }),
      404,
      'general',
      'subscription.errors.notFound',
    );
    expect(
      ok<Page<SubscriptionListItem>>(await call('GET', '/Subscription', brug)).items.map((item) => item.id),
    ).not.toContain(created.id);
    expectForbidden(await call('GET', '/Subscription', plain));
    expectForbidden(await call('GET', `/Subscription/${created.id}`, plain));
    expectForbidden(await create(subscriptionBody(), plain));
    expectSignInRequired(await call('GET', '/Subscription', ''));
    expectFailure(await call('GET', '/Subscription/abc', gym), 400, 'id', 'validation.invalidType');
    expectFailure(await call('GET', '/Subscription/99999999999', gym), 400, 'id', 'validation.tooBig');
  });

  it('keep the groups they use: a group in use is not deleted, also when both happen at once', async () => {
    const ages = await ageGroup();
    const slot = await timeSlotGroup();
    const created = ok<Subscription>(
      await create(subscriptionBody({ ageGroupIds: [ages.id], timeSlotGroupIds: [slot.id] })),
    );
    expectFailure(
      await call('DELETE', `/AgeGroup/${ages.id}`, gym),
      409,
      'general',
      'subscription.errors.ageGroupInUse',
    );
    expectFailure(
      await call('DELETE', `/TimeSlotGroup/${slot.id}`, gym),
      409,
      'general',
      'subscription.errors.timeSlotGroupInUse',
    );
    // Unlinked, it goes.
    ok(
      await call('PUT', '/Subscription', gym, {
        ...subscriptionBody({ name: created.name }),
        id: created.id,
      }),
    );
    ok(await call('DELETE', `/AgeGroup/${ages.id}`, gym));
    // A save that links a group and the group's deletion at once: one of them wins, never both.
    let linked: number[] = [];
    for (let round = 0; round < 20; round++) {
      const group = await ageGroup();
      const [save, removal] = await Promise.all([
        call('PUT', '/Subscription', gym, {
          ...subscriptionBody({ name: created.name, ageGroupIds: [group.id] }),
          id: created.id,
        }),
        call('DELETE', `/AgeGroup/${group.id}`, gym),
      ]);
      expect([save.statusCode, removal.statusCode].sort(), `${save.body} ${removal.body}`).toEqual(
        save.statusCode === 200 ? [200, 409] : [200, 400],
      );
      const stored = ok<Subscription>(await call('GET', `/Subscription/${created.id}`, gym));
      const exists = (await t.db.select().from(ageGroups).where(eq(ageGroups.id, group.id))).length === 1;
      // The save won (the group stays, linked) or the deletion did (the save changed nothing).
      expect(exists).toBe(save.statusCode === 200);
      const now = stored.ageGroups.map((item) => item.id);
      expect(now).toEqual(exists ? [group.id] : linked);
      linked = now;
    }
  });
});
