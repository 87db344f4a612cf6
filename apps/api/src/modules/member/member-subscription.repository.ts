/** The subscriptions side of members: a subscription's members and the subscriptions a gym or location offers (decision 014). */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import {
  idList,
  type ListQuery,
  matchFields,
  orderBy,
  pagedList,
  pagedTotal,
  readPage,
  searchLike,
  searchOnce,
} from '../../platform/http/paging.ts';
import { locations } from '../organisation/organisation.tables.ts';
import * as subscriptionRepository from '../subscription/subscription.repository.ts';
import { subscriptions, subscriptionVariants } from '../subscription/subscription.tables.ts';
import { fullName, type Scope, today } from './member.repository.ts';
import { members, membershipPauses, memberships } from './member.tables.ts';

// ------------------------------------------------------------------------------------- subscription tab

const membershipState = sql<number>`(case when ${memberships.startDate} > ${today} then 0 when ${memberships.endDate} < ${today} then 3 when exists (select 1 from ${membershipPauses} p where p.membership_id = ${memberships.id} and p.from_date <= ${today} and p.to_date >= ${today}) then 2 else 1 end)`;

/**
 * The memberships of a subscription (of the gym: the caller checked it, and a membership is of its
 * subscription's gym) with their members. By name, the gym's members are walked by
 * `members_gym_sort_name_idx` and each one's memberships of the subscription looked up (the member's gym in
 * the WHERE lets the planner do so: 2 ms for page 1 of 110,000, against 1 s for joining them all and
 * sorting); by start date, `memberships_subscription_idx`, a deep page's ids by an index-only walk of it
 * (`readPage`). Without a search the count reads the memberships alone; a search reads its matches once for
 * the page and the count (`searchOnce`).
 */
export async function listSubscriptionMembers(
  db: Database,
  gymId: number,
  subscriptionId: number,
  query: ListQuery,
  current: boolean | undefined,
) {
  const ofSubscription = and(
    eq(memberships.subscriptionId, subscriptionId),
    current === undefined
      ? undefined
      : current
        ? sql`(${memberships.endDate} is null or ${memberships.endDate} >= ${today})`
        : sql`${memberships.endDate} < ${today}`,
  );
  const byName = query.sort === 'name';
  const ofMembers = byName || Boolean(query.search);
  const where = and(
    ofSubscription,
    // The member's gym where the members are read: the name walk, and the search's trigram index, whose
    // first column it is (without it a search read every gym's matches: 160 ms for 'jansen').
    byName || query.search ? eq(members.gymId, gymId) : undefined,
    query.search ? searchLike(members.searchText, query.search) : undefined,
  );
  const direction = query.direction === 'desc' ? desc : asc;
  const order = byName
    ? [direction(members.sortName), direction(members.id), direction(memberships.id)]
    : orderBy(query, { startDate: memberships.startDate }, 'startDate', memberships.id);
  const rows = db
    .select({
      membershipId: memberships.id,
      memberId: memberships.memberId,
      fullName,
      variantName: subscriptionVariants.name,
      locationName: locations.name,
      startDate: memberships.startDate,
      endDate: memberships.endDate,
      state: membershipState,
    })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.memberId))
    .innerJoin(subscriptionVariants, eq(subscriptionVariants.id, memberships.variantId))
    .innerJoin(locations, eq(locations.id, memberships.locationId))
    .$dynamic();
  /** The memberships' ids with their members: a deep page's walk by name, a search's count. */
  const withMembers = () =>
    db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.memberId))
      .$dynamic();
  if (query.search && query.counts !== false) {
    // By name the key is the name then the member (a row value), and the membership's id decides within.
    const once = await searchOnce(
      db,
      query,
      db
        .select(
          matchFields(
            memberships.id,
            byName ? sql`row(${members.sortName}, ${members.id})` : memberships.startDate,
          ),
        )
        .from(memberships)
        .innerJoin(members, eq(members.id, memberships.memberId))
        .where(where),
    );
    if (once) {
      return {
        items: await rows.where(inArray(memberships.id, idList(once.ids))).orderBy(...order),
        ...pagedTotal(once.counts.all),
      };
    }
  }
  return pagedList(
    db,
    query,
    (limit, offset) =>
      readPage({
        limit,
        offset,
        where,
        order,
        id: memberships.id,
        // By start date without a search: an index-only walk of the memberships alone.
        ids: ofMembers ? withMembers() : db.select({ id: memberships.id }).from(memberships).$dynamic(),
        rows,
      }),
    query.search
      ? withMembers().where(where)
      : db.select({ one: sql`1` }).from(memberships).where(ofSubscription),
  );
}

export const subscriptionOfGym = async (db: Database, gymId: number, id: number) =>
  (
    await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.gymId, gymId)))
  ).length > 0;

/**
 * The gym's subscriptions a member can take out (the subscription module's `offeredSubscriptions`; at a
 * location only the ones offered there), with what the take-out form shows of their variants.
 */
export async function offeredSubscriptions(db: Database, scope: Scope) {
  const offered = await subscriptionRepository.offeredSubscriptions(db, {
    gymId: scope.gymId,
    locationId: scope.locationId,
  });
  return offered.map(({ description: _description, variants, ...subscription }) => ({
    ...subscription,
    variants: variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      pricePerPeriod: variant.pricePerPeriod,
      pricePerPeriodIncludesVat: variant.pricePerPeriodIncludesVat,
      paymentPerPeriodAmount: variant.paymentPerPeriodAmount,
      paymentPerPeriodType: variant.paymentPerPeriodType,
      durationPeriodAmount: variant.durationPeriodAmount,
      durationPeriodType: variant.durationPeriodType,
      noticePeriodAmount: variant.noticePeriodAmount,
      noticePeriodType: variant.noticePeriodType,
    })),
  }));
}
