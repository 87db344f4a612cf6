import {
  type CatalogueSupplier,
  type Claims,
  type CommissionRow,
  canUseCatalogue,
  type FitnessProduct,
  type FitnessProductEdit,
  type FitnessProductFormValues,
  type FitnessProductVersion,
  isAdmin,
  type PlainFitnessProduct,
  type ServerFormOf,
  type SupplierProductRow,
  SupplierStatus,
  salePriceCentsOf,
  vatRateOfPercentage,
} from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import * as repository from './fitness-product.repository.ts';

export const ENTITY = 'fitnessProduct';
export const VERSION_ENTITY = 'fitnessProductVersion';
const NOT_FOUND = 'fitnessProduct.errors.notFound';
export const VERSION_NOT_FOUND = 'fitnessProduct.errors.versionNotFound';

export type FormInput = ServerFormOf<FitnessProductFormValues>;

// -------------------------------------------------------------------------------------------- shaping

const iso = (date: Date) => date.toISOString();

function commissionOf(row: {
  commissionType: number | null;
  minimumTerm: number | null;
  platformMarginCents: number | null;
  regionManagerMarginCents: number | null;
  gymMarginCents: number | null;
}) {
  if (
    row.commissionType === null ||
    row.minimumTerm === null ||
    row.platformMarginCents === null ||
    row.regionManagerMarginCents === null ||
    row.gymMarginCents === null
  )
    return null;
  return {
    commissionType: row.commissionType,
    minimumTerm: row.minimumTerm,
    platformMargin: row.platformMarginCents,
    regionManagerMargin: row.regionManagerMarginCents,
    gymMargin: row.gymMarginCents,
  };
}

/** The sale price of a version with a commission, in cents (null without one). */
function salePriceCents(version: repository.VersionRow) {
  if (
    version.platformMarginCents === null ||
    version.regionManagerMarginCents === null ||
    version.gymMarginCents === null
  )
    return null;
  return salePriceCentsOf({
    purchasePriceCents: version.purchasePriceCents,
    platformMarginCents: version.platformMarginCents,
    regionManagerMarginCents: version.regionManagerMarginCents,
    gymMarginCents: version.gymMarginCents,
    vatPercentage: version.vatPercentage,
  });
}

const imageOut = (image: repository.ImageRow) => ({
  id: image.id,
  imageHash: image.imageHash,
  fileName: image.fileName,
  order: image.order,
});

function versionOut(version: repository.VersionRow, images: repository.ImageRow[]): FitnessProductVersion {
  const price = salePriceCents(version);
  return {
    versionId: version.id,
    status: version.status,
    name: version.name,
    description: version.description,
    numberType: version.numberType,
    purchasePrice: version.purchasePriceCents,
    btwPercentage: vatRateOfPercentage(version.vatPercentage),
    vatPercentage: version.vatPercentage,
    productSalesUnit: version.salesUnit,
    productDuration: version.duration,
    images: images.map(imageOut),
    commission: commissionOf(version),
    salePriceExclVat: price === null ? null : price.exclVatCents,
    salePriceInclVat: price === null ? null : price.inclVatCents,
    denyReason: version.denyReason,
    createdAt: iso(version.createdAt),
    decidedAt: version.decidedAt ? iso(version.decidedAt) : null,
  };
}

export const audited = (version: repository.VersionRow) => ({
  productId: version.productId,
  name: version.name,
  description: version.description,
  numberType: version.numberType,
  purchasePriceCents: version.purchasePriceCents,
  vatPercentage: version.vatPercentage,
  salesUnit: version.salesUnit,
  duration: version.duration,
  status: version.status,
  commissionType: version.commissionType,
  minimumTerm: version.minimumTerm,
  platformMarginCents: version.platformMarginCents,
  regionManagerMarginCents: version.regionManagerMarginCents,
  gymMarginCents: version.gymMarginCents,
  denyReason: version.denyReason,
});

// --------------------------------------------------------------------------------------------- access

/** Whether the session acts for the product's supplier (its users; an admin switched into it). */
const isOwnSupplier = (session: Claims, product: repository.ProductRow) =>
  session.activeSupplierId !== null && session.activeSupplierId === product.supplierId;

/** A product of the session's active supplier, not deleted (another supplier's: 404). */
export async function ownProduct(db: Database, session: Claims, id: number, lock = false) {
  const supplierId = activeTenant(session, 'supplier');
  const product = await repository.findProduct(db, id, lock);
  if (!product || product.deletedAt !== null || product.supplierId !== supplierId)
    throw errors.notFound(NOT_FOUND);
  return product;
}

function assertCatalogueUser(session: Claims) {
  if (!canUseCatalogue(session)) throw errors.forbidden();
}

// ------------------------------------------------------------------------------------------------ reads

/** The product as the session may see it (see the contract's `fitnessProduct`). */
export async function getProduct(db: Database, session: Claims, id: number): Promise<FitnessProduct> {
  const product = await repository.findProduct(db, id);
  const full = product !== undefined && (isOwnSupplier(session, product) || isAdmin(session));
  if (!full && !canUseCatalogue(session)) {
    // A supplier asking for another supplier's product: not found; everyone else may not read products.
    if (session.activeSupplierId !== null) throw errors.notFound(NOT_FOUND);
    throw errors.forbidden();
  }
  if (!product || product.deletedAt !== null) throw errors.notFound(NOT_FOUND);
  if (full) return productOut(db, product, true);
  if (product.acceptedVersionId === null || product.supplierStatus !== SupplierStatus.Active)
    throw errors.notFound(NOT_FOUND);
  return productOut(db, product, false);
}

async function productOut(
  db: Database,
  product: repository.ProductRow,
  full: boolean,
): Promise<FitnessProduct> {
  const latest = full ? await repository.latestVersion(db, product.id) : undefined;
  const accepted =
    product.acceptedVersionId === null
      ? undefined
      : latest?.id === product.acceptedVersionId
        ? latest
        : await repository.findVersion(db, product.acceptedVersionId);
  const shown = full ? latest : accepted;
  if (!shown) throw errors.notFound(NOT_FOUND);
  const images = await repository.imagesOf(db, [shown.id, ...(accepted ? [accepted.id] : [])]);
  return {
    id: product.id,
    supplierId: product.supplierId,
    supplierName: product.supplierName,
    acceptedVersionId: product.acceptedVersionId,
    pendingVersionId: full ? product.pendingVersionId : null,
    version: versionOut(shown, images.get(shown.id) ?? []),
    accepted: accepted ? versionOut(accepted, images.get(accepted.id) ?? []) : null,
    createdAt: iso(product.createdAt),
  };
}

/** The supplier's edit form: its latest version. */
export async function getEdit(db: Database, session: Claims, id: number): Promise<FitnessProductEdit> {
  const product = await ownProduct(db, session, id);
  const latest = await repository.latestVersion(db, product.id);
  if (!latest) throw errors.notFound(NOT_FOUND);
  const images = (await repository.imagesOf(db, [latest.id])).get(latest.id) ?? [];
  return {
    id: product.id,
    versionId: latest.id,
    status: latest.status,
    denyReason: latest.denyReason,
    name: latest.name,
    description: latest.description,
    numberType: latest.numberType,
    purchasePrice: latest.purchasePriceCents,
    btwPercentage: vatRateOfPercentage(latest.vatPercentage),
    productSalesUnit: latest.salesUnit,
    productDuration: latest.duration,
    images: images.map(imageOut),
    hasAcceptedVersion: product.acceptedVersionId !== null,
  };
}

export async function listOwn(db: Database, session: Claims, query: repository.SupplierListQuery) {
  const supplierId = activeTenant(session, 'supplier');
  const { rows, counts } = await repository.listSupplierProducts(db, supplierId, query);
  const items: SupplierProductRow[] = rows.map((row) => {
    const price = salePriceCents(row.version);
    return {
      id: row.id,
      versionId: row.version.id,
      status: row.version.status,
      name: row.version.name,
      numberType: row.version.numberType,
      purchasePrice: row.version.purchasePriceCents,
      vatPercentage: row.version.vatPercentage,
      productSalesUnit: row.version.salesUnit,
      productDuration: row.version.duration,
      imageHash: row.imageHash,
      hasAcceptedVersion: row.acceptedVersionId !== null,
      hasPendingVersion: row.pendingVersionId !== null,
      salePriceInclVat: price === null ? null : price.inclVatCents,
      denyReason: row.version.denyReason,
      createdAt: iso(row.version.createdAt),
    };
  });
  return { items, ...counts };
}

export async function commissionRowsOut(
  db: Database,
  rows: repository.VersionListRow[],
): Promise<CommissionRow[]> {
  const images = await repository.imagesOf(
    db,
    rows.map((row) => row.version.id),
  );
  return rows.map((row) => {
    const isChange = row.acceptedVersionId !== null && row.acceptedVersionId !== row.version.id;
    return {
      ...versionOut(row.version, images.get(row.version.id) ?? []),
      productId: row.productId,
      supplierId: row.supplierId,
      supplierName: row.supplierName,
      currentCommission: isChange && row.accepted ? commissionOf(row.accepted) : null,
      isChange,
    };
  });
}

export async function listCommissions(db: Database, query: repository.CommissionListQuery) {
  const { rows, counts } = await repository.listCommissions(db, query);
  return { items: await commissionRowsOut(db, rows), ...counts };
}

export async function plainProducts(
  db: Database,
  session: Claims,
  supplierId: number,
): Promise<PlainFitnessProduct[]> {
  assertCatalogueUser(session);
  const status = await repository.supplierStatus(db, supplierId);
  if (status === undefined || (!isAdmin(session) && status !== SupplierStatus.Active))
    throw errors.notFound('supplier.errors.notFound');
  return repository.plainProducts(db, supplierId);
}

export async function catalogue(db: Database, session: Claims): Promise<CatalogueSupplier[]> {
  assertCatalogueUser(session);
  const rows = await repository.catalogue(db);
  const bySupplier = new Map<number, CatalogueSupplier>();
  for (const row of rows) {
    const price = salePriceCents(row.version);
    const commission = commissionOf(row.version);
    if (!price || !commission) continue;
    let supplier = bySupplier.get(row.supplierId);
    if (!supplier) {
      supplier = { id: row.supplierId, name: row.supplierName, products: [] };
      bySupplier.set(row.supplierId, supplier);
    }
    supplier.products.push({
      id: row.id,
      versionId: row.version.id,
      name: row.version.name,
      description: row.version.description,
      numberType: row.version.numberType,
      productSalesUnit: row.version.salesUnit,
      productDuration: row.version.duration,
      vatPercentage: row.version.vatPercentage,
      commissionType: commission.commissionType,
      minimumTerm: commission.minimumTerm,
      gymMargin: commission.gymMargin,
      salePriceExclVat: price.exclVatCents,
      salePriceInclVat: price.inclVatCents,
      imageHash: row.imageHash,
    });
  }
  return [...bySupplier.values()];
}
