import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/auth/tokens.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { suppliers } from '../organisation/organisation.tables.ts';
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
