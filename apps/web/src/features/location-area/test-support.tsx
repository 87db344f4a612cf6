import type { LocationArea } from '@xp/contracts';

export const rooms: LocationArea[] = [
  {
    id: 1,
    locationId: 5,
    name: 'Grote zaal',
    sameAddressAsLocation: true,
    street: null,
    houseNumber: null,
    postalCode: null,
    city: null,
  },
  {
    id: 3,
    locationId: 5,
    name: 'Bootcamp Griftpark',
    sameAddressAsLocation: false,
    street: 'Griftpark',
    houseNumber: '1',
    postalCode: '3514 EZ',
    city: 'Utrecht',
  },
];
