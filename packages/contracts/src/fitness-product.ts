import {
  CommissionType,
  MinimumTerm,
  ProductDuration,
  ProductNumberType,
  ProductSalesUnit,
  VatRate,
} from './enums.ts';
import { fileHash } from './files.ts';
import {
  FITNESS_PRODUCT_DENY_REASON_MAX,
  FITNESS_PRODUCT_DESCRIPTION_MAX,
  FITNESS_PRODUCT_MAX_CENTS,
  FITNESS_PRODUCT_MAX_IMAGES,
  FITNESS_PRODUCT_NAME_MAX,
} from './fitness-product-rules.ts';
import {
  catalogueProduct,
  commissionListQuery,
  commissionRow,
  fitnessProduct,
  fitnessProductEdit,
  plainFitnessProduct,
  supplierProductListQuery,
  supplierProductRow,
} from './fitness-product-shapes.ts';
import { blankToUndefined, enumValue } from './form-values.ts';
import { endpoint, fileUploads, formJson, idFromText, idParam, nothing, paged, policy } from './http.ts';
import { centsAmount, formCentsAmount } from './money.ts';
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
