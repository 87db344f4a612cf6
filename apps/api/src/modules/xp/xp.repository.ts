import { type XpTransaction, type XpTransferKind, xpTransferKinds } from '@xp/contracts';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client.ts';
import { isoText } from '../../platform/db/columns.ts';
import { fullNameSql } from '../../platform/db/full-name.ts';
import {
  type ListQuery,
  likePattern,
  limitOffset,
  matchFields,
  orderBy,
  pagedCounts,
  searchOnce,
  sortKey,
  tabCounts,
} from '../../platform/http/paging.ts';
import { challenges } from '../challenge/challenge.tables.ts';
import { employerAddresses } from '../employer/employer.tables.ts';
import { employerEmployees, employers } from '../organisation/organisation.tables.ts';
import { storeRedemptions } from '../store/store.tables.ts';
import { users } from '../user/user.tables.ts';
import { challengeCompletions, xpAccounts, xpTransfers } from './xp.tables.ts';

/** The `payments.subject` of an XP invoice's payments. */
export const PAYMENT_SUBJECT = 'xpInvoice';

const fromAccount = alias(xpAccounts, 'from_account');
const toAccount = alias(xpAccounts, 'to_account');
const fromEmployer = alias(employers, 'from_employer');
const toEmployer = alias(employers, 'to_employer');
const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');
const concerning = alias(employers, 'concerning');

const fullNameOf = (u: typeof fromUser | typeof toUser) => fullNameSql(u);

/** Start of a Dutch calendar day, as the filters' from/to dates mean it. */
export const dutchDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Amsterdam')`;

export interface TransferFilter extends ListQuery {
  employerId?: number | undefined;
  kind?: XpTransferKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The most accounts a search matches by name; a broader search is narrowed by typing more. */
const SEARCH_ACCOUNTS = 1_000;

/**
 * A search: the accounts whose person or employer matches (read first, by their trigram indexes), then the
 * transfers from or to them (by the account indexes), or whose reason matches (its trigram index). Two
 * steps, so the planner never walks the date index filtering every transfer by the names.
 */
async function searchCondition(db: Database, search: string): Promise<SQL> {
  const pattern = likePattern(search.toLowerCase());
  const rows = (await db.execute(sql`select a.id from ${xpAccounts} a
      where a.user_id in (select u.id from ${users} u where u.search_text like ${pattern} and u.deleted_at is null)
         or a.employer_id in (select e.id from ${employers} e where e.name ilike ${pattern})
      limit ${SEARCH_ACCOUNTS}`)) as unknown as { rows: { id: number }[] };
  const ids = rows.rows.map((row) => row.id);
  // `is not null` lets the planner use the partial trigram index (with the account indexes, a BitmapOr).
  const reason = sql`(${xpTransfers.reason} is not null and lower(${xpTransfers.reason}) like ${pattern})`;
  if (ids.length === 0) return reason;
  return sql`(${inArray(xpTransfers.fromAccountId, ids)} or ${inArray(xpTransfers.toAccountId, ids)} or ${reason})`;
}

function transferConditions(filter: TransferFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.employerId !== undefined) where.push(eq(xpTransfers.employerId, filter.employerId));
  if (filter.from) where.push(gte(xpTransfers.createdAt, dutchDayStart(filter.from)));
  if (filter.to) where.push(lt(xpTransfers.createdAt, sql`${dutchDayStart(filter.to)} + interval '1 day'`));
  return where;
}

/** The transfers with their parties' names (read now: a name changes, the ledger row never does). */
const transferSelection = {
  id: xpTransfers.id,
  date: isoText(xpTransfers.createdAt),
  kind: xpTransfers.kind,
  amount: xpTransfers.amount,
  reason: xpTransfers.reason,
  employerId: xpTransfers.employerId,
  employerName: concerning.name,
  fromKind: fromAccount.kind,
  fromEmployerId: fromAccount.employerId,
  fromUserId: fromAccount.userId,
  fromEmployerName: fromEmployer.name,
  fromUserName: fullNameOf(fromUser),
  toKind: toAccount.kind,
  toEmployerId: toAccount.employerId,
  toUserId: toAccount.userId,
  toEmployerName: toEmployer.name,
  toUserName: fullNameOf(toUser),
  challengeName: challenges.name,
  itemName: storeRedemptions.itemName,
};

function joined<T>(db: Database, selection: T) {
  return db
    .select(selection as Record<string, never>)
    .from(xpTransfers)
    .innerJoin(fromAccount, eq(fromAccount.id, xpTransfers.fromAccountId))
    .innerJoin(toAccount, eq(toAccount.id, xpTransfers.toAccountId))
    .leftJoin(fromEmployer, eq(fromEmployer.id, fromAccount.employerId))
    .leftJoin(toEmployer, eq(toEmployer.id, toAccount.employerId))
    .leftJoin(fromUser, eq(fromUser.id, fromAccount.userId))
    .leftJoin(toUser, eq(toUser.id, toAccount.userId))
    .leftJoin(concerning, eq(concerning.id, xpTransfers.employerId))
    .leftJoin(challenges, eq(challenges.id, xpTransfers.challengeId))
    .leftJoin(storeRedemptions, eq(storeRedemptions.id, xpTransfers.redemptionId));
}

type TransferRow = {
  [K in keyof typeof transferSelection]: unknown;
};

const party = (
  kind: string,
  employerId: unknown,
  userId: unknown,
  employerName: unknown,
  userName: unknown,
) => ({
  kind: kind as XpTransaction['sender']['kind'],
  id: kind === 'employer' ? (employerId as number) : kind === 'wallet' ? (userId as number) : null,
  name: kind === 'employer' ? String(employerName ?? '') : kind === 'wallet' ? String(userName ?? '') : '',
});

const toTransaction = (row: TransferRow): XpTransaction => ({
  id: row.id as number,
  date: row.date as string,
  kind: row.kind as XpTransferKind,
  sender: party(
    row.fromKind as string,
    row.fromEmployerId,
    row.fromUserId,
    row.fromEmployerName,
    row.fromUserName,
  ),
  recipient: party(row.toKind as string, row.toEmployerId, row.toUserId, row.toEmployerName, row.toUserName),
  amountOfXp: Number(row.amount),
  description: (row.reason ?? row.challengeName ?? row.itemName ?? null) as string | null,
  employerId: (row.employerId ?? null) as number | null,
  employerName: (row.employerName ?? null) as string | null,
});

/** A page of transfers, newest first by default, with a count per kind (tabs). */
export async function listTransfers(db: Database, filter: TransferFilter) {
  const base = transferConditions(filter);
  if (filter.search) base.push(await searchCondition(db, filter.search));
  const where = filter.kind ? [...base, eq(xpTransfers.kind, filter.kind)] : base;
  const ordered = { ...filter, direction: filter.sort ? filter.direction : ('desc' as const) };
  const sortable = { date: xpTransfers.createdAt, amountOfXp: xpTransfers.amount };
  const order = orderBy(ordered, sortable, 'date', xpTransfers.id);
  if (filter.search && filter.counts !== false) {
    // A search reads its matches once for the page and every tab's count (decision 009), so the planner
    // never walks the date index filtering a million transfers for a few matches.
    const once = await searchOnce(
      db,
      ordered,
      db
        .select(matchFields(xpTransfers.id, sortKey(ordered, sortable, 'date'), xpTransfers.kind))
        .from(xpTransfers)
        .where(and(...base)),
      { values: xpTransferKinds, current: filter.kind },
    );
    if (once) {
      const rows = (await joined(db, transferSelection)
        .where(once.ids.length > 0 ? inArray(xpTransfers.id, once.ids) : sql`false`)
        .orderBy(...order)) as unknown as TransferRow[];
      return { items: rows.map(toTransaction), ...pagedCounts(once.counts, filter.kind ?? 'all') };
    }
  }
  const { limit, offset } = limitOffset(filter);
  const rows = (await joined(db, transferSelection)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as unknown as TransferRow[];
  // The counts read the transfers alone: every condition is on its columns.
  const count = (extra?: SQL) =>
    db
      .select({ one: sql`1` })
      .from(xpTransfers)
      .where(and(...base, extra)) as never;
  const counts = await tabCounts(
    db,
    filter,
    {
      all: count(),
      ...Object.fromEntries(xpTransferKinds.map((kind) => [kind, count(eq(xpTransfers.kind, kind))])),
    } as Record<'all' | XpTransferKind, never>,
    filter.kind ?? 'all',
  );
  return { items: rows.map(toTransaction), ...counts };
}

export async function findTransfer(db: Database, id: number): Promise<XpTransaction | undefined> {
  const [row] = (await joined(db, transferSelection).where(
    eq(xpTransfers.id, id),
  )) as unknown as TransferRow[];
  return row ? toTransaction(row) : undefined;
}

// ------------------------------------------------------------------------------------------- employers

/** The employer, locked for the purchase (its name, mandate and contract type), or undefined. */
export async function lockEmployer(tx: Database, id: number) {
  const [row] = await tx
    .select({
      id: employers.id,
      name: employers.name,
      contractType: employers.contractType,
      paymentCustomerId: employers.paymentCustomerId,
      paymentMandateId: employers.paymentMandateId,
    })
    .from(employers)
    .where(eq(employers.id, id))
    .for('update');
  return row;
}

export async function employerExists(db: Database, id: number) {
  const [row] = await db.select({ id: employers.id }).from(employers).where(eq(employers.id, id));
  return row !== undefined;
}

export async function setEmployerPayment(
  tx: Database,
  id: number,
  values: { paymentCustomerId?: string; paymentMandateId?: string },
) {
  await tx.update(employers).set(values).where(eq(employers.id, id));
}

/** The billing address (type 1) as lines, the first one made, or null. */
export async function billingAddressOf(db: Database, employerId: number): Promise<string | null> {
  const [row] = await db
    .select()
    .from(employerAddresses)
    .where(and(eq(employerAddresses.employerId, employerId), eq(employerAddresses.addressType, 1)))
    .orderBy(employerAddresses.id)
    .limit(1);
  if (!row) return null;
  return [
    `${row.street} ${row.houseNumber}`,
    `${row.postalCode} ${row.city}`,
    row.country === 'NL' ? '' : row.country,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The live employees of an employer (the recipients of a grant to all). */
export async function employeeIdsOf(db: Database, employerId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: employerEmployees.userId })
    .from(employerEmployees)
    .innerJoin(users, eq(users.id, employerEmployees.userId))
    .where(and(eq(employerEmployees.employerId, employerId), sql`${users.deletedAt} is null`))
    .orderBy(employerEmployees.userId);
  return rows.map((row) => row.userId);
}

export async function isEmployeeOf(db: Database, employerId: number, userId: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(employerEmployees)
    .innerJoin(users, eq(users.id, employerEmployees.userId))
    .where(
      and(
        eq(employerEmployees.employerId, employerId),
        eq(employerEmployees.userId, userId),
        sql`${users.deletedAt} is null`,
      ),
    );
  return row !== undefined;
}

export async function liveUserExists(db: Database, userId: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  return row !== undefined;
}

/** Whether the invoice's XP were credited (its purchase transfer exists). */
export async function purchaseCredited(db: Database, invoiceId: number) {
  const [row] = await db
    .select({ id: xpTransfers.id })
    .from(xpTransfers)
    .where(and(eq(xpTransfers.kind, 'purchase'), eq(xpTransfers.xpInvoiceId, invoiceId)));
  return row !== undefined;
}

export const completionOf = (challengeId: number, userId: number) =>
  and(eq(challengeCompletions.challengeId, challengeId), eq(challengeCompletions.userId, userId));

export async function setCompletionTransfer(
  tx: Database,
  challengeId: number,
  userId: number,
  transferId: number,
) {
  await tx.update(challengeCompletions).set({ transferId }).where(completionOf(challengeId, userId));
}
