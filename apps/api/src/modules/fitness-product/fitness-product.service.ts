import {
  type AcceptVersionBody,
  type CatalogueSupplier,
  type Claims,
  type CommissionRow,
  type CommissionValues,
  canUseCatalogue,
  type FitnessProduct,
  type FitnessProductEdit,
  type FitnessProductFormValues,
  type FitnessProductVersion,
  imageSlotsOf,
  isAdmin,
  type PlainFitnessProduct,
  ProductVersionStatus,
  type ServerFormOf,
  type SupplierProductRow,
  SupplierStatus,
  salePriceCentsOf,
  vatPercentageOfRate,
  vatRateOfPercentage,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { type FilesDeps, storeImage } from '../../platform/files/images.ts';
import { errors } from '../../platform/http/errors.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import { requireActiveSupplier } from '../supplier/supplier.access.ts';
import * as repository from './fitness-product.repository.ts';
import { fitnessProductVersions } from './fitness-product.tables.ts';

const ENTITY = 'fitnessProduct';
const VERSION_ENTITY = 'fitnessProductVersion';
const NOT_FOUND = 'fitnessProduct.errors.notFound';
const VERSION_NOT_FOUND = 'fitnessProduct.errors.versionNotFound';

type FormInput = ServerFormOf<FitnessProductFormValues>;

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

const audited = (version: repository.VersionRow) => ({
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
async function ownProduct(db: Database, session: Claims, id: number, lock = false) {
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

async function commissionRowsOut(db: Database, rows: repository.VersionListRow[]): Promise<CommissionRow[]> {
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

// ------------------------------------------------------------------------------------------- changes

const versionValues = (input: FormInput, userId: number): repository.VersionValues => ({
  name: input.name,
  description: input.description,
  numberType: input.numberType,
  purchasePriceCents: input.purchasePrice,
  vatPercentage: vatPercentageOfRate(input.btwPercentage),
  salesUnit: input.productSalesUnit,
  duration: input.productDuration,
  createdBy: userId,
});

/**
 * The images of a save in their order: new uploads stored (content-checked and re-encoded), kept ones by
 * hash among the images the product has (`known`; none for a new product: 400 `fitnessProduct.errors.unknownImage`).
 */
async function imagesOf(
  files: FilesDeps,
  input: Pick<FormInput, 'images' | 'imageOrder'>,
  known: Map<string, string>,
): Promise<repository.ImageValues[]> {
  const slots = imageSlotsOf(input);
  for (const slot of slots)
    if ('imageHash' in slot && !known.has(slot.imageHash))
      throw errors.field('imageOrder', 'fitnessProduct.errors.unknownImage');
  const uploads = input.images ?? [];
  const stored: repository.ImageValues[] = [];
  for (const upload of uploads) {
    const file = await storeImage(files, upload, { field: 'images' });
    stored.push({ imageHash: file.hash, fileName: fileNameOf(upload.filename) });
  }
  return slots.map((slot) =>
    'imageHash' in slot
      ? { imageHash: slot.imageHash, fileName: known.get(slot.imageHash) ?? 'image' }
      : stored[slot.newImage]!,
  );
}

/** An upload's file name as kept (shown to the supplier): no control characters, at most 255 characters. */
const fileNameOf = (name: string) =>
  [...name]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255) || 'image';

/** Adds a product of the session's Active supplier: version 1, awaiting the platform. */
export async function createProduct(
  db: Database,
  files: FilesDeps,
  session: Claims,
  input: FormInput,
  actor: Actor,
): Promise<FitnessProduct> {
  const supplierId = activeTenant(session, 'supplier');
  await requireActiveSupplier(db, supplierId);
  const images = await imagesOf(files, input, new Map());
  const id = await inTransaction(db, async (tx) => {
    await requireActiveSupplier(tx, supplierId, true);
    const productId = await repository.insertProduct(tx, supplierId, input.name.toLowerCase());
    const versionId = await repository.insertVersion(
      tx,
      productId,
      versionValues(input, session.userId),
      images,
    );
    await repository.updateProduct(tx, productId, { pendingVersionId: versionId });
    const version = await repository.findVersion(tx, versionId);
    await audit.write(tx, actor, VERSION_ENTITY, versionId, null, {
      ...audited(version!),
      images: images.map((image) => image.imageHash),
    });
    return productId;
  });
  return getProduct(db, session, id);
}

/**
 * Changes a product: a new version awaiting the platform. A change still pending is replaced (removed:
 * it was never decided nor ordered). The product row is locked, so an admin deciding the earlier change at
 * the same time either decides it first or finds it gone (404).
 */
export async function updateProduct(
  db: Database,
  files: FilesDeps,
  session: Claims,
  input: FormInput & { id: number },
  actor: Actor,
): Promise<FitnessProduct> {
  const current = await ownProduct(db, session, input.id);
  await requireActiveSupplier(db, current.supplierId);
  const images = await imagesOf(files, input, await repository.productImages(db, current.id));
  await inTransaction(db, async (tx) => {
    const product = await ownProduct(tx, session, input.id, true);
    await requireActiveSupplier(tx, product.supplierId, true);
    const versionId = await repository.insertVersion(
      tx,
      product.id,
      versionValues(input, session.userId),
      images,
    );
    await repository.updateProduct(tx, product.id, {
      pendingVersionId: versionId,
      // Never accepted: the list sorts and searches it by the name it awaits with.
      ...(product.acceptedVersionId === null ? { sortName: input.name.toLowerCase() } : {}),
    });
    const replaced =
      product.pendingVersionId === null
        ? undefined
        : await repository.findVersion(tx, product.pendingVersionId);
    if (replaced) await repository.removeVersion(tx, replaced.id);
    const version = await repository.findVersion(tx, versionId);
    await audit.write(tx, actor, VERSION_ENTITY, versionId, replaced ? audited(replaced) : null, {
      ...audited(version!),
      images: images.map((image) => image.imageHash),
    });
  });
  return getProduct(db, session, input.id);
}

/** Deletes a product of the session's supplier: hidden (orders keep pointing at it), its pending change dropped from the admin's list. */
export async function deleteProduct(db: Database, session: Claims, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    const product = await ownProduct(tx, session, id, true);
    await repository.updateProduct(tx, product.id, { deletedAt: new Date(), pendingVersionId: null });
    await audit.write(
      tx,
      actor,
      ENTITY,
      product.id,
      { supplierId: product.supplierId, sortName: product.sortName },
      null,
    );
  });
  return null;
}

/**
 * The version awaiting a decision, with its product locked (two admins deciding at once, or the supplier
 * changing it meanwhile: one after the other). 404 when it or its product is gone, 409
 * `fitnessProduct.errors.alreadyDecided` when it is no longer the pending change.
 */
async function pendingForDecision(tx: Database, versionId: number) {
  const found = await repository.findVersion(tx, versionId);
  if (!found) throw errors.notFound(VERSION_NOT_FOUND);
  const product = await repository.findProduct(tx, found.productId, true);
  const version = await repository.findVersion(tx, versionId);
  if (!product || !version || product.deletedAt !== null) throw errors.notFound(VERSION_NOT_FOUND);
  if (version.status !== ProductVersionStatus.Awaiting || product.pendingVersionId !== version.id)
    throw errors.conflict('general', 'fitnessProduct.errors.alreadyDecided');
  return { product, version };
}

async function commissionRowOf(db: Database, versionId: number): Promise<CommissionRow> {
  const rows = await repository.versionRows(db).where(sqlEqVersion(versionId));
  const [row] = await commissionRowsOut(db, rows);
  if (!row) throw errors.notFound(VERSION_NOT_FOUND);
  return row;
}

const sqlEqVersion = (versionId: number) => eq(fitnessProductVersions.id, versionId);

/** Accepts the pending version with its commission: it becomes what the catalogue shows; the one before is Superseded. */
export async function acceptVersion(
  db: Database,
  session: Claims,
  versionId: number,
  body: AcceptVersionBody & { commission: CommissionValues },
  actor: Actor,
): Promise<CommissionRow> {
  await inTransaction(db, async (tx) => {
    const { product, version } = await pendingForDecision(tx, versionId);
    const commission = body.commission;
    const decided = {
      status: ProductVersionStatus.Accepted,
      commissionType: commission.commissionType,
      minimumTerm: commission.minimumTerm,
      platformMarginCents: commission.platformMargin,
      regionManagerMarginCents: commission.regionManagerMargin,
      gymMarginCents: commission.gymMargin,
      decidedBy: session.userId,
      decidedAt: new Date(),
    };
    await repository.updateVersion(tx, version.id, decided);
    if (product.acceptedVersionId !== null)
      await repository.updateVersion(tx, product.acceptedVersionId, {
        status: ProductVersionStatus.Superseded,
      });
    await repository.updateProduct(tx, product.id, {
      acceptedVersionId: version.id,
      pendingVersionId: null,
      sortName: version.name.toLowerCase(),
    });
    await audit.write(
      tx,
      actor,
      VERSION_ENTITY,
      version.id,
      audited(version),
      audited({ ...version, ...decided }),
    );
  });
  return commissionRowOf(db, versionId);
}

/** Denies the pending version with a reason; the accepted version (if any) stays what the catalogue shows. */
export async function denyVersion(
  db: Database,
  session: Claims,
  versionId: number,
  reason: string,
  actor: Actor,
): Promise<CommissionRow> {
  await inTransaction(db, async (tx) => {
    const { product, version } = await pendingForDecision(tx, versionId);
    const decided = {
      status: ProductVersionStatus.Denied,
      denyReason: reason,
      decidedBy: session.userId,
      decidedAt: new Date(),
    };
    await repository.updateVersion(tx, version.id, decided);
    await repository.updateProduct(tx, product.id, { pendingVersionId: null });
    await audit.write(
      tx,
      actor,
      VERSION_ENTITY,
      version.id,
      audited(version),
      audited({ ...version, ...decided }),
    );
  });
  return commissionRowOf(db, versionId);
}
