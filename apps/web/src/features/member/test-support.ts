import type { Debtor, Entry, LocationSummary, Member, MemberListItem, Membership } from '@xp/contracts';
import { Environment, gymRights } from '@xp/contracts/enums';
import { testClaims } from '@/app/test-support/claims';
import { fitness, gymLocations } from '@/features/subscription/test-support';

export { fitness, gymLocations };

/** An employee of gym 10 with these gym rights (all of them by default), in the Gym environment. */
export const gymManager = (rights: readonly string[] = gymRights) =>
  testClaims({ name: 'Jeroen Bakker', gymRights: rights.map((right) => `10:${right}`) });

/** A location employee at location 5 (Vitaal Amersfoort) with these location rights, in the Location environment. */
export const locationEmployee = (rights: readonly string[] = ['ManageMemberships']) =>
  testClaims({
    name: 'Sanne de Vries',
    activeEnvironment: Environment.Location,
    activeLocationId: 5,
    locationRights: rights.map((right) => `5:${right}`),
  });

export const listItems: MemberListItem[] = [
  {
    id: 41,
    fullName: 'Fatima el Amrani',
    email: 'fatima@example.com',
    postalCode: '3811 AB',
    city: 'Amersfoort',
    homeLocationName: 'Vitaal Amersfoort',
    status: 3,
    lastEntryAt: '2026-11-20T08:15:00.000Z',
    subscriptions: ['Fitness onbeperkt'],
    createdAt: '2026-09-01T10:00:00.000Z',
  },
  {
    id: 42,
    fullName: 'Kees de Boer',
    email: null,
    postalCode: null,
    city: null,
    homeLocationName: 'Vitaal Utrecht Centrum',
    status: 2,
    lastEntryAt: null,
    subscriptions: [],
    createdAt: '2026-10-12T10:00:00.000Z',
  },
];

export const tabCounts = { all: 3, active: 1, nonActive: 1, sleeping: 1 };

export const running: Membership = {
  id: 71,
  subscription: { id: 21, name: 'Fitness onbeperkt' },
  variant: {
    id: 31,
    name: 'Jaarcontract',
    noticePeriodAmount: 1,
    noticePeriodType: 1,
    accessType: 0,
    accessPerPeriodAmount: null,
    accessPerPeriodType: null,
  },
  location: { id: 5, name: 'Vitaal Amersfoort' },
  startDate: '2026-09-01',
  endDate: null,
  state: 1,
  pauses: [{ id: 81, fromDate: '2099-01-01', toDate: '2099-01-31' }],
  createdAt: '2026-09-01T10:00:00.000Z',
};

export const fatima: Member = {
  id: 41,
  firstName: 'Fatima',
  insertion: 'el',
  lastName: 'Amrani',
  fullName: 'Fatima el Amrani',
  email: 'fatima@example.com',
  phoneNumber: '06 12345678',
  gender: 1,
  dateOfBirth: '1990-04-12',
  street: 'Utrechtseweg',
  houseNumber: '12',
  postalCode: '3811 AB',
  city: 'Amersfoort',
  homeLocation: { id: 5, name: 'Vitaal Amersfoort' },
  status: 3,
  lastEntryAt: '2026-11-20T08:15:00.000Z',
  hasAccount: false,
  registrationCompleted: true,
  anonymisedAt: null,
  memberships: [running],
  createdAt: '2026-09-01T10:00:00.000Z',
};

export const entries: Entry[] = [
  {
    id: 901,
    memberId: 41,
    memberName: 'Fatima el Amrani',
    location: { id: 5, name: 'Vitaal Amersfoort' },
    membershipId: 71,
    subscriptionName: 'Fitness onbeperkt',
    date: '2026-11-20',
    entryTime: '09:15',
    exitTime: '10:30',
    entryAt: '2026-11-20T08:15:00.000Z',
    exitAt: '2026-11-20T09:30:00.000Z',
    source: 0,
  },
  {
    id: 902,
    memberId: 41,
    memberName: 'Fatima el Amrani',
    location: { id: 6, name: 'Vitaal Utrecht Centrum' },
    membershipId: 71,
    subscriptionName: 'Fitness onbeperkt',
    date: '2026-11-24',
    entryTime: '18:02',
    exitTime: null,
    entryAt: '2026-11-24T17:02:00.000Z',
    exitAt: null,
    source: 1,
  },
];

const locations: LocationSummary[] = gymLocations;

/** What the screens read besides the members: the gym's locations and subscriptions. */
export const lists = {
  'GET /api/Location': () => ({ data: { items: locations, total: locations.length } }),
  'GET /api/Subscription': () => ({
    data: {
      items: [
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
      ],
      total: 1,
    },
  }),
  'GET /api/Subscription/21': () => ({ data: fitness }),
};

/** Members in debt (decision 017): what is overdue past their location's grace days. */
export const debtors: Debtor[] = [
  {
    memberId: 42,
    fullName: 'Kees de Boer',
    email: 'kees@example.com',
    amountDue: 12345,
    invoiceCount: 2,
    oldestDueDate: '2026-10-01',
  },
  {
    memberId: 43,
    fullName: 'Mila Jansen',
    email: null,
    amountDue: 3495,
    invoiceCount: 1,
    oldestDueDate: '2026-11-01',
  },
];
