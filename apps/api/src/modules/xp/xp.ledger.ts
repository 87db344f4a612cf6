import type { XpTransferKind } from '@xp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { recordsOf } from '../../platform/db/records.ts';
import { errors, GENERAL_KEY } from '../../platform/http/errors.ts';
import { rowsOf } from '../billing/billing.repository.ts';
import { xpAccounts, xpEntries, xpTransfers } from './xp.tables.ts';

/**
 * The XP ledger (decision 019): accounts, and transfers between them written as two entries that sum to
 * zero. Every movement of XP anywhere in the code goes through `transfer`; nothing else writes these tables.
 */

/** An account by its owner: the platform's two, an employer's balance, a person's wallet. */
export type AccountOwner =
  | { kind: 'issuance' }
  | { kind: 'store' }
  | { kind: 'employer'; employerId: number }
  | { kind: 'wallet'; userId: number };

export const INSUFFICIENT_XP = 'xp.errors.insufficientBalance';

/** The owner's account, as SQL (each kind has a unique index on it). */
const ownedBy = (owner: AccountOwner) =>
  owner.kind === 'employer'
    ? eq(xpAccounts.employerId, owner.employerId)
    : owner.kind === 'wallet'
      ? eq(xpAccounts.userId, owner.userId)
      : eq(xpAccounts.kind, owner.kind);

/**
 * The account's id, made on first use (an employer's or a person's account exists from its first movement).
 * The unique indexes decide between two first uses at once; the loser reads the winner's row.
 */
export async function accountOf(db: Database, owner: AccountOwner): Promise<number> {
  const where = ownedBy(owner);
  const [found] = await db.select({ id: xpAccounts.id }).from(xpAccounts).where(where);
  if (found) return found.id;
  await db
    .insert(xpAccounts)
    .values({
      kind: owner.kind,
      employerId: owner.kind === 'employer' ? owner.employerId : null,
      userId: owner.kind === 'wallet' ? owner.userId : null,
    })
    .onConflictDoNothing();
  const [made] = await db.select({ id: xpAccounts.id }).from(xpAccounts).where(where);
  return made!.id;
}

/** The cached balance of an owner's account (0 before its first movement). */
export async function balanceOf(db: Database, owner: AccountOwner): Promise<number> {
  const [row] = await db.select({ balance: xpAccounts.balance }).from(xpAccounts).where(ownedBy(owner));
  return row?.balance ?? 0;
}

export interface NewTransfer {
  kind: XpTransferKind;
  from: AccountOwner;
  to: AccountOwner;
  amount: number;
  employerId?: number | null;
  userId?: number | null;
  xpInvoiceId?: number | null;
  challengeId?: number | null;
  redemptionId?: number | null;
  reason?: string | null;
  createdBy?: number | null;
}

/**
 * Moves `amount` XP, inside the caller's transaction. The account it leaves is debited only if its balance
 * covers the amount (one conditional UPDATE: the row lock queues concurrent spends, and each sees the
 * balance the one before it left), else 409 `xp.errors.insufficientBalance` and nothing is written. The
 * two accounts are locked in the order of their ids, so two transfers in opposite directions cannot
 * deadlock. The issuance account may go below zero: it is where XP comes from.
 */
export async function transfer(tx: Database, input: NewTransfer): Promise<{ id: number }> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('XP amount must be positive');
  const fromId = await accountOf(tx, input.from);
  const toId = await accountOf(tx, input.to);
  const debit = async () => {
    const moved = await tx
      .update(xpAccounts)
      .set({ balance: sql`${xpAccounts.balance} - ${input.amount}` })
      .where(
        and(
          eq(xpAccounts.id, fromId),
          sql`(${xpAccounts.kind} = 'issuance' or ${xpAccounts.balance} >= ${input.amount})`,
        ),
      )
      .returning({ id: xpAccounts.id });
    if (moved.length === 0) throw errors.conflict(GENERAL_KEY, INSUFFICIENT_XP);
  };
  const credit = () =>
    tx
      .update(xpAccounts)
      .set({ balance: sql`${xpAccounts.balance} + ${input.amount}` })
      .where(eq(xpAccounts.id, toId));
  if (fromId < toId) {
    await debit();
    await credit();
  } else {
    await credit();
    await debit();
  }
  const [row] = await tx
    .insert(xpTransfers)
    .values({
      kind: input.kind,
      fromAccountId: fromId,
      toAccountId: toId,
      amount: input.amount,
      employerId: input.employerId ?? null,
      userId: input.userId ?? null,
      xpInvoiceId: input.xpInvoiceId ?? null,
      challengeId: input.challengeId ?? null,
      redemptionId: input.redemptionId ?? null,
      reason: input.reason ?? null,
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: xpTransfers.id });
  await tx.insert(xpEntries).values([
    { transferId: row!.id, accountId: fromId, amount: -input.amount },
    { transferId: row!.id, accountId: toId, amount: input.amount },
  ]);
  return row!;
}

/**
 * The same amount from one account to each of many people's wallets, as one transfer each (a grant to
 * every employee): all or nothing. Set-based, so a few thousand recipients take a few statements: the
 * account it leaves is debited once by the total, only if its balance covers it (409 otherwise, nothing
 * written); each transfer has its own two entries. Answers the number of transfers.
 */
export async function transferToWallets(
  tx: Database,
  input: Omit<NewTransfer, 'to' | 'userId'> & { userIds: readonly number[] },
): Promise<number> {
  const count = input.userIds.length;
  if (count === 0) return 0;
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('XP amount must be positive');
  const total = input.amount * count;
  if (!Number.isSafeInteger(total)) throw errors.conflict(GENERAL_KEY, INSUFFICIENT_XP);
  const fromId = await accountOf(tx, input.from);
  const people = recordsOf(
    [['user_id', 'int']],
    input.userIds.map((userId) => ({ user_id: userId })),
  );
  // The wallets first (made where missing), locked in id order with the account the XP leaves, so that
  // two batches over the same people cannot deadlock.
  await tx.execute(
    sql`insert into xp_accounts (kind, user_id) select 'wallet', r.user_id from ${people} on conflict do nothing`,
  );
  const locked = await rowsOf<{ id: number }>(
    tx,
    sql`select id from xp_accounts
         where id = ${fromId} or user_id in (select r.user_id from ${people})
         order by id for update`,
  );
  if (locked.length !== count + 1) throw new Error('a wallet is missing or a recipient is the sender');
  const debited = await tx
    .update(xpAccounts)
    .set({ balance: sql`${xpAccounts.balance} - ${total}` })
    .where(
      and(
        eq(xpAccounts.id, fromId),
        sql`(${xpAccounts.kind} = 'issuance' or ${xpAccounts.balance} >= ${total})`,
      ),
    )
    .returning({ id: xpAccounts.id });
  if (debited.length === 0) throw errors.conflict(GENERAL_KEY, INSUFFICIENT_XP);
  await tx.execute(
    sql`update xp_accounts set balance = balance + ${input.amount}
         where user_id in (select r.user_id from ${people})`,
  );
  const made = await rowsOf<{ id: number; to_account_id: number }>(
    tx,
    sql`insert into xp_transfers (kind, from_account_id, to_account_id, amount, employer_id, user_id, reason, created_by)
        select ${input.kind}, ${fromId}, a.id, ${input.amount}, ${input.employerId ?? null}, a.user_id,
               ${input.reason ?? null}, ${input.createdBy ?? null}
          from xp_accounts a
         where a.user_id in (select r.user_id from ${people})
        returning id, to_account_id`,
  );
  await tx.execute(
    sql`insert into xp_entries (transfer_id, account_id, amount)
        select t.id, t.from_account_id, -t.amount from xp_transfers t where t.id in (select r.id from ${recordsOf(
          [['id', 'int']],
          made.map(({ id }) => ({ id })),
        )})
        union all
        select t.id, t.to_account_id, t.amount from xp_transfers t where t.id in (select r.id from ${recordsOf(
          [['id', 'int']],
          made.map(({ id }) => ({ id })),
        )})`,
  );
  return made.length;
}

/** What is wrong with the ledger, if anything (a test runs it after every test file; an admin check may). */
export interface LedgerFault {
  kind: 'balanceDiffers' | 'negativeBalance' | 'unbalancedTransfer' | 'entriesDifferFromTransfer';
  id: number;
}

/**
 * Recomputes every balance from the entries and compares: the cached balance equals the sum of the
 * account's entries; no account but the issuance is below zero; each transfer's two entries sum to zero
 * and are its amount out of `from` and into `to`.
 */
export async function checkLedger(db: Database): Promise<LedgerFault[]> {
  return rowsOf<LedgerFault>(
    db,
    sql`
      select 'balanceDiffers' as kind, a.id
        from xp_accounts a
        left join (select account_id, sum(amount) as total from xp_entries group by account_id) e
          on e.account_id = a.id
       where a.balance <> coalesce(e.total, 0)
      union all
      select 'negativeBalance', id from xp_accounts where kind <> 'issuance' and balance < 0
      union all
      select 'unbalancedTransfer', t.id
        from xp_transfers t
        left join xp_entries e on e.transfer_id = t.id
       group by t.id
      having count(e.id) <> 2 or coalesce(sum(e.amount), 1) <> 0
      union all
      select 'entriesDifferFromTransfer', t.id
        from xp_transfers t
       where not exists (select 1 from xp_entries e
                          where e.transfer_id = t.id and e.account_id = t.from_account_id and e.amount = -t.amount)
          or not exists (select 1 from xp_entries e
                          where e.transfer_id = t.id and e.account_id = t.to_account_id and e.amount = t.amount)
    `,
  );
}
