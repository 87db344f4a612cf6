import type { XpPurchase, XpTransaction } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { balanceOfEmployer, createEmployer, expectLedgerSound, fund } from './test-support.ts';
import { xpTransfers } from './xp.tables.ts';
import { a, admin, b, buy, call, PREFIX, settle, t, useTestApp } from './xp-test-setup.ts';

/*
 * Granting XP to employees from an employer's balance (one, all, or nobody; 1,000 grants at once) and the
 * admin's corrections of a balance, with the list of every transaction (decision 019).
 */

useTestApp();

/** a's balance as buying XP leaves it: two purchases, paid (3,500 XP). */
beforeAll(async () => {
  for (const amountOfXp of [2_500, 1_000]) {
    const purchase = ok<XpPurchase>(await buy(a, amountOfXp));
    await settle(purchase.checkoutUrl!, 'paid');
  }
});

describe('granting XP', () => {
  it('gives one employee XP from the balance, and shows it in the transactions', async () => {
    const before = await balanceOfEmployer(t, a.cookie, a.id);
    const result = ok<{ recipients: number; totalXp: number; balance: number }>(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, {
        amountOfXp: 250,
        userId: a.employeeIds[0],
      }),
    );
    expect(result).toEqual({ recipients: 1, totalXp: 250, balance: before - 250 });
    const page = ok<{ items: XpTransaction[]; tabCounts: Record<string, number> }>(
      await call('GET', `/Employer/${a.id}/XpTransactions?kind=grant`, a.cookie),
    );
    expect(page.items[0]).toMatchObject({
      kind: 'grant',
      amountOfXp: 250,
      sender: { kind: 'employer', id: a.id, name: a.name },
      recipient: { kind: 'wallet', id: a.employeeIds[0] },
    });
    expect(page.tabCounts.grant).toBe(1);
    expect(page.tabCounts.purchase).toBe(2);
    const wallet = ok<{ amountOfXp: number }>(await call('GET', `/XpWallet/${a.employeeIds[0]}`, admin));
    expect(wallet.amountOfXp).toBe(250);
  });

  it('gives all employees at once, or nobody when the balance does not cover all', async () => {
    const before = await balanceOfEmployer(t, a.cookie, a.id);
    const all = ok<{ recipients: number; totalXp: number }>(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, { amountOfXp: 100, allEmployees: true }),
    );
    expect(all).toMatchObject({ recipients: 3, totalXp: 300 });
    const transfersBefore = (await t.db.select().from(xpTransfers)).length;
    const tooMuch = Math.floor((before - 300) / 3) + 1;
    expectFailure(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, { amountOfXp: tooMuch, allEmployees: true }),
      409,
      'general',
      'xp.errors.insufficientBalance',
    );
    expect((await t.db.select().from(xpTransfers)).length).toBe(transfersBefore);
    expect(await balanceOfEmployer(t, a.cookie, a.id)).toBe(before - 300);
    await expectLedgerSound(t);
  });

  it("refuses another employer's employee (404), no recipient or both (400), and an employer without employees", async () => {
    expectFailure(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, { amountOfXp: 10, userId: b.employeeIds[0] }),
      404,
      'general',
      'xp.errors.notEmployee',
    );
    expectFailure(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, { amountOfXp: 10 }),
      400,
      'userId',
      'xp.errors.grantRecipient',
    );
    expectFailure(
      await call('POST', `/Employer/${a.id}/GrantXp`, a.cookie, {
        amountOfXp: 10,
        userId: a.employeeIds[0],
        allEmployees: true,
      }),
      400,
      'userId',
      'xp.errors.grantRecipient',
    );
    const empty = await createEmployer(t, 0, PREFIX);
    expectFailure(
      await call('POST', `/Employer/${empty.id}/GrantXp`, empty.cookie, {
        amountOfXp: 10,
        allEmployees: true,
      }),
      409,
      'general',
      'xp.errors.noEmployees',
    );
    expectFailure(
      await call('POST', `/Employer/${b.id}/GrantXp`, a.cookie, { amountOfXp: 10, allEmployees: true }),
      404,
      'general',
      'employer.errors.notFound',
    );
  });

  it('lets exactly as many of 1,000 concurrent grants through as the balance covers', async () => {
    const c = await createEmployer(t, 1, PREFIX);
    await fund(t, admin, c.id, 500);
    const responses = await Promise.all(
      Array.from({ length: 1_000 }, () =>
        call('POST', `/Employer/${c.id}/GrantXp`, c.cookie, { amountOfXp: 1, userId: c.employeeIds[0] }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(500);
    expect(statuses.filter((status) => status === 409)).toHaveLength(500);
    expect(await balanceOfEmployer(t, c.cookie, c.id)).toBe(0);
    const wallet = ok<{ amountOfXp: number }>(await call('GET', `/XpWallet/${c.employeeIds[0]}`, admin));
    expect(wallet.amountOfXp).toBe(500);
    await expectLedgerSound(t);
  });
});

describe('corrections (admin)', () => {
  it('adds to and takes from a balance with a reason, audited; not below zero', async () => {
    const before = await balanceOfEmployer(t, admin, b.id);
    const added = ok<XpTransaction>(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: 700,
        reason: 'Actie',
      }),
    );
    expect(added).toMatchObject({
      kind: 'correction',
      amountOfXp: 700,
      description: 'Actie',
      sender: { kind: 'issuance' },
    });
    const taken = ok<XpTransaction>(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: -200,
        reason: 'Te veel',
      }),
    );
    expect(taken).toMatchObject({ sender: { kind: 'employer', id: b.id }, recipient: { kind: 'issuance' } });
    expect(await balanceOfEmployer(t, admin, b.id)).toBe(before + 500);
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: -(before + 501),
        reason: 'x',
      }),
      409,
      'general',
      'xp.errors.insufficientBalance',
    );
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'XpTransfer'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('requires a reason and exactly one account; refuses non-admins', async () => {
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: 10,
        reason: '  ',
      }),
      400,
      'reason',
      'validation.required',
    );
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, { amountOfXp: 10, reason: 'x' }),
      400,
      'employerId',
      'xp.errors.correctionAccount',
    );
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: b.id,
        amountOfXp: 0,
        reason: 'x',
      }),
      400,
      'amountOfXp',
      'xp.errors.amountZero',
    );
    expectFailure(
      await call('POST', '/XpTransaction/Correction', admin, {
        employerId: 999_999,
        amountOfXp: 5,
        reason: 'x',
      }),
      404,
      'general',
      'employer.errors.notFound',
    );
    expect(
      (
        await call('POST', '/XpTransaction/Correction', a.cookie, {
          employerId: a.id,
          amountOfXp: 10,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists every transaction to the admin with employer filter and search; employers only their own', async () => {
    const all = ok<{ items: XpTransaction[]; total: number }>(await call('GET', '/XpTransaction', admin));
    expect(all.total).toBeGreaterThan(500);
    expect(new Set(all.items.map((row) => row.employerId)).size).toBeGreaterThanOrEqual(1);
    const onlyB = ok<{ items: XpTransaction[] }>(
      await call('GET', `/XpTransaction?employerId=${b.id}`, admin),
    );
    expect(onlyB.items.every((row) => row.employerId === b.id)).toBe(true);
    const searched = ok<{ items: XpTransaction[] }>(
      await call('GET', '/XpTransaction?search=te%20veel', admin),
    );
    expect(searched.items.map((row) => row.description)).toEqual(['Te veel']);
    const own = ok<{ items: XpTransaction[] }>(
      await call('GET', `/Employer/${a.id}/XpTransactions?pageSize=100`, a.cookie),
    );
    expect(own.items.every((row) => row.employerId === a.id)).toBe(true);
    expect((await call('GET', '/XpTransaction', a.cookie)).statusCode).toBe(403);
    expectFailure(
      await call('GET', `/Employer/${b.id}/XpTransactions`, a.cookie),
      404,
      'general',
      'employer.errors.notFound',
    );
    expectFailure(
      await call('GET', '/XpTransaction?page=100000', admin),
      400,
      'page',
      'validation.pageTooDeep',
    );
  });
});
