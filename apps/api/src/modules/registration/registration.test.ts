import { randomUUID } from 'node:crypto';
import { type Claims, Environment, type InvitationKind, registerPaths } from '@xp/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { userActor } from '../../platform/audit/audit.ts';
import { createTokenSigner, sha256 } from '../../platform/auth/tokens.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { createUser } from '../../test/factories.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { employers, gyms, suppliers, supplierUsers } from '../organisation/organisation.tables.ts';
import { users } from '../user/user.tables.ts';
import { invite, type RegistrationDeps } from './registration.service.ts';
import { invitations, tfaChallenges } from './registration.tables.ts';

const PUBLIC_URL = 'https://backoffice.test';
const NEW_PASSWORD = 'Zomer-Fiets-Kaas-42';

let t: TestApp;
/** The admin's session cookies and claims (admin@example.com). */
let admin = { cookie: '', claims: undefined as unknown as Claims };
const ids = { vitaal: 0, jansen: 0, fitSupply: 0 };

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  const response = await login('admin@example.com');
  expect(response.statusCode, response.body).toBe(200);
  admin = { cookie: cookieHeader(response.cookies), claims: response.json().data.claims };
  ids.vitaal = (await t.db.select().from(gyms).where(eq(gyms.name, 'Vitaal Sportcentra')))[0]!.id;
  ids.jansen = (await t.db.select().from(employers).where(eq(employers.name, 'Bakkerij Jansen B.V.')))[0]!.id;
  ids.fitSupply = (
    await t.db.select().from(suppliers).where(eq(suppliers.name, 'FitSupply Nederland'))
  )[0]!.id;
});
afterAll(() => t.close());

// --- helpers ------------------------------------------------------------------------------------------------

/** Every request from its own client address, so the per-address limits never interfere. */
let addressCount = 0;
const nextAddress = () => `10.50.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

function login(email: string, password = DEMO_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
}
async function signIn(email: string) {
  const response = await login(email);
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

const request = (
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

const adminApi = {
  create: (email: unknown, cookie = admin.cookie) =>
    request('POST', '/api/Admin/Invitation', { payload: { email }, cookie }),
  list: (query = '', cookie = admin.cookie) => request('GET', `/api/Admin/Invitation${query}`, { cookie }),
  resend: (id: number | string, cookie = admin.cookie) =>
    request('POST', `/api/Admin/Invitation/${id}/resend`, { cookie }),
  cancel: (id: number | string, cookie = admin.cookie) =>
    request('DELETE', `/api/Admin/Invitation/${id}`, { cookie }),
};

const getInvitation = (code: string, remoteAddress?: string) =>
  request('GET', `/api/Account/Invitation/${encodeURIComponent(code)}`, { remoteAddress });
const complete = (payload: Record<string, unknown>, remoteAddress?: string) =>
  request('POST', '/api/Account/CompleteRegistration', { payload, remoteAddress });
const sendTfaCode = (code: string, remoteAddress?: string) =>
  request('POST', '/api/Account/sendRegistrationTfaCode', { payload: { code }, remoteAddress });
const validateTfa = (code: string, tfaCode: string, remoteAddress?: string) =>
  request('POST', '/api/Account/ValidateTfa', { payload: { code, tfaCode }, remoteAddress });

const registration = (code: string, overrides: Record<string, unknown> = {}) => ({
  code,
  firstName: 'Nieuwe',
  insertion: null,
  lastName: 'Beheerder',
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  ...overrides,
});

function expectFailure(response: LightMyRequestResponse, status: number, key: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.ok).toBe(false);
  expect(body.data).toBeNull();
  expect(body.errors).toContainEqual({ key, message });
}

const uniqueEmail = (tag = 'nieuw') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** Mails to an address (any case), newest first. */
const mailsTo = (to: string, template?: string) =>
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
async function mailedInvitationCode(to: string, kind: InvitationKind = 'admin') {
  const [mail] = await mailsTo(to, 'invitation');
  expect(mail, `no invitation mail to ${to}`).toBeDefined();
  const prefix = `${PUBLIC_URL}/account/register/${registerPaths[kind]}/`;
  const link = mail!.text.split(/\s+/).find((word) => word.startsWith(prefix));
  expect(link, mail!.text).toBeDefined();
  return link!.slice(prefix.length);
}

/** The six-digit code of the newest code mail to an address. */
async function mailedTfaCode(to: string) {
  const [mail] = await mailsTo(to, 'tfaCode');
  expect(mail, `no code mail to ${to}`).toBeDefined();
  const code = /^\s+(\d{6})$/m.exec(mail!.text)?.[1];
  expect(code, mail!.text).toMatch(/^\d{6}$/);
  return code!;
}
const wrongCode = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');

/** An admin invitation made through the API, with the code from its mail. */
async function inviteAdmin(email = uniqueEmail()) {
  const response = await adminApi.create(email);
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().data.id as number, email, code: await mailedInvitationCode(email) };
}

/** An admin invitation completed: the account exists and waits for its mailed code. */
async function registerAdmin(overrides: Record<string, unknown> = {}) {
  const invitation = await inviteAdmin();
  const response = await complete(registration(invitation.code, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return { ...invitation, tfaCode: await mailedTfaCode(invitation.email) };
}

/** An invitation of any kind inserted directly, with a known code. */
async function insertInvitation(values: Partial<typeof invitations.$inferInsert> = {}) {
  const code = `code-${randomUUID()}`;
  const email = values.email ?? uniqueEmail('direct');
  const [row] = await t.db
    .insert(invitations)
    .values({
      kind: 'admin',
      email,
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + 14 * 86_400_000),
      ...values,
    })
    .returning();
  return { id: row!.id, email, code };
}

const invitationRow = async (id: number) =>
  (await t.db.select().from(invitations).where(eq(invitations.id, id)))[0]!;
const userByEmail = async (email: string) =>
  (await t.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`))[0];
const auditOf = (entity: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
const invitationCount = async () => (await t.db.select({ id: invitations.id }).from(invitations)).length;

const NON_ADMINS = [
  'gym@example.com',
  'locatie@example.com',
  'werkgever@example.com',
  'leverancier@example.com',
  'content@example.com',
];

// --- admin invitations --------------------------------------------------------------------------------------

describe('POST /api/Admin/Invitation', () => {
  it('invites by email: answers the invitation, stores only the code hash, mails the link, audits', async () => {
    const email = uniqueEmail('Beheer');
    const before = Date.now();
    const response = await adminApi.create(`  ${email} `);
    expect(response.statusCode, response.body).toBe(200);
    const { ok, data, errors } = response.json();
    expect(ok).toBe(true);
    expect(errors).toEqual([]);
    expect(data).toEqual({
      id: expect.any(Number),
      email,
      invitedBy: 'Sanne de Vries',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      isExpired: false,
    });
    // Valid 14 days.
    const days = (Date.parse(data.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: email,
      template: 'invitation',
      subject: expect.stringMatching(/^Uitnodiging/),
    });
    expect(mails[0]!.text).toContain('Sanne de Vries');
    const code = await mailedInvitationCode(email);
    expect(mails[0]!.html).toContain(`${PUBLIC_URL}/account/register/admin/${code}`);

    const row = await invitationRow(data.id);
    expect(row).toMatchObject({
      kind: 'admin',
      email,
      status: 'pending',
      invitedByUserId: admin.claims.userId,
    });
    expect(row.codeHash).toBe(sha256(code));
    expect(row.codeHash).not.toContain(code);

    const audit = await auditOf('Invitation', data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: admin.claims.userId,
      action: 'create',
      changes: { kind: { old: null, new: 'admin' }, email: { old: null, new: email } },
    });

    const info = await getInvitation(code);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toEqual({
      kind: 'admin',
      email,
      organisationName: null,
      requiresVerification: true,
      hasAccount: false,
    });
  });

  it('answers 401 without a session and 403 for every other role, creating nothing', async () => {
    const count = await invitationCount();
    const email = uniqueEmail('geweigerd');
    expectFailure(await adminApi.create(email, ''), 401, 'general', 'auth.signInRequired');
    for (const user of NON_ADMINS) {
      expectFailure(await adminApi.create(email, await signIn(user)), 403, 'general', 'auth.forbidden');
    }
    expect(await invitationCount()).toBe(count);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('validates the email', async () => {
    const count = await invitationCount();
    for (const [email, message] of [
      ['not-an-email', 'validation.email'],
      ['jan@', 'validation.email'],
      ['', 'validation.required'],
      ['   ', 'validation.required'],
      [undefined, 'validation.required'],
      [42, 'validation.invalidType'],
      [`${'a'.repeat(250)}@example.com`, 'validation.tooLong'],
    ] as const) {
      expectFailure(await adminApi.create(email), 400, 'email', message);
    }
    expect(await invitationCount()).toBe(count);
  });

  it('refuses an address that is already registered, in any case', async () => {
    for (const email of ['gym@example.com', 'GYM@Example.COM', 'Admin@example.com']) {
      expectFailure(await adminApi.create(email), 409, 'email', 'invitation.errors.alreadyRegistered');
    }
    expect(await mailsTo('gym@example.com', 'invitation')).toHaveLength(0);
  });

  it('refuses an address that is already invited (any case) until that invitation is cancelled', async () => {
    const { id, email } = await inviteAdmin(uniqueEmail('dubbel'));
    const again = await adminApi.create(email.toUpperCase());
    expectFailure(again, 409, 'email', 'invitation.errors.alreadyInvited');
    expect(await mailsTo(email, 'invitation')).toHaveLength(1);

    expect((await adminApi.cancel(id)).statusCode).toBe(200);
    const fresh = await adminApi.create(email);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.id).not.toBe(id);
  });

  it('refuses an address whose admin registration waits for its code', async () => {
    const { email } = await registerAdmin();
    expectFailure(await adminApi.create(email), 409, 'email', 'invitation.errors.alreadyRegistered');
  });
});

describe('GET /api/Admin/Invitation', () => {
  /** Three pending admin invitations, plus ones that must not show, all with one searchable tag. */
  async function listFixture() {
    const tag = `lijst${randomUUID().slice(0, 6)}`;
    const made = [];
    for (const name of ['bravo', 'alfa', 'charlie']) {
      made.push(await inviteAdmin(`${name}-${tag}@example.com`));
    }
    // Not listed: cancelled, registered (waiting for its code), used, and invitations of another kind.
    const cancelled = await inviteAdmin(`delta-${tag}@example.com`);
    expect((await adminApi.cancel(cancelled.id)).statusCode).toBe(200);
    const registered = await inviteAdmin(`echo-${tag}@example.com`);
    expect((await complete(registration(registered.code))).statusCode).toBe(200);
    await insertInvitation({ email: `foxtrot-${tag}@example.com`, status: 'used' });
    await insertInvitation({ kind: 'supplier', email: `golf-${tag}@example.com`, supplierId: ids.fitSupply });
    return { tag, made };
  }

  it('lists the pending admin invitations only, newest first, with search, sorting and paging', async () => {
    const { tag, made } = await listFixture();
    const [bravo, alfa, charlie] = made;

    const all = await adminApi.list(`?search=${tag}`);
    expect(all.statusCode, all.body).toBe(200);
    const data = all.json().data;
    expect(data.total).toBe(3);
    expect(data.items.map((item: { id: number }) => item.id)).toEqual([charlie!.id, alfa!.id, bravo!.id]);
    expect(data.items[0]).toEqual({
      id: charlie!.id,
      email: charlie!.email,
      invitedBy: 'Sanne de Vries',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      isExpired: false,
    });

    const emails = async (query: string) => {
      const response = await adminApi.list(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.items.map((item: { email: string }) => item.email.split('-')[0]);
    };
    expect(await emails(`?search=${tag}&sort=email`)).toEqual(['alfa', 'bravo', 'charlie']);
    expect(await emails(`?search=${tag}&sort=email&direction=desc`)).toEqual(['charlie', 'bravo', 'alfa']);
    expect(await emails(`?search=${tag}&sort=createdAt&direction=asc`)).toEqual(['bravo', 'alfa', 'charlie']);
    // Search is case-insensitive and matches part of the address.
    expect(await emails(`?search=ALFA-${tag.toUpperCase()}`)).toEqual(['alfa']);

    const page1 = (await adminApi.list(`?search=${tag}&sort=email&pageSize=2&page=1`)).json().data;
    const page2 = (await adminApi.list(`?search=${tag}&sort=email&pageSize=2&page=2`)).json().data;
    expect(page1.total).toBe(3);
    expect(page2.total).toBe(3);
    expect(page1.items.map((item: { email: string }) => item.email)).toEqual([alfa!.email, bravo!.email]);
    expect(page2.items.map((item: { email: string }) => item.email)).toEqual([charlie!.email]);
    const page3 = (await adminApi.list(`?search=${tag}&pageSize=2&page=3`)).json().data;
    expect(page3).toEqual({ items: [], total: 3 });

    // A LIKE wildcard in the search is taken literally.
    expect((await adminApi.list(`?search=${encodeURIComponent('%')}${tag}`)).json().data.total).toBe(0);
  });

  it('marks an expired invitation that is still pending', async () => {
    const { id, email } = await inviteAdmin(uniqueEmail('verlopen'));
    await t.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where id = ${id}`);
    const data = (await adminApi.list(`?search=${encodeURIComponent(email)}`)).json().data;
    expect(data.items).toEqual([expect.objectContaining({ id, isExpired: true })]);
  });

  it('validates the paging and sorting parameters', async () => {
    expectFailure(await adminApi.list('?pageSize=0'), 400, 'pageSize', 'validation.tooSmall');
    expectFailure(await adminApi.list('?pageSize=101'), 400, 'pageSize', 'validation.tooBig');
    expectFailure(await adminApi.list('?page=0'), 400, 'page', 'validation.tooSmall');
    expectFailure(await adminApi.list('?page=abc'), 400, 'page', 'validation.invalidType');
    expectFailure(await adminApi.list('?sort=codeHash'), 400, 'sort', 'validation.invalidValue');
    expectFailure(await adminApi.list('?direction=up'), 400, 'direction', 'validation.invalidValue');
  });

  it('answers 401 without a session and 403 for every other role', async () => {
    expectFailure(await adminApi.list('', ''), 401, 'general', 'auth.signInRequired');
    for (const user of NON_ADMINS) {
      expectFailure(await adminApi.list('', await signIn(user)), 403, 'general', 'auth.forbidden');
    }
  });
});

describe('POST /api/Admin/Invitation/{id}/resend', () => {
  it('mails a new code with a new expiry: the old link stops working, the new one works; audited', async () => {
    const { id, email, code: oldCode } = await inviteAdmin(uniqueEmail('opnieuw'));
    await t.db.execute(sql`update invitations set expires_at = now() - interval '1 day' where id = ${id}`);
    expectFailure(await getInvitation(oldCode), 404, 'general', 'invitation.errors.expired');

    const response = await adminApi.resend(id);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id, email, isExpired: false });
    expect((Date.parse(data.expiresAt) - Date.now()) / 86_400_000).toBeGreaterThan(13.99);

    const mails = await mailsTo(email, 'invitation');
    expect(mails).toHaveLength(2);
    const newCode = await mailedInvitationCode(email);
    expect(newCode).not.toBe(oldCode);

    expectFailure(await getInvitation(oldCode), 404, 'general', 'invitation.errors.notFound');
    expectFailure(await complete(registration(oldCode)), 404, 'general', 'invitation.errors.notFound');
    const info = await getInvitation(newCode);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({ kind: 'admin', email });
    expect((await complete(registration(newCode))).statusCode).toBe(200);

    const audit = await auditOf('Invitation', id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(audit[1]).toMatchObject({ userId: admin.claims.userId });
    expect(Object.keys(audit[1]!.changes)).toEqual(['expiresAt']);
  });

  it('answers the invitation as the list then shows it, inviter included', async () => {
    const { id, email } = await inviteAdmin(uniqueEmail('zelfde'));
    const response = await adminApi.resend(id);
    expect(response.statusCode, response.body).toBe(200);
    const listed = (await adminApi.list(`?search=${encodeURIComponent(email)}`)).json().data.items;
    expect(listed).toHaveLength(1);
    expect(listed[0].invitedBy).toBe('Sanne de Vries');
    expect(response.json().data).toEqual(listed[0]);
  });

  it('answers 404 for an unknown, cancelled, registered or non-admin invitation, without a mail', async () => {
    const cancelled = await inviteAdmin();
    expect((await adminApi.cancel(cancelled.id)).statusCode).toBe(200);
    const registered = await registerAdmin();
    const supplier = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    for (const id of [999_999, cancelled.id, registered.id, supplier.id]) {
      expectFailure(await adminApi.resend(id), 404, 'general', 'invitation.errors.notFound');
    }
    expect(await mailsTo(cancelled.email, 'invitation')).toHaveLength(1);
    expect(await mailsTo(supplier.email)).toHaveLength(0);
    expectFailure(await adminApi.resend('abc'), 400, 'id', 'validation.invalidType');
  });

  it('answers 401 without a session and 403 for every other role, the code unchanged', async () => {
    const { id, email, code } = await inviteAdmin();
    expectFailure(await adminApi.resend(id, ''), 401, 'general', 'auth.signInRequired');
    for (const user of NON_ADMINS) {
      expectFailure(await adminApi.resend(id, await signIn(user)), 403, 'general', 'auth.forbidden');
    }
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await getInvitation(code)).statusCode).toBe(200);
  });
});

describe('DELETE /api/Admin/Invitation/{id}', () => {
  it('cancels: the code then answers cancelled, the list no longer shows it, audited', async () => {
    const { id, email, code } = await inviteAdmin(uniqueEmail('intrekken'));
    const response = await adminApi.cancel(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, data: null, errors: [] });

    expectFailure(await getInvitation(code), 404, 'general', 'invitation.errors.cancelled');
    expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.cancelled');
    expect(await userByEmail(email)).toBeUndefined();
    expect((await adminApi.list(`?search=${encodeURIComponent(email)}`)).json().data.total).toBe(0);
    expect(await invitationRow(id)).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(Date) });

    const audit = await auditOf('Invitation', id);
    expect(audit.at(-1)).toMatchObject({
      userId: admin.claims.userId,
      action: 'update',
      changes: { status: { old: 'pending', new: 'cancelled' } },
    });

    // Cancelling twice, or resending a cancelled one, is a 404.
    expectFailure(await adminApi.cancel(id), 404, 'general', 'invitation.errors.notFound');
  });

  it('answers 404 for an unknown or non-admin invitation, and 400 for a bad id', async () => {
    expectFailure(await adminApi.cancel(999_999), 404, 'general', 'invitation.errors.notFound');
    const supplier = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    expectFailure(await adminApi.cancel(supplier.id), 404, 'general', 'invitation.errors.notFound');
    expect((await invitationRow(supplier.id)).status).toBe('pending');
    expectFailure(await adminApi.cancel('abc'), 400, 'id', 'validation.invalidType');
  });

  it('answers 401 without a session and 403 for every other role, the invitation untouched', async () => {
    const { id, code } = await inviteAdmin();
    expectFailure(await adminApi.cancel(id, ''), 401, 'general', 'auth.signInRequired');
    for (const user of NON_ADMINS) {
      expectFailure(await adminApi.cancel(id, await signIn(user)), 403, 'general', 'auth.forbidden');
    }
    expect((await invitationRow(id)).status).toBe('pending');
    expect((await getInvitation(code)).statusCode).toBe(200);
  });
});

// --- the invitation behind a code ---------------------------------------------------------------------------

describe('GET /api/Account/Invitation/{code}', () => {
  it('answers kind, email, organisation and whether verification is required', async () => {
    const { email, code } = await inviteAdmin();
    const admin = await getInvitation(code);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toEqual({
      ok: true,
      data: {
        kind: 'admin',
        email,
        organisationName: null,
        requiresVerification: true,
        hasAccount: false,
      },
      errors: [],
    });

    const supplier = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    expect((await getInvitation(supplier.code)).json().data).toEqual({
      kind: 'supplier',
      email: supplier.email,
      organisationName: 'FitSupply Nederland',
      requiresVerification: false,
      hasAccount: false,
    });
    const gym = await insertInvitation({ kind: 'gymEmployee', gymId: ids.vitaal });
    expect((await getInvitation(gym.code)).json().data).toMatchObject({
      kind: 'gymEmployee',
      organisationName: 'Vitaal Sportcentra',
      requiresVerification: false,
    });
  });

  it('answers 404 notFound for an unknown code, 400 for a malformed one', async () => {
    expectFailure(
      await getInvitation(`unknown-${randomUUID()}`),
      404,
      'general',
      'invitation.errors.notFound',
    );
    expectFailure(await getInvitation('short'), 400, 'code', 'validation.tooShort');
  });

  it('answers 404 expired for a pending invitation past its expiry', async () => {
    const { id, code } = await inviteAdmin();
    await t.db.execute(sql`update invitations set expires_at = now() - interval '1 second' where id = ${id}`);
    expectFailure(await getInvitation(code), 404, 'general', 'invitation.errors.expired');
    expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.expired');
  });

  it('answers 404 used once registered (also while an admin registration waits for its code)', async () => {
    const waiting = await registerAdmin();
    expectFailure(await getInvitation(waiting.code), 404, 'general', 'invitation.errors.used');
    expect((await validateTfa(waiting.code, waiting.tfaCode)).statusCode).toBe(200);
    expectFailure(await getInvitation(waiting.code), 404, 'general', 'invitation.errors.used');

    const used = await insertInvitation({ kind: 'contentCreator' });
    expect((await complete(registration(used.code))).statusCode).toBe(200);
    expectFailure(await getInvitation(used.code), 404, 'general', 'invitation.errors.used');
  });

  it('answers 404 cancelled for a cancelled invitation', async () => {
    const { code } = await insertInvitation({ status: 'cancelled', cancelledAt: new Date() });
    expectFailure(await getInvitation(code), 404, 'general', 'invitation.errors.cancelled');
  });

  it('rate limits the code endpoints per client address: the 31st call in 15 minutes is a 429', async () => {
    const address = '192.0.2.31';
    const { code } = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    for (let attempt = 1; attempt <= 30; attempt++) {
      const guess = await getInvitation(`guess-${attempt}-${randomUUID()}`, address);
      expect(guess.statusCode, `attempt ${attempt}`).toBe(404);
    }
    const blocked = await getInvitation(code, address);
    expectFailure(blocked, 429, 'general', 'auth.tooManyAttempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The limit counts over every code endpoint of the address.
    expectFailure(await complete(registration(code), address), 429, 'general', 'auth.tooManyAttempts');
    expectFailure(await sendTfaCode(code, address), 429, 'general', 'auth.tooManyAttempts');
    expectFailure(await validateTfa(code, '123456', address), 429, 'general', 'auth.tooManyAttempts');
    // Another address is not affected; the invitation is still open.
    expect((await getInvitation(code)).statusCode).toBe(200);
    // After the window the address may try again.
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '16 minutes' where key = ${`codes:address:${address}`}`,
    );
    expect((await getInvitation(code, address)).statusCode).toBe(200);
  });
});

// --- registration -------------------------------------------------------------------------------------------

describe('POST /api/Account/CompleteRegistration', () => {
  it('checks every field with its own key, and a refused registration leaves the invitation open', async () => {
    const { email, code } = await inviteAdmin();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: undefined }, 'firstName', 'validation.required'],
      [{ firstName: '' }, 'firstName', 'validation.required'],
      [{ firstName: '   ' }, 'firstName', 'validation.required'],
      [{ firstName: 'x'.repeat(65) }, 'firstName', 'validation.tooLong'],
      [{ lastName: undefined }, 'lastName', 'validation.required'],
      [{ lastName: '  ' }, 'lastName', 'validation.required'],
      [{ insertion: 'x'.repeat(33) }, 'insertion', 'validation.tooLong'],
      [{ password: undefined, confirmPassword: undefined }, 'password', 'validation.required'],
      [{ password: 'Kort-1234', confirmPassword: 'Kort-1234' }, 'password', 'validation.passwordTooShort'],
      [{ password: 'x'.repeat(201), confirmPassword: 'x'.repeat(201) }, 'password', 'validation.tooLong'],
      [{ confirmPassword: `${NEW_PASSWORD}!` }, 'confirmPassword', 'validation.passwordMismatch'],
      [
        { password: 'password123', confirmPassword: 'password123' },
        'password',
        'validation.passwordTooCommon',
      ],
      [{ password: 'qwertyuiop', confirmPassword: 'qwertyuiop' }, 'password', 'validation.passwordTooCommon'],
      [
        { password: 'Password123', confirmPassword: 'Password123' },
        'password',
        'validation.passwordTooCommon',
      ],
      [{ code: undefined }, 'code', 'validation.required'],
      [{ code: 'short' }, 'code', 'validation.tooShort'],
    ];
    for (const [overrides, key, message] of cases) {
      const response = await complete(registration(code, overrides));
      expect(response.statusCode, `${JSON.stringify(overrides)}: ${response.body}`).toBe(400);
      expectFailure(response, 400, key, message);
    }
    expect(await userByEmail(email)).toBeUndefined();
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(0);
    expect((await getInvitation(code)).statusCode).toBe(200);
    // Still usable.
    expect((await complete(registration(code))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown code', async () => {
    expectFailure(
      await complete(registration(`unknown-${randomUUID()}`)),
      404,
      'general',
      'invitation.errors.notFound',
    );
  });

  it('admin kind: requires verification, sets no cookies, makes the account with two-factor on and mails a code', async () => {
    const { id, email, code } = await inviteAdmin(uniqueEmail('Verifieer'));
    const response = await complete(
      registration(code, { firstName: ' Nieuwe ', insertion: ' van ', lastName: 'Beheerder ' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      data: { requiresVerification: true, claims: null },
      errors: [],
    });
    expect(response.cookies).toEqual([]);

    const user = await userByEmail(email);
    expect(user).toMatchObject({
      email,
      role: 'Admin',
      firstName: 'Nieuwe',
      insertion: 'van',
      lastName: 'Beheerder',
      isTfaEnabled: true,
      deletedAt: null,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await invitationRow(id)).toMatchObject({ status: 'registered', userId: user!.id, usedAt: null });

    const mails = await mailsTo(email, 'tfaCode');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Je verificatiecode');
    await mailedTfaCode(email);

    const audit = await auditOf('User', user!.id);
    expect(audit).toEqual([
      expect.objectContaining({
        userId: user!.id,
        action: 'create',
        changes: { role: { old: null, new: 'Admin' }, registeredFrom: { old: null, new: 'admin' } },
      }),
    ]);

    // The same code a second time.
    expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.used');
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(1);
  });

  it('answers 409 when the address registered in the meantime', async () => {
    const { email, code } = await inviteAdmin();
    await createUser(t, { email: email.toUpperCase(), firstName: 'Al', lastName: 'Bezet' });
    expectFailure(await complete(registration(code)), 409, 'general', 'invitation.errors.alreadyRegistered');
    expect((await getInvitation(code)).statusCode).toBe(200);
  });

  const kinds: {
    kind: Exclude<InvitationKind, 'admin'>;
    organisation: 'gymId' | 'employerId' | 'supplierId' | null;
    role: Claims['role'];
    environment: number;
  }[] = [
    { kind: 'gymEmployee', organisation: 'gymId', role: 'Employee', environment: Environment.Gym },
    { kind: 'employerEmployee', organisation: 'employerId', role: 'Employee', environment: Environment.Gym },
    {
      kind: 'contentCreator',
      organisation: null,
      role: 'ContentCreator',
      environment: Environment.TipsAndTricks,
    },
    { kind: 'gymEmployer', organisation: 'gymId', role: 'Employer', environment: Environment.Employer },
    { kind: 'employer', organisation: 'employerId', role: 'Employer', environment: Environment.Employer },
    { kind: 'supplier', organisation: 'supplierId', role: 'Supplier', environment: Environment.Supplier },
  ];

  it.each(kinds)(
    '$kind (invited with the service): registers without verification, signed in as $role',
    async ({ kind, organisation, role, environment }) => {
      const deps: RegistrationDeps = {
        db: t.db,
        mail: enqueueMail,
        publicUrl: PUBLIC_URL,
        signer: createTokenSigner('x'.repeat(64), 900),
        refreshTokenDays: 30,
      };
      const organisationIds = { gymId: ids.vitaal, employerId: ids.jansen, supplierId: ids.fitSupply };
      const email = uniqueEmail(kind);
      await invite(
        deps,
        admin.claims,
        {
          kind,
          email,
          ...(organisation ? { [organisation]: organisationIds[organisation] } : {}),
        },
        userActor(admin.claims),
      );
      const code = await mailedInvitationCode(email, kind);
      const info = (await getInvitation(code)).json().data;
      expect(info).toMatchObject({ kind, email, requiresVerification: false });

      const response = await complete(registration(code, { firstName: 'Kim', lastName: 'Jansen' }));
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data.requiresVerification).toBe(false);
      expect(data.claims).toMatchObject({ role, activeEnvironment: environment, name: 'Kim Jansen' });
      const names = response.cookies.map((cookie) => cookie.name);
      expect(names).toEqual(expect.arrayContaining(['xp_access', 'xp_refresh']));

      const user = await userByEmail(email);
      expect(user).toMatchObject({ role, isTfaEnabled: false });
      expect(await mailsTo(email, 'tfaCode')).toHaveLength(0);
      expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.used');
      expectFailure(await getInvitation(code), 404, 'general', 'invitation.errors.used');

      // Signs in later with the password and no code.
      const later = await login(email, NEW_PASSWORD);
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json().data.requiresTfa).toBe(false);
    },
  );

  it('supplier kind (inserted with a known code): signed in at once, linked to its supplier', async () => {
    const { id, email, code } = await insertInvitation({ kind: 'supplier', supplierId: ids.fitSupply });
    const response = await complete(registration(code));
    expect(response.statusCode, response.body).toBe(200);
    const { requiresVerification, claims } = response.json().data;
    expect(requiresVerification).toBe(false);
    expect(claims).toMatchObject({
      role: 'Supplier',
      rights: [],
      activeSupplierId: ids.fitSupply,
      activeEnvironment: Environment.Supplier,
      name: 'Nieuwe Beheerder',
    });
    const cookie = cookieHeader(response.cookies);
    const options = await t.app.inject({ url: '/api/Account/SwitchOptions', headers: { cookie } });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data.suppliers).toEqual([{ id: ids.fitSupply, name: 'FitSupply Nederland' }]);
    expect(options.json().data.employers).toEqual([]);

    const user = await userByEmail(email);
    expect(await t.db.select().from(supplierUsers).where(eq(supplierUsers.userId, user!.id))).toEqual([
      expect.objectContaining({ supplierId: ids.fitSupply }),
    ]);
    expect(await invitationRow(id)).toMatchObject({
      status: 'used',
      userId: user!.id,
      usedAt: expect.any(Date),
    });
    // Nothing to verify for this kind.
    expectFailure(await sendTfaCode(code), 404, 'general', 'invitation.errors.used');
    expectFailure(await validateTfa(code, '123456'), 404, 'general', 'invitation.errors.used');
  });

  it('employer kind: linked to its employer (SwitchOptions shows it, not the other one)', async () => {
    const { code } = await insertInvitation({ kind: 'employer', employerId: ids.jansen });
    const response = await complete(registration(code));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.claims).toMatchObject({ role: 'Employer', activeEmployerId: ids.jansen });
    const options = await t.app.inject({
      url: '/api/Account/SwitchOptions',
      headers: { cookie: cookieHeader(response.cookies) },
    });
    expect(options.json().data.employers).toEqual([{ id: ids.jansen, name: 'Bakkerij Jansen B.V.' }]);
  });
});

// --- verification of an admin registration ------------------------------------------------------------------

describe('POST /api/Account/ValidateTfa', () => {
  it('the right code: claims as Admin, session cookies; afterwards sign-in asks for a code', async () => {
    const { id, email, code, tfaCode } = await registerAdmin();
    const response = await validateTfa(code, tfaCode);
    expect(response.statusCode, response.body).toBe(200);
    const { claims } = response.json().data;
    expect(claims).toMatchObject({
      role: 'Admin',
      rights: ['Admin'],
      activeEnvironment: Environment.Admin,
      name: 'Nieuwe Beheerder',
    });
    const names = response.cookies.map((cookie) => cookie.name);
    expect(names).toEqual(expect.arrayContaining(['xp_access', 'xp_refresh']));
    const cookie = cookieHeader(response.cookies);
    const invited = await adminApi.list('', cookie);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await invitationRow(id)).toMatchObject({ status: 'used', usedAt: expect.any(Date) });

    // The code and the registration are spent.
    expectFailure(await validateTfa(code, tfaCode), 404, 'general', 'invitation.errors.used');
    expectFailure(await sendTfaCode(code), 404, 'general', 'invitation.errors.used');
    expectFailure(await complete(registration(code)), 404, 'general', 'invitation.errors.used');

    // Two-factor stays on: the password alone does not sign in.
    const later = await login(email, NEW_PASSWORD);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data).toEqual({ requiresTfa: true, claims: null });
    expect(later.cookies.map((item) => item.name)).toEqual(['xp_tfa']);
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(2);
  });

  it('refuses a wrong code on the tfaCode field; the right one still works after it', async () => {
    const { code, tfaCode } = await registerAdmin();
    const wrong = await validateTfa(code, wrongCode(tfaCode));
    expectFailure(wrong, 400, 'tfaCode', 'tfa.errors.invalidCode');
    expect(wrong.cookies).toEqual([]);
    expect((await validateTfa(code, tfaCode)).statusCode).toBe(200);
  });

  it('validates the code: six digits', async () => {
    const { code } = await registerAdmin();
    for (const tfaCode of ['12345', '1234567', 'abcdef']) {
      expectFailure(await validateTfa(code, tfaCode), 400, 'tfaCode', 'validation.tfaCode');
    }
    expectFailure(
      await request('POST', '/api/Account/ValidateTfa', { payload: { code } }),
      400,
      'tfaCode',
      'validation.required',
    );
  });

  it('allows 5 tries: after 5 wrong codes even the right one is refused', async () => {
    const { code, tfaCode } = await registerAdmin();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expectFailure(
        await validateTfa(code, wrongCode(tfaCode, attempt)),
        400,
        'tfaCode',
        'tfa.errors.invalidCode',
      );
    }
    const blocked = await validateTfa(code, tfaCode);
    expectFailure(blocked, 400, 'tfaCode', 'tfa.errors.tooManyAttempts');
    expect(blocked.cookies).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const { email, code, tfaCode } = await registerAdmin();
    const user = await userByEmail(email);
    const [challenge] = await t.db.select().from(tfaChallenges).where(eq(tfaChallenges.userId, user!.id));
    const minutes = (challenge!.expiresAt.getTime() - challenge!.sentAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 1);
    await t.db.execute(
      sql`update tfa_challenges set expires_at = now() - interval '1 second' where user_id = ${user!.id}`,
    );
    const response = await validateTfa(code, tfaCode);
    expectFailure(response, 400, 'general', 'tfa.errors.expired');
    expect(response.cookies).toEqual([]);
  });

  it('answers 400 for an invitation not registered yet, 404 for an unknown code', async () => {
    const { code } = await inviteAdmin();
    expectFailure(await validateTfa(code, '123456'), 400, 'general', 'tfa.errors.expired');
    expectFailure(
      await validateTfa(`unknown-${randomUUID()}`, '123456'),
      404,
      'general',
      'invitation.errors.notFound',
    );
  });
});

describe('POST /api/Account/sendRegistrationTfaCode', () => {
  it('answers 429 within 60 s; after it a new code, and the old one no longer works', async () => {
    const { email, code, tfaCode: oldCode } = await registerAdmin();
    const early = await sendTfaCode(code);
    expectFailure(early, 429, 'general', 'tfa.errors.cooldown');
    const retryAfter = Number(early.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(1);

    const user = await userByEmail(email);
    await t.db.execute(
      sql`update tfa_challenges set sent_at = now() - interval '61 seconds' where user_id = ${user!.id}`,
    );
    const resent = await sendTfaCode(code);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ ok: true, data: null, errors: [] });
    expect(await mailsTo(email, 'tfaCode')).toHaveLength(2);
    const newCode = await mailedTfaCode(email);

    // The cooldown starts again.
    expectFailure(await sendTfaCode(code), 429, 'general', 'tfa.errors.cooldown');
    if (newCode !== oldCode) {
      expectFailure(await validateTfa(code, oldCode), 400, 'tfaCode', 'tfa.errors.invalidCode');
    }
    expect((await validateTfa(code, newCode)).statusCode).toBe(200);
  });

  it('a new code gives new tries after the try limit', async () => {
    const { email, code, tfaCode } = await registerAdmin();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await validateTfa(code, wrongCode(tfaCode, attempt))).statusCode).toBe(400);
    }
    expectFailure(await validateTfa(code, tfaCode), 400, 'tfaCode', 'tfa.errors.tooManyAttempts');
    const user = await userByEmail(email);
    await t.db.execute(
      sql`update tfa_challenges set sent_at = now() - interval '61 seconds' where user_id = ${user!.id}`,
    );
    expect((await sendTfaCode(code)).statusCode).toBe(200);
    expect((await validateTfa(code, await mailedTfaCode(email))).statusCode).toBe(200);
  });

  it('answers 400 for an invitation not registered yet, 404 for unknown and cancelled codes', async () => {
    const pending = await inviteAdmin();
    expectFailure(await sendTfaCode(pending.code), 400, 'general', 'tfa.errors.expired');
    expect(await mailsTo(pending.email, 'tfaCode')).toHaveLength(0);
    expectFailure(await sendTfaCode(`unknown-${randomUUID()}`), 404, 'general', 'invitation.errors.notFound');
    const cancelled = await insertInvitation({ status: 'cancelled' });
    expectFailure(await sendTfaCode(cancelled.code), 404, 'general', 'invitation.errors.cancelled');
    expectFailure(await sendTfaCode('short'), 400, 'code', 'validation.tooShort');
  });
});
