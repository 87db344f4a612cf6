import type { StoreItem, StoreRedemption } from '@xp/contracts';

export const HASH = 'a'.repeat(64);

export const platformItem: StoreItem = {
  id: 1,
  name: 'Hardloopshirt',
  description: 'Ademend shirt met logo',
  cost: 2500,
  storeItemCategory: 1,
  employerId: null,
  employerName: null,
  stock: 12,
  imageCdnHash: HASH,
  cdnHash: HASH,
  vatPercentage: 21,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

export const ownItem: StoreItem = {
  ...platformItem,
  id: 2,
  name: 'Taartbon',
  description: 'Een taart naar keuze',
  cost: 12_500,
  storeItemCategory: 3,
  employerId: 7,
  employerName: 'Bakkerij Jansen B.V.',
  stock: 0,
  imageCdnHash: 'b'.repeat(64),
  cdnHash: 'b'.repeat(64),
  vatPercentage: 9,
};

export const order = (overrides: Partial<StoreRedemption> = {}): StoreRedemption => ({
  id: 11,
  storeItemId: 1,
  itemName: 'Hardloopshirt',
  itemImageCdnHash: HASH,
  itemEmployerId: null,
  cost: 2500,
  vatPercentage: 21,
  userId: 5,
  userName: 'Anouk Jansen',
  userEmail: 'anouk.jansen@example.com',
  employerId: 7,
  employerName: 'Bakkerij Jansen B.V.',
  status: 0,
  statusChangedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  canChangeStatus: true,
  ...overrides,
});
