import {
  type Claims,
  isAdmin,
  isFinalRedemptionStatus,
  RedemptionStatus,
  type StoreItem,
  type StoreRedemption,
  storeVatPercentage,
  type UploadedFile,
} from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { type FilesDeps, findFile, storeImage } from '../../platform/files/images.ts';
import { errors } from '../../platform/http/errors.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import { transfer } from '../xp/xp.ledger.ts';
import * as repository from './store.repository.ts';

const ENTITY = 'StoreItem';
const ORDER_ENTITY = 'StoreRedemption';
const NOT_FOUND = 'store.errors.notFound';
const ORDER_NOT_FOUND = 'store.errors.orderNotFound';

export interface StoreItemInput {
  name: string;
  description: string;
  storeItemCategory: number;
  cost: number;
  stock: number;
  image?: UploadedFile | undefined;
  imageCdnHash?: string | undefined;
}

function assertAdmin(session: Claims) {
  if (!isAdmin(session)) throw errors.forbidden();
}

/** The employer of a path (`/storeitem/employer/{id}`): an employer only its active one; an admin any. */
async function employerOfPath(db: Database, session: Claims, id: number): Promise<number> {
  if (isAdmin(session)) {
    if (!(await repository.employerExists(db, id))) throw errors.notFound('store.errors.employerNotFound');
    return id;
  }
  if (activeTenant(session, 'employer') !== id) throw errors.notFound('store.errors.employerNotFound');
  return id;
}

/** An item the session may see: an admin any; an employer the platform's and its own. Others are 404. */
function assertVisible(session: Claims, item: StoreItem) {
  if (isAdmin(session)) return;
  const employerId = activeTenant(session, 'employer');
  if (item.employerId !== null && item.employerId !== employerId) throw errors.notFound(NOT_FOUND);
}

/** An item the session may change: an admin any; an employer its own (a platform item: 403). */
function assertManageable(session: Claims, item: StoreItem) {
  assertVisible(session, item);
  if (isAdmin(session)) return;
  if (item.employerId === null) throw errors.forbidden('store.errors.platformItem');
}

const audited = (item: StoreItem) => ({
  name: item.name,
  description: item.description,
  cost: item.cost,
  storeItemCategory: item.storeItemCategory,
  employerId: item.employerId,
  stock: item.stock,
  imageCdnHash: item.imageCdnHash,
});

/** The image of a save: a new upload, or a stored file named by its hash; undefined: none given. */
async function imageOf(db: Database, files: FilesDeps, input: StoreItemInput): Promise<string | undefined> {
  if (input.image) return (await storeImage(files, input.image, { field: 'image' })).hash;
  if (input.imageCdnHash) {
    if (!(await findFile(db, input.imageCdnHash)))
      throw errors.field('imageCdnHash', 'store.errors.imageNotFound');
    return input.imageCdnHash;
  }
  return undefined;
}

const values = (input: StoreItemInput, imageHash: string | null): repository.StoreItemValues => ({
  name: input.name,
  description: input.description,
  category: input.storeItemCategory,
  cost: input.cost,
  stock: input.stock,
  imageHash,
});

// ------------------------------------------------------------------------------------------------ items

export function listItems(
  db: Database,
  session: Claims,
  query: repository.StoreItemFilter & {
    owner: 'platform' | 'employers' | 'all';
    employerId?: number | undefined;
  },
) {
  assertAdmin(session);
  const owner =
    query.employerId !== undefined
      ? repository.owners.employer(query.employerId)
      : query.owner === 'platform'
        ? repository.owners.platform()
        : query.owner === 'employers'
          ? repository.owners.employers()
          : undefined;
  return repository.listItems(db, owner, query);
}

/** What an employer's employees can buy: the platform's items and the employer's own. */
export async function listShop(
  db: Database,
  session: Claims,
  id: number,
  query: repository.StoreItemFilter & { owner: 'all' | 'platform' | 'own' },
) {
  const employerId = await employerOfPath(db, session, id);
  const owner =
    query.owner === 'platform'
      ? repository.owners.platform()
      : query.owner === 'own'
        ? repository.owners.employer(employerId)
        : repository.owners.shop(employerId);
  return repository.listItems(db, owner, query);
}

export async function getItem(db: Database, session: Claims, id: number): Promise<StoreItem> {
  const item = await repository.findItem(db, id);
  if (!item) throw errors.notFound(NOT_FOUND);
  assertVisible(session, item);
  return item;
}

/**
 * Adds an item. An admin adds the platform's (or, with `employerId`, an employer's); an employer adds its
 * own, for its active employer (another employer's id is 404).
 */
export async function createItem(
  db: Database,
  files: FilesDeps,
  session: Claims,
  input: StoreItemInput & { employerId?: number | undefined },
  actor: Actor,
): Promise<StoreItem> {
  let employerId: number | null;
  if (isAdmin(session)) {
    employerId = input.employerId ?? null;
    if (employerId !== null && !(await repository.employerExists(db, employerId)))
      throw errors.notFound('store.errors.employerNotFound');
  } else {
    employerId = activeTenant(session, 'employer');
    if (input.employerId !== undefined && input.employerId !== employerId)
      throw errors.notFound('store.errors.employerNotFound');
  }
  const imageHash = await imageOf(db, files, input);
  if (imageHash === undefined) throw errors.field('image', 'store.errors.imageRequired');
  return inTransaction(db, async (tx) => {
    const created = await repository.insertItem(tx, employerId, values(input, imageHash));
    await audit.write(tx, actor, ENTITY, created.id, null, audited(created));
    return created;
  });
}

export async function updateItem(
  db: Database,
  files: FilesDeps,
  session: Claims,
  input: StoreItemInput & { id: number },
  actor: Actor,
): Promise<StoreItem> {
  // Nothing is stored for an item the session may not change.
  const current = await getItem(db, session, input.id);
  assertManageable(session, current);
  const newImage = await imageOf(db, files, input);
  return inTransaction(db, async (tx) => {
    const before = await repository.findItem(tx, input.id, true);
    if (!before) throw errors.notFound(NOT_FOUND);
    const after = await repository.updateItem(tx, input.id, values(input, newImage ?? before.imageCdnHash));
    await audit.write(tx, actor, ENTITY, input.id, audited(before), audited(after));
    return after;
  });
}

/** Refused (409 `store.errors.openOrders`) while orders of it are still ordered or sent. */
export async function deleteItem(db: Database, session: Claims, id: number, actor: Actor) {
  await inTransaction(db, async (tx) => {
    const before = await repository.findItem(tx, id, true);
    if (!before) throw errors.notFound(NOT_FOUND);
    assertManageable(session, before);
    if ((await repository.countOpenOrders(tx, id)) > 0)
      throw errors.conflict('general', 'store.errors.openOrders');
    await repository.removeItem(tx, id);
    await audit.write(tx, actor, ENTITY, id, audited(before), null);
  });
  return null;
}

// ------------------------------------------------------------------------------------------ redemptions

/**
 * The signed-in person buys an item with their XP, in the shop of an employer of theirs: a platform item
 * in any of their employers' shops (`employerId` picks one when they have several), an employer's own
 * item only in that employer's. One transaction: stock minus one (409 `store.errors.outOfStock` at 0),
 * the order, and the XP from their wallet to the store (409 `xp.errors.insufficientBalance`); a refusal
 * changes nothing.
 */
export async function redeem(
  db: Database,
  session: Claims,
  id: number,
  body: { employerId?: number | undefined },
  actor: Actor,
): Promise<StoreRedemption> {
  const item = await repository.findItem(db, id);
  if (!item) throw errors.notFound(NOT_FOUND);
  const mine = await repository.employersOfEmployee(db, session.userId);
  let employerId: number;
  if (item.employerId !== null) {
    if (!mine.includes(item.employerId)) throw errors.notFound(NOT_FOUND);
    if (body.employerId !== undefined && body.employerId !== item.employerId)
      throw errors.notFound(NOT_FOUND);
    employerId = item.employerId;
  } else if (body.employerId !== undefined) {
    if (!mine.includes(body.employerId)) throw errors.notFound('store.errors.employerNotFound');
    employerId = body.employerId;
  } else {
    if (mine.length === 0) throw errors.forbidden('store.errors.notAnEmployee');
    if (mine.length > 1) throw errors.field('employerId', 'store.errors.employerRequired');
    employerId = mine[0]!;
  }
  const redemptionId = await inTransaction(db, async (tx) => {
    const sold = await repository.takeOne(tx, id);
    if (!sold) throw errors.conflict('general', 'store.errors.outOfStock');
    const orderId = await repository.insertRedemption(tx, {
      storeItemId: sold.id,
      itemName: sold.name,
      cost: sold.cost,
      vatPercentage: storeVatPercentage(sold.category),
      userId: session.userId,
      employerId,
    });
    await transfer(tx, {
      kind: 'redemption',
      from: { kind: 'wallet', userId: session.userId },
      to: { kind: 'store' },
      amount: sold.cost,
      employerId,
      userId: session.userId,
      redemptionId: orderId,
      createdBy: session.userId,
    });
    await audit.write(tx, actor, ORDER_ENTITY, orderId, null, {
      storeItemId: sold.id,
      cost: sold.cost,
      employerId,
      status: RedemptionStatus.Ordered,
    });
    return orderId;
  });
  return withPermission(session, (await repository.findRedemption(db, redemptionId))!);
}

/**
 * The item's owner changes an order's status: the admin those of the platform's items, an employer
 * those of its own items (as its active employer). Delivered and cancelled orders are final.
 */
function mayChangeStatus(session: Claims, order: repository.RedemptionRow): boolean {
  if (order.storeItemId === null) return false;
  if (order.itemEmployerId === null) return isAdmin(session);
  return order.itemEmployerId === session.activeEmployerId;
}

const withPermission = (session: Claims, order: repository.RedemptionRow): StoreRedemption => ({
  ...order,
  canChangeStatus: !isFinalRedemptionStatus(order.status) && mayChangeStatus(session, order),
});

export async function listOrders(db: Database, session: Claims, query: repository.RedemptionFilter) {
  assertAdmin(session);
  const { items, ...counts } = await repository.listRedemptions(db, query);
  return { items: items.map((order) => withPermission(session, order)), ...counts };
}

export async function listEmployerOrders(
  db: Database,
  session: Claims,
  id: number,
  query: repository.RedemptionFilter,
) {
  const employerId = await employerOfPath(db, session, id);
  const { items, ...counts } = await repository.listRedemptions(db, { ...query, employerId });
  return { items: items.map((order) => withPermission(session, order)), ...counts };
}

/**
 * Changes an order's delivery status. Cancelling refunds its XP (the ledger's `refund` from the store to
 * the wallet) and puts the item back in stock: once, since a cancelled order changes no more (the row
 * is locked, so two cancels at once refund once).
 */
export async function setOrderStatus(
  db: Database,
  session: Claims,
  id: number,
  status: number,
  actor: Actor,
): Promise<StoreRedemption> {
  const order = await repository.findRedemption(db, id);
  if (!order) throw errors.notFound(ORDER_NOT_FOUND);
  if (!isAdmin(session) && order.employerId !== activeTenant(session, 'employer'))
    throw errors.notFound(ORDER_NOT_FOUND);
  if (!mayChangeStatus(session, order)) throw errors.forbidden('store.errors.notYourItem');
  await inTransaction(db, async (tx) => {
    const locked = await repository.lockRedemption(tx, id);
    if (!locked) throw errors.notFound(ORDER_NOT_FOUND);
    if (isFinalRedemptionStatus(locked.status)) throw errors.conflict('status', 'store.errors.statusFinal');
    if (locked.status === status) return;
    if (status === RedemptionStatus.Cancelled) {
      await transfer(tx, {
        kind: 'refund',
        from: { kind: 'store' },
        to: { kind: 'wallet', userId: locked.userId },
        amount: locked.cost,
        employerId: locked.employerId,
        userId: locked.userId,
        redemptionId: locked.id,
        createdBy: session.userId,
      });
      if (locked.storeItemId !== null) await repository.putBack(tx, locked.storeItemId);
    }
    await repository.setRedemptionStatus(tx, id, status);
    await audit.write(tx, actor, ORDER_ENTITY, id, { status: locked.status }, { status });
  });
  return withPermission(session, (await repository.findRedemption(db, id))!);
}
