import { SupplierStatus } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { challenges } from '../../modules/challenge/challenge.tables.ts';
import { challengeTemplates } from '../../modules/challenge-template/challenge-template.tables.ts';
import { gymRightsGroups } from '../../modules/employee/employee.tables.ts';
import { entries } from '../../modules/entry/entry.tables.ts';
import { fitnessProducts } from '../../modules/fitness-product/fitness-product.tables.ts';
import { locationAreas } from '../../modules/location-area/location-area.tables.ts';
import { members, membershipPauses, memberships } from '../../modules/member/member.tables.ts';
import { associations, employers, gyms, suppliers } from '../../modules/organisation/organisation.tables.ts';
import {
  ageGroups,
  subscriptions,
  subscriptionVariants,
  timeSlotGroups,
} from '../../modules/subscription/subscription.tables.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import {
  admin,
  atOnce,
  auditSince,
  call,
  type DeleteCase,
  data,
  expectDeletedOnce,
  expectEveryDeleteCovered,
  ids,
  lastAuditId,
  location,
  PARALLEL_DELETES,
  supplierCookie,
  t,
  unique,
  useTestApp,
  utrechtDesk,
} from './concurrency-test-setup.ts';

/*
 * Many deletes of one thing at once (a room, a gym, a picture, an entry, a supplier, ...): it is deleted
 * once (200, the others 404) and audited once. The deletes of people and invitations are in
 * concurrency-deletes-people.test.ts.
 */

useTestApp();

/** Each case makes the thing to delete and answers the delete call. */
const deleteCases: DeleteCase[] = [
  {
    name: 'a room (DELETE /LocationArea/{id})',
    prepare: async () => {
      const [area] = await t.db
        .insert(locationAreas)
        .values({ locationId: ids.utrecht, name: unique('Zaal'), sameAddressAsLocation: true })
        .returning();
      return () => call(admin, 'DELETE', `/LocationArea/${area!.id}`);
    },
  },
  {
    name: 'an association (DELETE /association/{id})',
    prepare: async () => {
      const [association] = await t.db
        .insert(associations)
        .values({ name: unique('Bond') })
        .returning();
      return () => call(admin, 'DELETE', `/association/${association!.id}`);
    },
  },
  {
    name: 'a gym (DELETE /Gym)',
    prepare: async () => {
      const [gym] = await t.db
        .insert(gyms)
        .values({ name: 'Weg', slug: unique('weg') })
        .returning();
      return () => call(admin, 'DELETE', '/Gym', { id: gym!.id });
    },
  },
  {
    name: 'an employer (DELETE /Employer/{id})',
    prepare: async () => {
      const [company] = await t.db
        .insert(employers)
        .values({ name: unique('Bedrijf') })
        .returning();
      return () => call(admin, 'DELETE', `/Employer/${company!.id}`);
    },
  },
  {
    name: 'a challenge template (DELETE /challengeTemplate/{id})',
    prepare: async () => {
      const [template] = await t.db.select().from(challengeTemplates).limit(1);
      const { id: _id, createdAt: _created, updatedAt: _updated, ...values } = template!;
      const [copy] = await t.db
        .insert(challengeTemplates)
        .values({ ...values, name: unique('Sjabloon') })
        .returning();
      return () => call(admin, 'DELETE', `/challengeTemplate/${copy!.id}`);
    },
  },
  {
    name: 'a challenge (DELETE /challenge/{id})',
    prepare: async () => {
      const [challenge] = await t.db
        .select()
        .from(challenges)
        .where(eq(challenges.locationId, ids.utrecht))
        .limit(1);
      const { id: _id, createdAt: _created, updatedAt: _updated, ...values } = challenge!;
      const [own] = await t.db.insert(challenges).values(values).returning();
      const cookie = await location();
      return () => call(cookie, 'DELETE', `/challenge/${own!.id}`);
    },
  },
  {
    name: 'a picture (DELETE /PictureBankItem/{id})',
    prepare: async () => {
      const picture = data<{ id: number }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/PictureBankItem',
          ...multipart(
            [
              { name: 'picture', filename: 'p.png', contentType: 'image/png', data: await testImage('png') },
              { name: 'category', value: '0' },
            ],
            { cookie: admin },
          ),
        }),
      );
      return () => call(admin, 'DELETE', `/PictureBankItem/${picture.id}`);
    },
  },
  {
    name: 'a store item (DELETE /storeitem/{id})',
    prepare: async () => {
      const item = data<{ id: number }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/storeitem',
          ...multipart(
            [
              { name: 'image', filename: 'p.png', contentType: 'image/png', data: await testImage('png') },
              { name: 'name', value: unique('Product') },
              { name: 'description', value: 'Omschrijving' },
              { name: 'storeItemCategory', value: '1' },
              { name: 'cost', value: '100' },
              { name: 'stock', value: '1' },
            ],
            { cookie: admin },
          ),
        }),
      );
      return () => call(admin, 'DELETE', `/storeitem/${item.id}`);
    },
  },
  {
    name: 'a rights group (DELETE /GymRightsGroup/{id})',
    prepare: async () => {
      const [group] = await t.db
        .insert(gymRightsGroups)
        .values({ gymId: ids.vitaal, name: unique('Groep'), rights: ['ManageMembers'] })
        .returning();
      return () => call(admin, 'DELETE', `/GymRightsGroup/${group!.id}`);
    },
  },
  {
    name: 'an age group (DELETE /AgeGroup/{id})',
    prepare: async () => {
      const [group] = await t.db
        .insert(ageGroups)
        .values({ gymId: ids.vitaal, name: unique('Leeftijd'), minimumAge: 18, maximumAge: 64 })
        .returning();
      return () => call(admin, 'DELETE', `/AgeGroup/${group!.id}`);
    },
  },
  {
    name: 'a time slot group (DELETE /TimeSlotGroup/{id})',
    prepare: async () => {
      const [group] = await t.db
        .insert(timeSlotGroups)
        .values({
          gymId: ids.vitaal,
          name: unique('Dal'),
          days: [1, 2],
          beginTime: '09:00',
          endTime: '12:00',
        })
        .returning();
      return () => call(admin, 'DELETE', `/TimeSlotGroup/${group!.id}`);
    },
  },
  {
    name: 'an entry (DELETE /Entry/{id})',
    prepare: async () => {
      const { memberId, membershipId } = await memberWithMembership();
      const [entry] = await t.db
        .insert(entries)
        .values({
          gymId: ids.vitaal,
          locationId: ids.utrecht,
          memberId,
          membershipId,
          entryAt: new Date(),
          source: 1,
        })
        .returning();
      const cookie = await utrechtDesk();
      return () => call(cookie, 'DELETE', `/Entry/${entry!.id}`);
    },
  },
  {
    name: 'a pause of a membership (DELETE /MembershipPause/{id})',
    prepare: async () => {
      const { membershipId } = await memberWithMembership();
      const [pause] = await t.db
        .insert(membershipPauses)
        .values({ membershipId, fromDate: '2099-01-01', toDate: '2099-01-10' })
        .returning();
      const cookie = await utrechtDesk();
      return () => call(cookie, 'DELETE', `/MembershipPause/${pause!.id}`);
    },
  },
  {
    name: 'a supplier (DELETE /Supplier/{id}): disabled once',
    prepare: async () => {
      const [supplier] = await t.db
        .insert(suppliers)
        .values({ name: unique('Leverancier'), status: SupplierStatus.Active })
        .returning();
      return () => call(admin, 'DELETE', `/Supplier/${supplier!.id}`);
    },
    // A Disabled supplier cannot be disabled again (`supplier.errors.cannotDisable`).
    others: [409],
  },
  {
    name: 'a fitness product (DELETE /FitnessProduct/{id})',
    prepare: async () => {
      const [fitSupply] = await t.db
        .select()
        .from(suppliers)
        .where(eq(suppliers.name, 'FitSupply Nederland'));
      const [product] = await t.db
        .insert(fitnessProducts)
        .values({ supplierId: fitSupply!.id, sortName: unique('loopband') })
        .returning();
      const cookie = await supplierCookie();
      return () => call(cookie, 'DELETE', `/FitnessProduct/${product!.id}`);
    },
  },
];

/** A member of Vitaal with a running membership at Utrecht, written directly. */
async function memberWithMembership() {
  const [subscription] = await t.db
    .insert(subscriptions)
    .values({ gymId: ids.vitaal, type: 0, name: unique('Abonnement'), vatRate: 9 })
    .returning();
  const [variant] = await t.db
    .insert(subscriptionVariants)
    .values({
      subscriptionId: subscription!.id,
      name: 'Flex',
      oneOffCosts: 0,
      oneOffCostsIncludesVat: true,
      pricePerPeriod: 1000,
      pricePerPeriodIncludesVat: true,
      durationPeriodAmount: 1,
      durationPeriodType: 1,
      accessType: 0,
      paymentPerPeriodAmount: 1,
      paymentPerPeriodType: 1,
      noticePeriodAmount: 0,
      noticePeriodType: 1,
    })
    .returning();
  const [member] = await t.db
    .insert(members)
    .values({
      gymId: ids.vitaal,
      firstName: 'Lid',
      lastName: unique('Parallel'),
      homeLocationId: ids.utrecht,
    })
    .returning();
  const [membership] = await t.db
    .insert(memberships)
    .values({
      gymId: ids.vitaal,
      memberId: member!.id,
      subscriptionId: subscription!.id,
      variantId: variant!.id,
      locationId: ids.utrecht,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
    })
    .returning();
  return { memberId: member!.id, membershipId: membership!.id };
}

describe(`${PARALLEL_DELETES} deletes of one thing at once`, () => {
  it.each(deleteCases)('$name: done and audited once, the others 404', async ({ prepare, others }) => {
    await expectDeletedOnce(await prepare(), others);
  });

  it('the banner of the sign-up pages (DELETE /Gym/{id}/banner): removed and audited once', async () => {
    data(
      await t.app.inject({
        method: 'PUT',
        url: '/api/Gym/Registration',
        ...multipart(
          [
            { name: 'id', value: String(ids.brug) },
            { name: 'banner', filename: 'b.png', contentType: 'image/png', data: await testImage('png') },
          ],
          { cookie: admin },
        ),
      }),
    );
    const before = await lastAuditId();
    // Removing a banner that is gone already changes nothing and is fine (200), but only one removal is audited.
    const { statuses } = await atOnce(PARALLEL_DELETES, () =>
      call(admin, 'DELETE', `/Gym/${ids.brug}/banner`),
    );
    expect(statuses).toEqual({ 200: PARALLEL_DELETES });
    expect((await auditSince(before)).length).toBe(1);
  });

  it('covers every DELETE endpoint of the contracts but those of people', () => {
    expectEveryDeleteCovered(deleteCases, false);
  });
});
