import type { UserOverviewItem } from '@xp/contracts';

/** Users as `GET /user` answers them; user 1 is the signed-in admin of `adminClaims`. */
export const people: UserOverviewItem[] = [
  {
    id: 1,
    email: 'anne@example.com',
    name: 'Anne de Beheerder',
    role: 'Admin',
    isTfaEnabled: true,
    createdAt: '2026-01-05T09:00:00.000Z',
  },
  {
    id: 7,
    email: 'bas@example.com',
    name: 'Bas Jansen',
    role: 'Admin',
    isTfaEnabled: false,
    createdAt: '2026-02-14T10:30:00.000Z',
  },
  {
    id: 12,
    email: 'fatima@example.com',
    name: 'Fatima el Amrani',
    role: 'Employee',
    isTfaEnabled: false,
    createdAt: '2026-03-01T08:00:00.000Z',
  },
];

export const admins = people.filter((person) => person.role === 'Admin');

export const tabCounts = { all: 42, Admin: 2, Employee: 30, ContentCreator: 4, Employer: 5, Supplier: 1 };
