import type { RecordRefundInput, RefundOwed } from '@xp/contracts';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction } from '../../platform/db/errors.ts';
import { errors, GENERAL_KEY } from '../../platform/http/errors.ts';
import { type ListQuery, pagedList, searchLike } from '../../platform/http/paging.ts';
import { enqueueMails, type MailRequest } from '../../platform/mail/outbox.ts';
import { payments, refundsOwed } from './payments.tables.ts';

export type RefundOwedRow = typeof refundsOwed.$inferSelect;
export type NewRefundOwed = Omit<
  typeof refundsOwed.$inferInsert,
  'id' | 'status' | 'method' | 'providerRefundId' | 'refundedAt' | 'refundedBy' | 'createdAt' | 'updatedAt'
>;

const ENTITY = 'RefundOwed';
const NOT_FOUND = 'payment.errors.refundNotFound';

/** The audit log's view of a refund owed (no name). */
const audited = (row: RefundOwedRow) => ({
  subject: row.subject,
  subjectId: row.subjectId,
  paymentId: row.paymentId,
  amountCents: row.amountCents,
  reason: row.reason,
  status: row.status,
  method: row.method,
  providerRefundId: row.providerRefundId,
});

/**
 * Records money owed back (in the transaction that found it: the webhook's, or the cancellation's), once
 * per payment (and once per credited invoice), audited, and mails the payer (`mail`: in their language) that
 * it will be paid back. Answers the row, or undefined when it was recorded before.
 */
export async function recordRefundOwed(
  tx: Database,
  entry: NewRefundOwed,
  mail: Omit<MailRequest<'refundOwed'>, 'template'> | null,
  actor: Actor,
): Promise<RefundOwedRow | undefined> {
  const [row] = await tx.insert(refundsOwed).values(entry).onConflictDoNothing().returning();
  if (!row) return undefined;
  await audit.write(tx, actor, ENTITY, row.id, null, audited(row));
  if (mail?.to) await enqueueMails(tx, [{ ...mail, template: 'refundOwed' } as MailRequest]);
  return row;
}

/** Whether a payment is owed back (or was paid back): it paid nothing, whatever its invoice's status. */
export const isOwedBack = async (db: Database, paymentId: number) =>
  (await db.select({ id: refundsOwed.id }).from(refundsOwed).where(eq(refundsOwed.paymentId, paymentId)))
    .length > 0;

/** A payment owed back that its payer charged back through the bank: nothing is owed any more. */
export async function settleByChargeback(tx: Database, paymentId: number, actor: Actor) {
  const settled = await tx
    .update(refundsOwed)
    .set({ status: 'refunded', method: 'chargeback', refundedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(refundsOwed.paymentId, paymentId), eq(refundsOwed.status, 'owed')))
    .returning();
  for (const row of settled)
    await audit.write(
      tx,
      actor,
      ENTITY,
      row.id,
      { ...audited(row), status: 'owed', method: null },
      audited(row),
    );
}

const columns = {
  row: refundsOwed,
  provider: payments.provider,
  paymentStatus: payments.status,
};

function present(row: {
  row: RefundOwedRow;
  provider: string | null;
  paymentStatus: string | null;
}): RefundOwed {
  const refund = row.row;
  return {
    id: refund.id,
    subject: refund.subject as RefundOwed['subject'],
    subjectId: refund.subjectId,
    reference: refund.reference,
    payerName: refund.payerName,
    amountCents: refund.amountCents,
    reason: refund.reason,
    status: refund.status,
    method: refund.method,
    canRefundByProvider: row.provider !== null && row.paymentStatus === 'paid',
    createdAt: refund.createdAt.toISOString(),
    refundedAt: refund.refundedAt?.toISOString() ?? null,
  };
}

const selectRefunds = (db: Database) =>
  db.select(columns).from(refundsOwed).leftJoin(payments, eq(payments.id, refundsOwed.paymentId));

/**
 * The refunds owed (or refunded) of `scope` (a gym's, a location's, the platform's), newest first by default;
 * a search matches part of the reference or of the payer's name (the lists' one `searchLike`).
 */
export function listRefundsOwed(
  db: Database,
  scope: SQL | undefined,
  query: ListQuery & { status: 'owed' | 'refunded' },
) {
  const search = query.search?.trim().toLowerCase();
  const where = and(
    scope,
    eq(refundsOwed.status, query.status),
    search
      ? or(
          searchLike(sql`lower(${refundsOwed.payerName})`, search),
          searchLike(sql`lower(${refundsOwed.reference})`, search),
        )
      : undefined,
  );
  const key = query.sort === 'amountCents' ? refundsOwed.amountCents : refundsOwed.id;
  const direction = query.sort === undefined || query.direction === 'desc' ? desc : asc;
  return pagedList(
    db,
    query,
    async (limit, offset) =>
      (
        await selectRefunds(db)
          .where(where)
          .orderBy(direction(key), direction(refundsOwed.id))
          .limit(limit)
          .offset(offset)
      ).map(present),
    db.select({ one: sql`1` }).from(refundsOwed).where(where),
  );
}

/** The refunds owed of a subject's row (`reason`: only those). */
export async function refundsOf(
  db: Database,
  subject: string,
  subjectId: number,
  reason?: RefundOwedRow['reason'],
) {
  return (
    await selectRefunds(db)
      .where(
        and(
          eq(refundsOwed.subject, subject),
          eq(refundsOwed.subjectId, subjectId),
          reason ? eq(refundsOwed.reason, reason) : undefined,
        ),
      )
      .orderBy(asc(refundsOwed.id))
  ).map(present);
}

/**
 * Records that a refund owed in `scope` was paid back: by bank, card or cash as staff say, or (`provider`)
 * through the provider that received the payment, which is asked first under the refund's own key (asked
 * twice, paid back once). Then, under the row's lock, it is refunded once (a second call answers it as it
 * is), audited, and `onRefunded` runs in the same transaction (a credit invoice is settled).
 */
export async function recordRefund(
  db: Database,
  payments: { refund: (paymentId: number, amountCents: number, idempotencyKey: string) => Promise<string> },
  input: {
    id: number;
    scope: SQL | undefined;
    method: RecordRefundInput['method'];
    userId: number;
    actor: Actor;
    onRefunded?: (tx: Database, row: RefundOwedRow) => Promise<void>;
  },
): Promise<RefundOwed> {
  const find = async (tx: Database, lock: boolean) => {
    const query = tx
      .select()
      .from(refundsOwed)
      .where(and(eq(refundsOwed.id, input.id), input.scope));
    return (await (lock ? query.for('update') : query))[0];
  };
  const current = await find(db, false);
  if (!current) throw errors.notFound(NOT_FOUND);
  if (current.status !== 'owed') throw errors.conflict(GENERAL_KEY, 'payment.errors.refundedAlready');
  let providerRefundId: string | null = null;
  if (input.method === 'provider') {
    if (current.paymentId === null) throw errors.conflict(GENERAL_KEY, 'payment.errors.notRefundable');
    providerRefundId = await payments.refund(current.paymentId, current.amountCents, `refund-${current.id}`);
  }
  await inTransaction(db, async (tx) => {
    const before = await find(tx, true);
    if (before?.status !== 'owed') return;
    const [after] = await tx
      .update(refundsOwed)
      .set({
        status: 'refunded',
        method: input.method,
        providerRefundId,
        refundedAt: sql`now()`,
        refundedBy: input.userId,
        updatedAt: sql`now()`,
      })
      .where(eq(refundsOwed.id, before.id))
      .returning();
    await audit.write(tx, input.actor, ENTITY, before.id, audited(before), audited(after!));
    await input.onRefunded?.(tx, after!);
  });
  return present((await selectRefunds(db).where(eq(refundsOwed.id, input.id)))[0]!);
}

export interface PaymentFault {
  kind: 'paidForNothing' | 'paidTwice';
  paymentId: number;
}

/**
 * The books agree (decision 015): every payment received (paid, not wholly charged back) belongs to an
 * invoice or order paid by it — one such payment each — or to a refund owed. Any row answered is a fault;
 * the test harness checks it after every API test file, as it checks the XP ledger.
 */
export async function checkPaymentsAgree(db: Database): Promise<PaymentFault[]> {
  const result = (await db.execute(sql`
    with received as (
      select p.id, p.subject, p.subject_id from payments p
       where p.subject in ('invoice', 'xpInvoice', 'product-order')
         and p.status = 'paid' and p.charged_back_cents < p.amount_cents
         and not exists (select 1 from refunds_owed r where r.payment_id = p.id)
    )
    select 'paidForNothing' as "kind", r.id as "paymentId" from received r
     where not (
       (r.subject = 'invoice' and exists (select 1 from invoices i where i.id = r.subject_id
          and i.status = 4 and i.payment_method = 2 and i.credited_invoice_id is null))
       or (r.subject = 'xpInvoice' and exists (select 1 from xp_invoices x where x.id = r.subject_id
          and x.status = 4 and x.credited_invoice_id is null))
       or (r.subject = 'product-order' and exists (select 1 from product_orders o where o.id = r.subject_id
          and o.status >= 1))
     )
    union all
    select 'paidTwice', max(r.id) from received r group by r.subject, r.subject_id having count(*) > 1
  `)) as unknown as { rows: PaymentFault[] };
  return result.rows;
}
