import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { locations } from '../organisation/organisation.tables.ts';
import * as subscriptionRepository from '../subscription/subscription.repository.ts';
import { subscriptions, subscriptionVariants } from '../subscription/subscription.tables.ts';
import { members } from './member.tables.ts';

/** The gym's subscriptions (active or not) with their variants, to find the file's names among. */
export async function subscriptionsOfGym(db: Database, gymId: number) {
  const [rows, variants] = await Promise.all([
    db
      .select({ id: subscriptions.id, name: subscriptions.name, isActive: subscriptions.isActive })
      .from(subscriptions)
      .where(eq(subscriptions.gymId, gymId))
      .orderBy(asc(subscriptions.sortOrder), asc(subscriptions.id)),
    db
      .select({
        id: subscriptionVariants.id,
        subscriptionId: subscriptionVariants.subscriptionId,
        name: subscriptionVariants.name,
      })
      .from(subscriptionVariants)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionVariants.subscriptionId))
      .where(eq(subscriptions.gymId, gymId))
      .orderBy(asc(subscriptionVariants.sortOrder), asc(subscriptionVariants.id)),
  ]);
  return rows.map((row) => ({
    ...row,
    variants: variants.filter((variant) => variant.subscriptionId === row.id),
  }));
}

/** The gym's locations, to find the file's names among. */
export const locationsOfGym = (db: Database, gymId: number) =>
  db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.gymId, gymId))
    .orderBy(asc(locations.id));

/** Which of these addresses (lowercase) are already a member of the gym, with the member's id. */
export async function memberEmails(db: Database, gymId: number, emails: readonly string[]) {
  if (emails.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: members.id, email: sql<string>`lower(${members.email})` })
    .from(members)
    .where(
      and(
        eq(members.gymId, gymId),
        isNotNull(members.email),
        inArray(sql`lower(${members.email})`, [...emails]),
      ),
    );
  return new Map(rows.map((row) => [row.email, row.id]));
}

/**
 * For the example file: the gym's offered subscriptions (the subscription module's `offeredSubscriptions`)
 * with a variant, the ones without age groups first, each with its first variant and the offering locations
 * (first added first).
 */
export async function exampleChoices(db: Database, gymId: number) {
  const offered = await subscriptionRepository.offeredSubscriptions(db, { gymId });
  return offered
    .filter((subscription) => subscription.variants.length > 0)
    .map((subscription) => ({
      name: subscription.name,
      variantName: subscription.variants[0]!.name,
      hasAgeGroups: subscription.ageGroups.length > 0,
      locations: subscription.locations
        .map((location) => ({ locationId: location.id, locationName: location.name }))
        .sort((a, b) => a.locationId - b.locationId),
    }))
    .sort((a, b) => Number(a.hasAgeGroups) - Number(b.hasAgeGroups));
}
