import type { Association, AssociationLocation } from '@xp/contracts';

export const BANNER_HASH = 'a'.repeat(64);

export const associations: Association[] = [
  { id: 1, name: 'Gezond Zwolle', bannerHash: null, locationCount: 0 },
  { id: 2, name: 'Sportbond Midden-Nederland', bannerHash: BANNER_HASH, locationCount: 1234 },
];

const location = (id: number, name: string, gymName: string, city: string): AssociationLocation => ({
  id,
  name,
  gymId: gymName === 'Vitaal Sportcentra' ? 10 : 11,
  gymName,
  street: 'Stationsplein',
  houseNumber: String(id),
  postalCode: '1234 AB',
  city,
});

export const memberLocations: AssociationLocation[] = [
  location(5, 'Vitaal Utrecht Centrum', 'Vitaal Sportcentra', 'Utrecht'),
  location(6, 'Vitaal Amersfoort', 'Vitaal Sportcentra', 'Amersfoort'),
];

export const freeLocations: AssociationLocation[] = [
  location(7, 'De Brug Zwolle', 'Sportschool De Brug', 'Zwolle'),
];

/** The multipart bodies sent so far, in order. */
export function sentForms(): FormData[] {
  const calls = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
  return calls.map(([, init]) => init.body).filter((body): body is FormData => body instanceof FormData);
}
