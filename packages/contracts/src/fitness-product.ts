import { hasAnyGymRight, hasLocationAccess } from './claims.ts';
import {
  CommissionType,
  MinimumTerm,
  ProductDuration,
  ProductNumberType,
  ProductSalesUnit,
  ProductVersionStatus,
  VatRate,
} from './enums.ts';
import { fileHash } from './files.ts';
import { blankToUndefined, enumValue } from './form-values.ts';
import {
  endpoint,
  fileUploads,
  formJson,
  idFromText,
  idParam,
  listQuery,
  nothing,
  paged,
  policy,
} from './http.ts';
import { centsAmount, formCentsAmount, inclVatCents } from './money.ts';
import type { Claims } from './session.ts';
import { z } from './zod-setup.ts';

/*
 * Fitness products of suppliers and their commissions (spec 000 §3 and §7; decision 020).
 * Every add and every change of a product is a new version awaiting the platform; the admin accepts it with
 * a commission (three margins per unit, excl. VAT) or denies it with a reason. The catalogue locations order
 * from shows only accepted versions of Active suppliers' products. Money: integer cents on the wire and in
 * the database: `purchasePrice` keeps the spec's name, its value is cents, as are the margins and sale prices
 * (decision 020, amended 2026-11-29); the web shows and takes euros.
 */

const tags = ['FitnessProduct'];
/** Supplier calls: the session's active supplier (403 without one); adding and changing need it Active (409). */
const supplierPolicy = policy.roles('Supplier', 'Admin');
const adminOnly = policy.roles('Admin');
/**
 * The catalogue: signed in; the server admits an admin and gym or location staff (`canUseCatalogue`), the
 * people who order products for their members.
 */
const cataloguePolicy = policy.signedIn;

export const FITNESS_PRODUCT_NAME_MAX = 128;
export const FITNESS_PRODUCT_DESCRIPTION_MAX = 256;
export const FITNESS_PRODUCT_DENY_REASON_MAX = 512;
/** The most images one product version has. */
export const FITNESS_PRODUCT_MAX_IMAGES = 10;
/**
 * The highest purchase price or margin: EUR 40,000.00. So that an order's total fits the amount columns
 * (`MAX_TOTAL_CENTS`): the sale price at the highest of each (four times this, plus 21 % VAT), times the
 * most an order holds (`PRODUCT_ORDER_QUANTITY_MAX`, 100), is EUR 19,360,000.00.
 */
export const FITNESS_PRODUCT_MAX_CENTS = 4_000_000;

/** The VAT percentage of a `VatRate` value (the form's `btwPercentage`): 6, 9 or 21. */
export const VAT_PERCENTAGE_OF_RATE: Readonly<Record<number, number>> = {
  [VatRate.Percent6]: 6,
  [VatRate.Percent9]: 9,
  [VatRate.Percent21]: 21,
};
export const vatPercentageOfRate = (rate: number): number => VAT_PERCENTAGE_OF_RATE[rate] ?? 6;
/** The `VatRate` value of a percentage (6, 9, 21). */
export const vatRateOfPercentage = (percentage: number): number =>
  percentage === 21 ? VatRate.Percent21 : percentage === 9 ? VatRate.Percent9 : VatRate.Percent6;

/**
 * A product's sale price per unit from its purchase price and the three margins (decision 020): excluding
 * VAT the sum, including VAT that times (1 + VAT), rounded to the cent. In cents.
 */
export function salePriceCentsOf(input: {
  purchasePriceCents: number;
  platformMarginCents: number;
  regionManagerMarginCents: number;
  gymMarginCents: number;
  vatPercentage: number;
}): { exclVatCents: number; inclVatCents: number } {
  const exclVatCents =
    input.purchasePriceCents +
    input.platformMarginCents +
    input.regionManagerMarginCents +
    input.gymMarginCents;
  return { exclVatCents, inclVatCents: inclVatCents(exclVatCents, input.vatPercentage) };
}

/** The same with the wire's names (the admin's commission form previews it): all in cents. */
export function salePriceOf(input: {
  purchasePrice: number;
  platformMargin: number;
  regionManagerMargin: number;
  gymMargin: number;
  vatPercentage: number;
}): { exclVat: number; inclVat: number } {
  const price = salePriceCentsOf({
    purchasePriceCents: input.purchasePrice,
    platformMarginCents: input.platformMargin,
    regionManagerMarginCents: input.regionManagerMargin,
    gymMarginCents: input.gymMargin,
    vatPercentage: input.vatPercentage,
  });
  return { exclVat: price.exclVatCents, inclVat: price.inclVatCents };
}

/** Who may read the catalogue (`AllWithProducts`, `Plain/All/{id}`): an admin, gym or location staff. */
export const canUseCatalogue = (
  claims: Pick<Claims, 'role' | 'activeGymId' | 'activeLocationId' | 'gymRights' | 'locationRights'>,
): boolean =>
  claims.role === 'Admin' ||
  (claims.activeLocationId !== null && hasLocationAccess(claims)) ||
  (claims.activeGymId !== null && hasAnyGymRight(claims, claims.activeGymId));

/** An amount in cents, 0 to EUR 40,000.00: in the product form (multipart) and the commission (JSON). */
const productFormCents = formCentsAmount(FITNESS_PRODUCT_MAX_CENTS);
const productCents = centsAmount(FITNESS_PRODUCT_MAX_CENTS);

/** An enum field with a default (blank or left out: the default). */
const enumWithDefault = (values: Record<string, number>, fallback: number) =>
  z.preprocess((value) => blankToUndefined(value) ?? fallback, enumValue(values));

/**
 * The product form's fields, shared by the supplier's form and the server (spec 000 section 3): name,
 * description, `numberType`, purchase price in cents, `btwPercentage` (a `VatRate`: 6, 9 or 21 %), sales
 * unit and duration.
 */
export const fitnessProductFields = z.object({
  name: z.string().trim().min(1).max(FITNESS_PRODUCT_NAME_MAX),
  description: z.string().trim().min(1).max(FITNESS_PRODUCT_DESCRIPTION_MAX),
  numberType: enumValue(ProductNumberType),
  purchasePrice: productFormCents,
  btwPercentage: enumWithDefault(VatRate, VatRate.Percent6),
  productSalesUnit: enumWithDefault(ProductSalesUnit, ProductSalesUnit.Pieces),
  productDuration: enumWithDefault(ProductDuration, ProductDuration.Months12),
});
export type FitnessProductFields = z.input<typeof fitnessProductFields>;

/** A new form's values (the defaults of VAT, sales unit and duration). */
export const fitnessProductDefaults = {
  btwPercentage: VatRate.Percent6,
  productSalesUnit: ProductSalesUnit.Pieces,
  productDuration: ProductDuration.Months12,
} as const;

/**
 * One place in the images' order: an image the product has (`imageHash`, from its latest version) or the
 * `newImage`-th file of the part `images` (counted from 0).
 */
export const fitnessProductImageSlot = z.union([
  z
    .object({
      newImage: z
        .number()
        .int()
        .min(0)
        .max(FITNESS_PRODUCT_MAX_IMAGES - 1),
    })
    .strict(),
  z.object({ imageHash: fileHash }).strict(),
]);
export type FitnessProductImageSlot = z.infer<typeof fitnessProductImageSlot>;

const imageFields = {
  /** The new image files (png, jpeg, webp; one part each). */
  images: fileUploads.optional(),
  /**
   * JSON: the product's images in their order, kept ones by hash and new ones by their index in `images`.
   * Left out: the new files in the order sent (on a change: the earlier images are dropped).
   */
  imageOrder: formJson(z.array(fitnessProductImageSlot).max(FITNESS_PRODUCT_MAX_IMAGES)).optional(),
};

/** The images a form names, in order (what `imageOrder` says, or the new files in order). */
export function imageSlotsOf(value: {
  images?: readonly unknown[] | undefined;
  imageOrder?: readonly FitnessProductImageSlot[] | undefined;
}): FitnessProductImageSlot[] {
  if (value.imageOrder !== undefined) return [...value.imageOrder];
  return (value.images ?? []).map((_, index) => ({ newImage: index }));
}

/** The rules between the image parts: at least one image, at most ten, every new file placed once. */
function checkImages(
  value: {
    images?: readonly unknown[] | undefined;
    imageOrder?: readonly FitnessProductImageSlot[] | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const slots = imageSlotsOf(value);
  const newCount = value.images?.length ?? 0;
  if (slots.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['images'], message: 'fitnessProduct.errors.imageRequired' });
    return;
  }
  if (slots.length > FITNESS_PRODUCT_MAX_IMAGES || newCount > FITNESS_PRODUCT_MAX_IMAGES) {
    ctx.addIssue({ code: 'custom', path: ['images'], message: 'fitnessProduct.errors.tooManyImages' });
    return;
  }
  const placed = slots.flatMap((slot) => ('newImage' in slot ? [slot.newImage] : []));
  const hashes = slots.flatMap((slot) => ('imageHash' in slot ? [slot.imageHash] : []));
  const everyNewOnce =
    new Set(placed).size === placed.length &&
    placed.length === newCount &&
    placed.every((index) => index < newCount);
  if (!everyNewOnce || new Set(hashes).size !== hashes.length)
    ctx.addIssue({ code: 'custom', path: ['imageOrder'], message: 'fitnessProduct.errors.imageOrder' });
}

/** `POST /FitnessProduct` (multipart): the fields and at least one image. */
export const fitnessProductForm = fitnessProductFields.extend(imageFields).superRefine(checkImages);
/** `PUT /FitnessProduct` (multipart): the same with the product's `id`; kept images by hash in `imageOrder`. */
export const fitnessProductUpdateForm = fitnessProductFields
  .extend({ ...imageFields, id: idFromText })
  .superRefine(checkImages);
export type FitnessProductFormValues = z.output<typeof fitnessProductForm>;
export type FitnessProductUpdateFormValues = z.output<typeof fitnessProductUpdateForm>;

/** The commission the admin sets when accepting a version: type, minimum term, three margins in cents excl. VAT. */
export const commissionInput = z
  .object({
    commissionType: enumValue(CommissionType),
    minimumTerm: enumValue(MinimumTerm),
    platformMargin: productCents,
    regionManagerMargin: productCents,
    gymMargin: productCents,
  })
  .strict();
export type CommissionInput = z.input<typeof commissionInput>;
export type CommissionValues = z.output<typeof commissionInput>;

/** `POST /FitnessProduct/Version/{versionId}/Accept` (JSON). */
export const acceptVersionBody = z.object({ commission: commissionInput }).strict();
export type AcceptVersionBody = z.input<typeof acceptVersionBody>;
/** `POST /FitnessProduct/Version/{versionId}/Deny` (JSON): the reason the supplier reads. */
export const denyVersionBody = z
  .object({ reason: z.string().trim().min(1).max(FITNESS_PRODUCT_DENY_REASON_MAX) })
  .strict();
export type DenyVersionBody = z.input<typeof denyVersionBody>;

export const productVersionIdParam = z.object({ versionId: idFromText });

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
/** `GET /FitnessProduct/AllWithProducts`: Active suppliers with their accepted, not deleted products (by name). */
export const catalogueSupplier = z.object({
  id: z.number().int(),
  name: z.string(),
  products: z.array(catalogueProduct),
});
export type CatalogueSupplier = z.infer<typeof catalogueSupplier>;

export const fitnessProductEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/FitnessProduct',
    policy: supplierPolicy,
    summary:
      "The active supplier's products: tabs Existant, Awaiting, Denied with counts; searched on name, sorted, paged",
    tags,
    query: supplierProductListQuery,
    response: paged(supplierProductRow),
  }),
  commissions: endpoint({
    method: 'GET',
    path: '/FitnessProduct/Commissions/All',
    policy: adminOnly,
    summary:
      'Product versions to decide and decided ones (tabs Awaiting, Accepted, Denied with counts); searched, paged',
    tags,
    query: commissionListQuery,
    response: paged(commissionRow),
  }),
  plain: endpoint({
    method: 'GET',
    path: '/FitnessProduct/Plain/All/{id}',
    policy: cataloguePolicy,
    summary:
      "A supplier's accepted products, id and name (an admin; gym or location staff: an Active supplier's)",
    tags,
    params: idParam,
    response: z.array(plainFitnessProduct),
  }),
  catalogue: endpoint({
    method: 'GET',
    path: '/FitnessProduct/AllWithProducts',
    policy: cataloguePolicy,
    summary:
      'The catalogue: Active suppliers with their accepted products (sale prices incl. and excl. VAT, first image)',
    tags,
    response: z.array(catalogueSupplier),
  }),
  edit: endpoint({
    method: 'GET',
    path: '/FitnessProduct/Edit/{id}',
    policy: supplierPolicy,
    summary: "The supplier's edit form of its product: its latest version (pending, or the last decided one)",
    tags,
    params: idParam,
    response: fitnessProductEdit,
  }),
  get: endpoint({
    method: 'GET',
    path: '/FitnessProduct/{id}',
    policy: policy.signedIn,
    summary:
      'One product: its supplier and an admin see its latest version too; gym and location staff the accepted one',
    tags,
    params: idParam,
    response: fitnessProduct,
  }),
  create: endpoint({
    method: 'POST',
    path: '/FitnessProduct',
    policy: supplierPolicy,
    summary: 'Add a product of the active (Active) supplier (multipart, images); it awaits the platform',
    tags,
    form: fitnessProductForm,
    response: fitnessProduct,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/FitnessProduct',
    policy: supplierPolicy,
    summary:
      'Change a product (multipart, images kept by hash): a new version awaiting the platform, replacing a pending one',
    tags,
    form: fitnessProductUpdateForm,
    response: fitnessProduct,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/FitnessProduct/{id}',
    policy: supplierPolicy,
    summary: 'Delete a product of the active supplier: it leaves the catalogue; its orders keep it',
    tags,
    params: idParam,
    response: nothing,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/FitnessProduct/Version/{versionId}/Accept',
    policy: adminOnly,
    summary:
      'Accept a version awaiting the platform with its commission; it becomes what the catalogue shows',
    tags,
    params: productVersionIdParam,
    body: acceptVersionBody,
    response: commissionRow,
  }),
  deny: endpoint({
    method: 'POST',
    path: '/FitnessProduct/Version/{versionId}/Deny',
    policy: adminOnly,
    summary: 'Deny a version awaiting the platform with a reason; the accepted version stays',
    tags,
    params: productVersionIdParam,
    body: denyVersionBody,
    response: commissionRow,
  }),
};
