import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createUser as makeUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/harness.ts';
import { employerEmployees, employers, employerUsers } from '../organisation/organisation.tables.ts';
import { ok, request, signIn } from '../rights/test-support.ts';
import { checkLedger } from './xp.ledger.ts';

/** A user of the given role (signs in with the demo password). */
export async function createUser(t: TestApp, role: 'Employee' | 'Employer', name = 'Test') {
  const user = await makeUser(t, {
    email: `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@xp.example.com`,
    role,
    firstName: name,
    lastName: randomUUID().slice(0, 6),
  });
  return { id: user.id, email: user.email };
}

/**
 * An employer of its own with a staff member signed in (its session's active employer) and `employees`
 * employees (accounts that exist, not signed in).
 */
export async function createEmployer(t: TestApp, employees: number, addressPrefix: string) {
  const [employer] = await t.db
    .insert(employers)
    .values({ name: `Werkgever ${randomUUID().slice(0, 8)}` })
    .returning({ id: employers.id, name: employers.name });
  const staff = await createUser(t, 'Employer', 'Staf');
  await t.db.insert(employerUsers).values({ employerId: employer!.id, userId: staff.id });
  const employeeIds: number[] = [];
  for (let index = 0; index < employees; index++) {
    const person = await createUser(t, 'Employee', `Medewerker${index}`);
    await t.db.insert(employerEmployees).values({ employerId: employer!.id, userId: person.id });
    employeeIds.push(person.id);
  }
  const cookie = await signIn(t, staff.email, addressPrefix);
  return { id: employer!.id, name: employer!.name, cookie, employeeIds, staffId: staff.id };
}

/** Gives an employer XP by an admin's correction (from the issuance). */
export async function fund(t: TestApp, admin: string, employerId: number, amountOfXp: number) {
  ok(
    await request(t)('POST', '/XpTransaction/Correction', admin, {
      employerId,
      amountOfXp,
      reason: 'Startsaldo voor de test',
    }),
  );
}

export async function balanceOfEmployer(t: TestApp, cookie: string, employerId: number) {
  return ok<{ amountOfXp: number }>(await request(t)('GET', `/Employer/${employerId}/GetBalance`, cookie))
    .amountOfXp;
}

/** The ledger holds together: every balance its entries' sum, none below zero, every transfer balanced. */
export async function expectLedgerSound(t: TestApp) {
  expect(await checkLedger(t.db)).toEqual([]);
}
