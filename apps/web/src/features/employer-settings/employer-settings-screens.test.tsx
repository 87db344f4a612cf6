import userEvent from '@testing-library/user-event';
import { type EmployerSettings, Environment } from '@xp/contracts';
import { describe, expect, it, vi } from 'vitest';
import { admin, testClaims } from '@/app/test-support/claims';
import { setLanguage } from '@/i18n';
import {
  failure,
  fakeAppApi,
  type RecordedRequest,
  requestsTo,
  setUpAppTests,
  startApp,
} from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';

setUpAppTests();
// The whole app starts in every test; slow on a busy machine.

const employer = (overrides = {}) =>
  testClaims({
    userId: 3,
    role: 'Employer',
    name: 'Pieter van den Berg',
    activeEnvironment: Environment.Employer,
    activeGymId: null,
    activeEmployerId: 4,
    ...overrides,
  });

const settings: EmployerSettings = {
  id: 4,
  name: 'Bakkerij Jansen B.V.',
  description: 'Ambachtelijke bakkerij',
  personnelNumber: 'BJ-2026',
  logoHash: null,
  accessFitness: true,
  accessHomeTraining: true,
  accessOnlineSports: false,
  accessAssociations: false,
  invoiceEmail: 'facturen@bakkerij.example.com',
  addresses: [
    {
      id: 1,
      addressType: 1,
      street: 'Postbus',
      houseNumber: '1234',
      postalCode: '3500 AA',
      city: 'Utrecht',
      country: 'NL',
    },
    {
      id: 2,
      addressType: 2,
      street: 'Oudegracht',
      houseNumber: '112',
      postalCode: '3511 AX',
      city: 'Utrecht',
      country: 'NL',
    },
  ],
  contacts: [
    {
      id: 5,
      firstName: 'Marieke',
      insertion: null,
      lastName: 'Jansen',
      description: 'HR-manager',
      phoneNumber: '030 123 4567',
      email: 'marieke@bakkerij.example.com',
      registrations: true,
      newsletters: false,
      invoices: true,
    },
  ],
  financial: { contractType: 1, contractDuration: 2, extensionYears: 1, contributionAmount: 2500 },
};

const GET = 'GET /api/employer/settings/4';
const PUT = 'PUT /api/employer/settings';
const FINANCIAL = 'PUT /api/employer/financialSettings';

/** The multipart bodies sent to `PUT /employer/settings`, as plain objects (JSON parts parsed). */
function sentForms(): Record<string, unknown>[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(
      ([url, init]) => String(url).endsWith('/api/employer/settings') && init?.method === 'PUT',
    )
    .map(([, init]) => {
      const form = init!.body as FormData;
      const values: Record<string, unknown> = {};
      for (const [name, value] of form.entries()) {
        values[name] =
          typeof value === 'string' && (value.startsWith('[') || value.startsWith('{'))
            ? JSON.parse(value)
            : value;
      }
      return values;
    });
}

/** A fake server that keeps the settings and answers a save with them changed. */
function serverWith(overrides: Record<string, (request: RecordedRequest) => unknown> = {}) {
  let current = structuredClone(settings);
  return fakeAppApi(employer(), {
    [GET]: () => ({ data: current }),
    [PUT]: () => {
      const form = sentForms().at(-1)!;
      const addresses = form.addresses as Omit<EmployerSettings['addresses'][number], 'id'>[];
      const contacts = form.contacts as Omit<EmployerSettings['contacts'][number], 'id'>[];
      current = {
        ...current,
        description: String(form.description ?? ''),
        invoiceEmail: (form.invoiceEmail as string | undefined) ?? null,
        addresses: addresses.map((address, index) => ({ ...address, id: 100 + index })),
        contacts: contacts.map((contact, index) => ({
          ...contact,
          id: 200 + index,
          insertion: contact.insertion ?? null,
          description: contact.description ?? null,
          phoneNumber: contact.phoneNumber ?? null,
          email: contact.email ?? null,
        })),
      };
      return { data: current };
    },
    [FINANCIAL]: (request) => {
      const body = request.body as { contributionAmount: number };
      current = { ...current, financial: { ...current.financial, ...body } };
      return { data: current };
    },
    ...Object.fromEntries(
      Object.entries(overrides).map(([route, reply]) => [
        route,
        (request: RecordedRequest) => reply(request),
      ]),
    ),
  } as Parameters<typeof fakeAppApi>[1]);
}

describe('the settings of the employer', () => {
  it('opens from the menu and shows every card with the stored settings', async () => {
    serverWith();
    await startApp('/employer');
    const user = userEvent.setup();
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await user.click(within(navigation).getByRole('link', { name: 'Instellingen' }));

    expect(await screen.findByRole('heading', { name: 'Instellingen', level: 1 })).toBeInTheDocument();
    const general = screen.getByRole('form', { name: 'Algemeen' });
    expect(within(general).getByRole('textbox', { name: /Naam/ })).toHaveValue('Bakkerij Jansen B.V.');
    expect(within(general).getByRole('textbox', { name: /Personeelsnummer/ })).toHaveValue('BJ-2026');
    expect(within(general).getByRole('switch', { name: 'Fitness' })).toBeChecked();
    expect(within(general).getByRole('switch', { name: 'Online sporten' })).not.toBeChecked();

    const addresses = screen.getByRole('table', { name: 'Adressen' });
    expect(within(addresses).getByRole('row', { name: /Factuuradres/ })).toHaveTextContent(
      'Postbus 1234, 3500 AA Utrecht',
    );
    expect(within(addresses).getByRole('row', { name: /Bezoekadres/ })).toHaveTextContent('Oudegracht 112');
    const contacts = screen.getByRole('table', { name: 'Contactpersonen' });
    expect(within(contacts).getByRole('row', { name: /Marieke Jansen/ })).toHaveTextContent('Facturen');
    expect(screen.getByText('facturen@bakkerij.example.com')).toBeInTheDocument();

    const financial = screen.getByRole('form', { name: 'Financieel' });
    expect(within(financial).getByRole('combobox', { name: /Contractvorm/ })).toHaveValue('Bruto');
    expect(within(financial).getByRole('combobox', { name: /Contractduur/ })).toHaveValue('2 jaar');
    expect(within(financial).getByRole('textbox', { name: /Werkgeversbijdrage/ })).toHaveValue('€ 25,00');
  });

  it('adds an address in the address modal: the Dutch postal code rule first, then saved with the others', async () => {
    serverWith();
    await startApp('/employer/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adres toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adres toevoegen' });
    await user.type(within(dialog).getByRole('textbox', { name: /Straat/ }), 'Voorstraat');
    await user.type(within(dialog).getByRole('textbox', { name: /Huisnummer/ }), '5');
    const postalCode = within(dialog).getByRole('textbox', { name: /Postcode/ });
    await user.type(postalCode, '0123 AB');
    await user.type(within(dialog).getByRole('textbox', { name: /Plaats/ }), 'Utrecht');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(postalCode).toHaveAccessibleDescription('Vul een geldige postcode in (1234 AB)');
    expect(sentForms()).toHaveLength(0);

    await user.clear(postalCode);
    await user.type(postalCode, '3512ab');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Het adres is opgeslagen.')).toBeInTheDocument();
    const [form] = sentForms();
    expect(form).toMatchObject({ id: '4', name: 'Bakkerij Jansen B.V.', accessFitness: 'true' });
    expect(form!.addresses).toEqual([
      expect.objectContaining({ street: 'Postbus' }),
      expect.objectContaining({ street: 'Oudegracht' }),
      {
        addressType: 1,
        street: 'Voorstraat',
        houseNumber: '5',
        postalCode: '3512 AB',
        city: 'Utrecht',
        country: 'NL',
      },
    ]);
    await user.click(within(within(dialog).getByRole('status')).getByRole('button', { name: 'Sluiten' }));
    expect(
      await within(screen.getByRole('table', { name: 'Adressen' })).findByText(
        'Voorstraat 5, 3512 AB Utrecht',
      ),
    ).toBeInTheDocument();
  });

  it("puts the server's error of the row on the modal's field", async () => {
    serverWith({
      [PUT]: () => failure(400, 'validation.postalCode', 'addresses[0].postalCode'),
    });
    await startApp('/employer/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bewerken Postbus 1234, 3500 AA Utrecht' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adres bewerken' });
    expect(within(dialog).getByRole('textbox', { name: /Straat/ })).toHaveValue('Postbus');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByRole('textbox', { name: /Postcode/ })).toHaveAccessibleDescription(
      'Vul een geldige postcode in (1234 AB)',
    );
  });

  it('removes a contact person only after confirmation', async () => {
    serverWith();
    await startApp('/employer/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Marieke Jansen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Contactpersoon verwijderen' });
    expect(dialog).toHaveTextContent('Marieke Jansen');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(sentForms()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verwijderen Marieke Jansen' }));
    dialog = await screen.findByRole('dialog', { name: 'Contactpersoon verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Marieke Jansen is verwijderd als contactpersoon.')).toBeInTheDocument();
    expect(sentForms()[0]!.contacts).toEqual([]);
    expect(await screen.findByText('Er zijn nog geen contactpersonen.')).toBeInTheDocument();
  });

  it('removes an address after confirmation, naming it, and keeps the other', async () => {
    serverWith();
    await startApp('/employer/settings');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Verwijderen Oudegracht 112, 3511 AX Utrecht' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Adres verwijderen' });
    expect(dialog).toHaveTextContent(
      'Weet je zeker dat je het adres Oudegracht 112, 3511 AX Utrecht wilt verwijderen?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Het adres is verwijderd.')).toBeInTheDocument();
    expect(sentForms()[0]!.addresses).toEqual([expect.objectContaining({ street: 'Postbus' })]);
    expect(sentForms()[0]!.contacts).toEqual([expect.objectContaining({ firstName: 'Marieke' })]);
  });

  it('adds a contact person in the contact modal', async () => {
    serverWith();
    await startApp('/employer/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Contactpersoon toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contactpersoon toevoegen' });
    await user.type(within(dialog).getByRole('textbox', { name: /Voornaam/ }), 'Joost');
    await user.type(within(dialog).getByRole('textbox', { name: /Tussenvoegsel/ }), 'de');
    await user.type(within(dialog).getByRole('textbox', { name: /Achternaam/ }), 'Boer');
    const email = within(dialog).getByRole('textbox', { name: /E-mailadres/ });
    await user.type(email, 'geen-mail');
    await user.click(within(dialog).getByRole('switch', { name: 'Nieuwsbrieven' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(email).toHaveAccessibleDescription('Vul een geldig e-mailadres in');
    await user.clear(email);
    await user.type(email, 'joost@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('De contactpersoon is opgeslagen.')).toBeInTheDocument();
    expect(sentForms()[0]!.contacts).toEqual([
      expect.objectContaining({ firstName: 'Marieke' }),
      expect.objectContaining({
        firstName: 'Joost',
        insertion: 'de',
        lastName: 'Boer',
        email: 'joost@example.com',
        newsletters: true,
        invoices: false,
      }),
    ]);
  });

  it('saves the general card, and shows a name conflict under the name', async () => {
    let isTaken = true;
    serverWith({
      [PUT]: () => {
        if (isTaken) return failure(409, 'employerSettings.errors.nameTaken', 'name');
        return { data: { ...settings, description: 'Brood en banket' } };
      },
    });
    await startApp('/employer/settings');
    const user = userEvent.setup();
    const general = await screen.findByRole('form', { name: 'Algemeen' });
    const description = within(general).getByRole('textbox', { name: /Beschrijving/ });
    await user.clear(description);
    await user.type(description, 'Brood en banket');
    await user.click(within(general).getByRole('button', { name: 'Opslaan' }));
    expect(await within(general).findByRole('textbox', { name: /Naam/ })).toHaveAccessibleDescription(
      'Er is al een werkgever met deze naam',
    );
    isTaken = false;
    await user.click(within(general).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De algemene gegevens zijn opgeslagen.')).toBeInTheDocument();
    expect(sentForms().at(-1)).toMatchObject({ description: 'Brood en banket', accessHomeTraining: 'true' });
    expect(sentForms().at(-1)).not.toHaveProperty('logo');
  });

  it('changes the invoice e-mail in the email modal', async () => {
    serverWith();
    await startApp('/employer/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur e-mailadres' });
    const email = within(dialog).getByRole('textbox', { name: /E-mailadres/ });
    expect(email).toHaveValue('facturen@bakkerij.example.com');
    await user.clear(email);
    await user.type(email, 'boekhouding@bakkerij.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(dialog).findByText('Het e-mailadres voor facturen is opgeslagen.'),
    ).toBeInTheDocument();
    expect(sentForms()[0]).toMatchObject({ invoiceEmail: 'boekhouding@bakkerij.example.com' });
  });

  it('saves the financial settings as JSON, the contribution typed in euros and sent in cents', async () => {
    const requests = serverWith();
    await startApp('/employer/settings');
    const user = userEvent.setup();
    const financial = await screen.findByRole('form', { name: 'Financieel' });
    const contribution = within(financial).getByRole('textbox', { name: /Werkgeversbijdrage/ });
    await user.clear(contribution);
    await user.type(contribution, '12,5');
    await user.click(within(financial).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De financiële instellingen zijn opgeslagen.')).toBeInTheDocument();
    expect(
      requestsTo(requests, 'PUT', '/api/employer/financialSettings').map((request) => request.body),
    ).toEqual([{ id: 4, contractType: 1, contractDuration: 2, extensionYears: 1, contributionAmount: 1250 }]);
  });

  it('shows a retry when the settings cannot be loaded', async () => {
    fakeAppApi(employer(), { [GET]: () => failure(500, 'general_error') });
    await startApp('/employer/settings');
    expect(await screen.findByText('De instellingen kunnen niet worden opgehaald')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });

  it('shows in English', async () => {
    serverWith();
    await setLanguage('en');
    await startApp('/employer/settings');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Addresses' })).toHaveTextContent('Billing address');
    expect(screen.getByRole('form', { name: 'Financial' })).toBeInTheDocument();
  });
});

describe('/employer/settings/{employerId}', () => {
  it('switches the active employer of an admin, then shows its settings', async () => {
    const requests = fakeAppApi(admin({ activeEnvironment: Environment.Admin, activeGymId: null }), {
      'PUT /api/Account/SwitchActiveEmployer': () => ({
        data: {
          claims: admin({ activeEnvironment: Environment.Employer, activeGymId: null, activeEmployerId: 4 }),
        },
      }),
      [GET]: () => ({ data: settings }),
    });
    const { router } = await startApp('/employer/settings/4');
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer/settings'));
    expect(await screen.findByRole('textbox', { name: /Naam/ })).toHaveValue('Bakkerij Jansen B.V.');
    expect(
      requestsTo(requests, 'PUT', '/api/Account/SwitchActiveEmployer').map((request) => request.body),
    ).toEqual([{ employerId: 4 }]);
  });

  it('goes straight to the settings when that employer is active already', async () => {
    const requests = serverWith();
    const { router } = await startApp('/employer/settings/4');
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer/settings'));
    expect(requestsTo(requests, 'PUT', '/api/Account/SwitchActiveEmployer')).toHaveLength(0);
  });

  it('says so when the switch is refused', async () => {
    fakeAppApi(employer(), {
      'PUT /api/Account/SwitchActiveEmployer': () => failure(403, 'auth.forbidden'),
    });
    await startApp('/employer/settings/9');
    expect(await screen.findAllByText('Wisselen van werkgever is mislukt.')).not.toHaveLength(0);
  });
});
