import { randomUUID } from 'node:crypto';
import { type Claims, type InvitationKind, registerPaths } from '@xp/contracts';
import { instantAfterDays } from '@xp/contracts/dates';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { employers, gyms, suppliers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { invitations } from './registration.tables.ts';

export { expectFailure } from '../../test/expect.ts';

export const PUBLIC_URL = 'https://backoffice.test';
export const NEW_PASSWORD = 'Zomer-Fiets-Kaas-42';

export let t: TestApp;
/** The admin's session cookies and claims (admin@example.com). */
export let admin = { cookie: '', claims: undefined as unknown as Claims };
export const ids = { vitaal: 0, jansen: 0, fitSupply: 0 };

// --- helpers ------------------------------------------------------------------------------------------------

/** Every request from its own client address, so the per-address limits never interfere. */
export let addressCount = 0;
export const nextAddress = () => `10.50.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

export function login(email: string, password = DEMO_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
}
export async function signIn(email: string) {
  const response = await login(email);
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

export const request = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  {
    payload,
    cookie = '',
    remoteAddress = nextAddress(),
  }: { payload?: unknown; cookie?: string; remoteAddress?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    remoteAddress,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export const adminApi = {
  create: (email: unknown, cookie = admin.cookie) =>
    request('POST', '/api/Admin/Invitation', { payload: { email }, cookie }),
  list: (query = '', cookie = admin.cookie) => request('GET', `/api/Admin/Invitation${query}`, { cookie }),
  resend: (id: number | string, cookie = admin.cookie) =>
    request('POST', `/api/Admin/Invitation/${id}/resend`, { cookie }),
  cancel: (id: number | string, cookie = admin.cookie) =>
    request('DELETE', `/api/Admin/Invitation/${id}`, { cookie }),
};

export const getInvitation = (code: string, remoteAddress?: string) =>
  request('GET', `/api/Account/Invitation/${encodeURIComponent(code)}`, { remoteAddress });
export const complete = (payload: Record<string, unknown>, remoteAddress?: string) =>
  request('POST', '/api/Account/CompleteRegistration', { payload, remoteAddress });
export const sendTfaCode = (code: string, remoteAddress?: string) =>
  request('POST', '/api/Account/sendRegistrationTfaCode', { payload: { code }, remoteAddress });
export const validateTfa = (code: string, tfaCode: string, remoteAddress?: string) =>
  request('POST', '/api/Account/ValidateTfa', { payload: { code, tfaCode }, remoteAddress });

export const registration = (code: string, overrides: Record<string, unknown> = {}) => ({
  code,
  firstName: 'Nieuwe',
  insertion: null,
  lastName: 'Beheerder',
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  ...overrides,
});

export const uniqueEmail = (tag = 'nieuw') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** Mails to an address (any case), newest first. */
export const mailsTo = (to: string, template?: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        sql`lower(${mailOutbox.to}) = lower(${to})`,
        template ? eq(mailOutbox.template, template) : undefined,
      ),
    )
    .orderBy(desc(mailOutbox.id));

/** The registration code from the link in the newest invitation mail to an address. */
export async function mailedInvitationCode(to: string, kind: InvitationKind = 'admin') {
  const [mail] = await mailsTo(to, 'invitation');
  expect(mail, `no invitation mail to ${to}`).toBeDefined();
  const prefix = `${PUBLIC_URL}/account/register/${registerPaths[kind]}/`;
  const link = mail!.text.split(/\s+/).find((word) => word.startsWith(prefix));
  expect(link, mail!.text).toBeDefined();
  return link!.slice(prefix.length);
}

/** The six-digit code of the newest code mail to an address. */
export async function mailedTfaCode(to: string) {
  const [mail] = await mailsTo(to, 'tfaCode');
  expect(mail, `no code mail to ${to}`).toBeDefined();
  const code = /^\s+(\d{6})$/m.exec(mail!.text)?.[1];
  expect(code, mail!.text).toMatch(/^\d{6}$/);
  return code!;
}
export const wrongCode = (code: string, offset = 1) =>
  String((Number(code) + offset) % 1_000_000).padStart(6, '0');

/** An admin invitation made through the API, with the code from its mail. */
export async function inviteAdmin(email = uniqueEmail()) {
  const response = await adminApi.create(email);
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().data.id as number, email, code: await mailedInvitationCode(email) };
}

/** An admin invitation completed: the account exists and waits for its mailed code. */
export async function registerAdmin(overrides: Record<string, unknown> = {}) {
  const invitation = await inviteAdmin();
  const response = await complete(registration(invitation.code, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return { ...invitation, tfaCode: await mailedTfaCode(invitation.email) };
}

/** An invitation of any kind inserted directly, with a known code. */
export async function insertInvitation(values: Partial<typeof invitations.$inferInsert> = {}) {
  const code = `code-${randomUUID()}`;
  const email = values.email ?? uniqueEmail('direct');
  const [row] = await t.db
    .insert(invitations)
    .values({
      kind: 'admin',
      email,
      codeHash: sha256(code),
      expiresAt: instantAfterDays(14),
      ...values,
    })
    .returning();
  return { id: row!.id, email, code };
}

export const invitationRow = async (id: number) =>
  (await t.db.select().from(invitations).where(eq(invitations.id, id)))[0]!;
export const userByEmail = async (email: string) =>
  (await t.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`))[0];
export const auditOf = (entity: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
export const invitationCount = async () =>
  (await t.db.select({ id: invitations.id }).from(invitations)).length;

export const NON_ADMINS = [
  'gym@example.com',
  'locatie@example.com',
  'werkgever@example.com',
  'leverancier@example.com',
  'content@example.com',
];

// --- admin invitations --------------------------------------------------------------------------------------

/** Registers the test app of these files (each file builds its own) and the cleanup after each test. */
export function useTestApp() {
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    const response = await login('admin@example.com');
    expect(response.statusCode, response.body).toBe(200);
    admin = { cookie: cookieHeader(response.cookies), claims: response.json().data.claims };
    ids.vitaal = (await t.db.select().from(gyms).where(eq(gyms.name, 'Vitaal Sportcentra')))[0]!.id;
    ids.jansen = (
      await t.db.select().from(employers).where(eq(employers.name, 'Bakkerij Jansen B.V.'))
    )[0]!.id;
    ids.fitSupply = (
      await t.db.select().from(suppliers).where(eq(suppliers.name, 'FitSupply Nederland'))
    )[0]!.id;
  });
  afterAll(() => t.close());
}
