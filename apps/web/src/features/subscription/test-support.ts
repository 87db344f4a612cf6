import type {
  AgeGroup,
  LocationSummary,
  Subscription,
  SubscriptionListItem,
  TimeSlotGroup,
} from '@xp/contracts';
import { gymRights } from '@xp/contracts/enums';
import { testClaims } from '@/app/test-support/claims';

/** An employee of gym 10 with these gym rights (all of them by default). */
export const gymManager = (rights: readonly string[] = gymRights) =>
  testClaims({ name: 'Jeroen Bakker', gymRights: rights.map((right) => `10:${right}`) });

const location = (id: number, name: string): LocationSummary => ({
  id,
  name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  email: null,
  street: null,
  houseNumber: null,
  postalCode: null,
  city: 'Utrecht',
  visibleOnRegistrationPage: true,
});

export const gymLocations: LocationSummary[] = [
  location(5, 'Vitaal Amersfoort'),
  location(6, 'Vitaal Utrecht Centrum'),
];

export const ageGroups: AgeGroup[] = [
  { id: 1, name: 'Jeugd', minimumAge: 12, maximumAge: 17, subscriptionCount: 1 },
  { id: 2, name: 'Senioren', minimumAge: 65, maximumAge: 130, subscriptionCount: 0 },
];

export const timeSlotGroups: TimeSlotGroup[] = [
  {
    id: 3,
    name: 'Daluren',
    days: [1, 2, 3, 4, 5],
    beginTime: '09:00',
    endTime: '16:00',
    subscriptionCount: 1,
  },
];

export const listItems: SubscriptionListItem[] = [
  {
    id: 21,
    type: 0,
    name: 'Fitness onbeperkt',
    order: 1,
    isActive: true,
    variantCount: 2,
    locationCount: 2,
    lowestPricePerPeriod: 3495,
  },
  {
    id: 22,
    type: 1,
    name: 'Tienrittenkaart',
    order: 2,
    isActive: true,
    variantCount: 1,
    locationCount: 1,
    lowestPricePerPeriod: null,
  },
];

export const tabCounts = { all: 3, active: 2, inactive: 1 };

export const fitness: Subscription = {
  id: 21,
  type: 0,
  name: 'Fitness onbeperkt',
  description: 'Alle apparaten, alle dagen',
  order: 1,
  vatRate: 9,
  isActive: true,
  locations: [
    { id: 5, name: 'Vitaal Amersfoort' },
    { id: 6, name: 'Vitaal Utrecht Centrum' },
  ],
  ageGroups: [ageGroups[0] as AgeGroup],
  timeSlotGroups: [],
  variants: [
    {
      id: 31,
      name: 'Jaarcontract',
      oneOffCosts: 2500,
      oneOffCostsIncludesVat: true,
      pricePerPeriod: 3495,
      pricePerPeriodIncludesVat: true,
      durationPeriodAmount: 12,
      durationPeriodType: 1,
      accessType: 0,
      accessPerPeriodAmount: null,
      accessPerPeriodType: null,
      paymentPerPeriodAmount: 1,
      paymentPerPeriodType: 1,
      noticePeriodAmount: 1,
      noticePeriodType: 1,
      order: 0,
    },
    {
      id: 32,
      name: 'Maandcontract',
      oneOffCosts: 0,
      oneOffCostsIncludesVat: true,
      pricePerPeriod: 4500,
      pricePerPeriodIncludesVat: true,
      durationPeriodAmount: 1,
      durationPeriodType: 1,
      accessType: 1,
      accessPerPeriodAmount: 2,
      accessPerPeriodType: 0,
      paymentPerPeriodAmount: 1,
      paymentPerPeriodType: 1,
      noticePeriodAmount: 0,
      noticePeriodType: 1,
      order: 1,
    },
  ],
  createdAt: '2026-11-01T10:00:00.000Z',
};

/** The lists the form reads: the gym's locations, age groups and time slot groups. */
export const formLists = {
  'GET /api/Location': () => ({ data: { items: gymLocations, total: gymLocations.length } }),
  'GET /api/AgeGroup': () => ({ data: { items: ageGroups, total: ageGroups.length } }),
  'GET /api/TimeSlotGroup': () => ({ data: { items: timeSlotGroups, total: timeSlotGroups.length } }),
};
