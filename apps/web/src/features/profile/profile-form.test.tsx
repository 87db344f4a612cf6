import { Environment, type Profile } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { testClaims } from '@/app/test-support/claims';
import i18n from '@/i18n';
import { failure, fakeAppApi, type RecordedRequest, requestsTo, startApp } from '@/test/fake-api';
import { screen, userEvent, waitFor, within } from '@/test/render';
import { adminClaims, adminProfile, setUpAppTests } from './test-support';

setUpAppTests();

/** `PUT /User` as the server does it: a new address is not applied but pending. */
const saveProfile =
  (before: Profile = adminProfile) =>
  ({ body }: RecordedRequest) => {
    const input = body as Profile;
    const isNewEmail = input.email !== before.email;
    return {
      data: {
        ...before,
        ...input,
        email: before.email,
        insertion: input.insertion || null,
        phoneNumber: input.phoneNumber || null,
        pendingEmail: isNewEmail ? input.email : before.pendingEmail,
      },
    };
  };

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('the profile', () => {
  it('loads the own profile into the form on /admin/profile', async () => {
    fakeAppApi(adminClaims, { 'GET /api/User/CurrentProfileInfo': () => ({ data: adminProfile }) });
    await startApp('/admin/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profiel' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /E-mailadres/ })).toHaveValue('anne@example.com');
    expect(screen.getByText('Rol: Beheerder')).toBeInTheDocument();
    expect(field(/Voornaam/)).toHaveValue('Anne');
    expect(field(/Tussenvoegsel/)).toHaveValue('de');
    expect(field(/Achternaam/)).toHaveValue('Beheerder');
    expect(field(/Telefoonnummer/)).toHaveValue('06 12345678');
    expect(screen.getByRole('combobox', { name: /^Taal/ })).toHaveValue('Nederlands');
    expect(screen.getByRole('switch', { name: 'Tweestapsverificatie' })).not.toBeChecked();
    expect(screen.getByText(/een code van 6 cijfers/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account verwijderen' })).toHaveAttribute(
      'href',
      '/account/delete-account',
    );
    expect(screen.queryByText(/Wacht op bevestiging/)).not.toBeInTheDocument();
  });

  it('saves the changes, says so, and refreshes the claims for the new name', async () => {
    const requests = fakeAppApi(adminClaims, {
      'GET /api/User/CurrentProfileInfo': () => ({ data: adminProfile }),
      'PUT /api/User': saveProfile(),
    });
    await startApp('/admin/profile');
    const user = userEvent.setup();
    const lastName = await screen.findByRole('textbox', { name: /Achternaam/ });
    await user.clear(lastName);
    await user.type(lastName, 'Bakker');
    await user.clear(field(/Tussenvoegsel/));
    await user.click(screen.getByRole('switch', { name: 'Tweestapsverificatie' }));
    const refreshesBefore = requestsTo(requests, 'POST', '/api/account/cookierefresh').length;
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Je profiel is opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/User')[0]?.body).toEqual({
      email: 'anne@example.com',
      firstName: 'Anne',
      insertion: '',
      lastName: 'Bakker',
      phoneNumber: '06 12345678',
      language: 'nl',
      isTfaEnabled: true,
    });
    await waitFor(() =>
      expect(requestsTo(requests, 'POST', '/api/account/cookierefresh').length).toBe(refreshesBefore + 1),
    );
    expect(screen.getByRole('switch', { name: 'Tweestapsverificatie' })).toBeChecked();
  });

  it('shows a changed address as pending until it is confirmed', async () => {
    fakeAppApi(adminClaims, {
      'GET /api/User/CurrentProfileInfo': () => ({ data: adminProfile }),
      'PUT /api/User': saveProfile(),
    });
    await startApp('/admin/profile');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: /E-mailadres/ });
    await user.clear(email);
    await user.type(email, 'anne.nieuw@example.com');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(
      await screen.findByText(
        'Je profiel is opgeslagen. Bevestig je nieuwe e-mailadres met de link die we naar anne.nieuw@example.com hebben gestuurd.',
      ),
    ).toBeInTheDocument();
    const pending = screen
      .getByText('Wacht op bevestiging van anne.nieuw@example.com')
      .closest('[role="status"]');
    expect(pending).toHaveTextContent('Tot je op de link klikt, blijft anne@example.com je e-mailadres.');
    // The address in use stays in the field.
    expect(email).toHaveValue('anne@example.com');
  });

  it('puts a taken address from the server on the email field', async () => {
    fakeAppApi(adminClaims, {
      'GET /api/User/CurrentProfileInfo': () => ({ data: adminProfile }),
      'PUT /api/User': () => failure(409, 'user.errors.emailTaken', 'email'),
    });
    await startApp('/admin/profile');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: /E-mailadres/ });
    await user.clear(email);
    await user.type(email, 'bas@example.com');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        expect.stringContaining('Er is al een account met dit e-mailadres'),
      ),
    );
    expect(screen.queryByText('Je profiel is opgeslagen.')).not.toBeInTheDocument();
  });

  it('validates with the contract before saving: a phone number and the required names', async () => {
    const requests = fakeAppApi(adminClaims, {
      'GET /api/User/CurrentProfileInfo': () => ({ data: adminProfile }),
    });
    await startApp('/admin/profile');
    const user = userEvent.setup();
    const phone = await screen.findByRole('textbox', { name: /Telefoonnummer/ });
    await user.clear(phone);
    await user.type(phone, 'bel me');
    await user.clear(field(/Voornaam/));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(phone).toHaveAccessibleDescription(expect.stringContaining('Vul een geldig telefoonnummer in'));
    expect(field(/Voornaam/)).toHaveAccessibleDescription('Dit veld is verplicht');
    expect(requestsTo(requests, 'PUT', '/api/User')).toHaveLength(0);
  });

  it('switches the screens to the language chosen in the profile', async () => {
    fakeAppApi(adminClaims, {
      'GET /api/User/CurrentProfileInfo': () => ({ data: adminProfile }),
      'PUT /api/User': saveProfile(),
    });
    await startApp('/admin/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Taal/ }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(i18n.language).toBe('en');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Language/ })).toHaveValue('English');
  });

  it('says so when the profile cannot be loaded', async () => {
    fakeAppApi(adminClaims, { 'GET /api/User/CurrentProfileInfo': () => failure(403, 'auth.forbidden') });
    await startApp('/admin/profile');
    expect(await screen.findByRole('alert')).toHaveTextContent('Je profiel kon niet worden opgehaald.');
  });

  it('speaks English', async () => {
    fakeAppApi(adminClaims, {
      'GET /api/User/CurrentProfileInfo': () => ({
        data: { ...adminProfile, pendingEmail: 'anne.new@example.com', isTfaEnabled: true },
      }),
    });
    localStorage.setItem('language', 'en');
    await i18n.changeLanguage('en');
    await startApp('/admin/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(await screen.findByText('Pending confirmation of anne.new@example.com')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Anne');
    expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Delete account' })).toBeInTheDocument();
  });
});

describe('the profile of each environment', () => {
  const openProfileFromUserMenu = async (name: string) => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Gebruikersmenu van ${name}` }));
    return within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profiel' });
  };

  it('links from the user menu to /admin/profile in the Admin environment', async () => {
    fakeAppApi(adminClaims, { 'GET /api/User/CurrentProfileInfo': () => ({ data: adminProfile }) });
    const { router } = await startApp('/admin');
    const item = await openProfileFromUserMenu('Anne de Beheerder');
    expect(item).toHaveAttribute('href', '/admin/profile');
    await userEvent.setup().click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/profile'));
    expect(await screen.findByRole('textbox', { name: /E-mailadres/ })).toHaveValue('anne@example.com');
  });

  it('links to /location/profile in the Location environment', async () => {
    const employee = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLessons'],
    });
    fakeAppApi(employee, {
      'GET /api/User/CurrentProfileInfo': () => ({ data: { ...adminProfile, role: 'Employee' } }),
    });
    await startApp('/location/profile');
    expect(await screen.findByText('Rol: Medewerker')).toBeInTheDocument();
    expect(await openProfileFromUserMenu('Sanne de Vries')).toHaveAttribute('href', '/location/profile');
  });

  it('links to /profile in every other environment', async () => {
    const supplier = testClaims({
      role: 'Supplier',
      name: 'Lev Erancier',
      activeEnvironment: Environment.Supplier,
      activeGymId: null,
      activeSupplierId: 4,
    });
    fakeAppApi(supplier, {
      'GET /api/User/CurrentProfileInfo': () => ({ data: { ...adminProfile, role: 'Supplier' } }),
    });
    await startApp('/profile');
    expect(await screen.findByText('Rol: Leverancier')).toBeInTheDocument();
    expect(await openProfileFromUserMenu('Lev Erancier')).toHaveAttribute('href', '/profile');
    expect(sessionStore.getClaims()?.role).toBe('Supplier');
  });
});
