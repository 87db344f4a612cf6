import type { EmployerSettings } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectData, expectFailure, expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { type MultipartPart, testImage } from '../../test/multipart.ts';
import { employers } from '../organisation/organisation.tables.ts';
import {
  api,
  auditRows,
  cookies,
  current,
  demo,
  jansen,
  logistiek,
  t,
  useTestApp,
  withoutIds,
} from './employer-settings-test-setup.ts';

useTestApp();

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
