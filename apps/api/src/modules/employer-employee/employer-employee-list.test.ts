import type { EmployerEmployee } from '@xp/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { employerEmployees } from '../organisation/organisation.tables.ts';
import { expectFailure, ok } from '../rights/test-support.ts';
import { users } from '../user/user.tables.ts';
import {
  addEmployee,
  call,
  cookies,
  emails,
  employeeIds,
  expectEmployerOnly,
  jansen,
  list,
  logistiek,
  t,
  unique,
  useTestApp,
} from './employer-employee-test-setup.ts';

useTestApp();

type Response = LightMyRequestResponse;

describe('GET /EmployerEmployee', () => {
  it("lists the active employer's employees by name, with phone and since when", async () => {
    const data = list<EmployerEmployee>(await call('GET', '/EmployerEmployee', cookies.employer!));
    expect(data.items.map((item) => item.email)).toEqual([
      'anna.aalders@example.com',
      'bert.bos@example.com',
      'zoe.zwart@example.com',
    ]);
    expect(data.total).toBe(3);
    expect(data.items[1]).toEqual({
      userId: employeeIds['bert.bos@example.com'],
      fullName: 'Bert Bos',
      email: 'bert.bos@example.com',
      phone: '0611111111',
      employeeSince: expect.any(String),
    });
    // The other employer sees only its own.
    expect(emails(await call('GET', '/EmployerEmployee', cookies.logistiek!))).toEqual([
      'carla.chauffeur@example.com',
    ]);
    // An admin in the employer environment sees the employees of the employer they switched to.
    expect(list(await call('GET', '/EmployerEmployee', cookies.adminAtJansen!)).total).toBe(3);
  });

  it('searches name and email, sorts and pages in SQL', async () => {
    expect(emails(await call('GET', '/EmployerEmployee?search=BOS', cookies.employer!))).toEqual([
      'bert.bos@example.com',
    ]);
    expect(emails(await call('GET', '/EmployerEmployee?search=zoe.zwart%40', cookies.employer!))).toEqual([
      'zoe.zwart@example.com',
    ]);
    expect(emails(await call('GET', '/EmployerEmployee?search=carla', cookies.employer!))).toEqual([]);
    expect(list(await call('GET', '/EmployerEmployee?search=%25', cookies.employer!)).total).toBe(0);
    expect(
      emails(await call('GET', '/EmployerEmployee?sort=employeeSince&direction=desc', cookies.employer!)),
    ).toEqual(['anna.aalders@example.com', 'bert.bos@example.com', 'zoe.zwart@example.com']);
    expect(
      emails(await call('GET', '/EmployerEmployee?sort=email&direction=desc', cookies.employer!)),
    ).toEqual(['zoe.zwart@example.com', 'bert.bos@example.com', 'anna.aalders@example.com']);
    expect(
      list(await call('GET', '/EmployerEmployee?sort=email&pageSize=1&page=2', cookies.employer!)),
    ).toEqual({ items: [expect.objectContaining({ email: 'bert.bos@example.com' })], total: 3 });
  });

  it('refuses bad queries, other roles and an admin without an active employer', async () => {
    expectFailure(
      await call('GET', '/EmployerEmployee?sort=password', cookies.employer!),
      400,
      'sort',
      expect.any(String),
    );
    expectFailure(
      await call('GET', '/EmployerEmployee?pageSize=500', cookies.employer!),
      400,
      'pageSize',
      expect.any(String),
    );
    await expectEmployerOnly((cookie) => call('GET', '/EmployerEmployee', cookie));
  });
});

describe('GET /EmployerEmployee/{id}', () => {
  it('answers an employee of the active employer', async () => {
    const id = employeeIds['anna.aalders@example.com']!;
    expect(
      ok<EmployerEmployee>(await call('GET', `/EmployerEmployee/${id}`, cookies.employer!)),
    ).toMatchObject({
      userId: id,
      fullName: 'Anna Aalders',
      phone: null,
    });
  });

  it("is not found for another employer's employee, other accounts and unknown ids", async () => {
    const notFound = (response: Response) =>
      expectFailure(response, 404, 'general', 'employerEmployee.errors.notFound');
    notFound(
      await call('GET', `/EmployerEmployee/${employeeIds['carla.chauffeur@example.com']}`, cookies.employer!),
    );
    notFound(
      await call('GET', `/EmployerEmployee/${employeeIds['anna.aalders@example.com']}`, cookies.logistiek!),
    );
    const [werkgever] = await t.db.select().from(users).where(eq(users.email, 'werkgever@example.com'));
    notFound(await call('GET', `/EmployerEmployee/${werkgever!.id}`, cookies.employer!));
    notFound(await call('GET', '/EmployerEmployee/999999', cookies.employer!));
    expectFailure(
      await call('GET', '/EmployerEmployee/abc', cookies.employer!),
      400,
      'id',
      expect.any(String),
    );
    await expectEmployerOnly((cookie) =>
      call('GET', `/EmployerEmployee/${employeeIds['anna.aalders@example.com']}`, cookie),
    );
  });
});

describe('DELETE /Employer/{activeEmployerId}/Employee', () => {
  const remove = (cookie: string, userId: unknown, employerId = jansen) =>
    call('DELETE', `/Employer/${employerId}/Employee`, cookie, { userId });

  it('removes the link to the employer; the account stays', async () => {
    const userId = await addEmployee(jansen, unique('weg'), { firstName: 'Wim', lastName: 'Weg' }, 1);
    expect(ok(await remove(cookies.employer!, userId))).toBeNull();
    expect(await t.db.select().from(employerEmployees).where(eq(employerEmployees.userId, userId))).toEqual(
      [],
    );
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, userId))).toEqual([
      { id: userId },
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'EmployerEmployee'), eq(auditLog.entityId, `${jansen}:${userId}`)));
    expect(entry).toBeDefined();
    expectFailure(
      await remove(cookies.employer!, userId),
      404,
      'general',
      'employerEmployee.errors.notFound',
    );
  });

  it("refuses another employer's employee, a wrong employer, a bad body and other roles", async () => {
    const carla = employeeIds['carla.chauffeur@example.com']!;
    expectFailure(await remove(cookies.employer!, carla), 404, 'general', 'employerEmployee.errors.notFound');
    const anna = employeeIds['anna.aalders@example.com']!;
    expectFailure(
      await remove(cookies.employer!, anna, logistiek),
      404,
      'general',
      'employer.errors.notFound',
    );
    expectFailure(await remove(cookies.logistiek!, anna), 404, 'general', 'employer.errors.notFound');
    expectFailure(await remove(cookies.employer!, 'anna'), 400, 'userId', expect.any(String));
    await expectEmployerOnly((cookie) => remove(cookie, anna));
    expect(emails(await call('GET', '/EmployerEmployee', cookies.employer!))).toContain(
      'anna.aalders@example.com',
    );
  });
});
