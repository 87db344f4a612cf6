import { type Member, type MemberListItem, MemberStatus } from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { entries } from '../entry/entry.tables.ts';
import { locationStatusRequirements } from '../location/location.tables.ts';
import { createEmployee, expectFailure, ok, signIn } from '../rights/test-support.ts';
import { members } from './member.tables.ts';
import { useTestApp } from './member-test-setup.ts';
import {
  amersfoortDesk,
  atLocation,
  auditRows,
  brug,
  call,
  gym,
  ids,
  newMember,
  type Page,
  person,
  plain,
  t,
  today,
  utrechtDesk,
} from './test-support.ts';

useTestApp();

describe('members', () => {
  it('are entered at the desk, read, changed, listed and searched in the active gym', async () => {
    const created = await newMember({
      firstName: 'Karel',
      insertion: 'van',
      lastName: 'Zoekbaar',
      email: 'KAREL@leden.test',
    });
    expect(created).toMatchObject({
      fullName: 'Karel van Zoekbaar',
      email: 'karel@leden.test',
      postalCode: '3511 AB',
      homeLocation: { id: ids.utrecht },
      status: MemberStatus.Active,
      hasAccount: false,
      registrationCompleted: true,
      memberships: [],
    });
    expect(ok<Member>(await call('GET', `/Member/${created.id}`, gym)).id).toBe(created.id);
    const changed = ok<Member>(
      await call('PUT', '/Member', gym, {
        ...person({ firstName: 'Carel', lastName: 'Zoekbaar' }),
        id: created.id,
      }),
    );
    expect(changed.fullName).toBe('Carel Zoekbaar');
    for (const search of ['zoekb', '3511 ab', '3511ab', 'carel zoek']) {
      const page = ok<Page<MemberListItem>>(
        await call('GET', `/Member?search=${encodeURIComponent(search)}`, gym),
      );
      expect(page.items.map((item) => item.id)).toContain(created.id);
    }
    const page = ok<Page<MemberListItem>>(await call('GET', '/Member?sort=name&pageSize=100', gym));
    expect(page.tabCounts).toMatchObject({ all: page.total });
    expect(page.tabCounts!.active! + page.tabCounts!.nonActive! + page.tabCounts!.sleeping!).toBe(page.total);
    // Another gym sees none of them; its call for the member is "not found".
    expect(ok<Page<MemberListItem>>(await call('GET', '/Member?search=zoekbaar', brug)).items).toEqual([]);
    expectFailure(await call('GET', `/Member/${created.id}`, brug), 404, 'general', 'member.errors.notFound');
    expectFailure(
      await call('PUT', '/Member', brug, { ...person({ homeLocationId: ids.zwolle }), id: created.id }),
      404,
      'general',
      'member.errors.notFound',
    );
    // The audit log says which personal fields changed, never their values.
    const rows = await auditRows('Member', created.id);
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(rows)).not.toContain('Carel');
    expect(JSON.stringify(rows[1]!.changes)).toContain('firstName');
  });

  it('refuses bad input, a taken e-mail, a location of another gym and a missing right, changing nothing', async () => {
    const existing = await newMember();
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n;
    const before = await count();
    expectFailure(
      await call('POST', '/Member', gym, person({ firstName: '' })),
      400,
      'firstName',
      'validation.required',
    );
    expectFailure(
      await call('POST', '/Member', gym, person({ dateOfBirth: addDays(today, 1) })),
      400,
      'dateOfBirth',
      'member.errors.dateOfBirthInvalid',
    );
    expectFailure(
      await call('POST', '/Member', gym, person({ postalCode: '0123 AB' })),
      400,
      'postalCode',
      'validation.postalCode',
    );
    expectFailure(
      await call('POST', '/Member', gym, person({ email: existing.email!.toUpperCase() })),
      409,
      'email',
      'member.errors.emailTaken',
    );
    expectFailure(
      await call('POST', '/Member', gym, person({ homeLocationId: ids.zwolle })),
      400,
      'homeLocationId',
      'member.errors.locationNotInGym',
    );
    expect(await count()).toBe(before);
    expectForbidden(await call('GET', '/Member', plain));
    expectForbidden(await call('POST', '/Member', plain, person()));
    expectForbidden(await call('GET', `/Member/${existing.id}`, plain));
    expectSignInRequired(await call('GET', '/Member', ''));
  });

  it('in the Location environment are the active location’s only', async () => {
    const utrechter = await newMember({}, utrechtDesk);
    expect(utrechter.homeLocation?.id).toBe(ids.utrecht);
    const amersfoorter = await newMember({ homeLocationId: ids.amersfoort }, amersfoortDesk);
    expectFailure(
      await call('POST', '/Member', utrechtDesk, person({ homeLocationId: ids.amersfoort })),
      400,
      'homeLocationId',
      'member.errors.locationNotInGym',
    );
    expectFailure(
      await call('GET', `/Member/${amersfoorter.id}`, utrechtDesk),
      404,
      'general',
      'member.errors.notFound',
    );
    const listed = ok<Page<MemberListItem>>(await call('GET', '/Member?pageSize=100', utrechtDesk)).items.map(
      (i) => i.id,
    );
    expect(listed).toContain(utrechter.id);
    expect(listed).not.toContain(amersfoorter.id);
    // The gym sees both, and filters by location.
    const atAmersfoort = ok<Page<MemberListItem>>(
      await call('GET', `/Member?locationId=${ids.amersfoort}&pageSize=100`, gym),
    ).items.map((i) => i.id);
    expect(atAmersfoort).toContain(amersfoorter.id);
    expect(atAmersfoort).not.toContain(utrechter.id);
    // A location employee without the right is refused.
    await createEmployee(t, {
      email: 'rooms@leden.test',
      gymId: ids.vitaal,
      locations: [{ locationId: ids.utrecht, rights: ['ManageLocationAreas'] }],
    });
    const rooms = await atLocation(await signIn(t, 'rooms@leden.test', '10.64'), ids.utrecht);
    expectForbidden(await call('GET', '/Member', rooms));
    expectForbidden(await call('GET', `/Member/${utrechter.id}`, rooms));
  });
});

describe('the member status', () => {
  it('follows the days since the last entry and the main location’s requirements, at any moment', async () => {
    await t.db
      .delete(locationStatusRequirements)
      .where(eq(locationStatusRequirements.locationId, ids.amersfoort));
    const home = { homeLocationId: ids.amersfoort };
    const recent = await newMember(home);
    const absent = await newMember(home);
    const gone = await newMember(home);
    const entry = (memberId: number, daysAgo: number) =>
      t.db.insert(entries).values({
        gymId: ids.vitaal,
        locationId: ids.amersfoort,
        memberId,
        entryAt: sql`now() - make_interval(days => ${daysAgo})` as unknown as Date,
        source: 1,
      });
    await entry(recent.id, 2);
    await entry(absent.id, 40);
    await entry(gone.id, 70);
    const status = async (id: number) => ok<Member>(await call('GET', `/Member/${id}`, gym)).status;
    // Without requirements every member is active.
    expect([await status(recent.id), await status(absent.id), await status(gone.id)]).toEqual([3, 3, 3]);
    // The requirements saved: Non-active after 30 days, Sleeping after 60 (the members' instants follow).
    ok(
      await call('PUT', `/Location/${ids.amersfoort}/EditStatusRequirements`, gym, {
        statusRequirements: [
          { memberStatus: MemberStatus.NonActive, requiredDaysOfAbsence: 30 },
          { memberStatus: MemberStatus.Sleeping, requiredDaysOfAbsence: 60 },
        ],
      }),
    );
    expect([await status(recent.id), await status(absent.id), await status(gone.id)]).toEqual([
      MemberStatus.Active,
      MemberStatus.NonActive,
      MemberStatus.Sleeping,
    ]);
    const tab = async (status: number) =>
      ok<Page<MemberListItem>>(
        await call('GET', `/Member?locationId=${ids.amersfoort}&status=${status}&pageSize=100`, gym),
      );
    const inTab = async (status: number) => (await tab(status)).items.map((item) => item.id);
    const sleeping = await inTab(MemberStatus.Sleeping);
    const nonActive = await inTab(MemberStatus.NonActive);
    const active = await inTab(MemberStatus.Active);
    expect([sleeping.includes(gone.id), nonActive.includes(gone.id), active.includes(gone.id)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([sleeping.includes(absent.id), nonActive.includes(absent.id), active.includes(absent.id)]).toEqual(
      [false, true, false],
    );
    expect([sleeping.includes(recent.id), nonActive.includes(recent.id), active.includes(recent.id)]).toEqual(
      [false, false, true],
    );
    expect((await tab(MemberStatus.Sleeping)).tabCounts).toMatchObject({
      sleeping: sleeping.length,
      nonActive: nonActive.length,
      active: active.length,
    });
    // Sorted by status: sleeping (2) after non-active (1), active (3) last.
    const sorted = ok<Page<MemberListItem>>(
      await call('GET', `/Member?locationId=${ids.amersfoort}&sort=status&pageSize=100`, gym),
    ).items.map((item) => item.status);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    // A new entry makes the sleeping member active again; deleting it puts them back.
    await entry(gone.id, 0);
    expect(await status(gone.id)).toBe(MemberStatus.Active);
    await t.db
      .delete(entries)
      .where(and(eq(entries.memberId, gone.id), sql`${entries.entryAt} > now() - interval '1 day'`));
    expect(await status(gone.id)).toBe(MemberStatus.Sleeping);
    await t.db
      .delete(locationStatusRequirements)
      .where(eq(locationStatusRequirements.locationId, ids.amersfoort));
    expect(await status(gone.id)).toBe(MemberStatus.Active);
  });
});
