import {
  type Member,
  type MemberListItem,
  MembershipState,
  PeriodType,
  type Subscription,
  type SubscriptionMember,
  SubscriptionType,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { describe, expect, it } from 'vitest';
import { expectForbidden } from '../../test/expect.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { nextSerial, useTestApp } from './member-test-setup.ts';
import {
  amersfoortDesk,
  auditRows,
  brug,
  call,
  gym,
  ids,
  newMember,
  newSubscription,
  type Page,
  person,
  plain,
  takeOut,
  today,
  variant,
} from './test-support.ts';

useTestApp();

describe('memberships', () => {
  it('are taken out of an active subscription offered at the location, for a fitting age', async () => {
    const subscription = await newSubscription({
      variants: [variant({ name: 'Flex' }), variant({ name: 'Jaar' })],
    });
    const member = await newMember({ homeLocationId: ids.amersfoort });
    const taken = ok<Member>(
      await takeOut(member, subscription, { variantId: subscription.variants[1]!.id }),
    );
    expect(taken.homeLocation?.id).toBe(ids.utrecht);
    expect(taken.memberships).toMatchObject([
      {
        subscription: { id: subscription.id },
        variant: { name: 'Jaar', noticePeriodAmount: 1, noticePeriodType: PeriodType.Month },
        location: { id: ids.utrecht },
        startDate: today,
        endDate: null,
        state: MembershipState.Running,
      },
    ]);
    const members = ok<Page<SubscriptionMember>>(
      await call('GET', `/Subscription/${subscription.id}/Members`, gym),
    );
    expect(members.items).toMatchObject([
      { memberId: member.id, variantName: 'Jaar', state: MembershipState.Running },
    ]);
    expect(
      ok<Page<MemberListItem>>(await call('GET', `/Member?subscriptionId=${subscription.id}`, gym)).items.map(
        (i) => i.id,
      ),
    ).toEqual([member.id]);
    expectFailure(
      await call('GET', `/Subscription/${subscription.id}/Members`, brug),
      403,
      'general',
      'auth.forbidden',
    );
    // The variant the member holds cannot be removed from the subscription; the other one can.
    const {
      id: _id,
      createdAt: _c,
      isActive: _a,
      locations,
      ageGroups,
      timeSlotGroups,
      ...fields
    } = subscription;
    const save = (variants: typeof subscription.variants) =>
      call('PUT', '/Subscription', gym, {
        ...fields,
        id: subscription.id,
        description: fields.description ?? undefined,
        locationIds: locations.map((entry) => entry.id),
        ageGroupIds: ageGroups.map((entry) => entry.id),
        timeSlotGroupIds: timeSlotGroups.map((entry) => entry.id),
        variants: variants.map((entry) => ({
          ...entry,
          accessPerPeriodAmount: entry.accessPerPeriodAmount ?? undefined,
          accessPerPeriodType: entry.accessPerPeriodType ?? undefined,
        })),
      });
    expectFailure(
      await save([subscription.variants[0]!]),
      409,
      'variants',
      'subscription.errors.variantInUse',
    );
    expect(
      ok<Subscription>(await save([subscription.variants[1]!])).variants.map((entry) => entry.name),
    ).toEqual(['Jaar']);
    expect((await auditRows('Membership', taken.memberships[0]!.id)).map((row) => row.action)).toEqual([
      'create',
    ]);
    // A prepaid subscription ends after its term.
    const prepaid = await newSubscription({
      type: SubscriptionType.Prepaid,
      variants: [variant({ durationPeriodAmount: 10, durationPeriodType: PeriodType.Week })],
    });
    const ten = ok<Member>(await takeOut(member, prepaid, { startDate: '2026-01-05' }));
    expect(ten.memberships.find((m) => m.subscription.id === prepaid.id)).toMatchObject({
      startDate: '2026-01-05',
      endDate: '2026-03-15',
      state: MembershipState.Ended,
    });
  });

  it('refuses an inactive subscription, another variant or location, and an age that does not match', async () => {
    const subscription = await newSubscription();
    const other = await newSubscription();
    const member = await newMember({ dateOfBirth: '2015-03-01' });
    expectFailure(
      await takeOut(member, subscription, { variantId: other.variants[0]!.id }),
      400,
      'variantId',
      'member.errors.variantNotFound',
    );
    expectFailure(
      await takeOut(member, subscription, { locationId: ids.amersfoort }),
      400,
      'locationId',
      'member.errors.locationDoesNotOffer',
    );
    expectFailure(await takeOut(member, subscription, {}, brug), 404, 'general', 'member.errors.notFound');
    const zwolle = ok<Member>(await call('POST', '/Member', brug, person({ homeLocationId: ids.zwolle })));
    expectFailure(
      await takeOut(zwolle, subscription, {}, brug),
      400,
      'subscriptionId',
      'member.errors.subscriptionNotFound',
    );
    ok(await call('PUT', `/Subscription/${subscription.id}/SetIsActive`, gym, { isActive: false }));
    expectFailure(
      await takeOut(member, subscription),
      400,
      'subscriptionId',
      'member.errors.subscriptionInactive',
    );
    // A date beyond what a term can be added to is no date here.
    expectFailure(
      await takeOut(member, other, { startDate: '9999-12-01' }),
      400,
      'startDate',
      'validation.date',
    );
    // Adults only: an eleven-year-old does not fit; without a date of birth the age is unknown.
    const adults = ok<{ id: number }>(
      await call('POST', '/AgeGroup', gym, {
        name: `Volwassen ${nextSerial()}`,
        minimumAge: 18,
        maximumAge: 99,
      }),
    );
    const forAdults = await newSubscription({ ageGroupIds: [adults.id] });
    expectFailure(await takeOut(member, forAdults), 400, 'subscriptionId', 'member.errors.ageDoesNotMatch');
    const unknown = await newMember({ dateOfBirth: '' });
    expect(unknown.dateOfBirth).toBeNull();
    expectFailure(
      await takeOut(unknown, forAdults),
      400,
      'subscriptionId',
      'member.errors.dateOfBirthUnknown',
    );
    // On the start date the age counts: eighteen on 2033-03-01.
    ok(await takeOut(member, forAdults, { startDate: '2033-03-01' }));
    expectFailure(
      await takeOut(member, forAdults, { startDate: '2033-02-28' }),
      400,
      'subscriptionId',
      'member.errors.ageDoesNotMatch',
    );
    expect(ok<Member>(await call('GET', `/Member/${member.id}`, gym)).memberships).toHaveLength(1);
  });

  it('end on a date not before the start, and pause for a period that moves the end', async () => {
    const prepaid = await newSubscription({
      type: SubscriptionType.Prepaid,
      variants: [variant({ durationPeriodAmount: 1, durationPeriodType: PeriodType.Year })],
    });
    const member = await newMember();
    const start = addDays(today, -10);
    const membership = ok<Member>(await takeOut(member, prepaid, { startDate: start })).memberships[0]!;
    const yearLater = new Date(`${start}T00:00:00Z`);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(membership.endDate).toBe(addDays(yearLater.toISOString().slice(0, 10), -1));
    const from = addDays(today, 5);
    const paused = ok<Member>(
      await call('POST', `/Membership/${membership.id}/Pause`, gym, {
        fromDate: from,
        toDate: addDays(from, 13),
      }),
    ).memberships[0]!;
    expect(paused.endDate).toBe(addDays(membership.endDate!, 14));
    expect(paused.pauses).toMatchObject([{ fromDate: from, toDate: addDays(from, 13) }]);
    expectFailure(
      await call('POST', `/Membership/${membership.id}/Pause`, gym, {
        fromDate: addDays(from, 3),
        toDate: addDays(from, 20),
      }),
      400,
      'fromDate',
      'member.errors.pauseOverlaps',
    );
    expectFailure(
      await call('POST', `/Membership/${membership.id}/Pause`, gym, {
        fromDate: addDays(start, -3),
        toDate: start,
      }),
      400,
      'fromDate',
      'member.errors.pauseOutsideMembership',
    );
    expectFailure(
      await call('POST', `/Membership/${membership.id}/Pause`, gym, {
        fromDate: addDays(from, 30),
        toDate: addDays(from, 20),
      }),
      400,
      'toDate',
      'member.errors.pauseEndBeforeStart',
    );
    expectFailure(
      await call('POST', `/Membership/${membership.id}/Pause`, gym, {
        fromDate: addDays(from, 30),
        toDate: addDays(from, 30 + 366),
      }),
      400,
      'toDate',
      'member.errors.pauseTooLong',
    );
    // A pause that has not started can be cancelled: the end moves back.
    ok(await call('DELETE', `/MembershipPause/${paused.pauses[0]!.id}`, gym));
    const after = ok<Member>(await call('GET', `/Member/${member.id}`, gym)).memberships[0]!;
    expect(after.endDate).toBe(membership.endDate);
    expect(after.pauses).toEqual([]);
    // A pause running today shows, and cannot be cancelled.
    const running = ok<Member>(
      await call('POST', `/Membership/${membership.id}/Pause`, gym, {
        fromDate: today,
        toDate: addDays(today, 2),
      }),
    ).memberships[0]!;
    expect(running.state).toBe(MembershipState.Paused);
    expectFailure(
      await call('DELETE', `/MembershipPause/${running.pauses[0]!.id}`, gym),
      409,
      'general',
      'member.errors.pauseStarted',
    );
    // End: not before the start.
    expectFailure(
      await call('PUT', `/Membership/${membership.id}/End`, gym, { endDate: addDays(start, -1) }),
      400,
      'endDate',
      'member.errors.endBeforeStart',
    );
    const ended = ok<Member>(
      await call('PUT', `/Membership/${membership.id}/End`, gym, { endDate: addDays(today, -1) }),
    ).memberships[0]!;
    expect(ended).toMatchObject({ endDate: addDays(today, -1), state: MembershipState.Ended });
    expectFailure(
      await call('POST', `/Membership/${membership.id}/Pause`, gym, {
        fromDate: addDays(today, 10),
        toDate: addDays(today, 12),
      }),
      409,
      'general',
      'member.errors.membershipEnded',
    );
    // Another gym, another location and a missing right do not reach it.
    expectFailure(
      await call('PUT', `/Membership/${membership.id}/End`, brug, { endDate: today }),
      404,
      'general',
      'member.errors.membershipNotFound',
    );
    expectFailure(
      await call('PUT', `/Membership/${membership.id}/End`, amersfoortDesk, { endDate: today }),
      404,
      'general',
      'member.errors.membershipNotFound',
    );
    expectForbidden(await call('PUT', `/Membership/${membership.id}/End`, plain, { endDate: today }));
    expect((await auditRows('Membership', membership.id)).map((row) => row.action)).toEqual([
      'create',
      'update',
    ]);
  });
});
