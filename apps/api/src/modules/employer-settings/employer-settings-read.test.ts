import type { EmployerInvolvements, EmployerSettings } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectData, expectFailure, expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { employers, locations } from '../organisation/organisation.tables.ts';
import { storeItems } from '../store/store.tables.ts';
import { xpAccounts } from '../xp/xp.tables.ts';
import { api, cookies, demo, jansen, logistiek, t, useTestApp } from './employer-settings-test-setup.ts';

useTestApp();

describe('GET /employer/settings/{id}', () => {
  it('answers the demo settings of the active employer, with its addresses, contact and finances', () => {
    expect(demo).toMatchObject({
      id: jansen,
      name: 'Bakkerij Jansen B.V.',
      personnelNumber: 'BJ-2026',
      logoHash: null,
      accessFitness: true,
      accessHomeTraining: true,
      invoiceEmail: 'facturen@bakkerijjansen.example.com',
      financial: { contractType: 1, contractDuration: 2, extensionYears: 1, contributionAmount: 2500 },
    });
    expect(demo.addresses.map((row) => [row.addressType, row.street, row.postalCode])).toEqual([
      [1, 'Postbus', '3500 AA'],
      [2, 'Oudegracht', '3511 AX'],
    ]);
    expect(demo.contacts).toEqual([
      expect.objectContaining({ firstName: 'Marieke', lastName: 'Jansen', invoices: true }),
    ]);
  });

  it('answers the admin the employer it switched to', async () => {
    expect(expectData<EmployerSettings>(await api.get(cookies.adminAtJansen, jansen)).name).toBe(
      'Bakkerij Jansen B.V.',
    );
  });

  it("answers 404 for another employer's id, also to an admin who has not switched to it", async () => {
    expectFailure(
      await api.get(cookies.employer, logistiek),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectFailure(
      await api.get(cookies.adminAtJansen, logistiek),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectFailure(
      await api.get(cookies.employer, 999_999),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
  });

  it('refuses other roles (403), a session without active employer (403) and no session (401)', async () => {
    expectForbidden(await api.get(cookies.gym, jansen));
    expectForbidden(await api.get(cookies.supplier, jansen));
    expectFailure(await api.get(cookies.admin, jansen), 403, 'general', 'auth.noActive.employer');
    expectSignInRequired(await api.get('', jansen));
  });

  it('answers 400 for an id that is no id', async () => {
    expectFailure(await api.get(cookies.employer, 'abc'), 400, 'id', 'validation.invalidType');
  });
});

describe('GET /employer/sort', () => {
  it('answers the admin every employer by name, searched and paged', async () => {
    const all = expectData<{ items: { id: number; name: string }[]; total: number }>(
      await api.sort(cookies.admin),
    );
    expect(all.items.map((item) => item.name)).toEqual(['Bakkerij Jansen B.V.', 'Van den Berg Logistiek']);
    expect(all.total).toBe(2);
    expect(
      expectData<{ items: { name: string }[] }>(await api.sort(cookies.admin, '?search=berg')).items,
    ).toEqual([{ id: logistiek, name: 'Van den Berg Logistiek' }]);
    expect(
      expectData<{ items: { name: string }[] }>(
        await api.sort(cookies.admin, '?pageSize=1&page=2&direction=desc'),
      ).items,
    ).toEqual([{ id: jansen, name: 'Bakkerij Jansen B.V.' }]);
  });

  it('answers an employer user only the employers it acts for', async () => {
    expect(expectData<{ items: unknown[] }>(await api.sort(cookies.employer)).items).toEqual([
      { id: jansen, name: 'Bakkerij Jansen B.V.' },
    ]);
  });

  it('refuses other roles and bad queries', async () => {
    expectForbidden(await api.sort(cookies.gym));
    expectSignInRequired(await api.sort(''));
    expectFailure(await api.sort(cookies.admin, '?sort=createdAt'), 400, 'sort', 'validation.invalidValue');
  });
});

describe('GET /employer/locations', () => {
  it('answers the locations on the sign-up pages, with their gym, searched', async () => {
    const visible = await t.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.visibleOnRegistrationPage, true));
    const data = expectData<{ items: { name: string; gymName: string }[]; total: number }>(
      await api.locations(cookies.employer),
    );
    expect(data.total).toBe(visible.length);
    expect(data.items.length).toBe(Math.min(visible.length, 25));
    const names = data.items.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const utrecht = expectData<{ items: { city: string | null }[] }>(
      await api.locations(cookies.employer, '?search=utrecht'),
    );
    expect(utrecht.items.length).toBeGreaterThan(0);
    expect(utrecht.items.every((item) => JSON.stringify(item).toLowerCase().includes('utrecht'))).toBe(true);
  });

  it('answers none when fitness is not among the employees’ access', async () => {
    await t.db.update(employers).set({ accessFitness: false }).where(eq(employers.id, jansen));
    expect(expectData(await api.locations(cookies.employer))).toEqual({ items: [], total: 0 });
  });

  it('refuses other roles and a session without active employer', async () => {
    expectForbidden(await api.locations(cookies.gym));
    expectFailure(await api.locations(cookies.admin), 403, 'general', 'auth.noActive.employer');
    expectSignInRequired(await api.locations(''));
  });
});

describe('GET /employer/involvements/{id}', () => {
  it('counts what the active employer is involved in, with its XP balance', async () => {
    const data = expectData<EmployerInvolvements>(await api.involvements(cookies.employer, jansen));
    const [account] = await t.db
      .select({ balance: xpAccounts.balance })
      .from(xpAccounts)
      .where(eq(xpAccounts.employerId, jansen));
    const items = await t.db
      .select({ id: storeItems.id })
      .from(storeItems)
      .where(eq(storeItems.employerId, jansen));
    expect(data).toMatchObject({
      employerId: jansen,
      users: 1,
      storeItems: items.length,
      xpBalance: Number(account?.balance ?? 0),
    });
    expect(data.challenges).toBeGreaterThanOrEqual(data.activeChallenges);
    expect(data.openInvitations).toBeGreaterThanOrEqual(0);
  });

  it("answers the balance of the employer's XP account, 0 without one", async () => {
    const [account] = await t.db.select().from(xpAccounts).where(eq(xpAccounts.employerId, logistiek));
    if (account) {
      expect(
        expectData<EmployerInvolvements>(await api.involvements(cookies.admin, logistiek)).xpBalance,
      ).toBe(Number(account.balance));
      return;
    }
    expect(expectData<EmployerInvolvements>(await api.involvements(cookies.admin, logistiek)).xpBalance).toBe(
      0,
    );
    await t.db.insert(xpAccounts).values({ kind: 'employer', employerId: logistiek, balance: 1500 });
    try {
      expect(
        expectData<EmployerInvolvements>(await api.involvements(cookies.admin, logistiek)).xpBalance,
      ).toBe(1500);
    } finally {
      await t.db.delete(xpAccounts).where(eq(xpAccounts.employerId, logistiek));
    }
  });

  it('answers an admin about any employer; an employer user only about its active one (404)', async () => {
    expect(expectData<EmployerInvolvements>(await api.involvements(cookies.admin, logistiek))).toMatchObject({
      employerId: logistiek,
      users: 1,
    });
    expectFailure(
      await api.involvements(cookies.admin, 999_999),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectFailure(
      await api.involvements(cookies.employer, logistiek),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectForbidden(await api.involvements(cookies.gym, jansen));
    expectSignInRequired(await api.involvements('', jansen));
  });
});
