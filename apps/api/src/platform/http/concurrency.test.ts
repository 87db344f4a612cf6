import {
  type GymEmployeeRights,
  type GymRight,
  gymRights,
  type LocationRight,
  locationRights,
  type OpeningHours,
  type StatusRequirement,
  SupplierStatus,
} from '@xp/contracts';
import { eq, gt, max } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challenges } from '../../modules/challenge/challenge.tables.ts';
import { challengeTemplates } from '../../modules/challenge-template/challenge-template.tables.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../../modules/employee/employee.tables.ts';
import { entries } from '../../modules/entry/entry.tables.ts';
import { fitnessProducts } from '../../modules/fitness-product/fitness-product.tables.ts';
import { locationAreas } from '../../modules/location-area/location-area.tables.ts';
import { members, membershipPauses, memberships } from '../../modules/member/member.tables.ts';
import {
  associations,
  employerEmployees,
  employers,
  gyms,
  suppliers,
} from '../../modules/organisation/organisation.tables.ts';
import { createEmployee, seededIds, switchToLocation } from '../../modules/rights/test-support.ts';
import {
  ageGroups,
  subscriptions,
  subscriptionVariants,
  timeSlotGroups,
} from '../../modules/subscription/subscription.tables.ts';
import { contractEndpoints } from '../../test/contract-walk.ts';
import { signInFrom } from '../../test/expect.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { multipart, testImage } from '../../test/multipart.ts';
import { auditLog } from '../audit/audit.tables.ts';

/*
 * Many saves of one thing at once, as double clicks, retries and two people do: each save is one consistent
 * operation (200, or a clear 409), never a 500, and the end state is one of the saved ones. Many deletes of
 * one thing at once: it is deleted once (200, the others 404) and audited once. Meant for PostgreSQL, where
 * the requests really run side by side (the pool has 10 connections); PGlite runs them one by one.
 */

const PARALLEL_SAVES = 50;
const PARALLEL_DELETES = 10;

let t: TestApp;
let ids: Awaited<ReturnType<typeof seededIds>>;
let admin = '';
let location = '';
let employer = '';
let employerId = 0;
/** leverancier@ (FitSupply Nederland), signed in by the first case that needs it. */
let supplierCookie = '';
let addressCount = 0;
const signIn = (email: string) =>
  signInFrom(t, email, `10.72.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`);

beforeAll(async () => {
  t = await createTestApp();
  ids = await seededIds(t);
  admin = await signIn('admin@example.com');
  location = await signIn('locatie@example.com');
  employer = await signIn('werkgever@example.com');
  const refreshed = await t.app.inject({
    method: 'POST',
    url: '/api/account/cookierefresh',
    headers: { cookie: employer },
  });
  employerId = refreshed.json().data.claims.activeEmployerId;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const data = <T>(response: LightMyRequestResponse): T => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};

/** `count` calls at once; their statuses, counted. */
async function atOnce(count: number, send: (index: number) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  const statuses: Record<number, number> = {};
  for (const response of responses) statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  return { responses, statuses };
}

/** Every save answered 200 or 409 (a clear conflict), none 5xx. */
function expectConsistentSaves(statuses: Record<number, number>) {
  const others = Object.keys(statuses).filter((status) => status !== '200' && status !== '409');
  expect(others, JSON.stringify(statuses)).toEqual([]);
  expect(statuses[200] ?? 0).toBeGreaterThan(0);
}

/** A different subset for every index (its bits), in the list's order. */
const subset = <T>(all: readonly T[], index: number) => all.filter((_, bit) => (index >> bit) & 1);

const sorted = (values: readonly string[]) => [...values].sort();

describe(`${PARALLEL_SAVES} saves of a set at once`, () => {
  it('gym rights of an employee (PUT /GymEmployee/{employeeId}/Rights)', async () => {
    const employee = await createEmployee(t, { email: 'parallel.gym@vitaal.test', gymId: ids.vitaal });
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => ({
      gymRights: subset(gymRights, index),
      locationRights: [
        { locationId: ids.utrecht, rights: subset(locationRights, index) },
        { locationId: ids.amersfoort, rights: subset(locationRights, index + 7) },
      ],
    }));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'PUT', `/GymEmployee/${employee}/Rights`, requested[index]),
    );
    expectConsistentSaves(statuses);

    const final = data<GymEmployeeRights>(await call(admin, 'GET', `/GymEmployee/${employee}/Rights`));
    const rightsAt = (locationId: number) =>
      sorted(final.locations.find((entry) => entry.locationId === locationId)!.rights);
    expect(
      requested.some(
        (set) =>
          JSON.stringify(sorted(set.gymRights)) === JSON.stringify(sorted(final.gymRights)) &&
          set.locationRights.every(
            (entry) => JSON.stringify(sorted(entry.rights)) === JSON.stringify(rightsAt(entry.locationId)),
          ),
      ),
      JSON.stringify(final),
    ).toBe(true);
  });

  it('location rights of an employee (PUT /Location/{id}/Employee/{employeeId}/Rights)', async () => {
    const employee = await createEmployee(t, {
      email: 'parallel.location@vitaal.test',
      gymId: ids.vitaal,
      locations: [{ locationId: ids.utrecht, rights: ['ManageLessons'] }],
    });
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => subset(locationRights, index + 1));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'PUT', `/Location/${ids.utrecht}/Employee/${employee}/Rights`, {
        rights: requested[index],
      }),
    );
    expectConsistentSaves(statuses);
    const final = data<{ rights: LocationRight[] }>(
      await call(admin, 'GET', `/Location/${ids.utrecht}/Employee/${employee}/Rights`),
    );
    expect(requested.map((set) => JSON.stringify(sorted(set)))).toContain(
      JSON.stringify(sorted(final.rights)),
    );
  });

  it('location rights through both endpoints at once', async () => {
    const employee = await createEmployee(t, {
      email: 'parallel.both@vitaal.test',
      gymId: ids.vitaal,
      locations: [{ locationId: ids.utrecht, rights: [] }],
    });
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => subset(locationRights, index + 3));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      index % 2 === 0
        ? call(admin, 'PUT', `/Location/${ids.utrecht}/Employee/${employee}/Rights`, {
            rights: requested[index],
          })
        : call(admin, 'PUT', `/GymEmployee/${employee}/Rights`, {
            locationRights: [{ locationId: ids.utrecht, rights: requested[index] }],
          }),
    );
    expectConsistentSaves(statuses);
    const final = data<{ rights: LocationRight[] }>(
      await call(admin, 'GET', `/Location/${ids.utrecht}/Employee/${employee}/Rights`),
    );
    expect(requested.map((set) => JSON.stringify(sorted(set)))).toContain(
      JSON.stringify(sorted(final.rights)),
    );
  });

  it('status requirements (PUT /Location/{id}/EditStatusRequirements)', async () => {
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => [
      { memberStatus: 1, requiredDaysOfAbsence: index + 1 },
      { memberStatus: 2, requiredDaysOfAbsence: index % 3 === 0 ? null : index + 200 },
    ]);
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'PUT', `/Location/${ids.amersfoort}/EditStatusRequirements`, {
        statusRequirements: requested[index],
      }),
    );
    expectConsistentSaves(statuses);
    const final = data<{ statusRequirements: StatusRequirement[] }>(
      await call(admin, 'GET', `/Location/${ids.amersfoort}`),
    ).statusRequirements;
    expect(requested.map((set) => JSON.stringify(set))).toContain(JSON.stringify(final));
  });

  it('opening hours (POST /LocationOpeningHours/openingHours)', async () => {
    const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;
    const week = (index: number) =>
      [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
        const closed = (index + weekday) % 4 === 0;
        const opens = 6 + ((index + weekday) % 5);
        return {
          weekday,
          closed,
          ranges: closed
            ? []
            : [
                { from: hour(opens), to: hour(opens + 3) },
                { from: hour(opens + 4), to: hour(opens + 8 + (index % 3)) },
              ],
        };
      });
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => week(index));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'POST', '/LocationOpeningHours/openingHours', {
        locationId: ids.amersfoort,
        days: requested[index],
      }),
    );
    expectConsistentSaves(statuses);
    const final = data<OpeningHours>(
      await call(admin, 'GET', `/LocationOpeningHours/openingHours/${ids.amersfoort}`),
    );
    expect(requested.map((days) => JSON.stringify(days))).toContain(JSON.stringify(final.days));
  });

  it('a rights group: name and rights (PUT /GymRightsGroup)', async () => {
    const [group] = await t.db
      .insert(gymRightsGroups)
      .values({ gymId: ids.vitaal, name: 'Parallel', rights: [] })
      .returning();
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => ({
      id: group!.id,
      name: `Parallel ${index}`,
      rights: subset(gymRights, index),
    }));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      call(admin, 'PUT', '/GymRightsGroup', requested[index]),
    );
    expectConsistentSaves(statuses);
    const final = data<{ name: string; rights: GymRight[] }>(
      await call(admin, 'GET', `/GymRightsGroup/${group!.id}`),
    );
    const saved = requested.find((set) => set.name === final.name);
    expect(sorted(final.rights)).toEqual(sorted(saved?.rights ?? ['none saved']));
  });

  it('members of a rights group (POST /GymRightsGroup/{id}/Employees) and of a location (PUT /Location/{id}/NewEmployees)', async () => {
    const [group] = await t.db
      .insert(gymRightsGroups)
      .values({ gymId: ids.vitaal, name: 'Parallel members', rights: [] })
      .returning();
    const employees: number[] = [];
    for (let index = 0; index < 6; index++) {
      employees.push(await createEmployee(t, { email: `member${index}@vitaal.test`, gymId: ids.vitaal }));
    }
    const requested = Array.from({ length: PARALLEL_SAVES }, (_, index) => subset(employees, index + 1));
    const { statuses } = await atOnce(PARALLEL_SAVES, (index) =>
      index % 2 === 0
        ? call(admin, 'POST', `/GymRightsGroup/${group!.id}/Employees`, { employeeIds: requested[index] })
        : call(admin, 'PUT', `/Location/${ids.amersfoort}/NewEmployees`, { employeeIds: requested[index] }),
    );
    expectConsistentSaves(statuses);
    const union = (odd: number) =>
      [...new Set(requested.filter((_, index) => index % 2 === odd).flat())].sort((a, b) => a - b);
    const members = data<{ items: { employeeId: number }[] }>(
      await call(admin, 'GET', `/GymRightsGroup/${group!.id}/Employees?pageSize=100`),
    ).items.map((item) => item.employeeId);
    expect(members.sort((a, b) => a - b)).toEqual(union(0));
    const staff = data<{ items: { employeeId: number }[] }>(
      await call(admin, 'GET', `/Location/${ids.amersfoort}/Employees?pageSize=100`),
    ).items.map((item) => item.employeeId);
    expect(staff).toEqual(expect.arrayContaining(union(1)));
    // Each member was added (and audited) once.
    const added = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'GymRightsGroupMember'));
    expect(added.filter((row) => row.entityId.startsWith(`${group!.id}:`)).length).toBe(union(0).length);
  });
});

/** The id of the newest audit row, to count what a burst of calls wrote. */
const lastAuditId = async () =>
  (await t.db.select({ value: max(auditLog.id) }).from(auditLog))[0]?.value ?? 0;
const auditSince = (id: number) => t.db.select().from(auditLog).where(gt(auditLog.id, id));

/**
 * `PARALLEL_DELETES` deletes of one thing at once: one is done (200), the others find nothing (404), and
 * the audit log has one row for it.
 */
async function expectDeletedOnce(send: () => Promise<LightMyRequestResponse>, others: number[] = [404]) {
  const before = await lastAuditId();
  const { statuses } = await atOnce(PARALLEL_DELETES, send);
  expect(statuses[200], JSON.stringify(statuses)).toBe(1);
  const otherStatuses = Object.keys(statuses)
    .map(Number)
    .filter((status) => status !== 200);
  expect(
    otherStatuses.filter((status) => !others.includes(status)),
    JSON.stringify(statuses),
  ).toEqual([]);
  const audited = await auditSince(before);
  expect(audited.length, JSON.stringify(audited)).toBe(1);
  return audited[0]!;
}

let uniqueCount = 0;
const unique = (prefix: string) => `${prefix}-${++uniqueCount}`;

/** Each case makes the thing to delete and answers the delete call. */
const deleteCases: {
  name: string;
  prepare: () => Promise<() => Promise<LightMyRequestResponse>>;
  /** What the calls that come too late answer, when not 404. */
  others?: number[];
}[] = [
  {
    name: 'a room (DELETE /LocationArea/{id})',
    prepare: async () => {
      const [area] = await t.db
        .insert(locationAreas)
        .values({ locationId: ids.utrecht, name: unique('Zaal'), sameAddressAsLocation: true })
        .returning();
      return () => call(admin, 'DELETE', `/LocationArea/${area!.id}`);
    },
  },
  {
    name: 'an association (DELETE /association/{id})',
    prepare: async () => {
      const [association] = await t.db
        .insert(associations)
        .values({ name: unique('Bond') })
        .returning();
      return () => call(admin, 'DELETE', `/association/${association!.id}`);
    },
  },
  {
    name: 'a gym (DELETE /Gym)',
    prepare: async () => {
      const [gym] = await t.db
        .insert(gyms)
        .values({ name: 'Weg', slug: unique('weg') })
        .returning();
      return () => call(admin, 'DELETE', '/Gym', { id: gym!.id });
    },
  },
  {
    name: 'an employer (DELETE /Employer/{id})',
    prepare: async () => {
      const [company] = await t.db
        .insert(employers)
        .values({ name: unique('Bedrijf') })
        .returning();
      return () => call(admin, 'DELETE', `/Employer/${company!.id}`);
    },
  },
  {
    name: 'a challenge template (DELETE /challengeTemplate/{id})',
    prepare: async () => {
      const [template] = await t.db.select().from(challengeTemplates).limit(1);
      const { id: _id, createdAt: _created, updatedAt: _updated, ...values } = template!;
      const [copy] = await t.db
        .insert(challengeTemplates)
        .values({ ...values, name: unique('Sjabloon') })
        .returning();
      return () => call(admin, 'DELETE', `/challengeTemplate/${copy!.id}`);
    },
  },
  {
    name: 'a challenge (DELETE /challenge/{id})',
    prepare: async () => {
      const [challenge] = await t.db
        .select()
        .from(challenges)
        .where(eq(challenges.locationId, ids.utrecht))
        .limit(1);
      const { id: _id, createdAt: _created, updatedAt: _updated, ...values } = challenge!;
      const [own] = await t.db.insert(challenges).values(values).returning();
      return () => call(location, 'DELETE', `/challenge/${own!.id}`);
    },
  },
  {
    name: 'a picture (DELETE /PictureBankItem/{id})',
    prepare: async () => {
      const picture = data<{ id: number }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/PictureBankItem',
          ...multipart(
            [
              { name: 'picture', filename: 'p.png', contentType: 'image/png', data: await testImage('png') },
              { name: 'category', value: '0' },
            ],
            { cookie: admin },
          ),
        }),
      );
      return () => call(admin, 'DELETE', `/PictureBankItem/${picture.id}`);
    },
  },
  {
    name: 'a store item (DELETE /storeitem/{id})',
    prepare: async () => {
      const item = data<{ id: number }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/storeitem',
          ...multipart(
            [
              { name: 'image', filename: 'p.png', contentType: 'image/png', data: await testImage('png') },
              { name: 'name', value: unique('Product') },
              { name: 'description', value: 'Omschrijving' },
              { name: 'storeItemCategory', value: '1' },
              { name: 'cost', value: '100' },
              { name: 'stock', value: '1' },
            ],
            { cookie: admin },
          ),
        }),
      );
      return () => call(admin, 'DELETE', `/storeitem/${item.id}`);
    },
  },
  {
    name: 'a rights group (DELETE /GymRightsGroup/{id})',
    prepare: async () => {
      const [group] = await t.db
        .insert(gymRightsGroups)
        .values({ gymId: ids.vitaal, name: unique('Groep'), rights: ['ManageMembers'] })
        .returning();
      return () => call(admin, 'DELETE', `/GymRightsGroup/${group!.id}`);
    },
  },
  {
    name: 'an age group (DELETE /AgeGroup/{id})',
    prepare: async () => {
      const [group] = await t.db
        .insert(ageGroups)
        .values({ gymId: ids.vitaal, name: unique('Leeftijd'), minimumAge: 18, maximumAge: 64 })
        .returning();
      return () => call(admin, 'DELETE', `/AgeGroup/${group!.id}`);
    },
  },
  {
    name: 'a time slot group (DELETE /TimeSlotGroup/{id})',
    prepare: async () => {
      const [group] = await t.db
        .insert(timeSlotGroups)
        .values({
          gymId: ids.vitaal,
          name: unique('Dal'),
          days: [1, 2],
          beginTime: '09:00',
          endTime: '12:00',
        })
        .returning();
      return () => call(admin, 'DELETE', `/TimeSlotGroup/${group!.id}`);
    },
  },
  {
    name: 'an entry (DELETE /Entry/{id})',
    prepare: async () => {
      const { memberId, membershipId } = await memberWithMembership();
      const [entry] = await t.db
        .insert(entries)
        .values({
          gymId: ids.vitaal,
          locationId: ids.utrecht,
          memberId,
          membershipId,
          entryAt: new Date(),
          source: 1,
        })
        .returning();
      const cookie = await utrechtDesk();
      return () => call(cookie, 'DELETE', `/Entry/${entry!.id}`);
    },
  },
  {
    name: 'a pause of a membership (DELETE /MembershipPause/{id})',
    prepare: async () => {
      const { membershipId } = await memberWithMembership();
      const [pause] = await t.db
        .insert(membershipPauses)
        .values({ membershipId, fromDate: '2099-01-01', toDate: '2099-01-10' })
        .returning();
      const cookie = await utrechtDesk();
      return () => call(cookie, 'DELETE', `/MembershipPause/${pause!.id}`);
    },
  },
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
      await t.db.insert(employerEmployees).values({ employerId, userId: funded });
      return () => call(employer, 'DELETE', `/Employer/${employerId}/Employee`, { userId: funded });
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
      const id = await invite(employer, `/Employer/${employerId}/InviteEmployee`);
      return () => call(employer, 'DELETE', `/EmployerEmployeeInvitation/${id}`);
    },
  },
  {
    name: 'a supplier (DELETE /Supplier/{id}): disabled once',
    prepare: async () => {
      const [supplier] = await t.db
        .insert(suppliers)
        .values({ name: unique('Leverancier'), status: SupplierStatus.Active })
        .returning();
      return () => call(admin, 'DELETE', `/Supplier/${supplier!.id}`);
    },
    // A Disabled supplier cannot be disabled again (`supplier.errors.cannotDisable`).
    others: [409],
  },
  {
    name: 'a fitness product (DELETE /FitnessProduct/{id})',
    prepare: async () => {
      const [fitSupply] = await t.db
        .select()
        .from(suppliers)
        .where(eq(suppliers.name, 'FitSupply Nederland'));
      const [product] = await t.db
        .insert(fitnessProducts)
        .values({ supplierId: fitSupply!.id, sortName: unique('loopband') })
        .returning();
      supplierCookie ||= await signIn('leverancier@example.com');
      return () => call(supplierCookie, 'DELETE', `/FitnessProduct/${product!.id}`);
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

/** locatie@ in the Location environment of Utrecht (all location rights there). */
let desk = '';
async function utrechtDesk() {
  if (desk) return desk;
  desk = await switchToLocation(t, location, ids.utrecht);
  return desk;
}

/** A member of Vitaal with a running membership at Utrecht, written directly. */
async function memberWithMembership() {
  const [subscription] = await t.db
    .insert(subscriptions)
    .values({ gymId: ids.vitaal, type: 0, name: unique('Abonnement'), vatRate: 9 })
    .returning();
  const [variant] = await t.db
    .insert(subscriptionVariants)
    .values({
      subscriptionId: subscription!.id,
      name: 'Flex',
      oneOffCosts: 0,
      oneOffCostsIncludesVat: true,
      pricePerPeriod: 1000,
      pricePerPeriodIncludesVat: true,
      durationPeriodAmount: 1,
      durationPeriodType: 1,
      accessType: 0,
      paymentPerPeriodAmount: 1,
      paymentPerPeriodType: 1,
      noticePeriodAmount: 0,
      noticePeriodType: 1,
    })
    .returning();
  const [member] = await t.db
    .insert(members)
    .values({
      gymId: ids.vitaal,
      firstName: 'Lid',
      lastName: unique('Parallel'),
      homeLocationId: ids.utrecht,
    })
    .returning();
  const [membership] = await t.db
    .insert(memberships)
    .values({
      gymId: ids.vitaal,
      memberId: member!.id,
      subscriptionId: subscription!.id,
      variantId: variant!.id,
      locationId: ids.utrecht,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
    })
    .returning();
  return { memberId: member!.id, membershipId: membership!.id };
}

const invite = async (cookie: string, url: string) =>
  data<{ id: number }>(await call(cookie, 'POST', url, { email: `${unique('uitgenodigd')}@example.com` })).id;

describe(`${PARALLEL_DELETES} deletes of one thing at once`, () => {
  it.each(deleteCases)('$name: done and audited once, the others 404', async ({ prepare, others }) => {
    await expectDeletedOnce(await prepare(), others);
  });

  it('the banner of the sign-up pages (DELETE /Gym/{id}/banner): removed and audited once', async () => {
    data(
      await t.app.inject({
        method: 'PUT',
        url: '/api/Gym/Registration',
        ...multipart(
          [
            { name: 'id', value: String(ids.brug) },
            { name: 'banner', filename: 'b.png', contentType: 'image/png', data: await testImage('png') },
          ],
          { cookie: admin },
        ),
      }),
    );
    const before = await lastAuditId();
    // Removing a banner that is gone already changes nothing and is fine (200), but only one removal is audited.
    const { statuses } = await atOnce(PARALLEL_DELETES, () =>
      call(admin, 'DELETE', `/Gym/${ids.brug}/banner`),
    );
    expect(statuses).toEqual({ 200: PARALLEL_DELETES });
    expect((await auditSince(before)).length).toBe(1);
  });

  it('covers every DELETE endpoint of the contracts', () => {
    const covered = deleteCases.map((entry) => entry.name.match(/\(DELETE (\S+)\)/)![1]);
    const deletes = contractEndpoints
      .filter(({ endpoint }) => endpoint.method === 'DELETE')
      .map(({ endpoint }) => endpoint.path)
      .filter((path) => path !== '/Gym/{id}/banner');
    expect(covered.sort()).toEqual(deletes.sort());
  });
});
