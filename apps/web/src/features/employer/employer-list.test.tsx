import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { Employer } from '@xp/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { EmployerList } from './employer-list';
import { employers, jansenDetail, tabCounts, vandenBergDetail } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

/** The list with its state kept as the route keeps it (in the URL). */
function StatefulList() {
  const [state, setState] = useState<ListState>(defaultListState);
  return <EmployerList state={state} onStateChange={setState} />;
}

function renderList(state: ListState = defaultListState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const result = renderWithQuery(<EmployerList state={state} onStateChange={onStateChange} />, { language });
  return { ...result, onStateChange };
}

const listOf =
  (items: Employer[] = employers) =>
  () => ({ data: { items, total: items.length, tabCounts } });

describe('the list of employers', () => {
  it('shows name, registration and counts, with the tab counts, asking for the state of the URL', async () => {
    const requests = fakeApi({
      'GET /api/Employer': () => ({ data: { items: employers, total: 27, tabCounts } }),
    });
    renderList({ ...defaultListState, page: 2, search: 'ber', sort: 'employeeCount', direction: 'desc' });

    expect(screen.getByRole('heading', { name: 'Werkgevers' })).toBeInTheDocument();
    await screen.findByText('Bakkerij Jansen B.V.');
    const table = screen.getByRole('table', { name: 'Werkgevers' });
    const rows = within(table).getAllByRole('row');
    const header = within(rows[0] as HTMLElement);
    expect(header.getByRole('columnheader', { name: /Werknemers/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(rows[1]).toHaveTextContent(/Bakkerij Jansen B\.V\.\s*Geregistreerd\s*1\s*1\.204\s*05-01-2026/);
    expect(rows[2]).toHaveTextContent(/Van den Berg Logistiek\s*In afwachting\s*0\s*0\s*10-02-2026/);
    expect(screen.getByRole('tab', { name: /Alle\s*2/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Geregistreerd\s*1/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /In afwachting\s*1/ })).toBeInTheDocument();
    expect(queryOf(requests[0])).toEqual({
      page: '2',
      pageSize: '25',
      direction: 'desc',
      search: 'ber',
      sort: 'employeeCount',
    });
  });

  it('asks the counts once per filter: page 2 sends counts=false and keeps the total and tab counts', async () => {
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeApi({
      'GET /api/Employer': (request) => ({
        data:
          queryOf(request).counts === 'false'
            ? { items: employers }
            : { items: employers, total: 60, tabCounts },
      }),
    });
    const { user } = renderWithQuery(<StatefulList />);
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
    expect(queryOf(requests[0])).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(queryOf(requests.at(-1))).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Geregistreerd\s*1/ })).toBeInTheDocument();
  });

  it('asks for the registration state of the tab, and changes tab through the URL state', async () => {
    const requests = fakeApi({ 'GET /api/Employer': listOf([employers[1]!]) });
    const { user, onStateChange } = renderList({ ...defaultListState, tab: 'inProgress', sort: 'userCount' });
    await screen.findByText('Van den Berg Logistiek');
    // An unknown sort is left out; the tab becomes the filter.
    expect(queryOf(requests[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'asc',
      registration: 'inProgress',
    });
    await user.click(screen.getByRole('tab', { name: /Geregistreerd/ }));
    expect(onStateChange).toHaveBeenLastCalledWith({
      ...defaultListState,
      sort: 'userCount',
      tab: 'complete',
      page: 1,
    });
  });

  it("says 'Werkgevers kunnen niet worden opgehaald' and retries", async () => {
    let isDown = true;
    fakeApi({ 'GET /api/Employer': () => (isDown ? failure(500, 'general_error') : listOf()()) });
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Werkgevers kunnen niet worden opgehaald');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Bakkerij Jansen B.V.')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/Employer': listOf() });
    renderList(defaultListState, 'en');
    expect(await screen.findByRole('heading', { name: 'Employers' })).toBeInTheDocument();
    await screen.findByText('Bakkerij Jansen B.V.');
    expect(screen.getByRole('tab', { name: /Pending/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Registration' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')[1]).toHaveTextContent(/Bakkerij Jansen B\.V\.\s*Registered/);
  });
});

describe('adding an employer', () => {
  it('sends name and contact address, and says the invitation was sent', async () => {
    const requests = fakeApi({
      'GET /api/Employer': listOf(),
      'POST /api/Employer': (request) => ({
        data: { ...employers[1], id: 9, name: (request.body as { name: string }).name },
      }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Werkgever toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Werkgever toevoegen' });
    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), 'Drukkerij Delta');
    await user.type(
      within(panel).getByRole('textbox', { name: /E-mailadres contactpersoon/ }),
      'info@delta.nl',
    );
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen en uitnodigen' }));

    expect(
      await screen.findByText(
        'Drukkerij Delta is toegevoegd; de uitnodiging is verstuurd naar info@delta.nl.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Employer')[0]?.body).toEqual({
      name: 'Drukkerij Delta',
      email: 'info@delta.nl',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Werkgever toevoegen' })).not.toBeInTheDocument(),
    );
    expect(requestsTo(requests, 'GET', '/api/Employer')).toHaveLength(2);
  });

  it('checks the fields before sending anything', async () => {
    const requests = fakeApi({ 'GET /api/Employer': listOf() });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Werkgever toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Werkgever toevoegen' });
    await user.type(within(panel).getByRole('textbox', { name: /E-mailadres contactpersoon/ }), 'geen-adres');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen en uitnodigen' }));
    expect(await within(panel).findByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Employer')).toHaveLength(0);
  });

  it('shows the server’s refusals on their fields: a name in use, an address with an account', async () => {
    let reply = failure(409, 'employer.errors.nameTaken', 'name');
    fakeApi({ 'GET /api/Employer': listOf(), 'POST /api/Employer': () => reply });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Werkgever toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Werkgever toevoegen' });
    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), 'bakkerij jansen b.v.');
    await user.type(within(panel).getByRole('textbox', { name: /E-mailadres contactpersoon/ }), 'a@b.nl');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen en uitnodigen' }));
    expect(await within(panel).findByText('Er bestaat al een werkgever met deze naam.')).toBeInTheDocument();

    reply = failure(409, 'invitation.errors.alreadyRegistered', 'email');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen en uitnodigen' }));
    expect(
      await within(panel).findByText('Er bestaat al een account met dit e-mailadres.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Werkgever toevoegen' })).toBeInTheDocument();
  });
});

describe('renaming and deleting an employer', () => {
  it('renames from the row', async () => {
    const requests = fakeApi({
      'GET /api/Employer': listOf(),
      'PUT /api/Employer': (request) => ({ data: { ...employers[1], ...(request.body as object) } }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Naam wijzigen Van den Berg Logistiek' }));
    const panel = await screen.findByRole('dialog', { name: 'Naam van werkgever wijzigen' });
    const name = within(panel).getByRole('textbox', { name: /Naam/ });
    await user.clear(name);
    await user.type(name, 'Van den Berg Transport');
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De naam is gewijzigd in Van den Berg Transport.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Employer')[0]?.body).toEqual({
      id: 2,
      name: 'Van den Berg Transport',
    });
  });

  it('asks first, then deletes', async () => {
    const requests = fakeApi({
      'GET /api/Employer': listOf(),
      'DELETE /api/Employer/2': () => ({ data: null }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Van den Berg Logistiek' }));
    const dialog = await screen.findByRole('dialog', { name: 'Werkgever verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je Van den Berg Logistiek wilt verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Van den Berg Logistiek is verwijderd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/Employer/2')).toHaveLength(1);
  });

  it('shows why the server refused: the employer still has employees', async () => {
    fakeApi({
      'GET /api/Employer': listOf(),
      'DELETE /api/Employer/1': () => failure(409, 'employer.errors.hasEmployees'),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Bakkerij Jansen B.V.' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Werkgever verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('Werkgever kan niet worden verwijderd')).toBeInTheDocument();
    expect(
      screen.getByText('Deze werkgever heeft nog werknemers. Verwijder eerst de werknemers.'),
    ).toBeInTheDocument();
  });
});

describe('the detail of an employer', () => {
  it('shows its users when a row is clicked', async () => {
    fakeApi({ 'GET /api/Employer': listOf(), 'GET /api/Employer/1': () => ({ data: jansenDetail }) });
    const { user } = renderList();
    await user.click(await screen.findByText('Bakkerij Jansen B.V.'));
    const panel = await screen.findByRole('dialog', { name: /Bakkerij Jansen B\.V\./ });
    const users = await within(panel).findByRole('table', { name: 'Gebruikers' });
    expect(users).toHaveTextContent(/Pieter van den Berg\s*werkgever@example\.com/);
    expect(panel).toHaveTextContent('1.204 werknemers');
    expect(panel).toHaveTextContent('Er zijn geen openstaande uitnodigingen.');
  });

  it('sends an open invitation again, cancels it after asking, and invites another contact', async () => {
    const requests = fakeApi({
      'GET /api/Employer': listOf(),
      'GET /api/Employer/2': () => ({ data: vandenBergDetail }),
      'POST /api/Employer/2/Invitation/31/resend': () => ({ data: vandenBergDetail.invitations[0] }),
      'DELETE /api/Employer/2/Invitation/31': () => ({ data: null }),
      'POST /api/Employer/2/Invitation': () => failure(409, 'invitation.errors.alreadyInvited', 'email'),
    });
    const { user } = renderList();
    await user.click(await screen.findByText('Van den Berg Logistiek'));
    const panel = await screen.findByRole('dialog', { name: /Van den Berg Logistiek/ });
    expect(
      await within(panel).findByText('Nog niemand heeft zich voor deze werkgever geregistreerd.'),
    ).toBeInTheDocument();
    const invitations = within(panel).getByRole('table', { name: 'Openstaande uitnodigingen' });
    expect(invitations).toHaveTextContent(
      /contact@vandenberg\.example\.com\s*10-02-2026\s*24-02-2026\s*Verlopen/,
    );

    await user.click(
      within(invitations).getByRole('button', { name: 'Opnieuw versturen contact@vandenberg.example.com' }),
    );
    expect(
      await screen.findByText('De uitnodiging is opnieuw verstuurd naar contact@vandenberg.example.com.'),
    ).toBeInTheDocument();

    await user.click(
      within(invitations).getByRole('button', { name: 'Intrekken contact@vandenberg.example.com' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Uitnodiging intrekken' });
    await user.click(within(confirm).getByRole('button', { name: /Bevestigen|Intrekken|Doorgaan/ }));
    expect(
      await screen.findByText('De uitnodiging aan contact@vandenberg.example.com is ingetrokken.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/Employer/2/Invitation/31')).toHaveLength(1);

    const form = within(panel).getByRole('form', { name: 'Contactpersoon uitnodigen' });
    await user.type(within(form).getByRole('textbox', { name: /Contactpersoon uitnodigen/ }), 'nieuw@vdb.nl');
    await user.click(within(form).getByRole('button', { name: 'Uitnodigen' }));
    expect(await within(form).findByText('Dit e-mailadres is al uitgenodigd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Employer/2/Invitation')[0]?.body).toEqual({
      email: 'nieuw@vdb.nl',
    });
  });
});
