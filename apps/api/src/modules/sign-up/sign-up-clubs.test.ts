import type { PublicClub, PublicSubscription } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect.ts';
import { ids, newSubscription, type Page, t, variant } from '../member/test-support.ts';
import { locations } from '../organisation/organisation.tables.ts';
import { ok } from '../rights/test-support.ts';
import { publicCall, useSignUpApp } from './sign-up-test-setup.ts';

/*
 * The public sign-up (decision 018), before signing up: the clubs near a postal code, and what a club
 * offers, with prices including VAT and age groups.
 */

useSignUpApp();

describe('finding a club', () => {
  it('lists the clubs open for sign-up, the nearest postal code first, of one gym when asked', async () => {
    const near = ok<Page<PublicClub>>(
      await publicCall('GET', '/Location/InRangeOfPostalCode?postalCode=3817AB'),
    );
    const names = near.items.map((club) => club.name);
    expect(names.indexOf('Vitaal Amersfoort')).toBeLessThan(names.indexOf('Vitaal Utrecht Centrum'));
    expect(near.items[0]).toMatchObject({
      name: 'Vitaal Amersfoort',
      gym: { slug: 'vitaal', name: 'Vitaal Sportcentra' },
    });
    const zwolle = ok<Page<PublicClub>>(
      await publicCall('GET', '/Location/InRangeOfPostalCode?postalCode=8000'),
    );
    expect(zwolle.items[0]!.postalCode?.startsWith('80')).toBe(true);
    const vitaal = ok<Page<PublicClub>>(
      await publicCall('GET', '/Location/InRangeOfPostalCode?postalCode=8011MC&gymSlug=vitaal'),
    );
    expect(vitaal.items.every((club) => club.gym.slug === 'vitaal')).toBe(true);
    // A club hidden from the registration page is not listed.
    await t.db
      .update(locations)
      .set({ visibleOnRegistrationPage: false })
      .where(eq(locations.id, ids.amersfoort));
    try {
      const hidden = ok<Page<PublicClub>>(
        await publicCall('GET', '/Location/InRangeOfPostalCode?postalCode=3818LE'),
      );
      expect(hidden.items.map((club) => club.id)).not.toContain(ids.amersfoort);
    } finally {
      await t.db
        .update(locations)
        .set({ visibleOnRegistrationPage: true })
        .where(eq(locations.id, ids.amersfoort));
    }
    expectFailure(
      await publicCall('GET', '/Location/InRangeOfPostalCode?postalCode=0123'),
      400,
      'postalCode',
      'validation.postalCode',
    );
  });

  it("shows a club's active subscriptions with prices incl. VAT and age groups", async () => {
    const subscription = await newSubscription({
      vatRate: 21,
      variants: [variant({ pricePerPeriod: 1000, pricePerPeriodIncludesVat: false, oneOffCosts: 2500 })],
    });
    const offered = ok<PublicSubscription[]>(
      await publicCall('GET', `/Subscription/Public?locationId=${ids.utrecht}`),
    );
    const shown = offered.find((entry) => entry.id === subscription.id)!;
    expect(shown).toMatchObject({ name: subscription.name, ageGroups: [] });
    expect(shown.variants[0]).toMatchObject({ pricePerPeriod: 1210, oneOffCosts: 2500 });
    const inactive = await newSubscription();
    await t.db.execute(sql`update "subscriptions" set "is_active" = false where "id" = ${inactive.id}`);
    const again = ok<PublicSubscription[]>(
      await publicCall('GET', `/Subscription/Public?locationId=${ids.utrecht}`),
    );
    expect(again.map((entry) => entry.id)).not.toContain(inactive.id);
    await t.db
      .update(locations)
      .set({ visibleOnRegistrationPage: false })
      .where(eq(locations.id, ids.amersfoort));
    try {
      expectFailure(
        await publicCall('GET', `/Subscription/Public?locationId=${ids.amersfoort}`),
        404,
        'general',
        'signUp.errors.clubNotFound',
      );
    } finally {
      await t.db
        .update(locations)
        .set({ visibleOnRegistrationPage: true })
        .where(eq(locations.id, ids.amersfoort));
    }
  });
});
