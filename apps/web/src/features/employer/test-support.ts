import type { Employer, EmployerDetail } from '@xp/contracts';

export const employers: Employer[] = [
  {
    id: 1,
    name: 'Bakkerij Jansen B.V.',
    createdAt: '2026-01-05T09:00:00.000Z',
    userCount: 1,
    employeeCount: 1204,
    registration: 'complete',
  },
  {
    id: 2,
    name: 'Van den Berg Logistiek',
    createdAt: '2026-02-10T09:00:00.000Z',
    userCount: 0,
    employeeCount: 0,
    registration: 'inProgress',
  },
];

export const tabCounts = { all: 2, complete: 1, inProgress: 1 };

export const vandenBergDetail: EmployerDetail = {
  ...employers[1]!,
  users: [],
  invitations: [
    {
      id: 31,
      email: 'contact@vandenberg.example.com',
      invitedBy: 'Sanne de Vries',
      createdAt: '2026-02-10T09:00:00.000Z',
      expiresAt: '2026-02-24T09:00:00.000Z',
      isExpired: true,
    },
  ],
};

export const jansenDetail: EmployerDetail = {
  ...employers[0]!,
  users: [{ id: 5, name: 'Pieter van den Berg', email: 'werkgever@example.com' }],
  invitations: [],
};
