import {
  dutchToday,
  type Entry,
  type EntryAttempt,
  Environment,
  type InsideMember,
  type MemberListItem,
} from '@xp/contracts';
import { testClaims } from '@/app/test-support/claims';

/** A desk employee of location 5 with these location rights (ManageMembershipEntries by default). */
export const deskEmployee = (rights: readonly string[] = ['ManageMembershipEntries']) =>
  testClaims({
    userId: 3,
    name: 'Fatima el Amrani',
    activeEnvironment: Environment.Location,
    activeLocationId: 5,
    locationRights: rights.map((right) => `5:${right}`),
  });

const today = dutchToday();
const location = { id: 5, name: 'Vitaal Utrecht Centrum' };

export const entries: Entry[] = [
  {
    id: 101,
    memberId: 41,
    memberName: 'Anouk Jansen',
    location,
    membershipId: 61,
    subscriptionName: 'Fitness onbeperkt',
    date: today,
    entryTime: '08:15',
    exitTime: null,
    entryAt: `${today}T07:15:00.000Z`,
    exitAt: null,
    source: 0,
  },
  {
    id: 102,
    memberId: 42,
    memberName: 'Bram de Boer',
    location,
    membershipId: null,
    subscriptionName: null,
    date: today,
    entryTime: '07:00',
    exitTime: '08:30',
    entryAt: `${today}T06:00:00.000Z`,
    exitAt: `${today}T07:30:00.000Z`,
    source: 2,
  },
];

export const attempts: EntryAttempt[] = [
  {
    id: 201,
    memberId: 43,
    memberName: 'Chantal Visser',
    at: '2026-11-24T08:05:00.000Z',
    reason: 'notInTimeSlot',
    approvedEntryId: null,
  },
  {
    id: 202,
    memberId: 44,
    memberName: 'Daan Smit',
    at: '2026-11-24T07:40:00.000Z',
    reason: 'limitReached',
    approvedEntryId: 103,
  },
];

export const insideMembers: InsideMember[] = [
  {
    entryId: 101,
    memberId: 41,
    fullName: 'Anouk Jansen',
    entryAt: `${today}T07:15:00.000Z`,
    entryTime: '08:15',
    subscriptionName: 'Fitness onbeperkt',
  },
  {
    entryId: 104,
    memberId: 45,
    fullName: 'Emma Bakker',
    entryAt: `${today}T07:45:00.000Z`,
    entryTime: '08:45',
    subscriptionName: null,
  },
];

export const memberItems: MemberListItem[] = [
  {
    id: 41,
    fullName: 'Anouk Jansen',
    email: 'anouk@example.com',
    postalCode: '3511 AB',
    city: 'Utrecht',
    homeLocationName: 'Vitaal Utrecht Centrum',
    status: 3,
    lastEntryAt: null,
    subscriptions: ['Fitness onbeperkt'],
    createdAt: '2026-10-01T10:00:00.000Z',
  },
  {
    id: 46,
    fullName: 'Anouk de Wit',
    email: null,
    postalCode: '3512 CD',
    city: 'Utrecht',
    homeLocationName: 'Vitaal Utrecht Centrum',
    status: 1,
    lastEntryAt: null,
    subscriptions: [],
    createdAt: '2026-10-02T10:00:00.000Z',
  },
];

/** The answer of a list endpoint. */
export const page =
  <T>(items: readonly T[], total = items.length) =>
  () => ({ data: { items, total } });

/** A saved entry as the server answers it. */
export const savedEntry = (patch: Partial<Entry> = {}): Entry => ({ ...(entries[0] as Entry), ...patch });
