import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/auth/tokens.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  employerEmployees,
  employers,
  employerUsers,
  suppliers,
} from '../organisation/organisation.tables.ts';
import { invitations } from './registration.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** An invitation with a known code, straight into the table. */
async function invitationOf(
  kind: (typeof invitations.$inferInsert)['kind'],
  extra: Partial<typeof invitations.$inferInsert> = {},
) {
  counter += 1;
  const code = `flow-test-code-${kind}-${counter}-abcdefghijkl`;
  await t.db.insert(invitations).values({
    kind,
    email: `flow-${kind}-${counter}@example.com`,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + 86_400_000),
    ...extra,
  });
  return code;
}

const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: `10.98.0.${counter}` });
const complete = (url: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.98.1.${counter}`,
    payload: {
      code,
      firstName: 'Joris',
      lastName: 'Kramer',
      password: 'Zonnige-dinsdag-77',
      confirmPassword: 'Zonnige-dinsdag-77',
    },
  });

describe('the spec’s own registration calls serve only their kind of invitation', () => {
  it('supplier: GET /Supplier/{code} and POST /Supplier/Register/Complete', async () => {
    const [supplier] = await t.db.select({ id: suppliers.id }).from(suppliers).orderBy(suppliers.id).limit(1);
    const code = await invitationOf('supplier', { supplierId: supplier!.id });
    const info = await get(`/api/Supplier/${code}`);
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      kind: 'supplier',
      organisationName: 'FitSupply Nederland',
      requiresVerification: false,
    });

    const done = await complete('/api/Supplier/Register/Complete', code);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      requiresVerification: false,
      claims: { role: 'Supplier', activeSupplierId: supplier!.id },
    });
    expect(done.cookies.map((cookie) => cookie.name)).toEqual(
      expect.arrayContaining(['xp_access', 'xp_refresh']),
    );
  });

  it('an admin code is unknown on the supplier and employer-employee paths', async () => {
    const code = await invitationOf('admin');
    for (const url of [`/api/Supplier/${code}`, `/api/EmployerEmployeeInvitation/${code}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().errors[0].message).toBe('invitation.errors.notFound');
    }
    const refused = await complete('/api/EmployerEmployee/CompleteRegistration', code);
    expect(refused.statusCode).toBe(404);
    // And it still works where it belongs.
    expect((await get(`/api/Account/Invitation/${code}`)).statusCode).toBe(200);
  });

  it('employer employee: GET /EmployerEmployeeInvitation/{code} and POST /EmployerEmployee/CompleteRegistration', async () => {
    const code = await invitationOf('employerEmployee');
    const info = await get(`/api/EmployerEmployeeInvitation/${code}`);
    expect(info.statusCode).toBe(200);
    expect(info.json().data.kind).toBe('employerEmployee');
    const done = await complete('/api/EmployerEmployee/CompleteRegistration', code);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.requiresVerification).toBe(false);
  });
});

describe('an employer’s invitation answered with an existing account', () => {
  const post = (code: string, answer: 'Accept' | 'Deny') =>
    t.app.inject({
      method: 'POST',
      url: `/api/EmployerEmployeeInvitation/${code}/${answer}`,
      remoteAddress: `10.98.2.${counter}`,
    });

  async function employer() {
    const [row] = await t.db.select({ id: employers.id }).from(employers).orderBy(employers.id).limit(1);
    return row!.id;
  }

  /** An account, and an invitation of an employer for its address. */
  async function invitedAccount() {
    const employerId = await employer();
    const code = await invitationOf('employerEmployee', { employerId });
    const [invitation] = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.codeHash, sha256(code)));
    const user = await createUser(t, {
      email: invitation!.email.toUpperCase(),
      firstName: 'Sam',
      lastName: 'Bos',
      password: null,
    });
    return { code, employerId, user, invitationId: invitation!.id };
  }

  const linksOf = (userId: number) =>
    t.db.select().from(employerEmployees).where(eq(employerEmployees.userId, userId));
  const statusOf = async (id: number) =>
    (await t.db.select().from(invitations).where(eq(invitations.id, id)))[0]!;

  it('says the address has an account, then accepting makes the account an employee, once', async () => {
    const { code, employerId, user, invitationId } = await invitedAccount();
    const info = await get(`/api/EmployerEmployeeInvitation/${code}`);
    expect(info.json().data).toMatchObject({ kind: 'employerEmployee', hasAccount: true });

    const accepted = await post(code, 'Accept');
    expect(accepted.statusCode).toBe(200);
    expect(await linksOf(user.id)).toEqual([expect.objectContaining({ employerId, userId: user.id })]);
    expect(await statusOf(invitationId)).toMatchObject({ status: 'used', userId: user.id });

    const again = await post(code, 'Accept');
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].message).toBe('invitation.errors.used');
    expect((await get(`/api/EmployerEmployeeInvitation/${code}`)).statusCode).toBe(404);
    expect(await linksOf(user.id)).toHaveLength(1);
  });

  it('declining uses the code up without linking anything', async () => {
    const { code, user, invitationId } = await invitedAccount();
    const denied = await post(code, 'Deny');
    expect(denied.statusCode).toBe(200);
    expect(await statusOf(invitationId)).toMatchObject({ status: 'denied', deniedAt: expect.any(Date) });
    for (const answer of ['Accept', 'Deny'] as const) {
      const late = await post(code, answer);
      expect(late.statusCode).toBe(404);
      expect(late.json().errors[0].message).toBe('invitation.errors.denied');
    }
    const info = await get(`/api/EmployerEmployeeInvitation/${code}`);
    expect(info.json().errors[0].message).toBe('invitation.errors.denied');
    expect(await linksOf(user.id)).toHaveLength(0);
  });

  it('refuses to accept for an address without an account, which registers instead', async () => {
    const code = await invitationOf('employerEmployee', { employerId: await employer() });
    const info = await get(`/api/EmployerEmployeeInvitation/${code}`);
    expect(info.json().data.hasAccount).toBe(false);
    const refused = await post(code, 'Accept');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].message).toBe('invitation.errors.noAccount');

    const done = await complete('/api/EmployerEmployee/CompleteRegistration', code);
    expect(done.statusCode).toBe(200);
    const { userId } = done.json().data.claims;
    // A registered employee is the employer's employee, not one of the employer's own staff.
    expect(await linksOf(userId)).toHaveLength(1);
    expect(await t.db.select().from(employerUsers).where(eq(employerUsers.userId, userId))).toHaveLength(0);
  });

  it('answers only employer-employee codes that can still be used', async () => {
    const adminCode = await invitationOf('admin');
    const expired = await invitationOf('employerEmployee', {
      employerId: await employer(),
      expiresAt: new Date(Date.now() - 1000),
    });
    const cancelled = await invitationOf('employerEmployee', {
      employerId: await employer(),
      status: 'cancelled',
    });
    for (const [code, reason] of [
      [adminCode, 'notFound'],
      [expired, 'expired'],
      [cancelled, 'cancelled'],
      ['not-a-real-code-but-long-enough', 'notFound'],
    ] as const) {
      for (const answer of ['Accept', 'Deny'] as const) {
        const response = await post(code, answer);
        expect(response.statusCode, `${reason} ${answer}`).toBe(404);
        expect(response.json().errors[0].message).toBe(`invitation.errors.${reason}`);
      }
    }
    expect(
      await statusOf(
        (
          await t.db
            .select()
            .from(invitations)
            .where(eq(invitations.codeHash, sha256(adminCode)))
        )[0]!.id,
      ),
    ).toMatchObject({ status: 'pending' });
  });
});
