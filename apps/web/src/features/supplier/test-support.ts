import { type Supplier, SupplierStatus } from '@xp/contracts';

const company = {
  firstName: 'Lotte',
  insertion: null,
  lastName: 'Visser',
  address: 'Atoomweg',
  houseNumber: '50',
  zipcode: '3542 AB',
  city: 'Utrecht',
  country: 'Nederland',
  phoneNumber: '030 262 1234',
  kvkNumber: '30123456',
  btwNumber: 'NL812345678B01',
  bankAccountNumber: 'NL91ABNA0417164300',
  statusChangedAt: null,
  userCount: 1,
};

export const suppliers: Supplier[] = [
  {
    ...company,
    id: 1,
    name: 'FitSupply Nederland',
    email: 'info@fitsupply.example.com',
    status: SupplierStatus.Active,
    createdAt: '2026-01-05T09:00:00.000Z',
  },
  {
    ...company,
    id: 2,
    name: 'HomeGym Direct',
    email: 'aanmelding@homegym.example.com',
    firstName: 'Bram',
    insertion: 'van',
    lastName: 'Dijk',
    city: 'Zwolle',
    kvkNumber: '05123456',
    status: SupplierStatus.Pending,
    createdAt: '2026-02-10T09:00:00.000Z',
    userCount: 0,
  },
  {
    ...company,
    id: 3,
    name: 'Oud Materiaal',
    email: null,
    status: SupplierStatus.Disabled,
    createdAt: '2025-11-10T09:00:00.000Z',
  },
];

export const tabCounts = { all: 3, pending: 1, active: 1, denied: 0, disabled: 1 };
