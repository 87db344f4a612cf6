import { ProductVersionStatus } from './enums.ts';
import { idFromText, listQuery } from './http.ts';
import { z } from './zod-setup.ts';

/* What fitness products look like on the wire: a product, its versions and images, the lists' rows and queries (decision 020). */

export const fitnessProductImage = z.object({
  id: z.number().int(),
  imageHash: z.string(),
  fileName: z.string(),
  order: z.number().int(),
});
export type FitnessProductImage = z.infer<typeof fitnessProductImage>;

/** The margins in cents per unit, excl. VAT. */
export const fitnessProductCommission = z.object({
  commissionType: z.number().int(),
  minimumTerm: z.number().int(),
  platformMargin: z.number().int(),
  regionManagerMargin: z.number().int(),
  gymMargin: z.number().int(),
});

/** One version of a product as its supplier, the admin or the catalogue sees it. */
export const fitnessProductVersion = z.object({
  versionId: z.number().int(),
  /** `ProductVersionStatus`. */
  status: z.number().int(),
  name: z.string(),
  description: z.string(),
  numberType: z.number().int(),
  /** Cents excl. VAT. */
  purchasePrice: z.number().int(),
  /** `VatRate` value. */
  btwPercentage: z.number().int(),
  /** 6, 9 or 21. */
  vatPercentage: z.number().int(),
  productSalesUnit: z.number().int(),
  productDuration: z.number().int(),
  images: z.array(fitnessProductImage),
  /** Set once accepted. */
  commission: fitnessProductCommission.nullable(),
  /** Cents; null until accepted (no commission yet). */
  salePriceExclVat: z.number().int().nullable(),
  salePriceInclVat: z.number().int().nullable(),
  /** Why the platform denied it. */
  denyReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type FitnessProductVersion = z.infer<typeof fitnessProductVersion>;

/**
 * `GET /FitnessProduct/{id}`: the product with the version the session may see. Its supplier and an admin:
 * the latest version (the pending change if any) as `version`, and the accepted one as `accepted`. Gym and
 * location staff: the accepted version of an Active supplier's product only (both fields the same,
 * `pendingVersionId` null; else 404).
 */
export const fitnessProduct = z.object({
  id: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  acceptedVersionId: z.number().int().nullable(),
  pendingVersionId: z.number().int().nullable(),
  version: fitnessProductVersion,
  accepted: fitnessProductVersion.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type FitnessProduct = z.infer<typeof fitnessProduct>;

/**
 * `GET /FitnessProduct/Edit/{id}`: the supplier's form values, from its latest version (the pending change,
 * else the last decided one; a denied change shows with its reason so the supplier can correct it).
 */
export const fitnessProductEdit = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  status: z.number().int(),
  denyReason: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  numberType: z.number().int(),
  /** Cents excl. VAT. */
  purchasePrice: z.number().int(),
  btwPercentage: z.number().int(),
  productSalesUnit: z.number().int(),
  productDuration: z.number().int(),
  images: z.array(fitnessProductImage),
  hasAcceptedVersion: z.boolean(),
});
export type FitnessProductEdit = z.infer<typeof fitnessProductEdit>;

/** The supplier's tabs: Existant (has an accepted version), Awaiting (has a pending change), Denied (its latest change denied, nothing pending). */
export const supplierProductTabs = ['existant', 'awaiting', 'denied'] as const;
export type SupplierProductTab = (typeof supplierProductTabs)[number];
export const supplierProductSortable = ['name', 'createdAt'] as const;
/** `GET /FitnessProduct`: the active supplier's products by tab (`tabCounts` keys the tab names). */
export const supplierProductListQuery = listQuery(supplierProductSortable).extend({
  tab: z.enum(supplierProductTabs).default('existant'),
});
export type SupplierProductListQuery = z.input<typeof supplierProductListQuery>;

/** A row of the supplier's list: the version the tab is about (accepted, pending or denied). */
export const supplierProductRow = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  status: z.number().int(),
  name: z.string(),
  numberType: z.number().int(),
  /** Cents excl. VAT. */
  purchasePrice: z.number().int(),
  vatPercentage: z.number().int(),
  productSalesUnit: z.number().int(),
  productDuration: z.number().int(),
  /** The first image. */
  imageHash: z.string().nullable(),
  hasAcceptedVersion: z.boolean(),
  hasPendingVersion: z.boolean(),
  /** The version's sale price incl. VAT once accepted (cents). */
  salePriceInclVat: z.number().int().nullable(),
  denyReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SupplierProductRow = z.infer<typeof supplierProductRow>;

/** The admin's commission tabs: versions awaiting a decision, accepted (current), denied. */
export const commissionTabs = ['awaiting', 'accepted', 'denied'] as const;
export type CommissionTab = (typeof commissionTabs)[number];
export const COMMISSION_TAB_STATUS: Readonly<Record<CommissionTab, number>> = {
  awaiting: ProductVersionStatus.Awaiting,
  accepted: ProductVersionStatus.Accepted,
  denied: ProductVersionStatus.Denied,
};
export const commissionSortable = ['createdAt', 'name', 'supplierName'] as const;
/** `GET /FitnessProduct/Commissions/All`: by tab (`tabCounts` keys the tab names), searched on product and supplier name. */
export const commissionListQuery = listQuery(commissionSortable).extend({
  tab: z.enum(commissionTabs).default('awaiting'),
  supplierId: idFromText.optional(),
});
export type CommissionListQuery = z.input<typeof commissionListQuery>;

/** A row of the admin's commission list: one version with its product and supplier. */
export const commissionRow = fitnessProductVersion.extend({
  productId: z.number().int(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  /** Awaiting: the commission of the product's accepted version (a change: the form starts from it). */
  currentCommission: fitnessProductCommission.nullable(),
  /** Awaiting: whether the product has an accepted version (this is a change, not a new product). */
  isChange: z.boolean(),
});
export type CommissionRow = z.infer<typeof commissionRow>;

/** `GET /FitnessProduct/Plain/All/{id}`: a supplier's accepted products, id and name. */
export const plainFitnessProduct = z.object({ id: z.number().int(), name: z.string() });
export type PlainFitnessProduct = z.infer<typeof plainFitnessProduct>;

/** A product of the catalogue: its accepted version with sale prices. */
export const catalogueProduct = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  name: z.string(),
  description: z.string(),
  numberType: z.number().int(),
  productSalesUnit: z.number().int(),
  productDuration: z.number().int(),
  vatPercentage: z.number().int(),
  commissionType: z.number().int(),
  minimumTerm: z.number().int(),
  /** The gym's margin per unit, cents excl. VAT. */
  gymMargin: z.number().int(),
  /** Cents per unit. */
  salePriceExclVat: z.number().int(),
  salePriceInclVat: z.number().int(),
  /** The first image. */
  imageHash: z.string().nullable(),
});
export type CatalogueProduct = z.infer<typeof catalogueProduct>;
