import userEvent from '@testing-library/user-event';
import {
  type EmployerEmployee,
  type EmployerEmployeeInvitation,
  Environment,
  type VerifiedEmailRow,
} from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { testClaims } from '@/app/test-support/claims';
import { failure, fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
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

const employees: EmployerEmployee[] = [
  {
    userId: 11,
    fullName: 'Anouk Jansen',
    email: 'anouk@example.com',
    phone: '0612345678',
    employeeSince: '2026-02-01T10:00:00.000Z',
  },
  {
    userId: 12,
    fullName: 'Tom Peters',
    email: 'tom@example.com',
    phone: null,
    employeeSince: '2026-03-05T10:00:00.000Z',
  },
];

const invitation: EmployerEmployeeInvitation = {
  id: 21,
  email: 'nieuwe.bakker@example.com',
  invitedBy: 'Pieter van den Berg',
  createdAt: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-16T10:00:00.000Z',
  isExpired: true,
  employerName: 'Bakkerij Jansen B.V.',
};

const LIST = 'GET /api/EmployerEmployee';
const INVITATIONS = 'GET /api/Employer/4/EmployeeInvitations';

describe('the employees of the employer', () => {
  it('lists them from the menu with both counts, and removes one after confirmation', async () => {
    let items = employees;
    const requests = fakeAppApi(employer(), {
      [LIST]: () => ({ data: { items, total: items.length } }),
      [INVITATIONS]: () => ({ data: { items: [invitation], total: 1 } }),
      'DELETE /api/Employer/4/Employee': () => {
        items = employees.filter((employee) => employee.userId !== 12);
        return { data: null };
      },
    });
    await startApp('/employer');
    const user = userEvent.setup();
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await user.click(within(navigation).getByRole('link', { name: 'Medewerkers' }));
    const table = await screen.findByRole('table', { name: 'Medewerkers' });
    const row = await within(table).findByRole('row', { name: /Anouk Jansen/ });
    expect(row).toHaveTextContent('anouk@example.com');
    expect(row).toHaveTextContent('0612345678');
    expect(row).toHaveTextContent('01-02-2026');
    expect(await screen.findByRole('tab', { name: /Medewerkers\s*2/ })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /Uitnodigingen\s*1/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Medewerker verwijderen Tom Peters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerker verwijderen' });
    expect(dialog).toHaveTextContent('Tom Peters');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'DELETE', '/api/Employer/4/Employee')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Medewerker verwijderen Tom Peters' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Medewerker verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('Tom Peters is verwijderd als medewerker.')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/Employer/4/Employee').map((request) => request.body)).toEqual(
      [{ userId: 12 }],
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: /Tom Peters/ })).not.toBeInTheDocument());
  });

  it('keeps search and sort in the URL and asks the server for them', async () => {
    const requests = fakeAppApi(employer(), {
      [LIST]: () => ({ data: { items: employees, total: 2 } }),
      [INVITATIONS]: () => ({ data: { items: [], total: 0 } }),
    });
    await startApp('/employer/employees?search=anouk&sort=employeeSince&direction=desc');
    await screen.findByRole('row', { name: /Anouk Jansen/ });
    expect(queryOf(requestsTo(requests, 'GET', '/api/EmployerEmployee')[0])).toMatchObject({
      search: 'anouk',
      sort: 'employeeSince',
      direction: 'desc',
    });
    // The other tab counts the same search.
    expect(queryOf(requestsTo(requests, 'GET', '/api/Employer/4/EmployeeInvitations')[0])).toMatchObject({
      search: 'anouk',
      pageSize: '1',
    });
  });

  it('asks the counts once per search: page 2 sends counts=false; its own remove and invite ask them again', async () => {
    let total = 60;
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeAppApi(employer(), {
      [LIST]: (request) => ({
        data: queryOf(request).counts === 'false' ? { items: employees } : { items: employees, total },
      }),
      [INVITATIONS]: () => ({ data: { items: [invitation], total: 1 } }),
      'DELETE /api/Employer/4/Employee': () => {
        total = 59;
        return { data: null };
      },
      'POST /api/Employer/4/InviteEmployee': () => ({
        data: { ...invitation, id: 22, email: 'kees@example.com', isExpired: false },
      }),
    });
    await startApp('/employer/employees');
    const user = userEvent.setup();
    const lastList = () => queryOf(requestsTo(requests, 'GET', '/api/EmployerEmployee').at(-1));
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
    expect(lastList()).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastList()).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Medewerkers\s*60/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Uitnodigingen\s*1/ })).toBeInTheDocument();
    // The other tab's count is asked once, with its counts.
    expect(
      requestsTo(requests, 'GET', '/api/Employer/4/EmployeeInvitations').map((request) => queryOf(request)),
    ).toEqual([expect.not.objectContaining({ counts: 'false' })]);

    await user.click(screen.getByRole('button', { name: 'Medewerker verwijderen Tom Peters' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Medewerker verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('Resultaten: 26 - 50 van 59')).toBeInTheDocument();
    expect(lastList()).toMatchObject({ page: '2' });
    expect(lastList()).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(lastList()).toMatchObject({ page: '3', counts: 'false' }));
    await user.click(screen.getByRole('button', { name: 'Medewerker uitnodigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerker uitnodigen' });
    await user.type(within(dialog).getByRole('textbox', { name: /E-mailadres/ }), 'kees@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(
      await within(dialog).findByText('Er is een uitnodiging verstuurd naar kees@example.com.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(lastList()).not.toHaveProperty('counts'));
    expect(lastList()).toMatchObject({ page: '3' });
  });

  it('is not in the menu without an active employer, nor for who is no employer', async () => {
    fakeAppApi(employer({ activeEmployerId: null }), {});
    const { router } = await startApp('/employer/employees');
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer'));
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(navigation).queryByRole('link', { name: 'Medewerkers' })).not.toBeInTheDocument();
  });
});

describe('the invitations of the employer', () => {
  it('are a tab: sends one again and cancels one after confirmation', async () => {
    let items = [invitation];
    const requests = fakeAppApi(employer(), {
      [LIST]: () => ({ data: { items: employees, total: 2 } }),
      [INVITATIONS]: () => ({ data: { items, total: items.length } }),
      'POST /api/EmployerEmployeeInvitation/21/resend': () => {
        items = [{ ...invitation, isExpired: false, expiresAt: '2026-04-01T10:00:00.000Z' }];
        return { data: items[0] };
      },
      'DELETE /api/EmployerEmployeeInvitation/21': () => {
        items = [];
        return { data: null };
      },
    });
    const { router } = await startApp('/employer/employees');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Uitnodigingen/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'invitations' }));
    const row = await screen.findByRole('row', { name: /nieuwe\.bakker@example\.com/ });
    expect(row).toHaveTextContent('Pieter van den Berg');
    expect(row).toHaveTextContent('Verlopen');

    await user.click(
      within(row).getByRole('button', { name: 'Opnieuw versturen nieuwe.bakker@example.com' }),
    );
    expect(
      await screen.findByText('De uitnodiging is opnieuw verstuurd naar nieuwe.bakker@example.com.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /nieuwe\.bakker@example\.com/ })).not.toHaveTextContent(
        'Verlopen',
      ),
    );
    expect(requestsTo(requests, 'POST', '/api/EmployerEmployeeInvitation/21/resend')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Uitnodiging annuleren nieuwe.bakker@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uitnodiging annuleren' });
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging annuleren' }));
    expect(
      await screen.findByText('De uitnodiging voor nieuwe.bakker@example.com is geannuleerd.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Er is niets om te tonen')).toBeInTheDocument();
  });

  it('invites by email in a modal, with the server’s refusal on the field', async () => {
    const requests = fakeAppApi(employer(), {
      [LIST]: () => ({ data: { items: employees, total: 2 } }),
      [INVITATIONS]: () => ({ data: { items: [], total: 0 } }),
      'POST /api/Employer/4/InviteEmployee': (request) => {
        const { email } = request.body as { email: string };
        if (email === 'anouk@example.com') return failure(409, 'invitation.errors.alreadyEmployee', 'email');
        return { data: { ...invitation, id: 22, email, isExpired: false } };
      },
    });
    await startApp('/employer/employees');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Medewerker uitnodigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerker uitnodigen' });
    const email = () => within(dialog).getByRole('textbox', { name: /E-mailadres/ });
    await user.type(email(), 'geen-adres');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(requestsTo(requests, 'POST', '/api/Employer/4/InviteEmployee')).toHaveLength(0);

    await user.clear(email());
    await user.type(email(), 'anouk@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    await waitFor(() =>
      expect(email()).toHaveAccessibleDescription(
        'Dit e-mailadres hoort al bij een werknemer van deze werkgever.',
      ),
    );
    await user.clear(email());
    await user.type(email(), 'kees@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(
      await within(dialog).findByText('Er is een uitnodiging verstuurd naar kees@example.com.'),
    ).toBeInTheDocument();
    expect(
      requestsTo(requests, 'POST', '/api/Employer/4/InviteEmployee').map((request) => request.body),
    ).toEqual([{ email: 'anouk@example.com' }, { email: 'kees@example.com' }]);
  });
});

describe('importing employees from Excel', () => {
  const rows: VerifiedEmailRow[] = [
    { email: 'sara@example.com', verified: true, reason: null },
    { email: 'geen-adres', verified: false, reason: 'employerEmployee.errors.invalidEmail' },
    { email: 'anouk@example.com', verified: false, reason: 'invitation.errors.alreadyEmployee' },
    { email: 'ilse@example.com', verified: true, reason: null },
  ];
  const xlsx = () =>
    new File(['PK fake'], 'medewerkers.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });

  it('checks the file, shows which addresses can be invited and invites only those', async () => {
    const requests = fakeAppApi(employer(), {
      [LIST]: () => ({ data: { items: employees, total: 2 } }),
      [INVITATIONS]: () => ({ data: { items: [], total: 0 } }),
      'POST /api/Employer/4/VerifyEmailExcel': () => ({ data: { rows } }),
      'POST /api/Employer/4/InviteMultipleEmployees': () => ({ data: { invited: 2, skipped: [] } }),
    });
    await startApp('/employer/employees');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Importeren uit Excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerkers importeren uit Excel' });
    expect(
      within(dialog).getByRole('button', {
        name: /Voorbeeldbestand downloaden \(import_users_template\.xlsx\)/,
      }),
    ).toBeInTheDocument();

    // Without a file: the spec's noFile message, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Controleren' }));
    expect(await screen.findByText('Kies eerst een Excel-bestand.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Employer/4/VerifyEmailExcel')).toHaveLength(0);

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, xlsx());
    expect(within(dialog).getByText('medewerkers.xlsx')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Controleren' }));

    const table = await within(dialog).findByRole('table', { name: 'Gecontroleerde e-mailadressen' });
    expect(within(dialog).getByText('2 van de 4 adressen kunnen worden uitgenodigd.')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /sara@example\.com/ })).toHaveTextContent('Goedgekeurd');
    expect(within(table).getByRole('row', { name: /geen-adres/ })).toHaveTextContent(
      'OvergeslagenGeen geldig e-mailadres.',
    );
    expect(within(table).getByRole('row', { name: /anouk@example\.com/ })).toHaveTextContent(
      'Dit e-mailadres hoort al bij een werknemer van deze werkgever.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Uitnodigingen versturen (2)' }));
    expect(await within(dialog).findByText('Er zijn 2 uitnodigingen verstuurd.')).toBeInTheDocument();
    expect(
      requestsTo(requests, 'POST', '/api/Employer/4/InviteMultipleEmployees').map((request) => request.body),
    ).toEqual([{ emails: ['sara@example.com', 'ilse@example.com'] }]);
  });

  it('shows why the server refused the file on the upload field and in a toast', async () => {
    fakeAppApi(employer(), {
      [LIST]: () => ({ data: { items: employees, total: 2 } }),
      [INVITATIONS]: () => ({ data: { items: [], total: 0 } }),
      'POST /api/Employer/4/VerifyEmailExcel': () => failure(400, 'employerEmployee.errors.notExcel', 'file'),
    });
    await startApp('/employer/employees');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Importeren uit Excel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerkers importeren uit Excel' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Controleren' }));
    expect(await screen.findAllByText('Dit is geen Excel-bestand (.xlsx).')).toHaveLength(2);
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });
});
