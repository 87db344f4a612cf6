import { randomUUID } from 'node:crypto';
import { type Claims, type Profile, type UserOverviewItem, userEndpoints } from '@xp/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { loadConfig } from '../../platform/config.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { sessions } from '../account/account.tables.ts';
import {
  employers,
  employerUsers,
  gymRightGrants,
  gyms,
  locationRightGrants,
  locations,
  suppliers,
  supplierUsers,
} from '../organisation/organisation.tables.ts';
import { emailChanges, type UserRow, users } from './user.tables.ts';

let t: TestApp;
/** The demo users as seeded, restored after every test so that no test depends on another. */
let seededUsers: UserRow[] = [];
const userIds: Record<string, number> = {};
const org = { gym: 0, location: 0, employer: 0, supplier: 0 };
/** The address links in mails start with (the harness leaves PUBLIC_URL unset). */
const publicUrl = loadConfig(
  { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  { webDist: '/nonexistent' },
).publicUrl;

const ADMIN = 'admin@example.com';
const NON_ADMINS = [
  'gym@example.com',
  'locatie@example.com',
  'werkgever@example.com',
  'leverancier@example.com',
  'content@example.com',
];

beforeAll(async () => {
  t = await createTestApp();
  seededUsers = await t.db.select().from(users).orderBy(asc(users.id));
  for (const row of seededUsers) userIds[row.email] = row.id;
  org.gym = (await t.db.select({ id: gyms.id }).from(gyms).where(eq(gyms.name, 'Vitaal Sportcentra')))[0]!.id;
  org.location = (
    await t.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.name, 'Vitaal Utrecht Centrum'))
  )[0]!.id;
  org.employer = (
    await t.db.select({ id: employers.id }).from(employers).where(eq(employers.name, 'Bakkerij Jansen B.V.'))
  )[0]!.id;
  org.supplier = (
    await t.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, 'FitSupply Nederland'))
  )[0]!.id;
});
afterEach(async () => {
  const ids = seededUsers.map((row) => row.id);
  await t.db.delete(users).where(notInArray(users.id, ids));
  await t.db.delete(emailChanges).where(inArray(emailChanges.userId, ids));
  await t.db.delete(auditLog);
  await t.db.delete(mailOutbox);
  // The stored search text is generated: written back with the row's other values, it follows them.
  for (const { id, searchText: _searchText, ...values } of seededUsers) {
    await t.db.update(users).set(values).where(eq(users.id, id));
  }
});
afterAll(() => t.close());

/** Every sign-in from its own address, so the per-address login limit never interferes. */
let addressCount = 0;
const nextAddress = () => `10.50.${Math.floor(addressCount / 250)}.${(addressCount++ % 250) + 1}`;

const loginRequest = (email: string, password = DEMO_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/cookielogin',
    payload: { email, password },
    remoteAddress: nextAddress(),
  });

async function signIn(email: string) {
  const response = await loginRequest(email);
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.cookies);
}

const request = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const api = {
  profile: (cookie: string) => request('GET', '/api/User/CurrentProfileInfo', cookie),
  update: (cookie: string, body: unknown) => request('PUT', '/api/User', cookie, body),
  confirmEmail: (body: unknown, cookie = '') => request('PUT', '/api/Account/ConfirmEmail', cookie, body),
  list: (cookie: string, query = '') => request('GET', `/api/user${query}`, cookie),
  deleteAccount: (cookie: string, body: unknown) =>
    request('DELETE', '/api/account/deleteAccount', cookie, body),
  requestDeletion: (cookie: string, body: unknown) =>
    request('POST', '/api/account/requestAccountDeletion', cookie, body),
  revoke: (cookie: string, id: number | string) => request('PUT', `/api/Admin/Admins/${id}/revoke`, cookie),
  refresh: (cookie: string) => request('POST', '/api/account/cookierefresh', cookie),
};

function expectFailure(response: LightMyRequestResponse, status: number, key: string, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.ok).toBe(false);
  expect(body.data).toBeNull();
  expect(body.errors).toContainEqual({ key, message });
}

function expectData<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.ok).toBe(true);
  expect(body.errors).toEqual([]);
  return body.data;
}

/** A new user of its own with the demo password, for tests that change or close an account. */
async function createUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(users)
    .values({
      email: `user-${randomUUID()}@example.com`,
      role: 'Employee',
      firstName: 'Test',
      lastName: 'Gebruiker',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      ...overrides,
    })
    .returning();
  return row!;
}

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

const mailsTo = (to: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = lower(${to})`)
    .orderBy(asc(mailOutbox.id));

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'User'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

/** The token in the confirmation link of an email-change mail. */
function tokenOf(mail: { text: string; html: string }) {
  const prefix = `${publicUrl}/account/confirm-email?token=`;
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([A-Za-z0-9%_-]+)`).exec(
    mail.text,
  );
  expect(match, mail.text).not.toBeNull();
  expect(mail.html).toContain(`${prefix}${match![1]}`);
  return decodeURIComponent(match![1]!);
}

/** A valid profile update for the given user, with overrides. */
const profileOf = (user: Pick<UserRow, 'email' | 'firstName' | 'lastName'>, overrides = {}) => ({
  email: user.email,
  firstName: user.firstName,
  insertion: null,
  lastName: user.lastName,
  phoneNumber: null,
  language: 'nl',
  isTfaEnabled: false,
  ...overrides,
});

const makeAdmin = (email: string) => t.db.update(users).set({ role: 'Admin' }).where(eq(users.email, email));

describe('routes', () => {
  it('registers every user endpoint with its declared policy', () => {
    for (const [name, definition] of Object.entries(userEndpoints)) {
      const url = `/api${definition.path.replace(/\{(\w+)\}/g, ':$1')}`;
      const found = t.routes.find(
        (route) => route.url.toLowerCase() === url.toLowerCase() && route.method === definition.method,
      );
      expect(found, name).toBeDefined();
      expect((found!.config as { policy?: unknown } | undefined)?.policy, name).toEqual(definition.policy);
    }
  });
});

describe('GET /api/User/CurrentProfileInfo', () => {
  it('answers the profile of the signed-in user', async () => {
    const profile = expectData<Profile>(await api.profile(await signIn(ADMIN)));
    expect(profile).toEqual({
      id: userIds[ADMIN],
      email: ADMIN,
      firstName: 'Sanne',
      insertion: 'de',
      lastName: 'Vries',
      phoneNumber: null,
      language: 'nl',
      isTfaEnabled: false,
      pendingEmail: null,
      role: 'Admin',
    });
  });

  it.each([
    ['gym@example.com', 'Employee', 'Jeroen'],
    ['locatie@example.com', 'Employee', 'Fatima'],
    ['werkgever@example.com', 'Employer', 'Pieter'],
    ['leverancier@example.com', 'Supplier', 'Lotte'],
    ['content@example.com', 'ContentCreator', 'Daan'],
  ])('%s reads its own profile only', async (email, role, firstName) => {
    const cookie = await signIn(email);
    expect(expectData<Profile>(await api.profile(cookie))).toMatchObject({
      id: userIds[email],
      email,
      role,
      firstName,
    });
    // Nothing reads another user's profile: no id is taken, there is no profile route per user.
    const other = userIds[ADMIN]!;
    expect(
      expectData<Profile>(await request('GET', `/api/User/CurrentProfileInfo?id=${other}`, cookie)).id,
    ).toBe(userIds[email]);
    expectFailure(await request('GET', `/api/User/${other}`, cookie), 404, 'general', 'errors.notFound');
  });

  it('answers 401 without a session or with a forged token', async () => {
    expectFailure(await api.profile(''), 401, 'general', 'auth.signInRequired');
    expectFailure(await api.profile('xp_access=not-a-token'), 401, 'general', 'auth.signInRequired');
  });
});

describe('PUT /api/User', () => {
  it('changes names, phone, language and two-factor of the caller, trimmed, and audits it', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const updated = expectData<Profile>(
      await api.update(cookie, {
        email: user.email,
        firstName: '  Anna ',
        insertion: ' van der ',
        lastName: ' Meer ',
        phoneNumber: ' +31 6 1234 5678 ',
        language: 'en',
        isTfaEnabled: true,
      }),
    );
    const expected = {
      id: user.id,
      email: user.email,
      firstName: 'Anna',
      insertion: 'van der',
      lastName: 'Meer',
      phoneNumber: '+31 6 1234 5678',
      language: 'en',
      isTfaEnabled: true,
      pendingEmail: null,
      role: 'Employee',
    };
    expect(updated).toEqual(expected);
    expect(expectData<Profile>(await api.profile(cookie))).toEqual(expected);
    expect(await userRow(user.id)).toMatchObject({
      firstName: 'Anna',
      insertion: 'van der',
      lastName: 'Meer',
      phoneNumber: '+31 6 1234 5678',
      language: 'en',
      isTfaEnabled: true,
      role: 'Employee',
      passwordHash: user.passwordHash,
    });

    const entries = await auditOf(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: user.id, action: 'update' });
    expect(entries[0]!.changes).toMatchObject({
      firstName: { old: 'Test', new: 'Anna' },
      insertion: { old: null, new: 'van der' },
      lastName: { old: 'Gebruiker', new: 'Meer' },
      language: { old: 'nl', new: 'en' },
      isTfaEnabled: { old: false, new: true },
    });
    expect(entries[0]!.changes).not.toHaveProperty('passwordHash');
    // The email did not change: nothing to confirm, no mail.
    expect(await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('stores an empty insertion and phone number as null and accepts the usual phone formats', async () => {
    const user = await createUser({ insertion: 'de', phoneNumber: '0612345678' });
    const cookie = await signIn(user.email);
    const cleared = expectData<Profile>(
      await api.update(cookie, profileOf(user, { insertion: '', phoneNumber: '  ' })),
    );
    expect(cleared).toMatchObject({ insertion: null, phoneNumber: null });
    expect(await userRow(user.id)).toMatchObject({ insertion: null, phoneNumber: null });
    const omitted = profileOf(user) as Record<string, unknown>;
    delete omitted.insertion;
    delete omitted.phoneNumber;
    expect(expectData<Profile>(await api.update(cookie, omitted))).toMatchObject({
      insertion: null,
      phoneNumber: null,
    });
    for (const phoneNumber of ['0612345678', '06-12345678', '+31612345678', '030 123 4567']) {
      expect(
        expectData<Profile>(await api.update(cookie, profileOf(user, { phoneNumber }))).phoneNumber,
      ).toBe(phoneNumber);
    }
  });

  it('treats the same address in other case or with spaces as unchanged', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const updated = expectData<Profile>(
      await api.update(cookie, profileOf(user, { email: `  ${user.email.toUpperCase()} ` })),
    );
    expect(updated).toMatchObject({ email: user.email, pendingEmail: null });
    expect(await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('changes only the caller, whatever id or role the body carries', async () => {
    const caller = await createUser();
    const other = await createUser({ firstName: 'Ander', lastName: 'Persoon' });
    const cookie = await signIn(caller.email);
    const updated = expectData<Profile>(
      await api.update(cookie, {
        ...profileOf(caller, { firstName: 'Gewijzigd' }),
        id: other.id,
        userId: other.id,
        role: 'Admin',
      }),
    );
    expect(updated).toMatchObject({ id: caller.id, firstName: 'Gewijzigd', role: 'Employee' });
    expect(await userRow(caller.id)).toMatchObject({ firstName: 'Gewijzigd', role: 'Employee' });
    expect(await userRow(other.id)).toEqual(other);
    expect(await auditOf(other.id)).toEqual([]);
    // The other user's own profile is untouched too.
    expect(expectData<Profile>(await api.profile(await signIn(other.email)))).toMatchObject({
      firstName: 'Ander',
      lastName: 'Persoon',
    });
  });

  it('answers 400 with the key of each invalid field and changes nothing', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const missing = await api.update(cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { key: 'email', message: 'validation.required' },
        { key: 'firstName', message: 'validation.required' },
        { key: 'lastName', message: 'validation.required' },
        { key: 'isTfaEnabled', message: 'validation.required' },
      ]),
    );
    expect(missing.json().errors.map((error: { key: string }) => error.key)).toContain('language');
    expect(missing.json().errors.map((error: { key: string }) => error.key)).not.toContain('insertion');
    expect(missing.json().errors.map((error: { key: string }) => error.key)).not.toContain('phoneNumber');

    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: '   ' }, 'firstName', 'validation.required'],
      [{ firstName: 'x'.repeat(65) }, 'firstName', 'validation.tooLong'],
      [{ lastName: '' }, 'lastName', 'validation.required'],
      [{ lastName: 'x'.repeat(65) }, 'lastName', 'validation.tooLong'],
      [{ insertion: 'x'.repeat(33) }, 'insertion', 'validation.tooLong'],
      [{ email: '' }, 'email', 'validation.required'],
      [{ email: 'not-an-email' }, 'email', 'validation.email'],
      [{ email: 'a@b' }, 'email', 'validation.email'],
      [{ email: `${'x'.repeat(250)}@example.com` }, 'email', 'validation.tooLong'],
      [{ phoneNumber: 'abc' }, 'phoneNumber', 'validation.phoneNumber'],
      [{ phoneNumber: '12345' }, 'phoneNumber', 'validation.phoneNumber'],
      [{ phoneNumber: '06 1234 567x' }, 'phoneNumber', 'validation.phoneNumber'],
      [{ phoneNumber: '1'.repeat(21) }, 'phoneNumber', 'validation.tooLong'],
      [{ language: 'de' }, 'language', 'validation.invalidValue'],
      [{ language: '' }, 'language', 'validation.invalidValue'],
      [{ isTfaEnabled: 'true' }, 'isTfaEnabled', 'validation.invalidType'],
      [{ firstName: 42 }, 'firstName', 'validation.invalidType'],
    ];
    for (const [override, key, message] of cases) {
      const response = await api.update(cookie, profileOf(user, { firstName: 'Nieuw', ...override }));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expectFailure(response, 400, key, message);
    }
    expect(await userRow(user.id)).toEqual(user);
    expect(await auditOf(user.id)).toEqual([]);
  });

  it('reports a missing language as required, like every other missing field', async () => {
    const user = await createUser();
    const body = profileOf(user) as Record<string, unknown>;
    delete body.language;
    const response = await api.update(await signIn(user.email), body);
    expect(response.json().errors).toEqual([{ key: 'language', message: 'validation.required' }]);
    expectFailure(
      await api.update(await signIn(user.email), { ...body, language: null }),
      400,
      'language',
      'validation.required',
    );
  });

  it('answers 401 without a session', async () => {
    expectFailure(
      await api.update('', profileOf({ email: ADMIN, firstName: 'X', lastName: 'Y' })),
      401,
      'general',
      'auth.signInRequired',
    );
    expect(await userRow(userIds[ADMIN]!)).toMatchObject({ firstName: 'Sanne' });
  });
});

describe('changing the email address', () => {
  it('mails a link to the new address and applies the address only when it is confirmed', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const newEmail = `nieuw-${randomUUID()}@example.com`;
    const updated = expectData<Profile>(
      await api.update(cookie, profileOf(user, { email: newEmail, firstName: 'Nieuwe' })),
    );
    // The other fields change at once; the address waits for the confirmation.
    expect(updated).toMatchObject({ email: user.email, pendingEmail: newEmail, firstName: 'Nieuwe' });
    expect(expectData<Profile>(await api.profile(cookie))).toMatchObject({
      email: user.email,
      pendingEmail: newEmail,
    });
    expect((await userRow(user.id)).email).toBe(user.email);

    const [change, ...more] = await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id));
    expect(more).toEqual([]);
    expect(change).toMatchObject({ userId: user.id, newEmail, usedAt: null });
    const hoursValid = (change!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(23.9);
    expect(hoursValid).toBeLessThanOrEqual(24);

    // One mail, to the new address only, in the user's language, with the link to the confirm page.
    expect(await mailsTo(user.email)).toEqual([]);
    const mails = await mailsTo(newEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'emailChange',
      language: 'nl',
      subject: 'Bevestig je nieuwe e-mailadres',
    });
    const token = tokenOf(mails[0]!);
    // Only the token's hash is stored.
    expect(change!.tokenHash).toBe(sha256(token));
    expect(change!.tokenHash).not.toContain(token);

    // Until then the old address signs in and the new one does not.
    expectFailure(await loginRequest(newEmail), 400, 'general', 'auth.invalidCredentials');

    expect(expectData(await api.confirmEmail({ token }))).toBeNull();
    expect((await userRow(user.id)).email).toBe(newEmail);
    expect(expectData<Profile>(await api.profile(cookie))).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    expect(
      (await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id)))[0]!.usedAt,
    ).not.toBeNull();
    expect((await loginRequest(newEmail)).statusCode).toBe(200);
    expectFailure(await loginRequest(user.email), 400, 'general', 'auth.invalidCredentials');

    const entries = await auditOf(user.id);
    expect(entries.at(-1)).toMatchObject({
      userId: user.id,
      action: 'update',
      changes: { email: { old: user.email, new: newEmail } },
    });

    // The link works once.
    expectFailure(await api.confirmEmail({ token }), 400, 'general', 'user.errors.invalidEmailToken');
  });

  it('mails in the language the update sets', async () => {
    const user = await createUser();
    const newEmail = `english-${randomUUID()}@example.com`;
    expectData(
      await api.update(await signIn(user.email), profileOf(user, { email: newEmail, language: 'en' })),
    );
    expect(await mailsTo(newEmail)).toEqual([
      expect.objectContaining({
        template: 'emailChange',
        language: 'en',
        subject: 'Confirm your new email address',
      }),
    ]);
  });

  it('answers 409 on email when the address belongs to another user, in any case, and changes nothing', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    for (const email of ['gym@example.com', 'GYM@Example.COM', ` ${ADMIN} `]) {
      const response = await api.update(cookie, profileOf(user, { email, firstName: 'Nooit' }));
      expectFailure(response, 409, 'email', 'user.errors.emailTaken');
      expect(response.json().errors).toHaveLength(1);
    }
    // The whole update was refused: names, audit, pending change and mail alike.
    expect(await userRow(user.id)).toEqual(user);
    expect(await auditOf(user.id)).toEqual([]);
    expect(await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
    expect((await mailsTo('gym@example.com')).filter((mail) => mail.template === 'emailChange')).toEqual([]);
  });

  it('answers 409 when the address was taken between the request and the confirmation', async () => {
    const first = await createUser();
    const second = await createUser();
    const contested = `gedeeld-${randomUUID()}@example.com`;
    expectData(await api.update(await signIn(first.email), profileOf(first, { email: contested })));
    expectData(await api.update(await signIn(second.email), profileOf(second, { email: contested })));
    const [firstMail, secondMail] = await mailsTo(contested);
    expect(expectData(await api.confirmEmail({ token: tokenOf(firstMail!) }))).toBeNull();
    expectFailure(
      await api.confirmEmail({ token: tokenOf(secondMail!) }),
      409,
      'general',
      'user.errors.emailTaken',
    );
    expect((await userRow(first.id)).email).toBe(contested);
    expect((await userRow(second.id)).email).toBe(second.email);
  });

  it('refuses an expired, unknown or malformed token', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const newEmail = `verlopen-${randomUUID()}@example.com`;
    expectData(await api.update(cookie, profileOf(user, { email: newEmail })));
    const token = tokenOf((await mailsTo(newEmail))[0]!);
    await t.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailChanges.userId, user.id));
    expect(expectData<Profile>(await api.profile(cookie)).pendingEmail).toBeNull();
    expectFailure(await api.confirmEmail({ token }), 400, 'general', 'user.errors.invalidEmailToken');
    expect((await userRow(user.id)).email).toBe(user.email);

    expectFailure(
      await api.confirmEmail({ token: 'x'.repeat(43) }),
      400,
      'general',
      'user.errors.invalidEmailToken',
    );
    expectFailure(await api.confirmEmail({ token: 'short' }), 400, 'token', 'validation.tooShort');
    expectFailure(await api.confirmEmail({ token: 'x'.repeat(129) }), 400, 'token', 'validation.tooLong');
    expectFailure(await api.confirmEmail({}), 400, 'token', 'validation.required');
    expectFailure(await api.confirmEmail({ token: 12 }), 400, 'token', 'validation.invalidType');
  });
});

describe('GET /api/user', () => {
  type List = { items: UserOverviewItem[]; total: number; tabCounts: Record<string, number> };
  const emails = (list: List) => list.items.map((item) => item.email);
  const allTabs = { all: 6, Admin: 1, Employee: 2, Employer: 1, Supplier: 1, ContentCreator: 1 };

  it('answers every user by last name, with counts per role', async () => {
    const list = expectData<List>(await api.list(await signIn(ADMIN)));
    expect(emails(list)).toEqual([
      'locatie@example.com', // el Amrani
      'gym@example.com', // Bakker
      'werkgever@example.com', // van den Berg
      'content@example.com', // Smit
      'leverancier@example.com', // Visser
      ADMIN, // de Vries
    ]);
    expect(list.total).toBe(6);
    expect(list.tabCounts).toEqual(allTabs);
    const admin = list.items.find((item) => item.email === ADMIN)!;
    expect(admin).toEqual({
      id: userIds[ADMIN],
      email: ADMIN,
      name: 'Sanne de Vries',
      role: 'Admin',
      isTfaEnabled: false,
      createdAt: seededUsers.find((row) => row.email === ADMIN)!.createdAt.toISOString(),
    });
    expect(list.items.find((item) => item.email === 'gym@example.com')!.name).toBe('Jeroen Bakker');
  });

  it('searches name and email, case-insensitively, with LIKE wildcards taken literally', async () => {
    const cookie = await signIn(ADMIN);
    const search = async (term: string) =>
      expectData<List>(await api.list(cookie, `?search=${encodeURIComponent(term)}`));
    expect(emails(await search('VRIES'))).toEqual([ADMIN]);
    expect(emails(await search('van den berg'))).toEqual(['werkgever@example.com']);
    expect(emails(await search('Fatima el'))).toEqual(['locatie@example.com']);
    expect(emails(await search('leverancier@'))).toEqual(['leverancier@example.com']);
    expect(emails(await search('  smit '))).toEqual(['content@example.com']);
    const all = await search('example.com');
    expect(all.total).toBe(6);
    for (const wildcard of ['%', '_', '\\']) expect((await search(wildcard)).total).toBe(0);
    // The tabs count what the search found.
    const bakker = await search('bakker');
    expect(bakker).toMatchObject({ total: 1, tabCounts: { all: 1, Employee: 1 } });
    expect(bakker.tabCounts.Admin ?? 0).toBe(0);
  });

  it('filters on role; the tabs keep counting every role', async () => {
    const cookie = await signIn(ADMIN);
    const employees = expectData<List>(await api.list(cookie, '?role=Employee'));
    expect(emails(employees)).toEqual(['locatie@example.com', 'gym@example.com']);
    expect(employees.total).toBe(2);
    expect(employees.tabCounts).toEqual(allTabs);
    expect(emails(expectData<List>(await api.list(cookie, '?role=Admin')))).toEqual([ADMIN]);
    expect(
      expectData<List>(await api.list(cookie, '?role=Employee&search=bakker')).items.map((item) => item.name),
    ).toEqual(['Jeroen Bakker']);
    expect(expectData<List>(await api.list(cookie, '?role=Supplier&search=bakker'))).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('sorts on name, email, role and creation, both directions', async () => {
    const cookie = await signIn(ADMIN);
    const sorted = async (query: string) => emails(expectData<List>(await api.list(cookie, query)));
    expect(await sorted('?sort=name&direction=desc')).toEqual([
      ADMIN,
      'leverancier@example.com',
      'content@example.com',
      'werkgever@example.com',
      'gym@example.com',
      'locatie@example.com',
    ]);
    const byEmail = [
      ADMIN,
      'content@example.com',
      'gym@example.com',
      'leverancier@example.com',
      'locatie@example.com',
      'werkgever@example.com',
    ];
    expect(await sorted('?sort=email')).toEqual(byEmail);
    expect(await sorted('?sort=email&direction=desc')).toEqual([...byEmail].reverse());
    // Role alphabetically, ties by id (the seeding order).
    expect(await sorted('?sort=role')).toEqual([
      ADMIN,
      'content@example.com',
      'gym@example.com',
      'locatie@example.com',
      'werkgever@example.com',
      'leverancier@example.com',
    ]);
    const newer = await createUser({ lastName: 'Aaaa', createdAt: new Date(Date.now() + 60_000) });
    expect((await sorted('?sort=createdAt&direction=desc'))[0]).toBe(newer.email);
    expect((await sorted('?sort=createdAt'))[6]).toBe(newer.email);
    expect((await sorted('?sort=name'))[0]).toBe(newer.email);
  });

  it('pages in SQL with the total of all matches', async () => {
    const cookie = await signIn(ADMIN);
    const page = async (query: string) => expectData<List>(await api.list(cookie, query));
    expect(await page('?pageSize=2&page=2')).toMatchObject({ total: 6, tabCounts: allTabs });
    expect(emails(await page('?pageSize=2&page=2'))).toEqual([
      'werkgever@example.com',
      'content@example.com',
    ]);
    expect(emails(await page('?pageSize=4&page=2'))).toEqual(['leverancier@example.com', ADMIN]);
    expect(await page('?pageSize=4&page=3')).toMatchObject({ items: [], total: 6 });
    expect((await page('')).items).toHaveLength(6);
    for (let index = 0; index < 30; index++)
      await createUser({ lastName: `Zz${String(index).padStart(2, '0')}` });
    const first = await page('');
    expect(first.items).toHaveLength(25);
    expect(first.total).toBe(36);
    expect(first.tabCounts).toMatchObject({ all: 36, Employee: 32 });
    expect((await page('?page=2')).items).toHaveLength(11);
    expect((await page('?pageSize=100')).items).toHaveLength(36);
  });

  it('leaves deleted accounts out of the list and the counts', async () => {
    const cookie = await signIn(ADMIN);
    const gone = await createUser({ lastName: 'Weg', deletedAt: new Date() });
    const list = expectData<List>(await api.list(cookie, '?pageSize=100'));
    expect(list.items.map((item) => item.id)).not.toContain(gone.id);
    expect(list.total).toBe(6);
    expect(list.tabCounts).toEqual(allTabs);
  });

  it('answers 400 with the key of each invalid query parameter', async () => {
    const cookie = await signIn(ADMIN);
    const cases: [string, string, string][] = [
      ['?role=Bogus', 'role', 'validation.invalidValue'],
      ['?sort=passwordHash', 'sort', 'validation.invalidValue'],
      ['?direction=up', 'direction', 'validation.invalidValue'],
      ['?page=0', 'page', 'validation.tooSmall'],
      ['?page=abc', 'page', 'validation.invalidType'],
      ['?pageSize=0', 'pageSize', 'validation.tooSmall'],
      ['?pageSize=101', 'pageSize', 'validation.tooBig'],
      [`?search=${'x'.repeat(201)}`, 'search', 'validation.tooLong'],
    ];
    for (const [query, key, message] of cases)
      expectFailure(await api.list(cookie, query), 400, key, message);
  });

  it('answers 401 without a session', async () => {
    expectFailure(await api.list(''), 401, 'general', 'auth.signInRequired');
  });

  it.each(NON_ADMINS)('%s gets 403', async (email) => {
    const cookie = await signIn(email);
    expectFailure(await api.list(cookie), 403, 'general', 'auth.forbidden');
    expectFailure(await api.list(cookie, '?role=Bogus'), 403, 'general', 'auth.forbidden');
  });
});

describe('DELETE /api/account/deleteAccount', () => {
  /** A user with a right or link of every kind, a phone number and an insertion. */
  async function userWithEverything() {
    const user = await createUser({
      firstName: 'Karin',
      insertion: 'de',
      lastName: 'Groot',
      phoneNumber: '0612345678',
      language: 'en',
    });
    await t.db
      .insert(gymRightGrants)
      .values({ userId: user.id, gymId: org.gym, right: 'ManageSubscriptions' });
    await t.db
      .insert(locationRightGrants)
      .values({ userId: user.id, locationId: org.location, right: 'ManageLocationAreas' });
    await t.db.insert(employerUsers).values({ userId: user.id, employerId: org.employer });
    await t.db.insert(supplierUsers).values({ userId: user.id, supplierId: org.supplier });
    return user;
  }

  const countRows = async (id: number) => ({
    gym: (await t.db.select().from(gymRightGrants).where(eq(gymRightGrants.userId, id))).length,
    location: (await t.db.select().from(locationRightGrants).where(eq(locationRightGrants.userId, id)))
      .length,
    employer: (await t.db.select().from(employerUsers).where(eq(employerUsers.userId, id))).length,
    supplier: (await t.db.select().from(supplierUsers).where(eq(supplierUsers.userId, id))).length,
  });

  it('closes the account: no sign-in, anonymised, rights gone, sessions revoked, cookies cleared', async () => {
    const user = await userWithEverything();
    const cookie = await signIn(user.email);
    const otherSession = await signIn(user.email);
    expect(await countRows(user.id)).toEqual({ gym: 1, location: 1, employer: 1, supplier: 1 });

    const response = await api.deleteAccount(cookie, { password: DEMO_PASSWORD });
    expect(expectData(response)).toBeNull();
    const cleared = response.cookies.filter((item) => item.value === '');
    expect(cleared.map((item) => [item.name, item.path]).sort()).toEqual([
      ['xp_access', '/'],
      ['xp_refresh', '/api/account'],
    ]);
    for (const item of cleared) expect(item.expires!.getTime()).toBeLessThan(Date.now());

    // The row stays (invoices, the XP ledger and the audit log refer to it), anonymised.
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      id: user.id,
      email: `deleted-${user.id}@deleted.invalid`,
      firstName: 'Verwijderd',
      insertion: null,
      lastName: 'account',
      phoneNumber: null,
      passwordHash: null,
      isTfaEnabled: false,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await countRows(user.id)).toEqual({ gym: 0, location: 0, employer: 0, supplier: 0 });
    expect(
      (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).map(
        (session) => session.revokedAt !== null,
      ),
    ).toEqual([true, true]);

    // Neither session refreshes; the old access token no longer opens the profile.
    for (const old of [cookie, otherSession]) {
      expectFailure(await api.refresh(old), 401, 'general', 'auth.refreshFailed');
      expectFailure(await api.profile(old), 401, 'general', 'auth.signInRequired');
    }
    expectFailure(
      await api.deleteAccount(otherSession, { password: DEMO_PASSWORD }),
      401,
      'general',
      'auth.signInRequired',
    );
    // No sign-in with the old address, nor the anonymised one.
    expectFailure(await loginRequest(user.email), 400, 'general', 'auth.invalidCredentials');
    expectFailure(await loginRequest(row.email), 400, 'general', 'auth.invalidCredentials');

    const entries = await auditOf(user.id);
    expect(entries.at(-1)).toMatchObject({
      userId: user.id,
      entity: 'User',
      entityId: String(user.id),
      action: 'update',
      changes: { deleted: { old: false, new: true } },
    });
    // The audit entry carries no personal data of the closed account.
    expect(JSON.stringify(entries.at(-1)!.changes)).not.toContain(user.email);

    // Gone from the overview; an admin can no longer mail it.
    const admin = await signIn(ADMIN);
    const list = expectData<{ items: UserOverviewItem[] }>(await api.list(admin, '?pageSize=100'));
    expect(list.items.map((item) => item.id)).not.toContain(user.id);
    expectFailure(
      await api.requestDeletion(admin, { userId: user.id }),
      404,
      'general',
      'user.errors.notFound',
    );
  });

  it('frees the old address for another account', async () => {
    const user = await createUser();
    expectData(await api.deleteAccount(await signIn(user.email), { password: DEMO_PASSWORD }));
    const other = await createUser();
    const newEmail = user.email.toUpperCase();
    expect(
      expectData<Profile>(await api.update(await signIn(other.email), profileOf(other, { email: newEmail })))
        .pendingEmail,
    ).toBe(newEmail);
  });

  it('keeps no personal data in a pending email change and the link stops working', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    const newEmail = `prive-${randomUUID()}@example.com`;
    expectData(await api.update(cookie, profileOf(user, { email: newEmail })));
    const token = tokenOf((await mailsTo(newEmail))[0]!);
    expectData(await api.deleteAccount(cookie, { password: DEMO_PASSWORD }));

    expectFailure(await api.confirmEmail({ token }), 400, 'general', 'user.errors.invalidEmailToken');
    expect((await userRow(user.id)).email).toBe(`deleted-${user.id}@deleted.invalid`);
    // "anonymises personal data": the address the user was moving to is personal data as well.
    const pending = await t.db
      .select({ newEmail: emailChanges.newEmail })
      .from(emailChanges)
      .where(eq(emailChanges.userId, user.id));
    expect(pending.map((row) => row.newEmail)).not.toContain(newEmail);
  });

  it('answers 400 on password for a wrong password and keeps the account', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    for (const password of ['wrong-password', DEMO_PASSWORD.toUpperCase(), ` ${DEMO_PASSWORD}`]) {
      const response = await api.deleteAccount(cookie, { password });
      expectFailure(response, 400, 'password', 'user.errors.wrongPassword');
      expect(response.cookies).toEqual([]);
    }
    expect(await userRow(user.id)).toEqual(user);
    expect(await auditOf(user.id)).toEqual([]);
    expect(expectData<Profile>(await api.profile(cookie)).email).toBe(user.email);
    expect((await api.refresh(cookie)).statusCode).toBe(200);
  });

  it('answers 400 with the key of an invalid body', async () => {
    const user = await createUser();
    const cookie = await signIn(user.email);
    expectFailure(await api.deleteAccount(cookie, {}), 400, 'password', 'validation.required');
    expectFailure(await api.deleteAccount(cookie, { password: '' }), 400, 'password', 'validation.required');
    expectFailure(
      await api.deleteAccount(cookie, { password: 'x'.repeat(201) }),
      400,
      'password',
      'validation.tooLong',
    );
    expectFailure(
      await api.deleteAccount(cookie, { password: 1 }),
      400,
      'password',
      'validation.invalidType',
    );
    expect(await userRow(user.id)).toEqual(user);
  });

  it('answers 409 for the last admin, who keeps the account', async () => {
    const cookie = await signIn(ADMIN);
    const response = await api.deleteAccount(cookie, { password: DEMO_PASSWORD });
    expectFailure(response, 409, 'general', 'user.errors.lastAdmin');
    expect(response.cookies).toEqual([]);
    expect(await userRow(userIds[ADMIN]!)).toMatchObject({ email: ADMIN, role: 'Admin', deletedAt: null });
    expect(expectData<Profile>(await api.profile(cookie)).role).toBe('Admin');
    expect((await loginRequest(ADMIN)).statusCode).toBe(200);
  });

  it('lets one of two admins go; then the other is the last', async () => {
    const second = await createUser({ role: 'Admin' });
    expectData(await api.deleteAccount(await signIn(second.email), { password: DEMO_PASSWORD }));
    expect(await userRow(second.id)).toMatchObject({ role: 'Admin', passwordHash: null });
    expect((await userRow(second.id)).deletedAt).not.toBeNull();
    expectFailure(
      await api.deleteAccount(await signIn(ADMIN), { password: DEMO_PASSWORD }),
      409,
      'general',
      'user.errors.lastAdmin',
    );
  });

  it('lets exactly one of two admins go when both close their account at the same time', async () => {
    await makeAdmin('content@example.com');
    const [admin, content] = [await signIn(ADMIN), await signIn('content@example.com')];
    const answers = await Promise.all([
      api.deleteAccount(admin, { password: DEMO_PASSWORD }),
      api.deleteAccount(content, { password: DEMO_PASSWORD }),
    ]);
    // The loser either finds itself the last admin (409) or, when the other revocation committed before its
    // request began, has no session any more (401).
    const [winner, loser] = answers.map((answer) => answer.statusCode).sort();
    expect(winner).toBe(200);
    expect([401, 409]).toContain(loser);
    const admins = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'Admin'), sql`${users.deletedAt} is null`));
    expect(admins).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    expectFailure(
      await api.deleteAccount('', { password: DEMO_PASSWORD }),
      401,
      'general',
      'auth.signInRequired',
    );
  });

  it('refuses a cross-site request', async () => {
    const user = await createUser();
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/deleteAccount',
      headers: { cookie: await signIn(user.email), origin: 'https://evil.example' },
      payload: { password: DEMO_PASSWORD },
    });
    expectFailure(response, 403, 'general', 'auth.crossOrigin');
    expect(await userRow(user.id)).toEqual(user);
  });
});

describe('POST /api/account/requestAccountDeletion', () => {
  it('mails the user the link to the delete-account page, in their language, and audits it', async () => {
    const user = await createUser({ language: 'en' });
    expect(expectData(await api.requestDeletion(await signIn(ADMIN), { userId: user.id }))).toBeNull();
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'accountDeletionRequest',
      language: 'en',
      subject: 'Request to delete your account',
    });
    expect(mails[0]!.text).toContain(`${publicUrl}/account/delete-account`);
    expect(mails[0]!.html).toContain(`${publicUrl}/account/delete-account`);
    // Only a request: the account is untouched.
    expect(await userRow(user.id)).toEqual(user);
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({
        userId: userIds[ADMIN],
        action: 'create',
        changes: { deletionRequested: { old: null, new: true } },
      }),
    ]);

    expectData(await api.requestDeletion(await signIn(ADMIN), { userId: userIds['gym@example.com'] }));
    expect(await mailsTo('gym@example.com')).toEqual([
      expect.objectContaining({ template: 'accountDeletionRequest', language: 'nl' }),
    ]);
  });

  it('answers 404 for an unknown or deleted user and mails nobody', async () => {
    const cookie = await signIn(ADMIN);
    const before = (await t.db.select().from(mailOutbox)).length;
    expectFailure(
      await api.requestDeletion(cookie, { userId: 999_999 }),
      404,
      'general',
      'user.errors.notFound',
    );
    const gone = await createUser({ deletedAt: new Date() });
    expectFailure(
      await api.requestDeletion(cookie, { userId: gone.id }),
      404,
      'general',
      'user.errors.notFound',
    );
    expect((await t.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('answers 400 with the key of an invalid body', async () => {
    const cookie = await signIn(ADMIN);
    expectFailure(await api.requestDeletion(cookie, {}), 400, 'userId', 'validation.required');
    expectFailure(await api.requestDeletion(cookie, { userId: 0 }), 400, 'userId', 'validation.tooSmall');
    expectFailure(
      await api.requestDeletion(cookie, { userId: 1.5 }),
      400,
      'userId',
      'validation.invalidType',
    );
    expectFailure(
      await api.requestDeletion(cookie, { userId: 'abc' }),
      400,
      'userId',
      'validation.invalidType',
    );
  });

  it('answers 401 without a session', async () => {
    expectFailure(
      await api.requestDeletion('', { userId: userIds['gym@example.com'] }),
      401,
      'general',
      'auth.signInRequired',
    );
  });

  it.each(NON_ADMINS)('%s gets 403 and nobody is mailed', async (email) => {
    const target = await createUser();
    const cookie = await signIn(email);
    expectFailure(await api.requestDeletion(cookie, { userId: target.id }), 403, 'general', 'auth.forbidden');
    expectFailure(
      await api.requestDeletion(cookie, { userId: userIds[email] }),
      403,
      'general',
      'auth.forbidden',
    );
    expect(await mailsTo(target.email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe('PUT /api/Admin/Admins/{id}/revoke', () => {
  it('makes a second admin an employee, audited as a role change', async () => {
    await makeAdmin('content@example.com');
    const contentId = userIds['content@example.com']!;
    const contentCookie = await signIn('content@example.com');
    const admin = await signIn(ADMIN);
    expect(expectData(await api.revoke(admin, contentId))).toBeNull();
    expect((await userRow(contentId)).role).toBe('Employee');
    expect(await auditOf(contentId)).toEqual([
      expect.objectContaining({
        userId: userIds[ADMIN],
        action: 'update',
        changes: { role: { old: 'Admin', new: 'Employee' } },
      }),
    ]);
    const list = expectData<{ tabCounts: Record<string, number> }>(await api.list(admin));
    expect(list.tabCounts).toMatchObject({ Admin: 1, Employee: 3 });

    // The former admin's sessions end with the revocation; signing in again gives the new role, and the
    // admin screens are closed to it.
    expectFailure(await api.refresh(contentCookie), 401, 'general', 'auth.refreshFailed');
    const after = await signIn('content@example.com');
    const refreshed = await api.refresh(after);
    const claims = expectData<{ claims: Claims }>(refreshed).claims;
    expect(claims).toMatchObject({ userId: contentId, role: 'Employee', rights: [] });
    expectFailure(await api.list(after), 403, 'general', 'auth.forbidden');
    expectFailure(await api.revoke(after, userIds[ADMIN]!), 403, 'general', 'auth.forbidden');
  });

  it('answers 409 for the last admin, also when admins revoke each other', async () => {
    const admin = await signIn(ADMIN);
    expectFailure(await api.revoke(admin, userIds[ADMIN]!), 409, 'general', 'user.errors.lastAdmin');
    expect((await userRow(userIds[ADMIN]!)).role).toBe('Admin');
    expect(await auditOf(userIds[ADMIN]!)).toEqual([]);

    await makeAdmin('content@example.com');
    const content = await signIn('content@example.com');
    expect(expectData(await api.revoke(content, userIds[ADMIN]!))).toBeNull();
    expect((await userRow(userIds[ADMIN]!)).role).toBe('Employee');
    // admin@'s session ended with the demotion: its copied cookie cannot revoke the last admin.
    expectFailure(
      await api.revoke(admin, userIds['content@example.com']!),
      401,
      'general',
      'auth.signInRequired',
    );
    expectFailure(
      await api.revoke(content, userIds['content@example.com']!),
      409,
      'general',
      'user.errors.lastAdmin',
    );
    expect((await userRow(userIds['content@example.com']!)).role).toBe('Admin');
  });

  it('leaves exactly one admin when two admins revoke each other at the same time', async () => {
    await makeAdmin('content@example.com');
    const [admin, content] = [await signIn(ADMIN), await signIn('content@example.com')];
    const answers = await Promise.all([
      api.revoke(admin, userIds['content@example.com']!),
      api.revoke(content, userIds[ADMIN]!),
    ]);
    // The loser either finds itself the last admin (409) or, when the other revocation committed before its
    // request began, has no session any more (401).
    const [winner, loser] = answers.map((answer) => answer.statusCode).sort();
    expect(winner).toBe(200);
    expect([401, 409]).toContain(loser);
    const roles = await t.db
      .select({ role: users.role })
      .from(users)
      .where(inArray(users.id, [userIds[ADMIN]!, userIds['content@example.com']!]));
    expect(roles.map((row) => row.role).sort()).toEqual(['Admin', 'Employee']);
  });

  it('answers 404 for an unknown, deleted or non-admin target', async () => {
    const admin = await signIn(ADMIN);
    const gone = await createUser({ role: 'Admin', deletedAt: new Date() });
    for (const id of [999_999, gone.id, ...NON_ADMINS.map((email) => userIds[email]!)]) {
      expectFailure(await api.revoke(admin, id), 404, 'general', 'user.errors.notFound');
    }
    for (const email of NON_ADMINS) {
      expect((await userRow(userIds[email]!)).role).toBe(
        seededUsers.find((row) => row.email === email)!.role,
      );
    }
  });

  it('answers 400 for an invalid id', async () => {
    const admin = await signIn(ADMIN);
    expectFailure(await api.revoke(admin, 'abc'), 400, 'id', 'validation.invalidType');
    expectFailure(await api.revoke(admin, 0), 400, 'id', 'validation.tooSmall');
    expectFailure(await api.revoke(admin, -3), 400, 'id', 'validation.tooSmall');
  });

  it('answers 401 without a session', async () => {
    await makeAdmin('content@example.com');
    expectFailure(
      await api.revoke('', userIds['content@example.com']!),
      401,
      'general',
      'auth.signInRequired',
    );
    expect((await userRow(userIds['content@example.com']!)).role).toBe('Admin');
  });

  it.each(NON_ADMINS.filter((email) => email !== 'content@example.com'))(
    '%s gets 403 and nothing changes',
    async (email) => {
      await makeAdmin('content@example.com');
      const cookie = await signIn(email);
      for (const id of [userIds['content@example.com']!, userIds[ADMIN]!]) {
        expectFailure(await api.revoke(cookie, id), 403, 'general', 'auth.forbidden');
      }
      expect((await userRow(userIds['content@example.com']!)).role).toBe('Admin');
      expect((await userRow(userIds[ADMIN]!)).role).toBe('Admin');
    },
  );
});

describe('access', () => {
  it('answers 401 on every endpoint except the public email confirmation without a session', async () => {
    const target = userIds['gym@example.com']!;
    const calls: Record<string, () => Promise<LightMyRequestResponse>> = {
      currentProfile: () => api.profile(''),
      updateProfile: () =>
        api.update('', profileOf({ email: 'x@example.com', firstName: 'A', lastName: 'B' })),
      list: () => api.list(''),
      deleteAccount: () => api.deleteAccount('', { password: DEMO_PASSWORD }),
      requestAccountDeletion: () => api.requestDeletion('', { userId: target }),
      revokeAdmin: () => api.revoke('', userIds[ADMIN]!),
    };
    expect(Object.keys(calls).sort()).toEqual(
      Object.keys(userEndpoints)
        .filter((name) => name !== 'confirmEmail')
        .sort(),
    );
    for (const [name, call] of Object.entries(calls)) {
      const response = await call();
      expect(response.statusCode, name).toBe(401);
      expectFailure(response, 401, 'general', 'auth.signInRequired');
    }
    // An invalid body does not reveal its shape to whoever may not call the endpoint.
    expectFailure(await api.update('', {}), 401, 'general', 'auth.signInRequired');
    expectFailure(await api.requestDeletion('', {}), 401, 'general', 'auth.signInRequired');
    // The confirmation is public: without a session it still checks the token.
    expectFailure(
      await api.confirmEmail({ token: 'y'.repeat(43) }),
      400,
      'general',
      'user.errors.invalidEmailToken',
    );
    expect(await mailsTo('gym@example.com')).toEqual([]);
  });
});
