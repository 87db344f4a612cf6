import { type LocationEmployeeRights, locationRights } from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { expectForbidden } from '../../test/expect.ts';
import { amersfoortManager, brugBoss, call, ids, t, trainer, useRightsApp } from './rights-test-setup.ts';
import { expectFailure, ok, signIn } from './test-support.ts';

/*
 * The rights of a location's employees (decision 006): the location's matrix, one employee's rights read and
 * replaced, and who may do so.
 */

useRightsApp();

describe('location rights', () => {
  it('GET /Location/{id}/Rights: the matrix of the location, paged, searched and sorted', async () => {
    const cookie = await signIn(t, 'locatie@example.com');
    const page = ok<{ items: { name: string; rights: string[] }[]; total: number }>(
      await call('GET', `/Location/${ids.utrecht}/Rights`, cookie),
    );
    expect(page.items.map((row) => row.name)).toEqual(['Fatima el Amrani', 'Tom Trainer']);
    expect(page.items[0]!.rights).toEqual([...locationRights]);
    expect(page.items[1]!.rights).toEqual(['ManageLessons']);
    const searched = ok<{ items: { name: string }[]; total: number }>(
      await call('GET', `/Location/${ids.utrecht}/Rights?search=TRAINER&pageSize=1`, cookie),
    );
    expect(searched).toMatchObject({ total: 1, items: [{ name: 'Tom Trainer' }] });
    const sorted = ok<{ items: { name: string }[]; total: number }>(
      await call('GET', `/Location/${ids.utrecht}/Rights?sort=name&direction=desc&pageSize=1&page=2`, cookie),
    );
    expect(sorted).toMatchObject({ total: 2, items: [{ name: 'Fatima el Amrani' }] });
    expectFailure(
      await call('GET', `/Location/${ids.utrecht}/Rights?sort=secret`, cookie),
      400,
      'sort',
      'validation.invalidValue',
    );
  });

  it('GET and PUT one employee: replaces their rights on the location and audits it', async () => {
    const cookie = await signIn(t, 'locatie@example.com');
    const url = `/Location/${ids.utrecht}/Employee/${trainer}/Rights`;
    expect(ok<LocationEmployeeRights>(await call('GET', url, cookie))).toEqual({
      employeeId: trainer,
      name: 'Tom Trainer',
      email: 'trainer@utrecht.test',
      locationId: ids.utrecht,
      locationName: 'Vitaal Utrecht Centrum',
      rights: ['ManageLessons'],
    });
    const saved = ok<LocationEmployeeRights>(
      await call('PUT', url, cookie, {
        rights: ['ManageLessons', 'ManageMembershipEntries', 'ManageLessons'],
      }),
    );
    expect(saved.rights).toEqual(['ManageMembershipEntries', 'ManageLessons']);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'LocationEmployeeRights'),
          eq(auditLog.entityId, `${ids.utrecht}:${trainer}`),
        ),
      );
    expect(entry?.changes).toEqual({
      rights: { old: ['ManageLessons'], new: ['ManageMembershipEntries', 'ManageLessons'] },
    });
    ok(await call('PUT', url, cookie, { rights: ['ManageLessons'] }));
  });

  it('refuses bad input and changes nothing', async () => {
    const cookie = await signIn(t, 'locatie@example.com');
    const url = `/Location/${ids.utrecht}/Employee/${trainer}/Rights`;
    expectFailure(
      await call('PUT', url, cookie, { rights: ['ManageGymRights'] }),
      400,
      'rights[0]',
      'validation.invalidValue',
    );
    expectFailure(await call('PUT', url, cookie, {}), 400, 'rights', 'validation.required');
    expect(ok<LocationEmployeeRights>(await call('GET', url, cookie)).rights).toEqual(['ManageLessons']);
  });

  it('does not let you take away your own ManageLocationRights', async () => {
    const cookie = await signIn(t, 'locatie@example.com');
    expectFailure(
      await call('PUT', `/Location/${ids.utrecht}/Employee/${ids.locationUser}/Rights`, cookie, {
        rights: ['ManageLessons'],
      }),
      400,
      'rights',
      'rights.errors.ownManageLocationRights',
    );
    const mine = ok<LocationEmployeeRights>(
      await call('GET', `/Location/${ids.utrecht}/Employee/${ids.locationUser}/Rights`, cookie),
    );
    expect(mine.rights).toEqual([...locationRights]);
  });

  it('refuses the wrong role, a missing right, other locations and other gyms', async () => {
    const matrix = `/Location/${ids.utrecht}/Rights`;
    const one = `/Location/${ids.utrecht}/Employee/${trainer}/Rights`;
    const body = { rights: [...locationRights] };
    const employer = await signIn(t, 'werkgever@example.com');
    const lessonsOnly = await signIn(t, 'trainer@utrecht.test');
    for (const cookie of [employer, lessonsOnly]) {
      expectForbidden(await call('GET', matrix, cookie));
      expectForbidden(await call('GET', one, cookie));
      expectForbidden(await call('PUT', one, cookie, body));
    }
    // Manages Amersfoort, not Utrecht (the same gym).
    const amersfoort = await signIn(t, 'manager@amersfoort.test');
    ok(await call('GET', `/Location/${ids.amersfoort}/Rights`, amersfoort));
    expectForbidden(await call('GET', matrix, amersfoort));
    expectForbidden(await call('PUT', one, amersfoort, body));
    // Another gym's location, and an employee who does not work at the location.
    const fatima = await signIn(t, 'locatie@example.com');
    expectFailure(
      await call('GET', `/Location/${ids.zwolle}/Rights`, fatima),
      404,
      'general',
      'rights.errors.locationNotFound',
    );
    expectFailure(
      await call('PUT', `/Location/${ids.zwolle}/Employee/${brugBoss}/Rights`, fatima, body),
      404,
      'general',
      'rights.errors.locationNotFound',
    );
    expectFailure(
      await call('PUT', `/Location/${ids.utrecht}/Employee/${amersfoortManager}/Rights`, fatima, body),
      404,
      'general',
      'rights.errors.employeeNotFound',
    );
    expect(ok<LocationEmployeeRights>(await call('GET', one, fatima)).rights).toEqual(['ManageLessons']);
  });
});
