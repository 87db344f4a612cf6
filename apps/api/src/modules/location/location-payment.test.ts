import { randomUUID } from 'node:crypto';
import type { GymRight } from '@xp/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, parseSecretsKey } from '../../platform/crypto/secrets.ts';
import { appSettings } from '../../platform/db/settings.tables.ts';
import { mailOutbox } from '../../platform/mail/mail.tables.ts';
import { expectFailure, expectForbidden, signInFrom } from '../../test/expect.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { gymRightsGroupMembers, gymRightsGroups } from '../employee/employee.tables.ts';
import { locationPaymentProviders } from './location.tables.ts';
import {
  api,
  auditRows,
  createdUsers,
  employeeWith,
  expectData,
  id,
  signIn,
  t,
  useTestApp,
} from './location-test-setup.ts';

useTestApp();

describe('payment provider', () => {
  const testKey = `test_${'a1B2c3D4e5'.repeat(3)}wxyz`;
  const liveKey = `live_${'Z9y8X7w6V5'.repeat(3)}9876`;

  it('adds a Mollie key, stored encrypted, and never answers it in full', async () => {
    const cookie = await signIn('gym@example.com');
    expect(expectData(await api.provider(cookie, id.amersfoort))).toBeNull();
    const added = await api.addProvider(cookie, id.amersfoort, { kind: 0, apiKey: ` ${testKey} ` });
    expect(added.body).not.toContain(testKey);
    const provider = expectData<{ id: number; kind: number; apiKeyMasked: string }>(added);
    expect(provider).toEqual({ id: expect.any(Number), kind: 0, apiKeyMasked: 'test_••••••••wxyz' });
    const read = await api.provider(cookie, id.amersfoort);
    expect(read.body).not.toContain(testKey);
    expect(expectData(read)).toEqual(provider);

    const [row] = await t.db
      .select()
      .from(locationPaymentProviders)
      .where(eq(locationPaymentProviders.id, provider.id));
    expect(row!.apiKeyEncrypted).toMatch(/^v1\./);
    expect(row!.apiKeyEncrypted).not.toContain(testKey.slice(5, 20));
    expect(row!.apiKeyLastChars).toBe('test_wxyz');

    // Nothing of the key in the audit log either.
    const [entry] = await auditRows('LocationPaymentProvider', provider.id);
    expect(entry).toMatchObject({ action: 'create', changes: { apiKeyChanged: { old: null, new: true } } });
    expect(JSON.stringify(entry)).not.toContain('a1B2c3D4e5');
  });

  it('decrypts with the generated key of the database and only in its own row', async () => {
    const cookie = await signIn('gym@example.com');
    const provider = expectData<{ id: number }>(
      await api.addProvider(cookie, id.utrecht, { kind: 0, apiKey: liveKey }),
    );
    const [stored] = await t.db
      .select()
      .from(locationPaymentProviders)
      .where(eq(locationPaymentProviders.id, provider.id));
    const [setting] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'secrets_key'));
    const secret = stored!.apiKeyEncrypted;
    const key = setting!.value;
    const box = createSecretBox(parseSecretsKey(key));
    expect(box.decrypt(secret, `location-payment-provider:${id.utrecht}`)).toBe(liveKey);
    expect(() => box.decrypt(secret, `location-payment-provider:${id.amersfoort}`)).toThrow();
  });

  it('allows one provider per location (409), replaced with PUT /LocationPaymentProvider/{id}', async () => {
    const cookie = await signIn('gym@example.com');
    const provider = expectData<{ id: number }>(
      await api.addProvider(cookie, id.utrecht, { kind: 0, apiKey: testKey }),
    );
    expectFailure(
      await api.addProvider(cookie, id.utrecht, { kind: 0, apiKey: liveKey }),
      409,
      'general',
      'location.errors.paymentProviderExists',
    );
    const replaced = await api.updateProvider(cookie, provider.id, { kind: 0, apiKey: liveKey });
    expect(replaced.body).not.toContain(liveKey);
    expect(expectData(replaced)).toEqual({ id: provider.id, kind: 0, apiKeyMasked: 'live_••••••••9876' });
    expect(expectData(await api.provider(cookie, id.utrecht))).toEqual({
      id: provider.id,
      kind: 0,
      apiKeyMasked: 'live_••••••••9876',
    });
    const entries = await auditRows('LocationPaymentProvider', provider.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]!.changes).toEqual({ apiKeyChanged: { old: false, new: true } });
  });

  it('refuses a key that is not a Mollie key, and kinds other than Mollie', async () => {
    const cookie = await signIn('gym@example.com');
    for (const apiKey of [
      'test_short',
      `prod_${'a'.repeat(30)}`,
      `test_${'a'.repeat(29)}`,
      `live_${'a'.repeat(29)}!`,
    ]) {
      expectFailure(
        await api.addProvider(cookie, id.amersfoort, { kind: 0, apiKey }),
        400,
        'apiKey',
        'location.errors.apiKeyFormat',
      );
    }
    expectFailure(
      await api.addProvider(cookie, id.amersfoort, { kind: 0, apiKey: '' }),
      400,
      'apiKey',
      'validation.required',
    );
    expectFailure(
      await api.addProvider(cookie, id.amersfoort, { kind: 1, apiKey: testKey }),
      400,
      'kind',
      'validation.invalidValue',
    );
    expect(expectData(await api.provider(cookie, id.amersfoort))).toBeNull();
  });

  it('needs the right to change the location, and hides other gyms', async () => {
    const owner = await signIn('admin@example.com');
    const zwolle = expectData<{ id: number }>(
      await api.addProvider(owner, id.zwolle, { kind: 0, apiKey: testKey }),
    );
    const gym = await signIn('gym@example.com');
    expectFailure(await api.provider(gym, id.zwolle), 404, 'general', 'location.errors.notFound');
    expectFailure(
      await api.addProvider(gym, id.zwolle, { kind: 0, apiKey: liveKey }),
      404,
      'general',
      'location.errors.notFound',
    );
    expectFailure(
      await api.updateProvider(gym, zwolle.id, { kind: 0, apiKey: liveKey }),
      404,
      'general',
      'location.errors.paymentProviderNotFound',
    );
    expectFailure(
      await api.updateProvider(gym, 999_999, { kind: 0, apiKey: liveKey }),
      404,
      'general',
      'location.errors.paymentProviderNotFound',
    );
    const lessons = await employeeWith({ utrecht: ['ManageLessons'] });
    expectForbidden(await api.provider(lessons, id.utrecht));
    expectForbidden(await api.addProvider(lessons, id.utrecht, { kind: 0, apiKey: testKey }));
    expectForbidden(await api.provider(await signIn('leverancier@example.com'), id.utrecht));
    expect(expectData(await api.provider(owner, id.zwolle))).toMatchObject({
      apiKeyMasked: 'test_••••••••wxyz',
    });
  });
});

describe('who sets a payment key, and who hears of it', () => {
  const testKey = `test_${'a1B2c3D4e5'.repeat(3)}wxyz`;
  const liveKey = `live_${'Z9y8X7w6V5'.repeat(3)}9876`;
  const keyMails = () =>
    t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'paymentKeyChanged'))
      .orderBy(asc(mailOutbox.id));
  afterEach(async () => {
    await t.db.delete(mailOutbox).where(eq(mailOutbox.template, 'paymentKeyChanged'));
  });

  /** A new employee of Vitaal (linked to the gym) with these gym rights, in this language. */
  async function gymEmployee(rights: string[], language: 'nl' | 'en' = 'nl') {
    const user = await createUser(t, {
      firstName: 'Olga',
      lastName: 'Owner',
      language,
      gym: { gymId: id.vitaal, rights: rights as GymRight[] },
    });
    createdUsers.push(user.id);
    return { email: user.email, userId: user.id };
  }

  it('needs the gym right: AlterLocationInformation alone sees the key masked but neither sets nor replaces it', async () => {
    const locationOnly = await employeeWith({ utrecht: ['AlterLocationInformation'] });
    expect(expectData(await api.provider(locationOnly, id.utrecht))).toBeNull();
    expectForbidden(await api.addProvider(locationOnly, id.utrecht, { kind: 0, apiKey: liveKey }));
    expect(await t.db.select().from(locationPaymentProviders)).toEqual([]);

    const admin = await signIn('admin@example.com');
    const provider = expectData<{ id: number }>(
      await api.addProvider(admin, id.utrecht, { kind: 0, apiKey: liveKey }),
    );
    expect(expectData(await api.provider(locationOnly, id.utrecht))).toMatchObject({
      apiKeyMasked: 'live_••••••••9876',
    });
    const mailsBefore = (await keyMails()).length;
    expectForbidden(await api.updateProvider(locationOnly, provider.id, { kind: 0, apiKey: testKey }));
    // Nothing changed: the admin's key stays, one audit row (the admin's), no mail.
    expect(expectData(await api.provider(admin, id.utrecht))).toMatchObject({
      apiKeyMasked: 'live_••••••••9876',
    });
    expect((await auditRows('LocationPaymentProvider', provider.id)).map((entry) => entry.action)).toEqual([
      'create',
    ]);
    expect((await keyMails()).length).toBe(mailsBefore);

    // The gym right, directly or at the gym level, does set it (so does the admin above).
    const gymRight = await employeeWith({ gym: ['AlterGymInformation'] });
    expect(
      expectData(await api.updateProvider(gymRight, provider.id, { kind: 0, apiKey: testKey })),
    ).toMatchObject({
      apiKeyMasked: 'test_••••••••wxyz',
    });
  });

  it("audits every change without the key, and mails each of the gym's owners in their language", async () => {
    // Owners: the gym's employees holding AlterGymInformation, directly or through a rights group.
    const direct = await gymEmployee(['AlterGymInformation'], 'en');
    const byGroup = await gymEmployee([]);
    const [group] = await t.db
      .insert(gymRightsGroups)
      .values({ gymId: id.vitaal, name: `Eigenaren ${randomUUID()}`, rights: ['AlterGymInformation'] })
      .returning();
    await t.db.insert(gymRightsGroupMembers).values({ groupId: group!.id, userId: byGroup.userId });
    const notOwner = await gymEmployee(['ManageMembers']);
    await t.db.delete(mailOutbox).where(eq(mailOutbox.template, 'paymentKeyChanged'));

    const admin = await signIn('admin@example.com');
    const provider = expectData<{ id: number }>(
      await api.addProvider(admin, id.utrecht, { kind: 0, apiKey: testKey }),
    );
    const owner = await signIn('gym@example.com');
    expectData(await api.updateProvider(owner, provider.id, { kind: 0, apiKey: liveKey }));

    const entries = await auditRows('LocationPaymentProvider', provider.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    for (const fragment of ['a1B2c3D4e5', 'Z9y8X7w6V5', 'wxyz', '9876'])
      expect(JSON.stringify(entries)).not.toContain(fragment);

    const mails = await keyMails();
    const to = (address: string) => mails.filter((mail) => mail.to === address);
    expect(to(notOwner.email)).toEqual([]);
    expect(to('admin@example.com')).toEqual([]);
    // gym@example.com holds every gym right of Vitaal: an owner too.
    for (const address of [direct.email, byGroup.email, 'gym@example.com'])
      expect(to(address)).toHaveLength(2);
    const [added, replaced] = to(byGroup.email);
    expect(added!.subject).toBe('Betaalsleutel van Vitaal Utrecht Centrum ingesteld');
    expect(added!.text).toContain('testsleutel die eindigt op wxyz');
    expect(replaced!.subject).toBe('Betaalsleutel van Vitaal Utrecht Centrum vervangen');
    expect(replaced!.text).toContain('livesleutel die eindigt op 9876');
    expect(replaced!.text).toContain('Vitaal Sportcentra');
    expect(to(direct.email)[1]!.subject).toBe('Payment key of Vitaal Utrecht Centrum replaced');
    expect(to(direct.email)[1]!.text).toContain('live key ending in 9876');
    for (const mail of mails) {
      expect(mail.text).not.toContain(testKey.slice(5, 30));
      expect(mail.text).not.toContain(liveKey.slice(5, 30));
      expect(mail.html).not.toContain(liveKey.slice(5, 30));
    }
    await t.db.delete(gymRightsGroups).where(eq(gymRightsGroups.id, group!.id));
  });

  it('refuses a test key in production (400, nothing changed); a test key stored before collects nothing there', async () => {
    const production = await createTestApp({ isProduction: true });
    try {
      const admin = await signInFrom(production, 'admin@example.com', '10.41.250.1');
      const call = (method: 'POST' | 'PUT', url: string, apiKey: string) =>
        production.app.inject({ method, url, headers: { cookie: admin }, payload: { kind: 0, apiKey } });
      expectFailure(
        await call('POST', `/api/Location/${id.utrecht}/AddPaymentProvider`, testKey),
        400,
        'apiKey',
        'location.errors.testKeyInProduction',
      );
      expect(await production.db.select().from(locationPaymentProviders)).toEqual([]);
      const provider = expectData<{ id: number }>(
        await call('POST', `/api/Location/${id.utrecht}/AddPaymentProvider`, liveKey),
      );
      expectFailure(
        await call('PUT', `/api/LocationPaymentProvider/${provider.id}`, testKey),
        400,
        'apiKey',
        'location.errors.testKeyInProduction',
      );
      const [kept] = await production.db.select().from(locationPaymentProviders);
      expect(kept!.apiKeyLastChars).toBe('live_9876');
      // With the live key, the location collects through Mollie.
      expect((await production.payments.gatewayFor(id.utrecht)).provider).toBe('mollie');

      // A test key stored while the server ran as development: never used to collect in production.
      const [setting] = await production.db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, 'secrets_key'));
      const box = createSecretBox(parseSecretsKey(setting!.value));
      await production.db
        .update(locationPaymentProviders)
        .set({
          apiKeyEncrypted: box.encrypt(testKey, `location-payment-provider:${id.utrecht}`),
          apiKeyLastChars: 'test_wxyz',
        })
        .where(eq(locationPaymentProviders.id, provider.id));
      await expect(production.payments.gatewayFor(id.utrecht)).rejects.toMatchObject({
        status: 409,
        errors: [{ key: 'general', message: 'payment.errors.noProvider' }],
      });
    } finally {
      await production.close();
    }
  });
});
