import { Environment, type InvitationKind, invitationKinds, registerPaths } from '@xp/contracts';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { testClaims } from '@/app/test-support/claims';
import { setLanguage } from '@/i18n';
import { failure, fakeAppApi, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, userEvent, waitFor, within } from '@/test/render';
import { CODE } from './test-support';

const adminInvitation = {
  kind: 'admin',
  email: 'nieuw.beheer@example.com',
  organisationName: null,
  requiresVerification: true,
  hasAccount: false,
};
const supplierInvitation = {
  kind: 'supplier',
  email: 'inkoop@sportsupply.nl',
  organisationName: 'SportSupply BV',
  requiresVerification: false,
  hasAccount: false,
};
const invitationPath = `/api/Account/Invitation/${CODE}`;
/** The register routes of employees of an employer and of suppliers use the spec's own calls. */
const invitationPaths: Record<InvitationKind, string> = {
  ...(Object.fromEntries(invitationKinds.map((kind) => [kind, invitationPath])) as Record<
    InvitationKind,
    string
  >),
  employerEmployee: `/api/EmployerEmployeeInvitation/${CODE}`,
  supplier: `/api/Supplier/${CODE}`,
};

setUpAppTests();

/** The form shows once the invitation is loaded (the loading state has the same heading). */
const formReady = () => screen.findByRole('button', { name: 'Registreren' });

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

async function fillForm(user: ReturnType<typeof userEvent.setup>, password = 'lang-genoeg-2026') {
  await user.type(field(/^Voornaam/), 'Noor');
  await user.type(field(/^Achternaam/), 'Visser');
  await user.type(field(/^Wachtwoord/), password);
  await user.type(field(/^Herhaal wachtwoord/), password);
}

describe('the register page', () => {
  it('shows who is invited for what, with the email read-only, while loading first', async () => {
    let answer: (() => void) | undefined;
    const loaded = new Promise<void>((resolve) => {
      answer = resolve;
    });
    fakeAppApi(null, { [`GET ${invitationPath}`]: () => ({ data: adminInvitation }) });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).startsWith('/api/Account/Invitation/')) await loaded;
      return original!(url, init);
    });

    await startApp(`/account/register/admin/${CODE}`);
    expect(await screen.findByText('Een moment geduld')).toBeInTheDocument();
    answer?.();

    await formReady();
    expect(screen.getByRole('heading', { name: 'Account aanmaken' })).toBeInTheDocument();
    expect(screen.getByText('Beheerder')).toBeInTheDocument();
    expect(
      screen.getByText('Je bent uitgenodigd om een account aan te maken als beheerder van XP Back-office.'),
    ).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'E-mailadres' });
    expect(email).toHaveValue('nieuw.beheer@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(field(/^Voornaam/)).toHaveFocus();
    expect(field(/^Tussenvoegsel/)).not.toBeRequired();
    expect(field(/^Wachtwoord/)).toHaveAttribute('type', 'password');
    expect(field(/^Wachtwoord/)).toHaveAccessibleDescription(
      'Minimaal 10 tekens. Kies een wachtwoord dat niet veel wordt gebruikt.',
    );
    expect(screen.getByText(/sturen we een code naar je e-mailadres/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Annuleren' })).toHaveAttribute('href', '/account/login');
    expect(screen.getByRole('button', { name: 'Registreren' })).toBeInTheDocument();
  });

  it('names the inviting organisation', async () => {
    fakeAppApi(null, { [`GET ${invitationPaths.supplier}`]: () => ({ data: supplierInvitation }) });
    await startApp(`/account/register/supplier/${CODE}`);
    expect(
      await screen.findByText('SportSupply BV nodigt je uit om een account aan te maken als leverancier.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/sturen we een code/)).not.toBeInTheDocument();
  });

  it('shows the rules of the contract once a field is touched, and only then', async () => {
    const requests = fakeAppApi(null, { [`GET ${invitationPath}`]: () => ({ data: adminInvitation }) });
    await startApp(`/account/register/admin/${CODE}`);
    const user = userEvent.setup();
    await formReady();
    expect(screen.queryByText('Dit veld is verplicht')).not.toBeInTheDocument();

    await user.type(field(/^Wachtwoord/), 'kort');
    await user.tab();
    expect(await screen.findByText('Gebruik minstens 10 tekens')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findAllByText('Dit veld is verplicht')).toHaveLength(2);
    expect(requestsTo(requests, 'POST', '/api/Account/CompleteRegistration')).toHaveLength(0);

    await user.type(field(/^Voornaam/), 'Noor');
    await user.type(field(/^Achternaam/), 'Visser');
    await user.clear(field(/^Wachtwoord/));
    await user.type(field(/^Wachtwoord/), 'lang-genoeg-2026');
    await user.type(field(/^Herhaal wachtwoord/), 'lang-genoeg-2025');
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('De wachtwoorden zijn niet gelijk')).toBeInTheDocument();
    expect(field(/^Herhaal wachtwoord/)).toHaveAccessibleDescription('De wachtwoorden zijn niet gelijk');
    expect(requestsTo(requests, 'POST', '/api/Account/CompleteRegistration')).toHaveLength(0);
  });

  it("puts the server's refusal of a common password on the password field", async () => {
    fakeAppApi(null, {
      [`GET ${invitationPath}`]: () => ({ data: adminInvitation }),
      'POST /api/Account/CompleteRegistration': () =>
        failure(400, 'validation.passwordTooCommon', 'password'),
    });
    await startApp(`/account/register/admin/${CODE}`);
    const user = userEvent.setup();
    await formReady();
    await fillForm(user, 'wachtwoord123');
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    await waitFor(() =>
      expect(field(/^Wachtwoord/)).toHaveAccessibleDescription(
        /Dit wachtwoord wordt te vaak gebruikt; kies een ander/,
      ),
    );
  });

  it('says so when the address already has an account', async () => {
    fakeAppApi(null, {
      [`GET ${invitationPath}`]: () => ({ data: adminInvitation }),
      'POST /api/Account/CompleteRegistration': () => failure(409, 'invitation.errors.alreadyRegistered'),
    });
    await startApp(`/account/register/admin/${CODE}`);
    const user = userEvent.setup();
    await formReady();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er bestaat al een account met dit e-mailadres.',
    );
  });

  it('goes on to the verification page with the code when verification is required', async () => {
    const requests = fakeAppApi(null, {
      [`GET ${invitationPath}`]: () => ({ data: adminInvitation }),
      'POST /api/Account/CompleteRegistration': () => ({
        data: { requiresVerification: true, claims: null },
      }),
    });
    const { router } = await startApp(`/account/register/admin/${CODE}`);
    const user = userEvent.setup();
    await formReady();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Registreren' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/tfa'));
    expect(router.state.location.search).toEqual({ code: CODE });
    expect(await screen.findByRole('heading', { name: 'Vul je verificatiecode in' })).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Account/CompleteRegistration')[0]?.body).toEqual({
      code: CODE,
      firstName: 'Noor',
      insertion: null,
      lastName: 'Visser',
      password: 'lang-genoeg-2026',
      confirmPassword: 'lang-genoeg-2026',
    });
    expect(sessionStore.getClaims()).toBeNull();
  });

  it('signs in and goes home when no verification is required', async () => {
    const supplier = testClaims({
      role: 'Supplier',
      activeEnvironment: Environment.Supplier,
      activeGymId: null,
      activeSupplierId: 7,
      name: 'Noor van Visser',
    });
    const requests = fakeAppApi(null, {
      [`GET ${invitationPaths.supplier}`]: () => ({ data: supplierInvitation }),
      'POST /api/Supplier/Register/Complete': () => ({
        data: { requiresVerification: false, claims: supplier },
      }),
      'GET /api/Account/SwitchOptions': () => ({
        data: {
          gyms: [],
          locations: [],
          employers: [],
          associations: [],
          contentEnvironments: [],
          suppliers: [{ id: 7, name: 'SportSupply BV' }],
        },
      }),
    });
    const { router } = await startApp(`/account/register/supplier/${CODE}`);
    const user = userEvent.setup();
    await formReady();
    await user.type(field(/^Voornaam/), 'Noor');
    await user.type(field(/^Tussenvoegsel/), 'van');
    await user.type(field(/^Achternaam/), 'Visser');
    await user.type(field(/^Wachtwoord/), 'lang-genoeg-2026');
    await user.type(field(/^Herhaal wachtwoord/), 'lang-genoeg-2026');
    await user.click(screen.getByRole('button', { name: 'Registreren' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/supplier'));
    expect(sessionStore.getClaims()).toEqual(supplier);
    expect(await screen.findByText('Welkom, Noor van Visser.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Supplier/Register/Complete')[0]?.body).toMatchObject({
      code: CODE,
      insertion: 'van',
    });
  });

  it.each([
    ['notFound', 'Uitnodiging niet gevonden', /volledige link/],
    ['expired', 'Uitnodiging verlopen', /14 dagen geldig/],
    ['cancelled', 'Uitnodiging ingetrokken', /ingetrokken en kan niet meer/],
    ['used', 'Uitnodiging al gebruikt', /al een account aangemaakt/],
  ])('has a clear page for a %s code, with the way to the login page', async (reason, title, text) => {
    fakeAppApi(null, { [`GET ${invitationPath}`]: () => failure(404, `invitation.errors.${reason}`) });
    await startApp(`/account/register/admin/${CODE}`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar inloggen' })).toHaveAttribute('href', '/account/login');
    expect(screen.queryByRole('button', { name: 'Registreren' })).not.toBeInTheDocument();
  });

  it('shows the page of a used code when the code was used while the form was open', async () => {
    fakeAppApi(null, {
      [`GET ${invitationPath}`]: () => ({ data: adminInvitation }),
      'POST /api/Account/CompleteRegistration': () => failure(404, 'invitation.errors.used'),
    });
    await startApp(`/account/register/admin/${CODE}`);
    const user = userEvent.setup();
    await formReady();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByRole('heading', { name: 'Uitnodiging al gebruikt' })).toBeInTheDocument();
  });

  it('cancels back to the login page', async () => {
    fakeAppApi(null, { [`GET ${invitationPath}`]: () => ({ data: adminInvitation }) });
    const { router } = await startApp(`/account/register/admin/${CODE}`);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Annuleren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/login'));
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeInTheDocument();
  });

  it.each(invitationKinds)('serves the %s invitation on its own route', async (kind) => {
    fakeAppApi(null, { [`GET ${invitationPaths[kind]}`]: () => ({ data: { ...adminInvitation, kind } }) });
    await startApp(`/account/register/${registerPaths[kind]}/${CODE}`);
    await formReady();
    expect(screen.getByRole('heading', { name: 'Account aanmaken' })).toBeInTheDocument();
  });

  it("registers an employer's employee with the spec's own calls", async () => {
    const requests = fakeAppApi(null, {
      [`GET ${invitationPaths.employerEmployee}`]: () => ({
        data: { ...supplierInvitation, kind: 'employerEmployee', organisationName: 'Bouwbedrijf Jansen' },
      }),
      'POST /api/EmployerEmployee/CompleteRegistration': () => ({
        data: { requiresVerification: true, claims: null },
      }),
    });
    const { router } = await startApp(`/account/register/employer/employee/${CODE}`);
    const user = userEvent.setup();
    await formReady();
    expect(
      screen.getByText('Bouwbedrijf Jansen nodigt je uit om een account aan te maken als werknemer.'),
    ).toBeInTheDocument();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/tfa'));
    expect(requestsTo(requests, 'POST', '/api/EmployerEmployee/CompleteRegistration')).toHaveLength(1);
  });

  it('speaks English', async () => {
    await setLanguage('en');
    fakeAppApi(null, { [`GET ${invitationPaths.supplier}`]: () => ({ data: supplierInvitation }) });
    await startApp(`/account/register/supplier/${CODE}`);
    await screen.findByRole('button', { name: 'Register' });
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(
      screen.getByText('SportSupply BV invites you to create an account as a supplier.'),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create your account' });
    expect(within(form).getByLabelText(/^Name prefix/, { selector: 'input' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Cancel' })).toBeInTheDocument();
  });
});
