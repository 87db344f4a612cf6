import userEvent from '@testing-library/user-event';
import { Environment, type GymEmployee, type GymEmployeeDetail, type OpenInvitation } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { testClaims } from '@/app/test-support/claims';
import { failure, fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';

setUpAppTests();
// The whole app starts in every test; slow on a busy machine.

const gymManager = (overrides = {}) =>
  testClaims({ userId: 1, gymRights: ['10:ManageMembers', '10:ManageGymRights'], ...overrides });

const employees: GymEmployee[] = [
  { employeeId: 1, name: 'Sanne de Vries', email: 'sanne@example.com', phoneNumber: null, locationCount: 0 },
  {
    employeeId: 7,
    name: 'Fatima el Amrani',
    email: 'fatima@example.com',
    phoneNumber: '0612345678',
    locationCount: 2,
  },
];

const fatima: GymEmployeeDetail = {
  employeeId: 7,
  name: 'Fatima el Amrani',
  email: 'fatima@example.com',
  phoneNumber: '0612345678',
  employeeSince: '2026-02-01T10:00:00.000Z',
  locations: [
    { locationId: 5, name: 'Vitaal Utrecht Centrum' },
    { locationId: 6, name: 'Vitaal Amersfoort' },
  ],
};

const invitation: OpenInvitation = {
  id: 3,
  email: 'nieuwe.collega@example.com',
  invitedBy: 'Sanne de Vries',
  createdAt: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-16T10:00:00.000Z',
  isExpired: false,
};

const location = {
  id: 5,
  gymId: 10,
  name: 'Vitaal Utrecht Centrum',
  slug: 'vitaal-utrecht-centrum',
  email: null,
  street: 'Oudegracht',
  houseNumber: '120',
  postalCode: '3511 AZ',
  city: 'Utrecht',
  visibleOnRegistrationPage: true,
  memberExpectedInsideTime: 90,
  qrCode: null,
  qrCodeIssuedAt: null,
  statusRequirements: [],
};

describe('the employees of the gym', () => {
  it('lists them from the menu, opens one and removes them after confirmation', async () => {
    let items = employees;
    const requests = fakeAppApi(gymManager(), {
      'GET /api/GymEmployee': () => ({ data: { items, total: items.length } }),
      'GET /api/GymEmployee/7': () => ({ data: fatima }),
      'DELETE /api/GymEmployee/7': () => {
        items = employees.filter((employee) => employee.employeeId !== 7);
        return { data: null };
      },
    });
    const { router } = await startApp('/');
    const user = userEvent.setup();
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await user.click(within(navigation).getByRole('link', { name: 'Medewerkers' }));
    const table = await screen.findByRole('table', { name: 'Medewerkers' });
    const row = await within(table).findByRole('row', { name: /Fatima el Amrani/ });
    expect(row).toHaveTextContent('fatima@example.com');
    expect(row).toHaveTextContent('0612345678');
    expect(within(table).getByRole('columnheader', { name: /Locaties/ })).toBeInTheDocument();

    await user.click(within(row).getByText('Fatima el Amrani'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employees/7'));
    expect(await screen.findByRole('heading', { name: 'Fatima el Amrani' })).toBeInTheDocument();
    expect(screen.getByText('01-02-2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vitaal Amersfoort' })).toHaveAttribute(
      'href',
      '/locations/6/employees',
    );
    expect(screen.getByRole('link', { name: 'Rechten beheren' })).toHaveAttribute(
      'href',
      '/employees/7/rights',
    );

    await user.click(screen.getByRole('button', { name: 'Verwijderen uit sportschool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerker verwijderen' });
    expect(dialog).toHaveTextContent('Fatima el Amrani');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'DELETE', '/api/GymEmployee/7')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verwijderen uit sportschool' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Medewerker verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('Fatima el Amrani is uit de sportschool verwijderd.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/employees'));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Fatima el Amrani/ })).not.toBeInTheDocument(),
    );
  });

  it('keeps search and sort in the URL and does not offer to remove yourself', async () => {
    const requests = fakeAppApi(gymManager({ gymRights: ['10:ManageMembers'] }), {
      'GET /api/GymEmployee': () => ({ data: { items: employees, total: 2 } }),
      'GET /api/GymEmployee/1': () => ({
        data: { ...fatima, employeeId: 1, name: 'Sanne de Vries', locations: [] },
      }),
    });
    const { router } = await startApp('/employees?search=fatima&sort=locationCount&direction=desc');
    await screen.findByRole('row', { name: /Fatima el Amrani/ });
    expect(queryOf(requestsTo(requests, 'GET', '/api/GymEmployee')[0])).toMatchObject({
      search: 'fatima',
      sort: 'locationCount',
      direction: 'desc',
    });
    await router.navigate({ to: '/employees/$employeeId', params: { employeeId: '1' } });
    expect(await screen.findByText('Dit ben jij')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verwijderen uit sportschool' })).toBeDisabled();
    // Without ManageGymRights or ManageLocationRights there is no rights screen to go to.
    expect(screen.queryByRole('link', { name: 'Rechten beheren' })).not.toBeInTheDocument();
    expect(screen.getByText('Deze medewerker werkt nog op geen enkele locatie.')).toBeInTheDocument();
  });

  it('says when an employee does not exist', async () => {
    fakeAppApi(gymManager(), {
      'GET /api/GymEmployee/99': () => failure(404, 'employee.errors.notFound'),
    });
    await startApp('/employees/99');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze medewerker bestaat niet of werkt hier niet (meer).',
    );
    expect(screen.getByRole('link', { name: 'Terug naar medewerkers' })).toBeInTheDocument();
  });

  it('is not in the menu and sends away who lacks ManageMembers', async () => {
    fakeAppApi(testClaims({ gymRights: ['10:ManageSubscriptions'] }), {});
    const { router } = await startApp('/employees');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(navigation).queryByRole('link', { name: 'Medewerkers' })).not.toBeInTheDocument();
  });
});

describe('the invited employees', () => {
  it('are a tab next to the employees; invites by email in a modal', async () => {
    let items = [invitation];
    const requests = fakeAppApi(gymManager(), {
      'GET /api/GymEmployee': () => ({ data: { items: employees, total: 2 } }),
      'GET /api/GymEmployeeInvitation': () => ({ data: { items, total: items.length } }),
      'POST /api/GymEmployeeInvitation': (request) => {
        const { email } = request.body as { email: string };
        if (email === 'fatima@example.com') return failure(409, 'employee.errors.alreadyEmployee', 'email');
        const created = { ...invitation, id: 4, email };
        items = [created, ...items];
        return { data: created };
      },
    });
    const { router } = await startApp('/employees');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Uitgenodigd' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employees/invited'));
    expect(await screen.findByRole('heading', { name: 'Uitgenodigde medewerkers' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /nieuwe\.collega@example\.com/ })).toHaveTextContent(
      'Sanne de Vries',
    );

    await user.click(screen.getByRole('button', { name: 'Medewerker uitnodigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerker uitnodigen' });
    const email = within(dialog).getByRole('textbox', { name: /E-mailadres/ });
    await user.type(email, 'fatima@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /E-mailadres/ })).toHaveAccessibleDescription(
        'Dit e-mailadres hoort al bij een medewerker van deze sportschool.',
      ),
    );
    await user.clear(within(dialog).getByRole('textbox', { name: /E-mailadres/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /E-mailadres/ }), 'kees@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(
      await within(dialog).findByText('Er is een uitnodiging verstuurd naar kees@example.com.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /kees@example\.com/ })).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/GymEmployeeInvitation').map((request) => request.body)).toEqual(
      [{ email: 'fatima@example.com' }, { email: 'kees@example.com' }],
    );
  });

  it('cancels an invitation after confirmation', async () => {
    let items = [invitation];
    fakeAppApi(gymManager(), {
      'GET /api/GymEmployeeInvitation': () => ({ data: { items, total: items.length } }),
      'DELETE /api/GymEmployeeInvitation/3': () => {
        items = [];
        return { data: null };
      },
    });
    await startApp('/employees/invited');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Annuleren nieuwe.collega@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uitnodiging annuleren' });
    await user.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(
      await screen.findByText('De uitnodiging voor nieuwe.collega@example.com is geannuleerd.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Er is niets om te tonen')).toBeInTheDocument();
  });
});

const locationManager = (rights = ['5:ManageEmployees', '5:ManageLocationRights']) =>
  testClaims({
    userId: 7,
    name: 'Fatima el Amrani',
    activeEnvironment: Environment.Location,
    activeLocationId: 5,
    locationRights: rights,
  });

const staff = [
  { employeeId: 7, name: 'Fatima el Amrani', email: 'fatima@example.com', phoneNumber: null },
  { employeeId: 8, name: 'Kees Kok', email: 'kees@example.com', phoneNumber: '0201234567' },
];

describe('the employees of a location', () => {
  it('adds employees of the gym with at least one chosen, and removes one after confirmation', async () => {
    let items = staff;
    const requests = fakeAppApi(locationManager(), {
      'GET /api/Location/5': () => ({ data: location }),
      'GET /api/Location/5/Employees': () => ({ data: { items, total: items.length } }),
      'GET /api/Location/KnownUsers': () => ({
        data: {
          items: [{ employeeId: 1, name: 'Sanne de Vries', email: 'sanne@example.com', phoneNumber: null }],
          total: 1,
        },
      }),
      'PUT /api/Location/5/NewEmployees': () => {
        items = [
          ...staff,
          { employeeId: 1, name: 'Sanne de Vries', email: 'sanne@example.com', phoneNumber: null },
        ];
        return { data: { added: 1 } };
      },
      'DELETE /api/Location/5/Employee/8': () => {
        items = items.filter((employee) => employee.employeeId !== 8);
        return { data: null };
      },
    });
    await startApp('/location');
    const user = userEvent.setup();
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await user.click(within(navigation).getByRole('link', { name: 'Medewerkers' }));
    expect(await screen.findByRole('heading', { name: 'Medewerkers' })).toBeInTheDocument();
    expect(screen.getByText(/Medewerkers van Vitaal Utrecht Centrum/)).toBeInTheDocument();
    const own = await screen.findByRole('row', { name: /Fatima el Amrani/ });
    // Nobody removes themselves.
    expect(
      within(own).queryByRole('button', { name: 'Verwijderen van locatie Fatima el Amrani' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Medewerkers toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerkers toevoegen' });
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(dialog).findByText('Kies minstens één medewerker.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Medewerkers/ }));
    await user.click(await screen.findByRole('option', { name: 'Sanne de Vries (sanne@example.com)' }));
    // The option list closes after a pick, so that it does not cover the submit button.
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(
      await within(dialog).findByText('Er is 1 medewerker toegevoegd aan Vitaal Utrecht Centrum.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location/5/NewEmployees')[0]!.body).toEqual({
      employeeIds: [1],
    });
    expect(queryOf(requestsTo(requests, 'GET', '/api/Location/KnownUsers')[0])).toMatchObject({
      locationId: '5',
    });
    await user.click(within(dialog).getAllByRole('button', { name: 'Sluiten' })[0]!);

    await user.click(await screen.findByRole('button', { name: 'Verwijderen van locatie Kees Kok' }));
    const confirm = await screen.findByRole('dialog', { name: 'Medewerker van locatie verwijderen' });
    expect(confirm).toHaveTextContent('Kees Kok');
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Kees Kok is van de locatie verwijderd.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Kees Kok/ })).not.toBeInTheDocument());
  });

  it('opens an employee of the active location with a link to their rights', async () => {
    fakeAppApi(locationManager(), {
      'GET /api/Location/5/Employee/8': () => ({
        data: { ...staff[1], locationId: 5, locationName: 'Vitaal Utrecht Centrum', employeeSince: null },
      }),
    });
    await startApp('/location/employees/8');
    expect(await screen.findByRole('heading', { name: 'Kees Kok' })).toBeInTheDocument();
    expect(screen.getByText('Heeft alleen rechten op deze locatie')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rechten beheren' })).toHaveAttribute(
      'href',
      '/location/employees/8/rights',
    );
  });

  it('is a tab of the location in the gym environment', async () => {
    fakeAppApi(gymManager(), {
      'GET /api/Location/5': () => ({ data: location }),
      'GET /api/Location/5/Employees': () => ({ data: { items: staff, total: 2 } }),
    });
    const { router } = await startApp('/locations/5/general');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Medewerkers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/locations/5/employees'));
    await user.click(await screen.findByText('Kees Kok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employees/8'));
  });

  it('is not in the menu without ManageEmployees', async () => {
    fakeAppApi(locationManager(['5:ManageLessons']), {});
    const { router } = await startApp('/location/employees');
    await waitFor(() => expect(router.state.location.pathname).toBe('/location'));
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(navigation).queryByRole('link', { name: 'Medewerkers' })).not.toBeInTheDocument();
  });
});

describe('in English', () => {
  it('shows the employees, their tabs and the invite button', async () => {
    fakeAppApi(gymManager({ language: 'en' }), {
      'GET /api/GymEmployee': () => ({ data: { items: employees, total: 2 } }),
    });
    await startApp('/employees');
    expect(await screen.findByRole('heading', { name: 'Employees' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Fatima el Amrani/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Invited' })).toBeInTheDocument();
    for (const name of ['Name', 'Email address', 'Phone number', 'Locations']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Invite employee' })).toBeInTheDocument();
  });
});
