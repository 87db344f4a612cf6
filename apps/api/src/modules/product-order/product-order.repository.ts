import { PRODUCT_ORDER_TAB_STATUSES, type ProductOrderTab, productOrderTabs } from '@xp/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import {
  cappedCounts,
  type ListQuery,
  limitOffset,
  pagedCounts,
  searchLike,
} from '../../platform/http/paging.ts';
import { fitnessProducts, fitnessProductVersions } from '../fitness-product/fitness-product.tables.ts';
import { inScope, type Scope as MemberScope } from '../member/member.repository.ts';
import { members } from '../member/member.tables.ts';
import { locations, suppliers } from '../organisation/organisation.tables.ts';
import { payments } from '../payment/payments.tables.ts';
import { users } from '../user/user.tables.ts';
import { productOrderEvents, productOrders } from './product-order.tables.ts';

/** The payments of an order through the platform's port (decision 020). */
export const PAYMENT_SUBJECT = 'product-order';

export type OrderRow = typeof productOrders.$inferSelect;
export type NewOrderRow = typeof productOrders.$inferInsert;

/** Whose orders a call sees: the active location's, the active supplier's, or (an admin) every one. */
export type OrderScope = { locationId: number } | { supplierId: number } | { all: true };

const scopeWhere = (scope: OrderScope): SQL | undefined =>
  'locationId' in scope
    ? eq(productOrders.locationId, scope.locationId)
    : 'supplierId' in scope
      ? eq(productOrders.supplierId, scope.supplierId)
      : undefined;

// ------------------------------------------------------------------------------------------ placing

export async function findLocation(db: Database, locationId: number) {
  const [row] = await db
    .select({ id: locations.id, gymId: locations.gymId, name: locations.name })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}

/** The product, its supplier's status and its accepted version (null: never accepted). */
export async function findOrderableProduct(db: Database, productId: number) {
  const [product] = await db
    .select({
      id: fitnessProducts.id,
      supplierId: fitnessProducts.supplierId,
      acceptedVersionId: fitnessProducts.acceptedVersionId,
      deletedAt: fitnessProducts.deletedAt,
      supplierStatus: suppliers.status,
    })
    .from(fitnessProducts)
    .innerJoin(suppliers, eq(suppliers.id, fitnessProducts.supplierId))
    .where(eq(fitnessProducts.id, productId))
    .for('share', { of: [fitnessProducts, suppliers] });
  if (!product) return undefined;
  if (product.acceptedVersionId === null) return { ...product, version: null };
  const [version] = await db
    .select()
    .from(fitnessProductVersions)
    .where(eq(fitnessProductVersions.id, product.acceptedVersionId));
  return { ...product, version: version ?? null };
}

/**
 * A member the caller may see (not anonymised) with its account's language, if it has an account. `scope`
 * is the member endpoints' own (`scopeOf`, `inScope`): at a location only its members (their main location
 * or a membership there), so that an order never shows a member the member screens would not.
 */
export async function findMember(db: Database, scope: MemberScope, memberId: number) {
  const [row] = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      insertion: members.insertion,
      lastName: members.lastName,
      street: members.street,
      houseNumber: members.houseNumber,
      postalCode: members.postalCode,
      city: members.city,
      email: members.email,
      phoneNumber: members.phoneNumber,
      anonymisedAt: members.anonymisedAt,
      language: users.language,
    })
    .from(members)
    .leftJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.id, memberId), inScope(scope)));
  return row && row.anonymisedAt === null ? row : undefined;
}

/** The next follow number (`PO-000123`) from the table's sequence (known before the row: its search text). */
export async function nextFollowNumber(db: Database): Promise<string> {
  const result = (await db.execute(
    sql`select 'PO-' || lpad(nextval('product_order_follow_numbers')::text, 6, '0') as "number"`,
  )) as unknown as { rows: { number: string }[] };
  return result.rows[0]!.number;
}

export async function insertOrder(db: Database, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await db.insert(productOrders).values(values).returning();
  return row!;
}

export async function insertEvent(
  db: Database,
  event: { orderId: number; status: number; deliveryDate?: string | null; userId: number | null },
) {
  await db.insert(productOrderEvents).values({ ...event, deliveryDate: event.deliveryDate ?? null });
}

// ------------------------------------------------------------------------------------------- reading

/** One order in the scope; `lock`: FOR UPDATE (a status change, the payment's listener). */
export async function findOrder(db: Database, id: number, scope: OrderScope, lock = false) {
  const query = db
    .select()
    .from(productOrders)
    .where(and(eq(productOrders.id, id), scopeWhere(scope)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function namesOf(db: Database, order: OrderRow) {
  const [location] = await db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, order.locationId));
  const [supplier] = await db
    .select({ name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.id, order.supplierId));
  return { locationName: location?.name ?? '', supplierName: supplier?.name ?? '' };
}

export async function eventsOf(db: Database, orderId: number) {
  return db
    .select({
      status: productOrderEvents.status,
      deliveryDate: productOrderEvents.deliveryDate,
      at: productOrderEvents.at,
      firstName: users.firstName,
      insertion: users.insertion,
      lastName: users.lastName,
    })
    .from(productOrderEvents)
    .leftJoin(users, eq(users.id, productOrderEvents.userId))
    .where(eq(productOrderEvents.orderId, orderId))
    .orderBy(asc(productOrderEvents.id));
}

/** The open checkout of the order's newest payment attempt (null: none, or it is no longer open). */
export async function checkoutOf(db: Database, orderId: number): Promise<string | null> {
  const [newest] = await db
    .select({ status: payments.status, checkoutUrl: payments.checkoutUrl })
    .from(payments)
    .where(and(eq(payments.subject, PAYMENT_SUBJECT), eq(payments.subjectId, orderId)))
    .orderBy(desc(payments.id))
    .limit(1);
  return newest && ['created', 'open'].includes(newest.status) ? newest.checkoutUrl : null;
}

export async function paymentsOf(db: Database, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.subject, PAYMENT_SUBJECT), eq(payments.subjectId, orderId)))
    .orderBy(desc(payments.id));
}

export async function setStatus(
  db: Database,
  id: number,
  values: { status: number; deliveryDate?: string | null },
): Promise<OrderRow> {
  const [row] = await db
    .update(productOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(productOrders.id, id))
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------- GDPR

/** The orders placed for a member, oldest first, with their location's and supplier's names (the export). */
export async function ordersOfMember(db: Database, memberId: number) {
  return db
    .select({ order: productOrders, locationName: locations.name, supplierName: suppliers.name })
    .from(productOrders)
    .innerJoin(locations, eq(locations.id, productOrders.locationId))
    .innerJoin(suppliers, eq(suppliers.id, productOrders.supplierId))
    .where(eq(productOrders.memberId, memberId))
    .orderBy(asc(productOrders.createdAt), asc(productOrders.id));
}

/** The member's orders in the given statuses, locked (anonymising them). */
export async function ordersOfMemberIn(db: Database, memberId: number, statuses: readonly number[]) {
  return db
    .select({ id: productOrders.id, followNumber: productOrders.followNumber })
    .from(productOrders)
    .where(and(eq(productOrders.memberId, memberId), inArray(productOrders.status, [...statuses])))
    .orderBy(asc(productOrders.id))
    .for('update');
}

/**
 * Whether the member is anonymised (null member: a new customer, never). The member's row is share-locked:
 * an anonymisation under way is waited for, so that an order delivered meanwhile is not missed by both.
 */
export async function memberAnonymised(db: Database, memberId: number | null): Promise<boolean> {
  if (memberId === null) return false;
  const [row] = await db
    .select({ anonymisedAt: members.anonymisedAt })
    .from(members)
    .where(eq(members.id, memberId))
    .for('share');
  return row?.anonymisedAt != null;
}

/**
 * Blanks an order's customer: name, address, e-mail, phone, delivery address and notes (the columns that
 * must hold text get ''). What the accounts need stays: follow number, product, amounts, dates, status.
 */
export async function blankCustomer(db: Database, id: number) {
  await db
    .update(productOrders)
    .set({
      firstName: '',
      insertion: null,
      lastName: '',
      street: '',
      houseNumber: '',
      postalCode: '',
      city: '',
      email: '',
      phoneNumber: null,
      deliveryStreet: '',
      deliveryHouseNumber: '',
      deliveryPostalCode: '',
      deliveryCity: '',
      particularities: '',
      searchText: sql`lower(${productOrders.followNumber} || ' ' || ${productOrders.productName})`,
      updatedAt: new Date(),
    })
    .where(eq(productOrders.id, id));
}

// --------------------------------------------------------------------------------------------- lists

const customerSort = sql`lower(${productOrders.lastName} || ' ' || ${productOrders.firstName})`;
const sortColumns = {
  createdAt: productOrders.createdAt,
  followNumber: productOrders.followNumber,
  customer: customerSort,
  product: sql`lower(${productOrders.productName})`,
  status: productOrders.status,
  deliveryDate: productOrders.deliveryDate,
  total: productOrders.totalCents,
} as const;

const listColumns = {
  id: productOrders.id,
  followNumber: productOrders.followNumber,
  status: productOrders.status,
  locationId: productOrders.locationId,
  locationName: locations.name,
  supplierId: productOrders.supplierId,
  supplierName: suppliers.name,
  productId: productOrders.productId,
  productName: productOrders.productName,
  memberId: productOrders.memberId,
  firstName: productOrders.firstName,
  insertion: productOrders.insertion,
  lastName: productOrders.lastName,
  quantity: productOrders.quantity,
  totalCents: productOrders.totalCents,
  paymentMethod: productOrders.paymentMethod,
  paymentFrequency: productOrders.paymentFrequency,
  deliveryDate: productOrders.deliveryDate,
  createdAt: productOrders.createdAt,
  updatedAt: productOrders.updatedAt,
};
export type OrderListRow = Awaited<ReturnType<typeof listOrders>>['rows'][number];

/**
 * A page of the scope's orders in a tab (none: all), searched on the search text (follow number, customer,
 * product: a trigram index), sorted (default: newest first); with every tab's capped count.
 */
export async function listOrders(
  db: Database,
  scope: OrderScope,
  query: ListQuery & { tab?: ProductOrderTab | undefined },
) {
  const { limit, offset } = limitOffset(query);
  const base = [
    scopeWhere(scope),
    query.search ? searchLike(productOrders.searchText, query.search) : undefined,
  ];
  const tabWhere = (tab: ProductOrderTab) =>
    inArray(productOrders.status, [...PRODUCT_ORDER_TAB_STATUSES[tab]]);
  const where = and(...base, query.tab ? tabWhere(query.tab) : undefined);
  const sortable =
    query.sort && query.sort in sortColumns ? sortColumns[query.sort as keyof typeof sortColumns] : null;
  const direction = query.sort ? (query.direction === 'desc' ? desc : asc) : desc;
  const rows = await db
    .select(listColumns)
    .from(productOrders)
    .innerJoin(locations, eq(locations.id, productOrders.locationId))
    .innerJoin(suppliers, eq(suppliers.id, productOrders.supplierId))
    .where(where)
    .orderBy(direction(sortable ?? productOrders.createdAt), direction(productOrders.id))
    .limit(limit)
    .offset(offset);
  if (query.counts === false) return { rows };
  const countOf = (extra: SQL | undefined) =>
    db
      .select({ one: sql`1` })
      .from(productOrders)
      .where(and(...base, extra));
  const counts = await cappedCounts(db, {
    all: countOf(undefined),
    ...(Object.fromEntries(productOrderTabs.map((tab) => [tab, countOf(tabWhere(tab))])) as Record<
      ProductOrderTab,
      ReturnType<typeof countOf>
    >),
  });
  return { rows, ...pagedCounts(counts, query.tab ?? 'all') };
}
