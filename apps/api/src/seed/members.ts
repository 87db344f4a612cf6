import { AccessType, EntrySource, Gender, PeriodType, SubscriptionType } from '@xp/contracts';
import { DAY_MS } from '@xp/contracts/dates';
import { eq, inArray, sql } from 'drizzle-orm';
import { entries, entryAttempts } from '../modules/entry/entry.tables.ts';
import { members, memberships } from '../modules/member/member.tables.ts';
import { gyms, locations } from '../modules/organisation/organisation.tables.ts';
import {
  ageGroups,
  subscriptionAgeGroups,
  subscriptionLocations,
  subscriptions,
  subscriptionTimeSlotGroups,
  subscriptionVariants,
  timeSlotGroups,
} from '../modules/subscription/subscription.tables.ts';
import type { Database } from '../platform/db/client.ts';

/*
 * Demo subscriptions, members and entries (decision 014): Vitaal sells four subscriptions at its two locations,
 * De Brug one; about sixty members with entries over the last 90 days, in all three statuses (by the
 * locations' status requirements, seeded before), a few inside now, one open registration and a few
 * refused check-ins today. Deterministic: the same demo every time.
 */

const MINUTE = 60_000;

/** A small deterministic random source (a linear congruential generator). */
function randomSource(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    next,
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    int: (from: number, to: number) => from + Math.floor(next() * (to - from + 1)),
  };
}

/** Girls' and boys' names in turn: a name at an even place is a woman's (the member's gender follows it). */
const firstNames = [
  'Emma',
  'Daan',
  'Julia',
  'Sem',
  'Mila',
  'Lucas',
  'Sophie',
  'Finn',
  'Tess',
  'Levi',
  'Noor',
  'Milan',
  'Zoë',
  'Jesse',
  'Sara',
  'Bram',
  'Lotte',
  'Thijs',
  'Fleur',
  'Ruben',
  'Anouk',
  'Mohamed',
  'Yara',
  'Stijn',
];
const lastNames: [string | null, string][] = [
  [null, 'Jansen'],
  ['de', 'Vries'],
  ['van den', 'Berg'],
  ['van', 'Dijk'],
  [null, 'Bakker'],
  [null, 'Janssen'],
  ['de', 'Boer'],
  [null, 'Visser'],
  [null, 'Smit'],
  [null, 'Meijer'],
  ['de', 'Groot'],
  [null, 'Mulder'],
  [null, 'Bos'],
  ['van der', 'Linden'],
  [null, 'Kok'],
  [null, 'Yilmaz'],
  ['el', 'Idrissi'],
  [null, 'Peters'],
];
const streets = [
  'Biltstraat',
  'Nachtegaalstraat',
  'Amsterdamsestraatweg',
  'Kanaalweg',
  'Lange Nieuwstraat',
  'Vinkenstraat',
];

const variantBase = {
  oneOffCosts: 0,
  oneOffCostsIncludesVat: true,
  pricePerPeriodIncludesVat: true,
  accessType: AccessType.Unlimited,
  paymentPerPeriodAmount: 1,
  paymentPerPeriodType: PeriodType.Month,
  noticePeriodAmount: 1,
  noticePeriodType: PeriodType.Month,
};

export async function seedMembers(db: Database) {
  const gymRows = await db.select({ id: gyms.id, slug: gyms.slug }).from(gyms);
  const vitaal = gymRows.find((row) => row.slug === 'vitaal')?.id;
  const brug = gymRows.find((row) => row.slug === 'de-brug')?.id;
  const locationRows = await db
    .select({ id: locations.id, slug: locations.slug })
    .from(locations)
    .where(inArray(locations.slug, ['vitaal-utrecht-centrum', 'vitaal-amersfoort', 'de-brug-zwolle']));
  const location = (slug: string) => locationRows.find((row) => row.slug === slug)?.id;
  const utrecht = location('vitaal-utrecht-centrum');
  const amersfoort = location('vitaal-amersfoort');
  const zwolle = location('de-brug-zwolle');
  if (!vitaal || !brug || !utrecht || !amersfoort || !zwolle) return;

  const [adults, youth] = await db
    .insert(ageGroups)
    .values([
      { gymId: vitaal, name: 'Volwassenen', minimumAge: 18, maximumAge: 130 },
      { gymId: vitaal, name: 'Jeugd', minimumAge: 12, maximumAge: 17 },
    ])
    .returning({ id: ageGroups.id });
  const [offPeak] = await db
    .insert(timeSlotGroups)
    .values({
      gymId: vitaal,
      name: 'Daluren werkdagen',
      days: [1, 2, 3, 4, 5],
      beginTime: '09:00',
      endTime: '16:00',
    })
    .returning({ id: timeSlotGroups.id });

  const plans = [
    {
      gymId: vitaal,
      name: 'Onbeperkt fitness',
      description: 'Onbeperkt sporten op alle Vitaal-locaties.',
      type: SubscriptionType.Recurring,
      locationIds: [utrecht, amersfoort],
      ageGroupIds: [adults!.id],
      timeSlotGroupIds: [] as number[],
      variants: [
        {
          ...variantBase,
          name: 'Maandelijks opzegbaar',
          pricePerPeriod: 3995,
          oneOffCosts: 2500,
          durationPeriodAmount: 1,
          durationPeriodType: PeriodType.Month,
          sortOrder: 1,
        },
        {
          ...variantBase,
          name: 'Jaarcontract',
          pricePerPeriod: 3495,
          durationPeriodAmount: 12,
          durationPeriodType: PeriodType.Month,
          sortOrder: 2,
        },
      ],
    },
    {
      gymId: vitaal,
      name: 'Daluren',
      description: 'Sporten op werkdagen tussen 9 en 16 uur.',
      type: SubscriptionType.Recurring,
      locationIds: [utrecht],
      ageGroupIds: [adults!.id],
      timeSlotGroupIds: [offPeak!.id],
      variants: [
        {
          ...variantBase,
          name: 'Flex',
          pricePerPeriod: 2495,
          durationPeriodAmount: 1,
          durationPeriodType: PeriodType.Month,
          sortOrder: 1,
        },
      ],
    },
    {
      gymId: vitaal,
      name: 'Rittenkaart 10x',
      description: 'Tien keer sporten binnen een half jaar.',
      type: SubscriptionType.Prepaid,
      locationIds: [utrecht, amersfoort],
      ageGroupIds: [],
      timeSlotGroupIds: [],
      variants: [
        {
          ...variantBase,
          name: '10 ritten',
          oneOffCosts: 12500,
          pricePerPeriod: 0,
          durationPeriodAmount: 6,
          durationPeriodType: PeriodType.Month,
          accessType: AccessType.Limited,
          accessPerPeriodAmount: 10,
          noticePeriodAmount: 0,
          sortOrder: 1,
        },
      ],
    },
    {
      gymId: vitaal,
      name: 'Jeugd fitness',
      description: 'Voor jongeren van 12 tot en met 17 jaar, twee keer per week.',
      type: SubscriptionType.Recurring,
      locationIds: [utrecht],
      ageGroupIds: [youth!.id],
      timeSlotGroupIds: [],
      variants: [
        {
          ...variantBase,
          name: 'Twee keer per week',
          pricePerPeriod: 1995,
          durationPeriodAmount: 1,
          durationPeriodType: PeriodType.Month,
          accessType: AccessType.LimitedPerPeriod,
          accessPerPeriodAmount: 2,
          accessPerPeriodType: PeriodType.Week,
          sortOrder: 1,
        },
      ],
    },
    {
      gymId: brug,
      name: 'Basis',
      description: 'Fitness en groepslessen in Zwolle.',
      type: SubscriptionType.Recurring,
      locationIds: [zwolle],
      ageGroupIds: [],
      timeSlotGroupIds: [],
      variants: [
        {
          ...variantBase,
          name: 'Maandelijks',
          pricePerPeriod: 2995,
          durationPeriodAmount: 1,
          durationPeriodType: PeriodType.Month,
          sortOrder: 1,
        },
      ],
    },
  ];
  const offered: {
    subscriptionId: number;
    variantId: number;
    locationIds: number[];
    youth: boolean;
    prepaidMonths: number | null;
  }[] = [];
  for (const [index, plan] of plans.entries()) {
    const [row] = await db
      .insert(subscriptions)
      .values({
        gymId: plan.gymId,
        name: plan.name,
        description: plan.description,
        type: plan.type,
        vatRate: 9,
        sortOrder: index + 1,
      })
      .returning({ id: subscriptions.id });
    const subscriptionId = row!.id;
    const variants = await db
      .insert(subscriptionVariants)
      .values(plan.variants.map((variant) => ({ ...variant, subscriptionId })))
      .returning({ id: subscriptionVariants.id });
    await db
      .insert(subscriptionLocations)
      .values(plan.locationIds.map((locationId) => ({ subscriptionId, locationId })));
    if (plan.ageGroupIds.length > 0) {
      await db
        .insert(subscriptionAgeGroups)
        .values(plan.ageGroupIds.map((ageGroupId) => ({ subscriptionId, ageGroupId })));
    }
    if (plan.timeSlotGroupIds.length > 0) {
      await db
        .insert(subscriptionTimeSlotGroups)
        .values(plan.timeSlotGroupIds.map((timeSlotGroupId) => ({ subscriptionId, timeSlotGroupId })));
    }
    for (const variant of variants) {
      offered.push({
        subscriptionId,
        variantId: variant.id,
        locationIds: plan.locationIds,
        youth: (plan.ageGroupIds as number[]).includes(youth!.id),
        prepaidMonths: plan.type === SubscriptionType.Prepaid ? 6 : null,
      });
    }
  }

  const random = randomSource(20_261_124);
  const now = Date.now();
  const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
  /** Where each member is and how often they come: most are regulars, some stay away (Non-active, Sleeping). */
  const people: { gymId: number; home: number; habit: 'regular' | 'fading' | 'gone' | 'new' }[] = [
    ...Array.from({ length: 28 }, (_, i) => ({
      gymId: vitaal,
      home: utrecht,
      habit: (['regular', 'regular', 'regular', 'fading', 'gone', 'regular', 'new'] as const)[i % 7]!,
    })),
    ...Array.from({ length: 14 }, (_, i) => ({
      gymId: vitaal,
      home: amersfoort,
      habit: (['regular', 'fading', 'regular', 'gone', 'regular'] as const)[i % 5]!,
    })),
    ...Array.from({ length: 18 }, (_, i) => ({
      gymId: brug,
      home: zwolle,
      habit: (['regular', 'regular', 'fading', 'gone', 'new', 'regular'] as const)[i % 6]!,
    })),
  ];
  const entryRows: (typeof entries.$inferInsert)[] = [];
  for (const [index, who] of people.entries()) {
    const [prefix, lastName] = random.pick(lastNames);
    const firstName = random.pick(firstNames);
    const isYouth = who.gymId === vitaal && who.home === utrecht && index % 9 === 4;
    const born = isYouth ? random.int(2009, 2013) : random.int(1958, 2004);
    // Gone members joined long ago and have not come for months; new ones joined this month.
    const joinedDaysAgo =
      who.habit === 'new'
        ? random.int(2, 20)
        : who.habit === 'gone'
          ? random.int(200, 500)
          : random.int(95, 700);
    const [member] = await db
      .insert(members)
      .values({
        gymId: who.gymId,
        firstName,
        insertion: prefix,
        lastName,
        email: `${firstName}.${lastName}.${index + 1}@voorbeeld.nl`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        phoneNumber: `06 ${String(random.int(10_000_000, 99_999_999))}`,
        gender: firstNames.indexOf(firstName) % 2 === 0 ? Gender.Female : Gender.Male,
        dateOfBirth: `${born}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
        street: random.pick(streets),
        houseNumber: String(random.int(1, 220)),
        postalCode:
          `${random.int(1000, 9999)} ${String.fromCharCode(65 + random.int(0, 25))}${String.fromCharCode(65 + random.int(0, 25))}`.replace(
            / S[ADS]$/,
            ' AB',
          ),
        city: who.home === zwolle ? 'Zwolle' : who.home === amersfoort ? 'Amersfoort' : 'Utrecht',
        homeLocationId: who.home,
        createdAt: new Date(now - joinedDaysAgo * DAY_MS),
      })
      .returning({ id: members.id });
    const fits = offered.filter(
      (plan) =>
        plan.locationIds.includes(who.home) &&
        plan.youth === isYouth &&
        (who.gymId === brug) === plan.locationIds.includes(zwolle),
    );
    const plan = fits[index % fits.length]!;
    const startDate = day(-joinedDaysAgo);
    const [membership] = await db
      .insert(memberships)
      .values({
        gymId: who.gymId,
        memberId: member!.id,
        subscriptionId: plan.subscriptionId,
        variantId: plan.variantId,
        locationId: who.home,
        startDate,
        endDate: plan.prepaidMonths === null ? null : day(-joinedDaysAgo + 182),
      })
      .returning({ id: memberships.id });
    // One sign-up waits for the location (an open registration).
    if (index === 6)
      await db.update(members).set({ registrationCompleted: false }).where(eq(members.id, member!.id));
    // Entries within the last 90 days: regulars twice a week, fading ones stopped 5 to 8 weeks ago.
    const lastDay = who.habit === 'fading' ? random.int(35, 55) : 0;
    const firstDay = Math.min(90, joinedDaysAgo);
    if (who.habit === 'gone' || index === 6) continue;
    for (let daysAgo = firstDay; daysAgo > lastDay; daysAgo -= random.int(2, 5)) {
      const entryAt = new Date(now - daysAgo * DAY_MS + random.int(-4 * 60, 4 * 60) * MINUTE);
      entryRows.push({
        gymId: who.gymId,
        locationId: who.home,
        memberId: member!.id,
        membershipId: membership!.id,
        entryAt,
        exitAt: new Date(entryAt.getTime() + random.int(45, 110) * MINUTE),
        source: daysAgo % 3 === 0 ? EntrySource.Desk : EntrySource.CheckIn,
      });
    }
    // Four regulars at Utrecht are inside now (no exit yet).
    if (who.home === utrecht && who.habit === 'regular' && index < 6) {
      entryRows.push({
        gymId: who.gymId,
        locationId: who.home,
        memberId: member!.id,
        membershipId: membership!.id,
        entryAt: new Date(now - random.int(10, 70) * MINUTE),
        source: EntrySource.CheckIn,
      });
    }
    if (index === 8 || index === 15) {
      await db.insert(entryAttempts).values({
        gymId: who.gymId,
        locationId: who.home,
        memberId: member!.id,
        membershipId: membership!.id,
        at: new Date(now - random.int(30, 240) * MINUTE),
        reason: index === 8 ? 'notInTimeSlot' : 'limitReached',
      });
    }
  }
  for (let start = 0; start < entryRows.length; start += 500) {
    await db.insert(entries).values(entryRows.slice(start, start + 500));
  }
  // The demo's past is invoiced by the demo invoices: the billing run takes over from the next periods on.
  await db.execute(sql`select "billing_restart_from"(current_date)`);
}
