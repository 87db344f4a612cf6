import { randomUUID } from 'node:crypto';
import type { Member, MemberExport, MemberListItem, SubscriptionMember } from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden } from '../../test/expect.ts';
import { entries } from '../entry/entry.tables.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { members, memberships } from './member.tables.ts';
import { useTestApp } from './member-test-setup.ts';
import {
  amersfoortDesk,
  auditRows,
  brug,
  call,
  gym,
  ids,
  newMember,
  newSubscription,
  type Page,
  person,
  plain,
  t,
  takeOut,
  today,
  utrechtDesk,
} from './test-support.ts';

useTestApp();

describe("a subscription's members", () => {
  it('are listed by name both ways, by start date, searched and filtered on current, counted', async () => {
    const subscription = await newSubscription();
    const names = ['Zwart', 'Appelboom', 'Mol', 'Appelboom'];
    const added: Member[] = [];
    for (const lastName of names) {
      const member = await newMember({ lastName });
      ok(await takeOut(member, subscription));
      added.push(member);
    }
    const list = async (query: string) =>
      ok<Page<SubscriptionMember>>(
        await call('GET', `/Subscription/${subscription.id}/Members?${query}`, gym),
      );
    // By last name (all are Sanne), the same name by member id.
    const byName = added
      .map((member, index) => ({ id: member.id, lastName: names[index]! }))
      .sort((a, b) => (a.lastName === b.lastName ? a.id - b.id : a.lastName < b.lastName ? -1 : 1));
    const asc = await list('sort=name&direction=asc');
    expect(asc.items.map((item) => item.memberId)).toEqual(byName.map((member) => member.id));
    expect(asc.total).toBe(4);
    const descending = await list('sort=name&direction=desc');
    expect(descending.items.map((item) => item.memberId)).toEqual(
      byName.map((member) => member.id).reverse(),
    );
    const second = await list('sort=name&pageSize=2&page=2');
    expect(second.items.map((item) => item.memberId)).toEqual(byName.slice(2).map((member) => member.id));
    expect(second.total).toBe(4);
    const searched = await list('search=APPELBOOM');
    expect(searched.items).toHaveLength(2);
    expect(searched.total).toBe(2);
    expect((await list('current=false')).total).toBe(0);
    expect((await list('current=true')).total).toBe(4);
  });
});

describe("a subscription's many members", () => {
  it("answer every page, deep ones and a search's too, in the order of the whole list", async () => {
    const subscription = await newSubscription();
    const lastNames = ['Veen', 'Aa', 'Veen', 'Berg', 'Aa', 'Zee'];
    const people: Member[] = [];
    for (const lastName of lastNames) people.push(await newMember({ lastName }));
    // Twenty memberships each (more than SHALLOW_OFFSET in all), start dates repeating.
    await t.db.insert(memberships).values(
      people.flatMap((member, m) =>
        Array.from({ length: 20 }, (_, n) => ({
          gymId: ids.vitaal,
          memberId: member.id,
          subscriptionId: subscription.id,
          variantId: subscription.variants[0]!.id,
          locationId: ids.utrecht,
          startDate: addDays(today, -((n * 7 + m) % 9)),
        })),
      ),
    );
    const naive = async (order: 'name' | 'startDate', direction: 'asc' | 'desc', search?: string) => {
      const d = sql.raw(direction);
      const { rows } = (await t.db.execute(
        sql`select ms.id from memberships ms join members m on m.id = ms.member_id
            where ms.subscription_id = ${subscription.id}${search ? sql` and m.search_text like ${`%${search}%`}` : sql``}
            order by ${order === 'name' ? sql`m.sort_name ${d}, m.id ${d}` : sql`ms.start_date ${d}`}, ms.id ${d}`,
      )) as unknown as { rows: { id: number }[] };
      return rows.map((row) => row.id);
    };
    const listed = async (query: string) => {
      const all: number[] = [];
      for (let page = 1; ; page++) {
        const answer = ok<Page<SubscriptionMember>>(
          await call(
            'GET',
            `/Subscription/${subscription.id}/Members?pageSize=10&page=${page}&${query}`,
            gym,
          ),
        );
        all.push(...answer.items.map((item) => item.membershipId));
        if (answer.items.length < 10) return { all, total: answer.total };
      }
    };
    for (const direction of ['asc', 'desc'] as const) {
      for (const order of ['name', 'startDate'] as const) {
        const expected = await naive(order, direction);
        expect(expected).toHaveLength(120);
        const whole = await listed(`sort=${order}&direction=${direction}`);
        expect(whole.all, `${order} ${direction}`).toEqual(expected);
        expect(whole.total).toBe(120);
        // Page 12 alone (offset 110: its ids first).
        const deep = ok<Page<SubscriptionMember>>(
          await call(
            'GET',
            `/Subscription/${subscription.id}/Members?pageSize=10&page=12&sort=${order}&direction=${direction}`,
            gym,
          ),
        );
        expect(deep.items.map((item) => item.membershipId)).toEqual(expected.slice(110, 120));
        // A search's matches read once, in the same order.
        const searched = await listed(`sort=${order}&direction=${direction}&search=veen`);
        expect(searched.all, `${order} ${direction} search`).toEqual(await naive(order, direction, 'veen'));
        expect(searched.total).toBe(40);
      }
    }
  });
});

describe('the subscriptions a member can take out', () => {
  it('are the active ones, in the Location environment those the location offers', async () => {
    const both = await newSubscription({ locationIds: [ids.utrecht, ids.amersfoort] });
    const utrechtOnly = await newSubscription();
    const inactive = await newSubscription();
    ok(await call('PUT', `/Subscription/${inactive.id}/SetIsActive`, gym, { isActive: false }));
    type Offered = { id: number; locations: { id: number }[]; variants: { id: number }[] };
    const offered = ok<Offered[]>(await call('GET', '/Subscription/Offered', gym));
    const ids_ = offered.map((entry) => entry.id);
    expect(ids_).toEqual(expect.arrayContaining([both.id, utrechtOnly.id]));
    expect(ids_).not.toContain(inactive.id);
    expect(offered.find((entry) => entry.id === both.id)!.locations).toHaveLength(2);
    expect(offered.find((entry) => entry.id === both.id)!.variants.map((v) => v.id)).toEqual(
      both.variants.map((v) => v.id),
    );
    const atAmersfoort = ok<Offered[]>(await call('GET', '/Subscription/Offered', amersfoortDesk));
    expect(atAmersfoort.map((entry) => entry.id)).toContain(both.id);
    expect(atAmersfoort.map((entry) => entry.id)).not.toContain(utrechtOnly.id);
    expect(atAmersfoort.find((entry) => entry.id === both.id)!.locations.map((l) => l.id)).toEqual([
      ids.amersfoort,
    ]);
    expect(ok<Offered[]>(await call('GET', '/Subscription/Offered', brug)).map((e) => e.id)).not.toContain(
      both.id,
    );
    expectForbidden(await call('GET', '/Subscription/Offered', plain));
  });
});

describe('GDPR', () => {
  it('exports everything of a member and anonymises them, both audited; entries stay', async () => {
    const subscription = await newSubscription();
    const member = await newMember({ firstName: 'Privé', lastName: 'Persoon', email: 'prive@leden.test' });
    ok(await takeOut(member, subscription));
    await t.db.insert(entries).values({
      gymId: ids.vitaal,
      locationId: ids.utrecht,
      memberId: member.id,
      entryAt: new Date(Date.now() - 3_600_000),
      source: 1,
    });
    const invoice = ok<{ invoiceNumber: string }>(
      await call('POST', '/Invoice', gym, {
        memberId: member.id,
        locationId: ids.utrecht,
        lines: [{ description: 'Dagpas', quantity: 1, unitPriceCents: 1_250, includesVat: true, vatRate: 9 }],
      }),
    );
    const exported = ok<MemberExport>(await call('GET', `/Member/${member.id}/Export`, gym));
    expect(exported.member).toMatchObject({ fullName: 'Privé Persoon', email: 'prive@leden.test' });
    expect(exported.entries).toHaveLength(1);
    expect(exported.invoices).toEqual([
      {
        invoiceNumber: invoice.invoiceNumber,
        invoiceDate: expect.any(String),
        locationName: 'Vitaal Utrecht Centrum',
        totalAmount: 1_250,
        status: 1,
        lines: [{ description: 'Dagpas', quantity: 1, vatRate: 9, totalCents: 1_250 }],
      },
    ]);
    expect((await auditRows('MemberExport', member.id)).map((row) => row.action)).toEqual(['create']);
    expectFailure(
      await call('POST', `/Member/${member.id}/Anonymise`, brug),
      404,
      'general',
      'member.errors.notFound',
    );
    const anonymous = ok<Member>(await call('POST', `/Member/${member.id}/Anonymise`, gym));
    expect(anonymous).toMatchObject({
      firstName: '',
      lastName: '',
      email: null,
      dateOfBirth: null,
      postalCode: null,
    });
    expect(anonymous.anonymisedAt).not.toBeNull();
    expect(anonymous.memberships).toHaveLength(1);
    const [row] = await t.db.select().from(members).where(eq(members.id, member.id));
    expect(JSON.stringify(row)).not.toMatch(/Privé|Persoon|prive@/);
    expect(
      await t.db.select({ id: entries.id }).from(entries).where(eq(entries.memberId, member.id)),
    ).toHaveLength(1);
    expect(JSON.stringify(await auditRows('Member', member.id))).not.toMatch(/Privé|Persoon|prive@/);
    expectFailure(
      await call('POST', `/Member/${member.id}/Anonymise`, gym),
      409,
      'general',
      'member.errors.anonymised',
    );
    expectFailure(
      await call('PUT', '/Member', gym, { ...person(), id: member.id }),
      409,
      'general',
      'member.errors.anonymised',
    );
    expect(ok<Page<MemberListItem>>(await call('GET', '/Member?search=persoon', gym)).items).toEqual([]);
  });
});

describe('open registrations', () => {
  it('are listed at the location and completed once', async () => {
    const member = await newMember({ lastName: `Aanmelder ${randomUUID().slice(0, 6)}` });
    await t.db.update(members).set({ registrationCompleted: false }).where(eq(members.id, member.id));
    const open = ok<Page<MemberListItem>>(await call('GET', '/Member/OpenRegistration', utrechtDesk));
    expect(open.items.map((item) => item.id)).toContain(member.id);
    expect(
      ok<Page<MemberListItem>>(await call('GET', '/Member/OpenRegistration', amersfoortDesk)).items.map(
        (i) => i.id,
      ),
    ).not.toContain(member.id);
    expectFailure(
      await call('POST', `/Member/${member.id}/CompleteRegistration`, amersfoortDesk),
      404,
      'general',
      'member.errors.notFound',
    );
    const completed = ok<Member>(
      await call('POST', `/Member/${member.id}/CompleteRegistration`, utrechtDesk),
    );
    expect(completed.registrationCompleted).toBe(true);
    expectFailure(
      await call('POST', `/Member/${member.id}/CompleteRegistration`, utrechtDesk),
      409,
      'general',
      'member.errors.registrationAlreadyCompleted',
    );
    expect(
      ok<Page<MemberListItem>>(await call('GET', '/Member/OpenRegistration', utrechtDesk)).items.map(
        (i) => i.id,
      ),
    ).not.toContain(member.id);
  });
});
