import type {
  CommissionRow,
  FitnessProductEdit,
  FitnessProductVersion,
  SupplierProductRow,
} from '@xp/contracts';

export const HASH = 'a'.repeat(64);
export const HASH2 = 'b'.repeat(64);

export const productRow = (overrides: Partial<SupplierProductRow> = {}): SupplierProductRow => ({
  id: 1,
  versionId: 11,
  status: 1,
  name: 'Loopband T900',
  numberType: 1,
  purchasePrice: 124_950,
  vatPercentage: 21,
  productSalesUnit: 0,
  productDuration: 1,
  imageHash: HASH,
  hasAcceptedVersion: true,
  hasPendingVersion: false,
  salePriceInclVat: 180_000,
  denyReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const editProduct = (overrides: Partial<FitnessProductEdit> = {}): FitnessProductEdit => ({
  id: 1,
  versionId: 11,
  status: 1,
  denyReason: null,
  name: 'Loopband T900',
  description: 'Opvouwbare loopband tot 18 km/u',
  numberType: 1,
  purchasePrice: 124_950,
  btwPercentage: 2,
  productSalesUnit: 0,
  productDuration: 1,
  images: [
    { id: 2, imageHash: HASH2, fileName: 'zijkant.png', order: 1 },
    { id: 1, imageHash: HASH, fileName: 'voorkant.png', order: 0 },
  ],
  hasAcceptedVersion: true,
  ...overrides,
});

export const version = (overrides: Partial<FitnessProductVersion> = {}): FitnessProductVersion => ({
  versionId: 11,
  status: 0,
  name: 'Loopband T900',
  description: 'Opvouwbare loopband tot 18 km/u',
  numberType: 1,
  purchasePrice: 100_000,
  btwPercentage: 2,
  vatPercentage: 21,
  productSalesUnit: 1,
  productDuration: 2,
  images: [{ id: 1, imageHash: HASH, fileName: 'voorkant.png', order: 0 }],
  commission: null,
  salePriceExclVat: null,
  salePriceInclVat: null,
  denyReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

export const commissionRow = (overrides: Partial<CommissionRow> = {}): CommissionRow => ({
  ...version(),
  productId: 1,
  supplierId: 3,
  supplierName: 'FitHome B.V.',
  currentCommission: null,
  isChange: false,
  ...overrides,
});
