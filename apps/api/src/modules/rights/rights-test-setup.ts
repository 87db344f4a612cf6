import { gymRights } from '@xp/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { cookieHeader, createTestApp, type TestApp } from '../../test/harness.ts';
import { gymRightsGroups } from '../employee/employee.tables.ts';
import { createEmployee, request, seededIds } from './test-support.ts';

/*
 * The set-up of the rights tests (decision 006): the app and the employees they act as and on. A file
 * calls `useRightsApp()` at its top; the bindings below are then filled before its tests run.
 */

export let t: TestApp;
export let ids: Awaited<ReturnType<typeof seededIds>>;
export let call: ReturnType<typeof request>;
/** An employee of Vitaal who may only manage members (the "missing right" case). */
export let plain = 0;
/** Holds every gym right in De Brug (the "other gym" case). */
export let brugBoss = 0;
/** Works at Amersfoort with the location right ManageLocationRights there. */
export let amersfoortManager = 0;
/** Works at Utrecht with only ManageLessons there. */
export let trainer = 0;

/** Opens the app with the employees above (and locations@vitaal.test) before the file's tests; closes it. */
export function useRightsApp() {
  beforeAll(async () => {
    t = await createTestApp();
    ids = await seededIds(t);
    call = request(t);
    plain = await createEmployee(t, {
      email: 'plain@vitaal.test',
      firstName: 'Piet',
      lastName: 'Plain',
      gymId: ids.vitaal,
      gymRights: ['ManageMembers'],
    });
    brugBoss = await createEmployee(t, {
      email: 'boss@brug.test',
      gymId: ids.brug,
      gymRights: [...gymRights],
      locations: [{ locationId: ids.zwolle, rights: [] }],
    });
    // Holds only the gym right ManageLocationRights in Vitaal.
    await createEmployee(t, {
      email: 'locations@vitaal.test',
      gymId: ids.vitaal,
      gymRights: ['ManageLocationRights'],
    });
    amersfoortManager = await createEmployee(t, {
      email: 'manager@amersfoort.test',
      firstName: 'Anna',
      lastName: 'Amersfoort',
      gymId: ids.vitaal,
      locations: [{ locationId: ids.amersfoort, rights: ['ManageLocationRights'] }],
    });
    trainer = await createEmployee(t, {
      email: 'trainer@utrecht.test',
      firstName: 'Tom',
      lastName: 'Trainer',
      gymId: ids.vitaal,
      locations: [{ locationId: ids.utrecht, rights: ['ManageLessons'] }],
    });
  });
  afterAll(() => t.close());
}

/** The session refreshed: its cookie and the gym rights its new claims hold. */
export const refresh = async (cookie: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/cookierefresh',
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    cookie: cookieHeader(response.cookies, cookie),
    gymRights: response.json().data.claims.gymRights as string[],
  };
};

/** A rights group of Vitaal; its id. */
export const groupOf = async (name: string, rights: string[]) =>
  (await t.db.insert(gymRightsGroups).values({ gymId: ids.vitaal, name, rights }).returning())[0]!.id;
