import { type PublicClub, type PublicSubscription, vatSplit } from '@xp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import { type ListQuery, pagedList } from '../../platform/http/paging.ts';
import { enforceRateLimit } from '../../platform/http/rate-limit.ts';
import { gyms, locations } from '../organisation/organisation.tables.ts';
import * as subscriptionRepository from '../subscription/subscription.repository.ts';
import { subscriptionLocations, subscriptions } from '../subscription/subscription.tables.ts';
import { CLUB_NOT_FOUND, clubOf, LOOKUP_LIMIT } from './sign-up.service.ts';

/** A location open for sign-up: visible on the registration page, and offering an active subscription. */
const openForSignUp = sql`${locations.visibleOnRegistrationPage} and exists (select 1 from ${subscriptionLocations} sl
  join ${subscriptions} s on s.id = sl.subscription_id where sl.location_id = ${locations.id} and s.is_active)`;

/** The four digits of a Dutch postal code as a number (null when it is not one). */
const digitsOf = sql<
  number | null
>`(case when ${locations.postalCode} ~ '^[1-9][0-9]{3}' then substr(${locations.postalCode}, 1, 4)::int end)`;

/**
 * Clubs near a postal code (decision 018): no geodata service can be reached, so "near" is the distance between
 * the four digits of the postal codes. Dutch postal codes were handed out by region, so close numbers lie
 * close together (3511 Utrecht, 3812 Amersfoort, 8011 Zwolle), though a region's border can be a jump.
 * Clubs without a postal code come last; ties by name.
 */
export async function clubsInRange(
  db: Database,
  query: ListQuery & { postalCode: string; gymSlug?: string | undefined },
  address: string,
) {
  await enforceRateLimit(db, `signup-lookup:address:${address}`, LOOKUP_LIMIT);
  const digits = Number(query.postalCode.slice(0, 4));
  const where = and(
    openForSignUp,
    query.gymSlug === undefined ? undefined : sql`lower(${gyms.slug}) = ${query.gymSlug}`,
  );
  const rows = () =>
    db
      .select({
        id: locations.id,
        name: locations.name,
        slug: locations.slug,
        street: locations.street,
        houseNumber: locations.houseNumber,
        postalCode: locations.postalCode,
        city: locations.city,
        gym: { id: gyms.id, name: gyms.name, slug: gyms.slug, bannerHash: gyms.registrationBannerHash },
      })
      .from(locations)
      .innerJoin(gyms, eq(gyms.id, locations.gymId))
      .where(where);
  return pagedList<PublicClub>(
    db,
    query,
    (limit, offset) =>
      rows()
        .orderBy(
          sql`abs(coalesce(${digitsOf}, 100000) - ${digits}) ${query.direction === 'desc' ? sql`desc` : sql`asc`}`,
          sql`lower(${locations.name})`,
          asc(locations.id),
        )
        .limit(limit)
        .offset(offset),
    db
      .select({ id: locations.id })
      .from(locations)
      .innerJoin(gyms, eq(gyms.id, locations.gymId))
      .where(where),
  );
}

/** The memberships a club offers on its sign-up page, prices incl. VAT (`vatSplit`, one rounding rule). */
export async function publicSubscriptions(
  db: Database,
  locationId: number,
  address: string,
): Promise<PublicSubscription[]> {
  await enforceRateLimit(db, `signup-lookup:address:${address}`, LOOKUP_LIMIT);
  if (!(await clubOf(db, locationId))) throw errors.notFound(CLUB_NOT_FOUND);
  const offered = await subscriptionRepository.offeredSubscriptions(db, { locationId });
  return offered.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    vatRate: row.vatRate,
    ageGroups: row.ageGroups.map(({ minimumAge, maximumAge }) => ({ minimumAge, maximumAge })),
    variants: row.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      oneOffCosts: vatSplit(variant.oneOffCosts, variant.oneOffCostsIncludesVat, row.vatRate).inclVat,
      pricePerPeriod: vatSplit(variant.pricePerPeriod, variant.pricePerPeriodIncludesVat, row.vatRate)
        .inclVat,
      durationPeriodAmount: variant.durationPeriodAmount,
      durationPeriodType: variant.durationPeriodType,
      paymentPerPeriodAmount: variant.paymentPerPeriodAmount,
      paymentPerPeriodType: variant.paymentPerPeriodType,
      noticePeriodAmount: variant.noticePeriodAmount,
      noticePeriodType: variant.noticePeriodType,
      accessType: variant.accessType,
      accessPerPeriodAmount: variant.accessPerPeriodAmount,
      accessPerPeriodType: variant.accessPerPeriodType,
    })),
  }));
}
