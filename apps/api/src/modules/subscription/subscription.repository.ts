import { type AnyColumn, and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { inclVatCentsSql } from '../../platform/db/money.ts';
import {
  cappedCounts,
  cappedSum,
  type ListQuery,
  limitOffset,
  orderBy,
  pagedCounts,
  readPage,
  searchLike,
} from '../../platform/http/paging.ts';
import { locations } from '../organisation/organisation.tables.ts';
import {
  ageGroups,
  subscriptionAgeGroups,
  subscriptionLocations,
  subscriptions,
  subscriptionTimeSlotGroups,
  subscriptionVariants,
  timeSlotGroups,
} from './subscription.tables.ts';
import { ageGroupColumns, timeSlotGroupColumns } from './subscription-groups.repository.ts';

// ------------------------------------------------------------------------------------------ subscriptions

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Pick<
  typeof subscriptions.$inferInsert,
  'type' | 'name' | 'description' | 'sortOrder' | 'vatRate'
>;
export type VariantValues = Omit<
  typeof subscriptionVariants.$inferInsert,
  'id' | 'subscriptionId' | 'createdAt' | 'updatedAt'
>;

/**
 * The price per period incl. VAT of a variant of the outer subscription, rounded to cents. The outer row's
 * columns are written out: inside a one-table select drizzle leaves column names unqualified.
 */
const priceInclVat = sql`CASE WHEN ${subscriptionVariants.pricePerPeriodIncludesVat} THEN ${subscriptionVariants.pricePerPeriod} ELSE ${inclVatCentsSql(subscriptionVariants.pricePerPeriod, sql`"subscriptions"."vat_rate"`)} END`;

const listColumns = {
  id: subscriptions.id,
  type: subscriptions.type,
  name: subscriptions.name,
  order: subscriptions.sortOrder,
  isActive: subscriptions.isActive,
  variantCount: sql<number>`(select count(*)::int from ${subscriptionVariants} where ${subscriptionVariants.subscriptionId} = "subscriptions"."id")`,
  locationCount: sql<number>`(select count(*)::int from ${subscriptionLocations} where ${subscriptionLocations.subscriptionId} = "subscriptions"."id")`,
  lowestPricePerPeriod: sql<
    number | null
  >`(select min(${priceInclVat}) from ${subscriptionVariants} where ${subscriptionVariants.subscriptionId} = "subscriptions"."id")`,
};

/**
 * A gym's subscriptions (tens to hundreds) with the tabs active and inactive: by the gym's list indexes
 * (gym, active flag, sort key, id); a search on the name (its trigram index).
 */
export async function listSubscriptions(
  db: Database,
  gymId: number,
  query: ListQuery & { isActive?: boolean | undefined },
) {
  const base = and(
    eq(subscriptions.gymId, gymId),
    query.search ? searchLike(sql`lower(${subscriptions.name})`, query.search) : undefined,
  );
  const tab = (isActive: boolean | undefined) =>
    and(base, isActive === undefined ? undefined : eq(subscriptions.isActive, isActive));
  const { limit, offset } = limitOffset(query);
  const items = await readPage({
    limit,
    offset,
    where: tab(query.isActive),
    order: orderBy(
      query,
      { order: subscriptions.sortOrder, name: sql`lower(${subscriptions.name})`, type: subscriptions.type },
      'order',
      subscriptions.id,
    ),
    id: subscriptions.id,
    ids: db.select({ id: subscriptions.id }).from(subscriptions).$dynamic(),
    rows: db.select(listColumns).from(subscriptions).$dynamic(),
  });
  if (query.counts === false) return { items };
  const rows = (isActive: boolean) => db.select({ one: sql`1` }).from(subscriptions).where(tab(isActive));
  const tabs = await cappedCounts(db, { active: rows(true), inactive: rows(false) });
  const current = query.isActive === undefined ? 'all' : query.isActive ? 'active' : 'inactive';
  return { items, ...pagedCounts({ all: cappedSum(tabs.active, tabs.inactive), ...tabs }, current) };
}

export const findSubscription = async (db: Database, id: number, lock = false) => {
  const select = db.select().from(subscriptions).where(eq(subscriptions.id, id)).$dynamic();
  return (await (lock ? select.for('update') : select))[0];
};

/** A subscription with what it offers: locations, age groups, time slot groups and variants. */
export async function subscriptionParts(db: Database, id: number) {
  const [offeredAt, ages, slots, variants] = [
    await db
      .select({ id: locations.id, name: locations.name })
      .from(subscriptionLocations)
      .innerJoin(locations, eq(locations.id, subscriptionLocations.locationId))
      .where(eq(subscriptionLocations.subscriptionId, id))
      .orderBy(asc(sql`lower(${locations.name})`), asc(locations.id)),
    await db
      .select(ageGroupColumns)
      .from(ageGroups)
      .where(
        inArray(
          ageGroups.id,
          db
            .select({ id: subscriptionAgeGroups.ageGroupId })
            .from(subscriptionAgeGroups)
            .where(eq(subscriptionAgeGroups.subscriptionId, id)),
        ),
      )
      .orderBy(asc(ageGroups.minimumAge), asc(ageGroups.id)),
    await db
      .select(timeSlotGroupColumns)
      .from(timeSlotGroups)
      .where(
        inArray(
          timeSlotGroups.id,
          db
            .select({ id: subscriptionTimeSlotGroups.timeSlotGroupId })
            .from(subscriptionTimeSlotGroups)
            .where(eq(subscriptionTimeSlotGroups.subscriptionId, id)),
        ),
      )
      .orderBy(asc(sql`lower(${timeSlotGroups.name})`), asc(timeSlotGroups.id)),
    await db
      .select()
      .from(subscriptionVariants)
      .where(eq(subscriptionVariants.subscriptionId, id))
      .orderBy(asc(subscriptionVariants.sortOrder), asc(subscriptionVariants.id)),
  ];
  return { locations: offeredAt, ageGroups: ages, timeSlotGroups: slots, variants };
}

/**
 * Of `ids`, those that are the gym's: its locations, age groups or time slot groups. The groups are locked
 * against deletion (`FOR KEY SHARE`) until the save commits, so a group's deletion either waits and then
 * sees it in use, or went first and the group is not found here.
 */
export async function ownedIds(
  db: Database,
  kind: 'locations' | 'ageGroups' | 'timeSlotGroups',
  gymId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = { locations, ageGroups, timeSlotGroups }[kind];
  const select = db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.gymId, gymId), inArray(table.id, ids)))
    .$dynamic();
  const rows = await (kind === 'locations' ? select : select.for('key share'));
  return new Set(rows.map((row) => row.id));
}

export const insertSubscription = async (db: Database, gymId: number, values: SubscriptionValues) =>
  (
    await db
      .insert(subscriptions)
      .values({ ...values, gymId })
      .returning({ id: subscriptions.id })
  )[0]!.id;

export const updateSubscription = (
  db: Database,
  id: number,
  values: Partial<SubscriptionValues> & { isActive?: boolean },
) => db.update(subscriptions).set(values).where(eq(subscriptions.id, id));

/** Replaces what a subscription is linked to: the rows no longer listed go, the new ones come. */
export async function replaceLinks(
  db: Database,
  subscriptionId: number,
  links: { locationIds: number[]; ageGroupIds: number[]; timeSlotGroupIds: number[] },
) {
  const gone = (own: SQL, column: AnyColumn, ids: number[]) =>
    ids.length > 0 ? and(own, notInArray(column, ids)) : own;
  await db
    .delete(subscriptionLocations)
    .where(
      gone(
        eq(subscriptionLocations.subscriptionId, subscriptionId),
        subscriptionLocations.locationId,
        links.locationIds,
      ),
    );
  if (links.locationIds.length > 0)
    await db
      .insert(subscriptionLocations)
      .values(links.locationIds.map((locationId) => ({ subscriptionId, locationId })))
      .onConflictDoNothing();
  await db
    .delete(subscriptionAgeGroups)
    .where(
      gone(
        eq(subscriptionAgeGroups.subscriptionId, subscriptionId),
        subscriptionAgeGroups.ageGroupId,
        links.ageGroupIds,
      ),
    );
  if (links.ageGroupIds.length > 0)
    await db
      .insert(subscriptionAgeGroups)
      .values(links.ageGroupIds.map((ageGroupId) => ({ subscriptionId, ageGroupId })))
      .onConflictDoNothing();
  await db
    .delete(subscriptionTimeSlotGroups)
    .where(
      gone(
        eq(subscriptionTimeSlotGroups.subscriptionId, subscriptionId),
        subscriptionTimeSlotGroups.timeSlotGroupId,
        links.timeSlotGroupIds,
      ),
    );
  if (links.timeSlotGroupIds.length > 0)
    await db
      .insert(subscriptionTimeSlotGroups)
      .values(links.timeSlotGroupIds.map((timeSlotGroupId) => ({ subscriptionId, timeSlotGroupId })))
      .onConflictDoNothing();
}

/** The ids of a subscription's variants. */
export const variantIdsOf = async (db: Database, subscriptionId: number) =>
  new Set(
    (
      await db
        .select({ id: subscriptionVariants.id })
        .from(subscriptionVariants)
        .where(eq(subscriptionVariants.subscriptionId, subscriptionId))
    ).map((row) => row.id),
  );

/** Writes the variants: those with an id are changed, the others added, the ones not listed removed. */
export async function saveVariants(
  db: Database,
  subscriptionId: number,
  variants: (VariantValues & { id?: number | undefined })[],
) {
  const kept = variants.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  const own = eq(subscriptionVariants.subscriptionId, subscriptionId);
  await db
    .delete(subscriptionVariants)
    .where(kept.length > 0 ? and(own, notInArray(subscriptionVariants.id, kept)) : own);
  for (const { id, ...values } of variants) {
    if (id === undefined) await db.insert(subscriptionVariants).values({ ...values, subscriptionId });
    else
      await db
        .update(subscriptionVariants)
        .set(values)
        .where(and(own, eq(subscriptionVariants.id, id)));
  }
}

// ------------------------------------------------------------------------------- offered subscriptions

/**
 * The subscriptions a gym offers: active ones, offered at one of its locations (at `locationId` when given),
 * in the gym's order (sort order, name), each with its variants (in their order), the offering locations
 * (by name; only `locationId` when given) and its age groups (youngest first). The one reading of "what the
 * gym offers" for the members' take-out list, the public sign-up page and the import's example file.
 */
export async function offeredSubscriptions(
  db: Database,
  where: { gymId: number; locationId?: number | null } | { gymId?: undefined; locationId: number },
) {
  const locationId = where.locationId ?? null;
  const rows = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      description: subscriptions.description,
      type: subscriptions.type,
      vatRate: subscriptions.vatRate,
    })
    .from(subscriptions)
    .where(
      and(
        where.gymId === undefined ? undefined : eq(subscriptions.gymId, where.gymId),
        eq(subscriptions.isActive, true),
        sql`exists (select 1 from ${subscriptionLocations} sl where sl.subscription_id = ${subscriptions.id}${
          locationId === null ? sql`` : sql` and sl.location_id = ${locationId}`
        })`,
      ),
    )
    .orderBy(asc(subscriptions.sortOrder), asc(subscriptions.name), asc(subscriptions.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [variants, offeredAt, groups] = await Promise.all([
    db
      .select()
      .from(subscriptionVariants)
      .where(inArray(subscriptionVariants.subscriptionId, ids))
      .orderBy(asc(subscriptionVariants.sortOrder), asc(subscriptionVariants.id)),
    db
      .select({
        subscriptionId: subscriptionLocations.subscriptionId,
        id: locations.id,
        name: locations.name,
      })
      .from(subscriptionLocations)
      .innerJoin(locations, eq(locations.id, subscriptionLocations.locationId))
      .where(
        and(
          inArray(subscriptionLocations.subscriptionId, ids),
          locationId === null ? undefined : eq(locations.id, locationId),
        ),
      )
      .orderBy(asc(locations.name), asc(locations.id)),
    db
      .select({
        subscriptionId: subscriptionAgeGroups.subscriptionId,
        name: ageGroups.name,
        minimumAge: ageGroups.minimumAge,
        maximumAge: ageGroups.maximumAge,
      })
      .from(subscriptionAgeGroups)
      .innerJoin(ageGroups, eq(ageGroups.id, subscriptionAgeGroups.ageGroupId))
      .where(inArray(subscriptionAgeGroups.subscriptionId, ids))
      .orderBy(asc(ageGroups.minimumAge), asc(ageGroups.id)),
  ]);
  const of = <T extends { subscriptionId: number }>(list: T[], id: number) =>
    list.filter((entry) => entry.subscriptionId === id);
  return rows.map((row) => ({
    ...row,
    variants: of(variants, row.id),
    locations: of(offeredAt, row.id).map(({ id, name }) => ({ id, name })),
    ageGroups: of(groups, row.id).map(({ name, minimumAge, maximumAge }) => ({
      name,
      minimumAge,
      maximumAge,
    })),
  }));
}
export type OfferedSubscription = Awaited<ReturnType<typeof offeredSubscriptions>>[number];
