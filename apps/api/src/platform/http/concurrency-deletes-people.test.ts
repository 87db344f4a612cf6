import { describe, it } from 'vitest';
import { gymRightsGroupMembers, gymRightsGroups } from '../../modules/employee/employee.tables.ts';
import { employerEmployees, employers } from '../../modules/organisation/organisation.tables.ts';
import { createEmployee } from '../../modules/rights/test-support.ts';
import { DEMO_PASSWORD } from '../../test/harness.ts';
import {
  admin,
  call,
  type DeleteCase,
  data,
  employer,
  expectDeletedOnce,
  expectEveryDeleteCovered,
  ids,
  PARALLEL_DELETES,
  signIn,
  t,
  unique,
  useTestApp,
} from './concurrency-test-setup.ts';

/*
 * Many deletes of one person's place at once (in a rights group, at a gym, a location or an employer), of an
 * invitation, or of the own account: it is deleted once (200, the others 404) and audited once. The deletes
 * of things are in concurrency-deletes.test.ts.
 */

useTestApp();

const invite = async (cookie: string, url: string) =>
  data<{ id: number }>(await call(cookie, 'POST', url, { email: `${unique('uitgenodigd')}@example.com` })).id;

/** Each case makes the thing to delete and answers the delete call. */
const deleteCases: DeleteCase[] = [
  {
    name: 'a member of a rights group (DELETE /GymRightsGroup/{id}/Employees/{employeeId})',
    prepare: async () => {
      const employee = await createEmployee(t, { email: `${unique('lid')}@vitaal.test`, gymId: ids.vitaal });
      const [group] = await t.db
        .insert(gymRightsGroups)
        .values({ gymId: ids.vitaal, name: unique('Groep'), rights: ['ManageMembers'] })
        .returning();
      await t.db.insert(gymRightsGroupMembers).values({ groupId: group!.id, userId: employee });
      return () => call(admin, 'DELETE', `/GymRightsGroup/${group!.id}/Employees/${employee}`);
    },
  },
  {
    name: 'an employee of a gym (DELETE /GymEmployee/{employeeId})',
    prepare: async () => {
      const employee = await createEmployee(t, {
        email: `${unique('weg')}@vitaal.test`,
        gymId: ids.vitaal,
        gymRights: ['ManageMembers'],
        locations: [{ locationId: ids.utrecht, rights: ['ManageLessons'] }],
      });
      return () => call(admin, 'DELETE', `/GymEmployee/${employee}`);
    },
  },
  {
    name: 'an employee of a location (DELETE /Location/{id}/Employee/{employeeId})',
    prepare: async () => {
      const employee = await createEmployee(t, {
        email: `${unique('weg')}@vitaal.test`,
        gymId: ids.vitaal,
        locations: [{ locationId: ids.utrecht, rights: ['ManageLessons'] }],
      });
      return () => call(admin, 'DELETE', `/Location/${ids.utrecht}/Employee/${employee}`);
    },
  },
  {
    name: 'an employee of an employer (DELETE /Employer/{activeEmployerId}/Employee)',
    prepare: async () => {
      const funded = await createEmployee(t, { email: `${unique('medewerker')}@bakkerij.test` });
      const { cookie, id: employerId } = await employer();
      await t.db.insert(employerEmployees).values({ employerId, userId: funded });
      return () => call(cookie, 'DELETE', `/Employer/${employerId}/Employee`, { userId: funded });
    },
  },
  {
    name: 'an admin invitation (DELETE /Admin/Invitation/{id})',
    prepare: async () => {
      const id = await invite(admin, '/Admin/Invitation');
      return () => call(admin, 'DELETE', `/Admin/Invitation/${id}`);
    },
  },
  {
    name: 'a gym employee invitation (DELETE /GymEmployeeInvitation/{id})',
    prepare: async () => {
      const id = await invite(admin, '/GymEmployeeInvitation');
      return () => call(admin, 'DELETE', `/GymEmployeeInvitation/${id}`);
    },
  },
  {
    name: 'an employer invitation (DELETE /Employer/{id}/Invitation/{invitationId})',
    prepare: async () => {
      const [company] = await t.db
        .insert(employers)
        .values({ name: unique('Werkgever') })
        .returning();
      const id = await invite(admin, `/Employer/${company!.id}/Invitation`);
      return () => call(admin, 'DELETE', `/Employer/${company!.id}/Invitation/${id}`);
    },
  },
  {
    name: 'an employer employee invitation (DELETE /EmployerEmployeeInvitation/{id})',
    prepare: async () => {
      const { cookie, id: employerId } = await employer();
      const id = await invite(cookie, `/Employer/${employerId}/InviteEmployee`);
      return () => call(cookie, 'DELETE', `/EmployerEmployeeInvitation/${id}`);
    },
  },
  {
    name: 'the own account (DELETE /account/deleteAccount)',
    prepare: async () => {
      const email = `${unique('vertrekker')}@example.com`;
      await createEmployee(t, { email });
      const cookie = await signIn(email);
      return () => call(cookie, 'DELETE', '/account/deleteAccount', { password: DEMO_PASSWORD });
    },
    // Once the account is gone, so is its session (401), or its password (400).
    others: [400, 401],
  },
];

describe(`${PARALLEL_DELETES} deletes of one thing at once`, () => {
  it.each(deleteCases)('$name: done and audited once, the others 404', async ({ prepare, others }) => {
    await expectDeletedOnce(await prepare(), others);
  });

  it('covers every DELETE endpoint of the contracts of people (employments, invitations, the own account)', () => {
    expectEveryDeleteCovered(deleteCases, true);
  });
});
