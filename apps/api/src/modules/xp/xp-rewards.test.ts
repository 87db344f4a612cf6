import type { XpTransaction } from '@xp/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { challenges } from '../challenge/challenge.tables.ts';
import { challengeTemplates } from '../challenge-template/challenge-template.tables.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { balanceOfEmployer, createEmployer, createUser, expectLedgerSound, fund } from './test-support.ts';
import { transfer } from './xp.ledger.ts';
import { a, admin, b, call, PREFIX, t, useTestApp } from './xp-test-setup.ts';

/*
 * What else moves XP (decision 019): challenge rewards, paid from an employer's balance or by the platform,
 * and the ledger's own rules (no spend beyond a balance, no deadlock, no deleting an employer with history).
 */

useTestApp();

/** XP on a's balance to pay rewards from. */
beforeAll(async () => {
  await fund(t, admin, a.id, 1_000);
});

describe('challenge rewards', () => {
  async function challengeOf(employerId: number | null, reward: number) {
    const [template] = await t.db.select().from(challengeTemplates).limit(1);
    const [made] = await t.db
      .insert(challenges)
      .values({
        challengeTemplateId: template!.id,
        templateSnapshot: {} as never,
        name: 'Stappen',
        employerId,
        locationId: employerId === null ? await firstLocation() : null,
        entreoPointsReward: reward,
      })
      .returning({ id: challenges.id });
    return made!.id;
  }
  async function firstLocation() {
    const rows = (await t.db.execute('select id from locations order by id limit 1' as never)) as unknown as {
      rows: { id: number }[];
    };
    return rows.rows[0]!.id;
  }

  it("pays an employer's challenge from its balance, once; an admin records a platform reward from the issuance", async () => {
    const challengeId = await challengeOf(a.id, 40);
    const before = await balanceOfEmployer(t, a.cookie, a.id);
    const done = ok<{ amountOfXp: number; alreadyCompleted: boolean }>(
      await call('POST', `/Challenge/${challengeId}/Completion`, a.cookie, { userId: a.employeeIds[1] }),
    );
    expect(done).toMatchObject({ amountOfXp: 40, alreadyCompleted: false });
    const again = ok<{ amountOfXp: number; alreadyCompleted: boolean }>(
      await call('POST', `/Challenge/${challengeId}/Completion`, a.cookie, { userId: a.employeeIds[1] }),
    );
    expect(again).toMatchObject({ amountOfXp: 0, alreadyCompleted: true });
    expect(await balanceOfEmployer(t, a.cookie, a.id)).toBe(before - 40);
    const rewards = ok<{ items: XpTransaction[] }>(
      await call('GET', `/Employer/${a.id}/XpTransactions?kind=reward`, a.cookie),
    );
    expect(rewards.items[0]).toMatchObject({ description: 'Stappen', amountOfXp: 40 });

    const platformChallenge = await challengeOf(null, 25);
    const user = await createUser(t, 'Employee');
    ok(await call('POST', `/Challenge/${platformChallenge}/Completion`, admin, { userId: user.id }));
    expect(ok<{ amountOfXp: number }>(await call('GET', `/XpWallet/${user.id}`, admin)).amountOfXp).toBe(25);
  });

  it("refuses another employer's challenge (404), a non-employee (404), and a reward the balance does not cover", async () => {
    const challengeId = await challengeOf(b.id, 10);
    expectFailure(
      await call('POST', `/Challenge/${challengeId}/Completion`, a.cookie, { userId: a.employeeIds[0] }),
      404,
      'general',
      'challenge.errors.notFound',
    );
    expectFailure(
      await call('POST', `/Challenge/${challengeId}/Completion`, b.cookie, { userId: a.employeeIds[0] }),
      404,
      'general',
      'xp.errors.notEmployee',
    );
    const poor = await createEmployer(t, 1, PREFIX);
    const costly = await challengeOf(poor.id, 1_000);
    expectFailure(
      await call('POST', `/Challenge/${costly}/Completion`, poor.cookie, { userId: poor.employeeIds[0] }),
      409,
      'general',
      'xp.errors.insufficientBalance',
    );
    // Nothing recorded: once funded, the completion pays.
    await fund(t, admin, poor.id, 1_000);
    const paid = ok<{ alreadyCompleted: boolean }>(
      await call('POST', `/Challenge/${costly}/Completion`, poor.cookie, { userId: poor.employeeIds[0] }),
    );
    expect(paid.alreadyCompleted).toBe(false);
  });
});

describe('the ledger', () => {
  it('keeps an employer with XP history from being deleted', async () => {
    const c = await createEmployer(t, 0, PREFIX);
    await fund(t, admin, c.id, 10);
    expectFailure(
      await call('DELETE', `/Employer/${c.id}`, admin),
      409,
      'general',
      'employer.errors.hasXpHistory',
    );
    expect(await balanceOfEmployer(t, admin, c.id)).toBe(10);
  });

  it('refuses a spend the balance does not cover, and transfers in opposite directions do not deadlock', async () => {
    const c = await createEmployer(t, 2, PREFIX);
    await fund(t, admin, c.id, 100);
    const [x, y] = c.employeeIds as [number, number];
    await t.db.transaction(async (tx) => {
      await transfer(tx, {
        kind: 'grant',
        from: { kind: 'employer', employerId: c.id },
        to: { kind: 'wallet', userId: x },
        amount: 50,
      });
      await transfer(tx, {
        kind: 'grant',
        from: { kind: 'employer', employerId: c.id },
        to: { kind: 'wallet', userId: y },
        amount: 50,
      });
    });
    const moves = Array.from({ length: 40 }, (_, index) =>
      t.db.transaction((tx) =>
        transfer(tx, {
          kind: 'correction',
          from: { kind: 'wallet', userId: index % 2 ? x : y },
          to: { kind: 'wallet', userId: index % 2 ? y : x },
          amount: 1,
          reason: 'heen en weer',
        }),
      ),
    );
    await Promise.all(moves);
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, {
          kind: 'redemption',
          from: { kind: 'wallet', userId: x },
          to: { kind: 'store' },
          amount: 51,
        }),
      ),
    ).rejects.toMatchObject({ status: 409 });
    await expectLedgerSound(t);
  });
});
