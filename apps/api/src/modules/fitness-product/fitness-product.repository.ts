import {
  COMMISSION_TAB_STATUS,
  type CommissionTab,
  ProductVersionStatus,
  type SupplierProductTab,
  SupplierStatus,
} from '@xp/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client.ts';
import { type ListQuery, likePattern, limitOffset, orderBy, tabCounts } from '../../platform/http/paging.ts';
import { suppliers } from '../organisation/organisation.tables.ts';
import { fitnessProductImages, fitnessProducts, fitnessProductVersions } from './fitness-product.tables.ts';

export type ProductRow = typeof fitnessProducts.$inferSelect & {
  supplierName: string;
  supplierStatus: number;
};
export type VersionRow = typeof fitnessProductVersions.$inferSelect;
export type ImageRow = typeof fitnessProductImages.$inferSelect;
export type VersionValues = Pick<
  typeof fitnessProductVersions.$inferInsert,
  | 'name'
  | 'description'
  | 'numberType'
  | 'purchasePriceCents'
  | 'vatPercentage'
  | 'salesUnit'
  | 'duration'
  | 'createdBy'
>;
export interface ImageValues {
  imageHash: string;
  fileName: string;
}

const productColumns = {
  id: fitnessProducts.id,
  supplierId: fitnessProducts.supplierId,
  acceptedVersionId: fitnessProducts.acceptedVersionId,
  pendingVersionId: fitnessProducts.pendingVersionId,
  sortName: fitnessProducts.sortName,
  deletedAt: fitnessProducts.deletedAt,
  createdAt: fitnessProducts.createdAt,
  updatedAt: fitnessProducts.updatedAt,
  supplierName: suppliers.name,
  supplierStatus: suppliers.status,
};

/** A product with its supplier's name and status; `lock`: its row FOR UPDATE (decisions on it wait). */
export async function findProduct(db: Database, id: number, lock = false): Promise<ProductRow | undefined> {
  const query = db
    .select(productColumns)
    .from(fitnessProducts)
    .innerJoin(suppliers, eq(suppliers.id, fitnessProducts.supplierId))
    .where(eq(fitnessProducts.id, id));
  const [row] = lock ? await query.for('update', { of: fitnessProducts }) : await query;
  return row;
}

export async function findVersion(db: Database, id: number): Promise<VersionRow | undefined> {
  const [row] = await db.select().from(fitnessProductVersions).where(eq(fitnessProductVersions.id, id));
  return row;
}

/** The product's latest version (the pending change if any, else the last decided one). */
export async function latestVersion(db: Database, productId: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(fitnessProductVersions)
    .where(eq(fitnessProductVersions.productId, productId))
    .orderBy(desc(fitnessProductVersions.id))
    .limit(1);
  return row;
}

/** The images of these versions, by version, in their order. */
export async function imagesOf(
  db: Database,
  versionIds: readonly number[],
): Promise<Map<number, ImageRow[]>> {
  const byVersion = new Map<number, ImageRow[]>();
  if (versionIds.length === 0) return byVersion;
  const rows = await db
    .select()
    .from(fitnessProductImages)
    .where(inArray(fitnessProductImages.versionId, [...new Set(versionIds)]))
    .orderBy(asc(fitnessProductImages.versionId), asc(fitnessProductImages.order));
  for (const row of rows) {
    const list = byVersion.get(row.versionId) ?? [];
    list.push(row);
    byVersion.set(row.versionId, list);
  }
  return byVersion;
}

/** Every image any version of the product has, by hash (what a change may keep). */
export async function productImages(db: Database, productId: number): Promise<Map<string, string>> {
  const rows = await db
    .select({ imageHash: fitnessProductImages.imageHash, fileName: fitnessProductImages.fileName })
    .from(fitnessProductImages)
    .innerJoin(fitnessProductVersions, eq(fitnessProductVersions.id, fitnessProductImages.versionId))
    .where(eq(fitnessProductVersions.productId, productId));
  return new Map(rows.map((row) => [row.imageHash, row.fileName]));
}

export async function insertProduct(db: Database, supplierId: number, sortName: string): Promise<number> {
  const [row] = await db
    .insert(fitnessProducts)
    .values({ supplierId, sortName })
    .returning({ id: fitnessProducts.id });
  return row!.id;
}

/** A new version awaiting the platform, with its images in order. */
export async function insertVersion(
  db: Database,
  productId: number,
  values: VersionValues,
  images: readonly ImageValues[],
): Promise<number> {
  const [row] = await db
    .insert(fitnessProductVersions)
    .values({ ...values, productId, status: ProductVersionStatus.Awaiting })
    .returning({ id: fitnessProductVersions.id });
  const versionId = row!.id;
  await db.insert(fitnessProductImages).values(
    images.map((image, order) => ({
      versionId,
      imageHash: image.imageHash,
      fileName: image.fileName,
      order,
    })),
  );
  return versionId;
}

export async function updateProduct(
  db: Database,
  id: number,
  values: Partial<
    Pick<
      typeof fitnessProducts.$inferInsert,
      'acceptedVersionId' | 'pendingVersionId' | 'sortName' | 'deletedAt'
    >
  >,
) {
  await db
    .update(fitnessProducts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(fitnessProducts.id, id));
}

export async function updateVersion(
  db: Database,
  id: number,
  values: Partial<typeof fitnessProductVersions.$inferInsert>,
) {
  await db.update(fitnessProductVersions).set(values).where(eq(fitnessProductVersions.id, id));
}

/** Removes a pending version a later change replaced (never decided, never ordered; its images go with it). */
export async function removeVersion(db: Database, id: number) {
  await db.delete(fitnessProductVersions).where(eq(fitnessProductVersions.id, id));
}

// ------------------------------------------------------------------------------------------------- lists

const firstImage = (versionId: SQL | typeof fitnessProductVersions.id) =>
  sql<
    string | null
  >`(select ${fitnessProductImages.imageHash} from ${fitnessProductImages} where ${fitnessProductImages.versionId} = ${versionId} order by ${fitnessProductImages.order} limit 1)`;

/** The id of the product's latest version. */
const latestVersionId = sql`(select max(lv.id) from ${fitnessProductVersions} lv where lv.product_id = ${fitnessProducts.id})`;

/** The version each supplier tab shows of a product. */
const tabVersion: Record<SupplierProductTab, SQL> = {
  existant: sql`${fitnessProducts.acceptedVersionId}`,
  awaiting: sql`${fitnessProducts.pendingVersionId}`,
  denied: latestVersionId,
};
const tabWhere = (tab: SupplierProductTab): SQL =>
  tab === 'existant'
    ? isNotNull(fitnessProducts.acceptedVersionId)
    : tab === 'awaiting'
      ? isNotNull(fitnessProducts.pendingVersionId)
      : and(
          isNull(fitnessProducts.pendingVersionId),
          sql`(select lv.status from ${fitnessProductVersions} lv where lv.product_id = ${fitnessProducts.id} order by lv.id desc limit 1) = ${ProductVersionStatus.Denied}`,
        )!;

export interface SupplierListQuery extends ListQuery {
  tab: SupplierProductTab;
}

/** A supplier's products of one tab (each with the version the tab is about), searched on the name; paged. */
export async function listSupplierProducts(db: Database, supplierId: number, query: SupplierListQuery) {
  const base = and(
    eq(fitnessProducts.supplierId, supplierId),
    isNull(fitnessProducts.deletedAt),
    query.search
      ? sql`${fitnessProducts.sortName} like ${likePattern(query.search.toLowerCase())}`
      : undefined,
  );
  const { limit, offset } = limitOffset(query);
  const order = orderBy(
    query,
    { name: fitnessProducts.sortName, createdAt: fitnessProductVersions.createdAt },
    'name',
    fitnessProducts.id,
  );
  const rows = await db
    .select({
      id: fitnessProducts.id,
      acceptedVersionId: fitnessProducts.acceptedVersionId,
      pendingVersionId: fitnessProducts.pendingVersionId,
      version: fitnessProductVersions,
      imageHash: firstImage(fitnessProductVersions.id),
    })
    .from(fitnessProducts)
    .innerJoin(fitnessProductVersions, eq(fitnessProductVersions.id, tabVersion[query.tab]))
    .where(and(base, tabWhere(query.tab)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const count = (tab: SupplierProductTab) =>
    db
      .select({ one: sql`1` })
      .from(fitnessProducts)
      .where(and(base, tabWhere(tab)));
  const counts = await tabCounts(
    db,
    query,
    { existant: count('existant'), awaiting: count('awaiting'), denied: count('denied') },
    query.tab,
  );
  return { rows, counts };
}

export interface CommissionListQuery extends ListQuery {
  tab: CommissionTab;
  supplierId?: number | undefined;
}

const acceptedVersion = alias(fitnessProductVersions, 'accepted_version');

/** Versions of one status (the admin's commission tabs) of products not deleted, with product and supplier. */
export async function listCommissions(db: Database, query: CommissionListQuery) {
  const pattern = query.search ? likePattern(query.search.toLowerCase()) : undefined;
  const base = and(
    isNull(fitnessProducts.deletedAt),
    query.supplierId !== undefined ? eq(fitnessProducts.supplierId, query.supplierId) : undefined,
    pattern
      ? or(
          sql`lower(${fitnessProductVersions.name}) like ${pattern}`,
          sql`${fitnessProducts.sortName} like ${pattern}`,
          sql`lower(${suppliers.name}) like ${pattern}`,
        )
      : undefined,
  );
  const statusIs = (tab: CommissionTab) => eq(fitnessProductVersions.status, COMMISSION_TAB_STATUS[tab]);
  const { limit, offset } = limitOffset(query);
  const order = orderBy(
    query,
    {
      createdAt: fitnessProductVersions.createdAt,
      name: sql`lower(${fitnessProductVersions.name})`,
      supplierName: sql`lower(${suppliers.name})`,
    },
    'createdAt',
    fitnessProductVersions.id,
  );
  const rows = await versionRows(db)
    .where(and(base, statusIs(query.tab)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const count = (tab: CommissionTab) =>
    db
      .select({ one: sql`1` })
      .from(fitnessProductVersions)
      .innerJoin(fitnessProducts, eq(fitnessProducts.id, fitnessProductVersions.productId))
      .innerJoin(suppliers, eq(suppliers.id, fitnessProducts.supplierId))
      .where(and(base, statusIs(tab)));
  const counts = await tabCounts(
    db,
    query,
    { awaiting: count('awaiting'), accepted: count('accepted'), denied: count('denied') },
    query.tab,
  );
  return { rows, counts };
}

/** Versions with their product, supplier and the product's accepted version (`$dynamic`: add WHERE). */
export const versionRows = (db: Database) =>
  db
    .select({
      version: fitnessProductVersions,
      productId: fitnessProducts.id,
      supplierId: fitnessProducts.supplierId,
      supplierName: suppliers.name,
      acceptedVersionId: fitnessProducts.acceptedVersionId,
      accepted: {
        commissionType: acceptedVersion.commissionType,
        minimumTerm: acceptedVersion.minimumTerm,
        platformMarginCents: acceptedVersion.platformMarginCents,
        regionManagerMarginCents: acceptedVersion.regionManagerMarginCents,
        gymMarginCents: acceptedVersion.gymMarginCents,
      },
    })
    .from(fitnessProductVersions)
    .innerJoin(fitnessProducts, eq(fitnessProducts.id, fitnessProductVersions.productId))
    .innerJoin(suppliers, eq(suppliers.id, fitnessProducts.supplierId))
    .leftJoin(acceptedVersion, eq(acceptedVersion.id, fitnessProducts.acceptedVersionId))
    .$dynamic();
export type VersionListRow = Awaited<ReturnType<ReturnType<typeof versionRows>['execute']>>[number];

/** A supplier's accepted, not deleted products: id and the accepted name, by name. */
export async function plainProducts(db: Database, supplierId: number) {
  return db
    .select({ id: fitnessProducts.id, name: fitnessProductVersions.name })
    .from(fitnessProducts)
    .innerJoin(fitnessProductVersions, eq(fitnessProductVersions.id, fitnessProducts.acceptedVersionId))
    .where(and(eq(fitnessProducts.supplierId, supplierId), isNull(fitnessProducts.deletedAt)))
    .orderBy(asc(fitnessProducts.sortName), asc(fitnessProducts.id));
}

export async function supplierStatus(db: Database, supplierId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ status: suppliers.status })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  return row?.status;
}

/** The catalogue: Active suppliers' accepted, not deleted products with their accepted version, by supplier and name. */
export async function catalogue(db: Database) {
  return db
    .select({
      supplierId: suppliers.id,
      supplierName: suppliers.name,
      id: fitnessProducts.id,
      version: fitnessProductVersions,
      imageHash: firstImage(fitnessProductVersions.id),
    })
    .from(fitnessProducts)
    .innerJoin(suppliers, eq(suppliers.id, fitnessProducts.supplierId))
    .innerJoin(fitnessProductVersions, eq(fitnessProductVersions.id, fitnessProducts.acceptedVersionId))
    .where(and(eq(suppliers.status, SupplierStatus.Active), isNull(fitnessProducts.deletedAt)))
    .orderBy(
      sql`lower(${suppliers.name})`,
      asc(suppliers.id),
      asc(fitnessProducts.sortName),
      asc(fitnessProducts.id),
    );
}
