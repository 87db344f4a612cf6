import { randomUUID } from 'node:crypto';
import {
  type Member,
  type MemberExport,
  type MemberListItem,
  MemberStatus,
  MembershipState,
  PeriodType,
  type Subscription,
  type SubscriptionMember,
  SubscriptionType,
} from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { entries } from '../entry/entry.tables.ts';
import { locationStatusRequirements } from '../location/location.tables.ts';
import { createEmployee, expectFailure, ok, signIn } from '../rights/test-support.ts';
import { members, memberships } from './member.tables.ts';
import {
  amersfoortDesk,
  atLocation,
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
  t,
  takeOut,
  today,
  useMemberDesk,
  utrechtDesk,
  variant,
} from './test-support.ts';

/*
 * Members and memberships (decision 014): the desk's members in the Gym and Location
 * environments, the take-out rules, end and pause, the member status from the days of absence, GDPR export
 * and anonymisation, open registrations and a subscription's members tab.
 */

useMemberDesk('leden.test', '10.64');

let serial = 0;

describe('members', () => {
  it('are entered at the desk, read, changed, listed and searched in the active gym', async () => {
    const created = await newMember({
      firstName: 'Karel',
      insertion: 'van',
      lastName: 'Zoekbaar',
      email: 'KAREL@leden.test',
    });
    expect(created).toMatchObject({
      fullName: 'Karel van Zoekbaar',
      email: 'karel@leden.test',
      postalCode: '3511 AB',
      homeLocation: { id: ids.utrecht },
      status: MemberStatus.Active,
      hasAccount: false,
      registrationCompleted: true,
      memberships: [],
    });
    expect(ok<Member>(await call('GET', `/Member/${created.id}`, gym)).id).toBe(created.id);
    const changed = ok<Member>(
      await call('PUT', '/Member', gym, {
        ...person({ firstName: 'Carel', lastName: 'Zoekbaar' }),
        id: created.id,
      }),
    );
    expect(changed.fullName).toBe('Carel Zoekbaar');
    for (const search of ['zoekb', '3511 ab', '3511ab', 'carel zoek']) {
      const page = ok<Page<MemberListItem>>(
        await call('GET', `/Member?search=${encodeURIComponent(search)}`, gym),
      );
      expect(page.items.map((item) => item.id)).toContain(created.id);
    }
    const page = ok<Page<MemberListItem>>(await call('GET', '/Member?sort=name&pageSize=100', gym));
    expect(page.tabCounts).toMatchObject({ all: page.total });
    expect(page.tabCounts!.active! + page.tabCounts!.nonActive! + page.tabCounts!.sleeping!).toBe(page.total);
    // Another gym sees none of them; its call for the member is "not found".
    expect(ok<Page<MemberListItem>>(await call('GET', '/Member?search=zoekbaar', brug)).items).toEqual([]);
    expectFailure(await call('GET', `/Member/${created.id}`, brug), 404, 'general', 'member.errors.notFound');
    expectFailure(
      await call('PUT', '/Member', brug, { ...person({ homeLocationId: ids.zwolle }), id: created.id }),
      404,
      'general',
      'member.errors.notFound',
    );
    // The audit log says which personal fields changed, never their values.
    const rows = await auditRows('Member', created.id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(rows)).not.toContain('Carel');
    expect(JSON.stringify(rows[1]!.changes)).toContain('firstName');
  });

  it('refuses bad input, a taken e-mail, a location of another gym and a missing right, changing nothing', async () => {
    const existing = await newMember();
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n;
    const before = await count();
    expectFailure(
      await call('POST', '/Member', gym, person({ firstName: '' })),
      400,
      'firstName',
      'validation.required',
    );
    expectFailure(
      await call('POST', '/Member', gym, person({ dateOfBirth: addDays(today, 1) })),
      400,
      'dateOfBirth',
      'member.errors.dateOfBirthInvalid',
    );
    expectFailure(
      await call('POST', '/Member', gym, person({ postalCode: '0123 AB' })),
      400,
      'postalCode',
      'validation.postalCode',
    );
    expectFailure(
      await call('POST', '/Member', gym, person({ email: existing.email!.toUpperCase() })),
      409,
      'email',
      'member.errors.emailTaken',
    );
    expectFailure(
      await call('POST', '/Member', gym, person({ homeLocationId: ids.zwolle })),
      400,
      'homeLocationId',
      'member.errors.locationNotInGym',
    );
    expect(await count()).toBe(before);
    expectForbidden(await call('GET', '/Member', plain));
    expectForbidden(await call('POST', '/Member', plain, person()));
    expectForbidden(await call('GET', `/Member/${existing.id}`, plain));
    expectSignInRequired(await call('GET', '/Member', ''));
  });

  it('in the Location environment are the active location’s only', async () => {
    const utrechter = await newMember({}, utrechtDesk);
    expect(utrechter.homeLocation?.id).toBe(ids.utrecht);
    const amersfoorter = await newMember({ homeLocationId: ids.amersfoort }, amersfoortDesk);
    expectFailure(
      await call('POST', '/Member', utrechtDesk, person({ homeLocationId: ids.amersfoort })),
      400,
      'homeLocationId',
      'member.errors.locationNotInGym',
    );
    expectFailure(
      await call('GET', `/Member/${amersfoorter.id}`, utrechtDesk),
      404,
      'general',
      'member.errors.notFound',
    );
    const listed = ok<Page<MemberListItem>>(await call('GET', '/Member?pageSize=100', utrechtDesk)).items.map(
      (i) => i.id,
    );
    expect(listed).toContain(utrechter.id);
    expect(listed).not.toContain(amersfoorter.id);
    // The gym sees both, and filters by location.
    const atAmersfoort = ok<Page<MemberListItem>>(
      await call('GET', `/Member?locationId=${ids.amersfoort}&pageSize=100`, gym),
    ).items.map((i) => i.id);
    expect(atAmersfoort).toContain(amersfoorter.id);
    expect(atAmersfoort).not.toContain(utrechter.id);
    // A location employee without the right is refused.
    await createEmployee(t, {
      email: 'rooms@leden.test',
      gymId: ids.vitaal,
      locations: [{ locationId: ids.utrecht, rights: ['ManageLocationAreas'] }],
    });
    const rooms = await atLocation(await signIn(t, 'rooms@leden.test', '10.64'), ids.utrecht);
    expectForbidden(await call('GET', '/Member', rooms));
    expectForbidden(await call('GET', `/Member/${utrechter.id}`, rooms));
  });
});

describe('the member status', () => {
  it('follows the days since the last entry and the main location’s requirements, at any moment', async () => {
    await t.db
      .delete(locationStatusRequirements)
      .where(eq(locationStatusRequirements.locationId, ids.amersfoort));
    const home = { homeLocationId: ids.amersfoort };
    const recent = await newMember(home);
    const absent = await newMember(home);
    const gone = await newMember(home);
    const entry = (memberId: number, daysAgo: number) =>
      t.db.insert(entries).values({
        gymId: ids.vitaal,
        locationId: ids.amersfoort,
        memberId,
        entryAt: sql`now() - make_interval(days => ${daysAgo})` as unknown as Date,
        source: 1,
      });
    await entry(recent.id, 2);
    await entry(absent.id, 40);
    await entry(gone.id, 70);
    const status = async (id: number) => ok<Member>(await call('GET', `/Member/${id}`, gym)).status;
    // Without requirements every member is active.
    expect([await status(recent.id), await status(absent.id), await status(gone.id)]).toEqual([3, 3, 3]);
    // The requirements saved: Non-active after 30 days, Sleeping after 60 (the members' instants follow).
    ok(
      await call('PUT', `/Location/${ids.amersfoort}/EditStatusRequirements`, gym, {
        statusRequirements: [
          { memberStatus: MemberStatus.NonActive, requiredDaysOfAbsence: 30 },
          { memberStatus: MemberStatus.Sleeping, requiredDaysOfAbsence: 60 },
        ],
      }),
    );
    expect([await status(recent.id), await status(absent.id), await status(gone.id)]).toEqual([
      MemberStatus.Active,
      MemberStatus.NonActive,
      MemberStatus.Sleeping,
    ]);
    const tab = async (status: number) =>
      ok<Page<MemberListItem>>(
        await call('GET', `/Member?locationId=${ids.amersfoort}&status=${status}&pageSize=100`, gym),
      );
    const inTab = async (status: number) => (await tab(status)).items.map((item) => item.id);
    const sleeping = await inTab(MemberStatus.Sleeping);
    const nonActive = await inTab(MemberStatus.NonActive);
    const active = await inTab(MemberStatus.Active);
    expect([sleeping.includes(gone.id), nonActive.includes(gone.id), active.includes(gone.id)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([sleeping.includes(absent.id), nonActive.includes(absent.id), active.includes(absent.id)]).toEqual(
      [false, true, false],
    );
    expect([sleeping.includes(recent.id), nonActive.includes(recent.id), active.includes(recent.id)]).toEqual(
      [false, false, true],
    );
    expect((await tab(MemberStatus.Sleeping)).tabCounts).toMatchObject({
      sleeping: sleeping.length,
      nonActive: nonActive.length,
      active: active.length,
    });
    // Sorted by status: sleeping (2) after non-active (1), active (3) last.
    const sorted = ok<Page<MemberListItem>>(
      await call('GET', `/Member?locationId=${ids.amersfoort}&sort=status&pageSize=100`, gym),
    ).items.map((item) => item.status);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    // A new entry makes the sleeping member active again; deleting it puts them back.
    await entry(gone.id, 0);
    expect(await status(gone.id)).toBe(MemberStatus.Active);
    await t.db
      .delete(entries)
      .where(and(eq(entries.memberId, gone.id), sql`${entries.entryAt} > now() - interval '1 day'`));
    expect(await status(gone.id)).toBe(MemberStatus.Sleeping);
    await t.db
      .delete(locationStatusRequirements)
      .where(eq(locationStatusRequirements.locationId, ids.amersfoort));
    expect(await status(gone.id)).toBe(MemberStatus.Active);
  });
});

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
      await call('POST', '/AgeGroup', gym, { name: `Volwassen ${++serial}`, minimumAge: 18, maximumAge: 99 }),
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

describe("a subscription's members", () => {
  it('are listed by name both ways, by start date, searched and filtered on current, counted', async () => {
    const subscription = await newSubscription();
    const names = ['Zwart', 'Appelboom', 'Mol', 'Appelboom'];
    const added: Member[] = [];
    for (const lastName of names) {
      const member = await newMember({ lastName });
      ok(await takeOut(member, subscription));
      added.push(member);
    }
    const list = async (query: string) =>
      ok<Page<SubscriptionMember>>(
        await call('GET', `/Subscription/${subscription.id}/Members?${query}`, gym),
      );
    // By last name (all are Sanne), the same name by member id.
    const byName = added
      .map((member, index) => ({ id: member.id, lastName: names[index]! }))
      .sort((a, b) => (a.lastName === b.lastName ? a.id - b.id : a.lastName < b.lastName ? -1 : 1));
    const asc = await list('sort=name&direction=asc');
    expect(asc.items.map((item) => item.memberId)).toEqual(byName.map((member) => member.id));
    expect(asc.total).toBe(4);
    const descending = await list('sort=name&direction=desc');
    expect(descending.items.map((item) => item.memberId)).toEqual(
      byName.map((member) => member.id).reverse(),
    );
    const second = await list('sort=name&pageSize=2&page=2');
    expect(second.items.map((item) => item.memberId)).toEqual(byName.slice(2).map((member) => member.id));
    expect(second.total).toBe(4);
    const searched = await list('search=APPELBOOM');
    expect(searched.items).toHaveLength(2);
    expect(searched.total).toBe(2);
    expect((await list('current=false')).total).toBe(0);
    expect((await list('current=true')).total).toBe(4);
  });
});

describe("a subscription's many members", () => {
  it("answer every page, deep ones and a search's too, in the order of the whole list", async () => {
    const subscription = await newSubscription();
    const lastNames = ['Veen', 'Aa', 'Veen', 'Berg', 'Aa', 'Zee'];
    const people: Member[] = [];
    for (const lastName of lastNames) people.push(await newMember({ lastName }));
    // Twenty memberships each (more than SHALLOW_OFFSET in all), start dates repeating.
    await t.db.insert(memberships).values(
      people.flatMap((member, m) =>
        Array.from({ length: 20 }, (_, n) => ({
          gymId: ids.vitaal,
          memberId: member.id,
          subscriptionId: subscription.id,
          variantId: subscription.variants[0]!.id,
          locationId: ids.utrecht,
          startDate: addDays(today, -((n * 7 + m) % 9)),
        })),
      ),
    );
    const naive = async (order: 'name' | 'startDate', direction: 'asc' | 'desc', search?: string) => {
      const d = sql.raw(direction);
      const { rows } = (await t.db.execute(
        sql`select ms.id from memberships ms join members m on m.id = ms.member_id
            where ms.subscription_id = ${subscription.id}${search ? sql` and m.search_text like ${`%${search}%`}` : sql``}
            order by ${order === 'name' ? sql`m.sort_name ${d}, m.id ${d}` : sql`ms.start_date ${d}`}, ms.id ${d}`,
      )) as unknown as { rows: { id: number }[] };
      return rows.map((row) => row.id);
    };
    const listed = async (query: string) => {
      const all: number[] = [];
      for (let page = 1; ; page++) {
        const answer = ok<Page<SubscriptionMember>>(
          await call(
            'GET',
            `/Subscription/${subscription.id}/Members?pageSize=10&page=${page}&${query}`,
            gym,
          ),
        );
        all.push(...answer.items.map((item) => item.membershipId));
        if (answer.items.length < 10) return { all, total: answer.total };
      }
    };
    for (const direction of ['asc', 'desc'] as const) {
      for (const order of ['name', 'startDate'] as const) {
        const expected = await naive(order, direction);
        expect(expected).toHaveLength(120);
        const whole = await listed(`sort=${order}&direction=${direction}`);
        expect(whole.all, `${order} ${direction}`).toEqual(expected);
        expect(whole.total).toBe(120);
        // Page 12 alone (offset 110: its ids first).
        const deep = ok<Page<SubscriptionMember>>(
          await call(
            'GET',
            `/Subscription/${subscription.id}/Members?pageSize=10&page=12&sort=${order}&direction=${direction}`,
            gym,
          ),
        );
        expect(deep.items.map((item) => item.membershipId)).toEqual(expected.slice(110, 120));
        // A search's matches read once, in the same order.
        const searched = await listed(`sort=${order}&direction=${direction}&search=veen`);
        expect(searched.all, `${order} ${direction} search`).toEqual(await naive(order, direction, 'veen'));
        expect(searched.total).toBe(40);
      }
    }
  });
});

describe('the subscriptions a member can take out', () => {
  it('are the active ones, in the Location environment those the location offers', async () => {
    const both = await newSubscription({ locationIds: [ids.utrecht, ids.amersfoort] });
    const utrechtOnly = await newSubscription();
    const inactive = await newSubscription();
    ok(await call('PUT', `/Subscription/${inactive.id}/SetIsActive`, gym, { isActive: false }));
    type Offered = { id: number; locations: { id: number }[]; variants: { id: number }[] };
    const offered = ok<Offered[]>(await call('GET', '/Subscription/Offered', gym));
    const ids_ = offered.map((entry) => entry.id);
    expect(ids_).toEqual(expect.arrayContaining([both.id, utrechtOnly.id]));
    expect(ids_).not.toContain(inactive.id);
    expect(offered.find((entry) => entry.id === both.id)!.locations).toHaveLength(2);
    expect(offered.find((entry) => entry.id === both.id)!.variants.map((v) => v.id)).toEqual(
      both.variants.map((v) => v.id),
    );
    const atAmersfoort = ok<Offered[]>(await call('GET', '/Subscription/Offered', amersfoortDesk));
    expect(atAmersfoort.map((entry) => entry.id)).toContain(both.id);
    expect(atAmersfoort.map((entry) => entry.id)).not.toContain(utrechtOnly.id);
    expect(atAmersfoort.find((entry) => entry.id === both.id)!.locations.map((l) => l.id)).toEqual([
      ids.amersfoort,
    ]);
    expect(ok<Offered[]>(await call('GET', '/Subscription/Offered', brug)).map((e) => e.id)).not.toContain(
      both.id,
    );
    expectForbidden(await call('GET', '/Subscription/Offered', plain));
  });
});

describe('GDPR', () => {
  it('exports everything of a member and anonymises them, both audited; entries stay', async () => {
    const subscription = await newSubscription();
    const member = await newMember({ firstName: 'Privé', lastName: 'Persoon', email: 'prive@leden.test' });
    ok(await takeOut(member, subscription));
    await t.db.insert(entries).values({
      gymId: ids.vitaal,
      locationId: ids.utrecht,
      memberId: member.id,
      entryAt: new Date(Date.now() - 3_600_000),
      source: 1,
    });
    const invoice = ok<{ invoiceNumber: string }>(
      await call('POST', '/Invoice', gym, {
        memberId: member.id,
        locationId: ids.utrecht,
        lines: [{ description: 'Dagpas', quantity: 1, unitPriceCents: 1_250, includesVat: true, vatRate: 9 }],
      }),
    );
    const exported = ok<MemberExport>(await call('GET', `/Member/${member.id}/Export`, gym));
    expect(exported.member).toMatchObject({ fullName: 'Privé Persoon', email: 'prive@leden.test' });
    expect(exported.entries).toHaveLength(1);
    expect(exported.invoices).toEqual([
      {
        invoiceNumber: invoice.invoiceNumber,
        invoiceDate: expect.any(String),
        locationName: 'Vitaal Utrecht Centrum',
        totalAmount: 1_250,
        status: 1,
        lines: [{ description: 'Dagpas', quantity: 1, vatRate: 9, totalCents: 1_250 }],
      },
    ]);
    expect((await auditRows('MemberExport', member.id)).map((row) => row.action)).toEqual(['create']);
    expectFailure(
      await call('POST', `/Member/${member.id}/Anonymise`, brug),
      404,
      'general',
      'member.errors.notFound',
    );
    const anonymous = ok<Member>(await call('POST', `/Member/${member.id}/Anonymise`, gym));
    expect(anonymous).toMatchObject({
      firstName: '',
      lastName: '',
      email: null,
      dateOfBirth: null,
      postalCode: null,
    });
    expect(anonymous.anonymisedAt).not.toBeNull();
    expect(anonymous.memberships).toHaveLength(1);
    const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(JSON.stringify(row)).not.toMatch(/Privé|Persoon|prive@/);
    expect(
      await t.db.select({ id: entries.id }).from(entries).where(eq(entries.memberId, member.id)),
    ).toHaveLength(1);
    expect(JSON.stringify(await auditRows('Member', member.id))).not.toMatch(/Privé|Persoon|prive@/);
    expectFailure(
      await call('POST', `/Member/${member.id}/Anonymise`, gym),
      409,
      'general',
      'member.errors.anonymised',
    );
    expectFailure(
      await call('PUT', '/Member', gym, { ...person(), id: member.id }),
      409,
      'general',
      'member.errors.anonymised',
    );
    expect(ok<Page<MemberListItem>>(await call('GET', '/Member?search=persoon', gym)).items).toEqual([]);
  });
});

describe('open registrations', () => {
  it('are listed at the location and completed once', async () => {
    const member = await newMember({ lastName: `Aanmelder ${randomUUID().slice(0, 6)}` });
    await t.db.update(members).set({ registrationCompleted: false }).where(eq(members.id, member.id));
    const open = ok<Page<MemberListItem>>(await call('GET', '/Member/OpenRegistration', utrechtDesk));
    expect(open.items.map((item) => item.id)).toContain(member.id);
    expect(
      ok<Page<MemberListItem>>(await call('GET', '/Member/OpenRegistration', amersfoortDesk)).items.map(
        (i) => i.id,
      ),
    ).not.toContain(member.id);
    expectFailure(
      await call('POST', `/Member/${member.id}/CompleteRegistration`, amersfoortDesk),
      404,
      'general',
      'member.errors.notFound',
    );
    const completed = ok<Member>(
      await call('POST', `/Member/${member.id}/CompleteRegistration`, utrechtDesk),
    );
    expect(completed.registrationCompleted).toBe(true);
    expectFailure(
      await call('POST', `/Member/${member.id}/CompleteRegistration`, utrechtDesk),
      409,
      'general',
      'member.errors.registrationAlreadyCompleted',
    );
    expect(
      ok<Page<MemberListItem>>(await call('GET', '/Member/OpenRegistration', utrechtDesk)).items.map(
        (i) => i.id,
      ),
    ).not.toContain(member.id);
  });
});
