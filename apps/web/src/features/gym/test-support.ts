import type { Gym } from '@xp/contracts';

export const gyms: Gym[] = [
  {
    id: 1,
    name: 'Vitaal Sportcentra',
    slug: 'vitaal',
    bannerHash: null,
    locationCount: 2,
    employeeCount: 1204,
    createdAt: '2026-01-05T09:00:00.000Z',
  },
  {
    id: 2,
    name: 'Sportschool De Brug',
    slug: 'de-brug',
    bannerHash: null,
    locationCount: 0,
    employeeCount: 0,
    createdAt: '2026-02-10T09:00:00.000Z',
  },
];
