import {
  type AcceptVersionBody,
  type Claims,
  type CommissionRow,
  type CommissionValues,
  type FitnessProduct,
  imageSlotsOf,
  ProductVersionStatus,
  vatPercentageOfRate,
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
import {
  audited,
  commissionRowsOut,
  ENTITY,
  type FormInput,
  getProduct,
  ownProduct,
  VERSION_ENTITY,
  VERSION_NOT_FOUND,
} from './fitness-product.service.ts';
import { fitnessProductVersions } from './fitness-product.tables.ts';

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
