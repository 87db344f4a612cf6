import { type Profile, userEndpoints } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailChanges } from './user.tables.ts';
import {
  ADMIN,
  api,
  auditOf,
  createUser,
  expectData,
  expectFailure,
  mailsTo,
  profileOf,
  request,
  signIn,
  t,
  userIds,
  userRow,
  useTestApp,
} from './user-test-setup.ts';

useTestApp();

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
