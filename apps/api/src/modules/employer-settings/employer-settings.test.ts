import type { EmployerInvolvements, EmployerSettings } from '@xp/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.tables.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import {
  demoSignIn,
  expectData,
  expectFailure,
  expectForbidden,
  expectSignInRequired,
} from '../../test/expect.ts';
import { cookieHeader, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { type MultipartPart, multipart, testImage } from '../../test/multipart.ts';
import { employerAddresses, employerContacts } from '../employer/employer.tables.ts';
import { employers, employerUsers, locations } from '../organisation/organisation.tables.ts';
import { storeItems } from '../store/store.tables.ts';
import { users } from '../user/user.tables.ts';
import { xpAccounts } from '../xp/xp.tables.ts';

let t: TestApp;
/** Bakkerij Jansen (werkgever@example.com's, with demo settings) and Van den Berg Logistiek. */
let jansen: number;
let logistiek: number;
const cookies = { employer: '', logistiek: '', admin: '', gym: '', supplier: '', adminAtJansen: '' };
/** The demo settings of Bakkerij Jansen, put back before each test. */
let demo: EmployerSettings;

const signIn = demoSignIn(() => t, 91);

const api = {
  get: (cookie: string, id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/employer/settings/${id}`, headers: { cookie } }),
  update: (cookie: string, parts: MultipartPart[]) => {
    const body = multipart(parts, { cookie });
    return t.app.inject({
      method: 'PUT',
      url: '/api/employer/settings',
      payload: body.payload,
      headers: body.headers,
    });
  },
  financial: (cookie: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/employer/financialSettings',
      headers: { cookie },
      payload: body as object,
    }),
  sort: (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/employer/sort${query}`, headers: { cookie } }),
  locations: (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/employer/locations${query}`, headers: { cookie } }),
  involvements: (cookie: string, id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/employer/involvements/${id}`, headers: { cookie } }),
};

const address = {
  addressType: 2,
  street: 'Voorstraat',
  houseNumber: '5',
  postalCode: '3512ab',
  city: 'Utrecht',
  country: 'nl',
};
const contact = {
  firstName: 'Joost',
  insertion: 'de',
  lastName: 'Boer',
  description: 'Directeur',
  phoneNumber: '06 1234 5678',
  email: 'joost@example.com',
  registrations: false,
  newsletters: true,
  invoices: false,
};

/** A full settings form of `id` (the demo's values), with `changes` over it. */
function settingsParts(id: number, changes: Record<string, unknown> = {}): MultipartPart[] {
  const values: Record<string, unknown> = {
    id,
    name: 'Bakkerij Jansen B.V.',
    description: 'Bakker',
    personnelNumber: 'BJ-1',
    accessFitness: true,
    accessHomeTraining: false,
    accessOnlineSports: true,
    accessAssociations: false,
    invoiceEmail: 'facturen@example.com',
    addresses: [address],
    contacts: [contact],
    ...changes,
  };
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({
      name,
      value: typeof value === 'object' ? JSON.stringify(value) : String(value),
    }));
}

const financial = (id: number, changes: Record<string, unknown> = {}) => ({
  id,
  contractType: 2,
  contractDuration: 3,
  extensionYears: 2,
  contributionAmount: 1250,
  ...changes,
});

/** Settings without the ids of their rows (the lists are written anew before each test). */
const withoutIds = ({ addresses, contacts, ...rest }: EmployerSettings) => ({
  ...rest,
  addresses: addresses.map(({ id: _, ...row }) => row),
  contacts: contacts.map(({ id: _, ...row }) => row),
});
const current = async () => withoutIds(expectData<EmployerSettings>(await api.get(cookies.employer, jansen)));

const auditRows = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'EmployerSettings'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));

async function createEmployerUser(email: string) {
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      role: 'Employer',
      firstName: 'Lars',
      lastName: 'Logistiek',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: users.id });
  return user!.id;
}

async function switchTo(cookie: string, employerId: number) {
  const switched = await t.app.inject({
    method: 'PUT',
    url: '/api/Account/SwitchActiveEmployer',
    headers: { cookie },
    payload: { employerId },
  });
  expect(switched.statusCode, switched.body).toBe(200);
  return cookieHeader(switched.cookies, cookie);
}

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.select().from(employers);
  jansen = rows.find((row) => row.name === 'Bakkerij Jansen B.V.')!.id;
  logistiek = rows.find((row) => row.name === 'Van den Berg Logistiek')!.id;
  const lars = await createEmployerUser('lars.settings@example.com');
  await t.db.insert(employerUsers).values({ employerId: logistiek, userId: lars });

  cookies.employer = await signIn('werkgever@example.com');
  cookies.logistiek = await signIn('lars.settings@example.com');
  cookies.admin = await signIn('admin@example.com');
  cookies.gym = await signIn('gym@example.com');
  cookies.supplier = await signIn('leverancier@example.com');
  cookies.adminAtJansen = await switchTo(await signIn('admin@example.com'), jansen);
  demo = expectData<EmployerSettings>(await api.get(cookies.employer, jansen));
});

// Every test starts from the demo settings of Bakkerij Jansen.
beforeEach(async () => {
  const { addresses, contacts, financial: money, id, ...general } = demo;
  await t.db
    .update(employers)
    .set({
      ...general,
      contractType: money.contractType,
      contractDuration: money.contractDuration,
      extensionYears: money.extensionYears,
      contributionCents: money.contributionAmount,
    })
    .where(eq(employers.id, id));
  await t.db.delete(employerAddresses).where(eq(employerAddresses.employerId, id));
  await t.db.delete(employerContacts).where(eq(employerContacts.employerId, id));
  await t.db
    .insert(employerAddresses)
    .values(addresses.map(({ id: _, ...row }) => ({ ...row, employerId: id })));
  await t.db
    .insert(employerContacts)
    .values(contacts.map(({ id: _, ...row }) => ({ ...row, employerId: id })));
});
afterAll(() => t.close());

describe('GET /employer/settings/{id}', () => {
  it('answers the demo settings of the active employer, with its addresses, contact and finances', () => {
    expect(demo).toMatchObject({
      id: jansen,
      name: 'Bakkerij Jansen B.V.',
      personnelNumber: 'BJ-2026',
      logoHash: null,
      accessFitness: true,
      accessHomeTraining: true,
      invoiceEmail: 'facturen@bakkerijjansen.example.com',
      financial: { contractType: 1, contractDuration: 2, extensionYears: 1, contributionAmount: 2500 },
    });
    expect(demo.addresses.map((row) => [row.addressType, row.street, row.postalCode])).toEqual([
      [1, 'Postbus', '3500 AA'],
      [2, 'Oudegracht', '3511 AX'],
    ]);
    expect(demo.contacts).toEqual([
      expect.objectContaining({ firstName: 'Marieke', lastName: 'Jansen', invoices: true }),
    ]);
  });

  it('answers the admin the employer it switched to', async () => {
    expect(expectData<EmployerSettings>(await api.get(cookies.adminAtJansen, jansen)).name).toBe(
      'Bakkerij Jansen B.V.',
    );
  });

  it("answers 404 for another employer's id, also to an admin who has not switched to it", async () => {
    expectFailure(
      await api.get(cookies.employer, logistiek),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectFailure(
      await api.get(cookies.adminAtJansen, logistiek),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectFailure(
      await api.get(cookies.employer, 999_999),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
  });

  it('refuses other roles (403), a session without active employer (403) and no session (401)', async () => {
    expectForbidden(await api.get(cookies.gym, jansen));
    expectForbidden(await api.get(cookies.supplier, jansen));
    expectFailure(await api.get(cookies.admin, jansen), 403, 'general', 'auth.noActive.employer');
    expectSignInRequired(await api.get('', jansen));
  });

  it('answers 400 for an id that is no id', async () => {
    expectFailure(await api.get(cookies.employer, 'abc'), 400, 'id', 'validation.invalidType');
  });
});

describe('PUT /employer/settings (multipart)', () => {
  it('saves general data, access, invoice e-mail and replaces both lists; audited', async () => {
    const saved = expectData<EmployerSettings>(await api.update(cookies.employer, settingsParts(jansen)));
    expect(saved).toMatchObject({
      id: jansen,
      description: 'Bakker',
      personnelNumber: 'BJ-1',
      accessHomeTraining: false,
      accessOnlineSports: true,
      invoiceEmail: 'facturen@example.com',
      // The financial settings are not part of this form.
      financial: demo.financial,
    });
    // The Dutch postal code normalised, the country in capitals.
    expect(saved.addresses).toEqual([
      { ...address, id: expect.any(Number), postalCode: '3512 AB', country: 'NL' },
    ]);
    expect(saved.contacts).toEqual([{ ...contact, id: expect.any(Number) }]);
    expect(expectData<EmployerSettings>(await api.get(cookies.employer, jansen))).toEqual(saved);

    const [row] = await auditRows(jansen);
    expect(row).toMatchObject({ action: 'update' });
    expect(Object.keys(row!.changes as object)).toEqual(
      expect.arrayContaining(['description', 'personnelNumber', 'addresses', 'contacts', 'invoiceEmail']),
    );
  });

  it('empties optional fields and lists', async () => {
    const saved = expectData<EmployerSettings>(
      await api.update(
        cookies.employer,
        settingsParts(jansen, {
          description: '',
          personnelNumber: '',
          invoiceEmail: '',
          addresses: [],
          contacts: [{ ...contact, insertion: '', email: '', phoneNumber: '', description: '' }],
        }),
      ),
    );
    expect(saved).toMatchObject({
      description: '',
      personnelNumber: null,
      invoiceEmail: null,
      addresses: [],
    });
    expect(saved.contacts[0]).toMatchObject({
      insertion: null,
      email: null,
      phoneNumber: null,
      description: null,
    });
  });

  it('keeps a foreign postal code as given', async () => {
    const saved = expectData<EmployerSettings>(
      await api.update(
        cookies.employer,
        settingsParts(jansen, { addresses: [{ ...address, country: 'BE', postalCode: '1000' }] }),
      ),
    );
    expect(saved.addresses[0]).toMatchObject({ country: 'BE', postalCode: '1000' });
  });

  it('takes a logo (stored as an image), keeps it on a save without one, and removes it', async () => {
    const png = await testImage('png', { width: 40, height: 40 });
    const withLogo = expectData<EmployerSettings>(
      await api.update(cookies.employer, [
        ...settingsParts(jansen),
        { name: 'logo', filename: 'logo.png', contentType: 'image/png', data: png },
      ]),
    );
    expect(withLogo.logoHash).toMatch(/^[0-9a-f]{64}$/);
    const cdn = await t.app.inject({ method: 'GET', url: `/cdn/${withLogo.logoHash}` });
    expect(cdn.statusCode).toBe(200);

    const kept = expectData<EmployerSettings>(await api.update(cookies.employer, settingsParts(jansen)));
    expect(kept.logoHash).toBe(withLogo.logoHash);

    const removed = expectData<EmployerSettings>(
      await api.update(cookies.employer, settingsParts(jansen, { removeLogo: true })),
    );
    expect(removed.logoHash).toBeNull();
  });

  it('refuses a logo that is no image (400 on logo), and a logo together with removeLogo', async () => {
    const response = await api.update(cookies.employer, [
      ...settingsParts(jansen),
      { name: 'logo', filename: 'logo.png', contentType: 'image/png', data: 'not an image at all' },
    ]);
    expectFailure(response, 400, 'logo', 'files.errors.notAnImage');
    const png = await testImage('png', { width: 8, height: 8 });
    expectFailure(
      await api.update(cookies.employer, [
        ...settingsParts(jansen, { removeLogo: true }),
        { name: 'logo', filename: 'logo.png', contentType: 'image/png', data: png },
      ]),
      400,
      'logo',
      'employerSettings.errors.logoConflict',
    );
    expect(expectData<EmployerSettings>(await api.get(cookies.employer, jansen)).logoHash).toBeNull();
  });

  it('answers 400 with field keys: name, lists, postal code, e-mail, country, too many rows', async () => {
    expectFailure(
      await api.update(cookies.employer, settingsParts(jansen, { name: '' })),
      400,
      'name',
      'validation.required',
    );
    expectFailure(
      await api.update(
        cookies.employer,
        settingsParts(jansen, { addresses: [{ ...address, postalCode: '0123 AB' }] }),
      ),
      400,
      'addresses[0].postalCode',
      'validation.postalCode',
    );
    expectFailure(
      await api.update(
        cookies.employer,
        settingsParts(jansen, { addresses: [address, { ...address, country: 'Nederland' }] }),
      ),
      400,
      'addresses[1].country',
      'employerSettings.errors.country',
    );
    expectFailure(
      await api.update(
        cookies.employer,
        settingsParts(jansen, { addresses: [{ ...address, addressType: 3 }] }),
      ),
      400,
      'addresses[0].addressType',
      'validation.invalidValue',
    );
    expectFailure(
      await api.update(
        cookies.employer,
        settingsParts(jansen, { contacts: [{ ...contact, email: 'geen-mail' }] }),
      ),
      400,
      'contacts[0].email',
      'validation.email',
    );
    expectFailure(
      await api.update(cookies.employer, settingsParts(jansen, { invoiceEmail: 'geen-mail' })),
      400,
      'invoiceEmail',
      'validation.email',
    );
    expectFailure(
      await api.update(cookies.employer, settingsParts(jansen, { addresses: Array(11).fill(address) })),
      400,
      'addresses',
      'validation.tooMany',
    );
    // A list that is no JSON, or no list.
    for (const addresses of ['{', '"x"']) {
      const parts = settingsParts(jansen).map((part) =>
        part.name === 'addresses' ? { name: 'addresses', value: addresses } : part,
      );
      const response = await api.update(cookies.employer, parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0].key).toBe('addresses');
    }
    // Nothing was saved.
    expect(await current()).toEqual(withoutIds(demo));
  });

  it('answers 409 on the name of another employer', async () => {
    expectFailure(
      await api.update(cookies.employer, settingsParts(jansen, { name: 'van den berg logistiek' })),
      409,
      'name',
      'employerSettings.errors.nameTaken',
    );
  });

  it("answers 404 for another employer's id and refuses other roles", async () => {
    expectFailure(
      await api.update(cookies.employer, settingsParts(logistiek, { name: 'Van den Berg Logistiek' })),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectForbidden(await api.update(cookies.gym, settingsParts(jansen)));
    expectFailure(
      await api.update(cookies.admin, settingsParts(jansen)),
      403,
      'general',
      'auth.noActive.employer',
    );
    expectSignInRequired(await api.update('', settingsParts(jansen)));
    expect(await current()).toEqual(withoutIds(demo));
  });

  it('lets the admin save the employer it switched to', async () => {
    const saved = expectData<EmployerSettings>(
      await api.update(cookies.adminAtJansen, settingsParts(jansen, { description: 'Door de admin' })),
    );
    expect(saved.description).toBe('Door de admin');
  });
});

describe('PUT /employer/financialSettings', () => {
  it('saves contract type, duration, extension and the contribution (cents on the wire too); audited', async () => {
    const saved = expectData<EmployerSettings>(await api.financial(cookies.employer, financial(jansen)));
    expect(saved.financial).toEqual({
      contractType: 2,
      contractDuration: 3,
      extensionYears: 2,
      contributionAmount: 1250,
    });
    const [row] = await t.db
      .select({ cents: employers.contributionCents })
      .from(employers)
      .where(eq(employers.id, jansen));
    expect(row!.cents).toBe(1250);
    expect(
      expectData<EmployerSettings>(
        await api.financial(cookies.employer, financial(jansen, { contributionAmount: 123_429 })),
      ).financial.contributionAmount,
    ).toBe(123_429);
    const [audit] = await auditRows(jansen);
    expect(audit!.changes).toMatchObject({ financial: { new: { contributionAmount: 123_429 } } });
  });

  it('answers 400 with field keys', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ contractType: 4 }, 'contractType', 'validation.invalidValue'],
      [{ contractDuration: 0 }, 'contractDuration', 'validation.invalidValue'],
      [{ extensionYears: -1 }, 'extensionYears', 'validation.tooSmall'],
      [{ extensionYears: 1.5 }, 'extensionYears', 'validation.invalidType'],
      // Euros with a decimal part are refused (cents on the wire), and so is more than EUR 100,000.00.
      [{ contributionAmount: 10.55 }, 'contributionAmount', 'validation.invalidType'],
      [{ contributionAmount: 10_000_001 }, 'contributionAmount', 'validation.tooBig'],
      [{ contributionAmount: -1 }, 'contributionAmount', 'validation.tooSmall'],
      [{ contributionAmount: '12' }, 'contributionAmount', 'validation.invalidType'],
    ];
    for (const [change, key, message] of cases) {
      const response = await api.financial(cookies.employer, financial(jansen, change));
      expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(400);
      expect(response.json().errors.map((error: { key: string }) => error.key)).toContain(key);
      if (message !== 'validation.invalidType') expectFailure(response, 400, key, message);
    }
    expect(expectData<EmployerSettings>(await api.get(cookies.employer, jansen)).financial).toEqual(
      demo.financial,
    );
  });

  it("answers 404 for another employer's id and refuses other roles", async () => {
    expectFailure(
      await api.financial(cookies.employer, financial(logistiek)),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectForbidden(await api.financial(cookies.gym, financial(jansen)));
    expectFailure(
      await api.financial(cookies.admin, financial(jansen)),
      403,
      'general',
      'auth.noActive.employer',
    );
    expectSignInRequired(await api.financial('', financial(jansen)));
  });
});

describe('GET /employer/sort', () => {
  it('answers the admin every employer by name, searched and paged', async () => {
    const all = expectData<{ items: { id: number; name: string }[]; total: number }>(
      await api.sort(cookies.admin),
    );
    expect(all.items.map((item) => item.name)).toEqual(['Bakkerij Jansen B.V.', 'Van den Berg Logistiek']);
    expect(all.total).toBe(2);
    expect(
      expectData<{ items: { name: string }[] }>(await api.sort(cookies.admin, '?search=berg')).items,
    ).toEqual([{ id: logistiek, name: 'Van den Berg Logistiek' }]);
    expect(
      expectData<{ items: { name: string }[] }>(
        await api.sort(cookies.admin, '?pageSize=1&page=2&direction=desc'),
      ).items,
    ).toEqual([{ id: jansen, name: 'Bakkerij Jansen B.V.' }]);
  });

  it('answers an employer user only the employers it acts for', async () => {
    expect(expectData<{ items: unknown[] }>(await api.sort(cookies.employer)).items).toEqual([
      { id: jansen, name: 'Bakkerij Jansen B.V.' },
    ]);
  });

  it('refuses other roles and bad queries', async () => {
    expectForbidden(await api.sort(cookies.gym));
    expectSignInRequired(await api.sort(''));
    expectFailure(await api.sort(cookies.admin, '?sort=createdAt'), 400, 'sort', 'validation.invalidValue');
  });
});

describe('GET /employer/locations', () => {
  it('answers the locations on the sign-up pages, with their gym, searched', async () => {
    const visible = await t.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.visibleOnRegistrationPage, true));
    const data = expectData<{ items: { name: string; gymName: string }[]; total: number }>(
      await api.locations(cookies.employer),
    );
    expect(data.total).toBe(visible.length);
    expect(data.items.length).toBe(Math.min(visible.length, 25));
    const names = data.items.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const utrecht = expectData<{ items: { city: string | null }[] }>(
      await api.locations(cookies.employer, '?search=utrecht'),
    );
    expect(utrecht.items.length).toBeGreaterThan(0);
    expect(utrecht.items.every((item) => JSON.stringify(item).toLowerCase().includes('utrecht'))).toBe(true);
  });

  it('answers none when fitness is not among the employees’ access', async () => {
    await t.db.update(employers).set({ accessFitness: false }).where(eq(employers.id, jansen));
    expect(expectData(await api.locations(cookies.employer))).toEqual({ items: [], total: 0 });
  });

  it('refuses other roles and a session without active employer', async () => {
    expectForbidden(await api.locations(cookies.gym));
    expectFailure(await api.locations(cookies.admin), 403, 'general', 'auth.noActive.employer');
    expectSignInRequired(await api.locations(''));
  });
});

describe('GET /employer/involvements/{id}', () => {
  it('counts what the active employer is involved in, with its XP balance', async () => {
    const data = expectData<EmployerInvolvements>(await api.involvements(cookies.employer, jansen));
    const [account] = await t.db
      .select({ balance: xpAccounts.balance })
      .from(xpAccounts)
      .where(eq(xpAccounts.employerId, jansen));
    const items = await t.db
      .select({ id: storeItems.id })
      .from(storeItems)
      .where(eq(storeItems.employerId, jansen));
    expect(data).toMatchObject({
      employerId: jansen,
      users: 1,
      storeItems: items.length,
      xpBalance: Number(account?.balance ?? 0),
    });
    expect(data.challenges).toBeGreaterThanOrEqual(data.activeChallenges);
    expect(data.openInvitations).toBeGreaterThanOrEqual(0);
  });

  it("answers the balance of the employer's XP account, 0 without one", async () => {
    const [account] = await t.db.select().from(xpAccounts).where(eq(xpAccounts.employerId, logistiek));
    if (account) {
      expect(
        expectData<EmployerInvolvements>(await api.involvements(cookies.admin, logistiek)).xpBalance,
      ).toBe(Number(account.balance));
      return;
    }
    expect(expectData<EmployerInvolvements>(await api.involvements(cookies.admin, logistiek)).xpBalance).toBe(
      0,
    );
    await t.db.insert(xpAccounts).values({ kind: 'employer', employerId: logistiek, balance: 1500 });
    try {
      expect(
        expectData<EmployerInvolvements>(await api.involvements(cookies.admin, logistiek)).xpBalance,
      ).toBe(1500);
    } finally {
      await t.db.delete(xpAccounts).where(eq(xpAccounts.employerId, logistiek));
    }
  });

  it('answers an admin about any employer; an employer user only about its active one (404)', async () => {
    expect(expectData<EmployerInvolvements>(await api.involvements(cookies.admin, logistiek))).toMatchObject({
      employerId: logistiek,
      users: 1,
    });
    expectFailure(
      await api.involvements(cookies.admin, 999_999),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectFailure(
      await api.involvements(cookies.employer, logistiek),
      404,
      'general',
      'employerSettings.errors.notFound',
    );
    expectForbidden(await api.involvements(cookies.gym, jansen));
    expectSignInRequired(await api.involvements('', jansen));
  });
});
