import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { cleanup, screen, waitFor, within } from '@/test/render';
import { defaultXpListState, type XpTransactionListState } from './search';
import {
  adminInAdmin,
  balance,
  employerStaff,
  transaction,
  transactionCounts,
  transactions,
} from './test-data';
import { XpTransactionsPage } from './xp-transaction-list';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.setClaims(null);
});

const page = { items: transactions, total: 3, tabCounts: transactionCounts };
const employees = [
  {
    userId: 11,
    fullName: 'Anouk Jansen',
    email: 'anouk@example.com',
    phone: null,
    employeeSince: '2026-02-01',
  },
  {
    userId: 12,
    fullName: 'Bram de Wit',
    email: 'bram@example.com',
    phone: null,
    employeeSince: '2026-03-01',
  },
];

function renderPage(scope: 'employer' | 'admin', state: XpTransactionListState = defaultXpListState) {
  sessionStore.setClaims(scope === 'admin' ? adminInAdmin() : employerStaff());
  const onStateChange = vi.fn();
  const result = renderWithQuery(
    <XpTransactionsPage scope={scope} state={state} onStateChange={onStateChange} />,
  );
  return { ...result, onStateChange };
}

describe("the employer's transactions", () => {
  it('lists date and time, kind, sender, recipient, signed XP and description, with a tab per kind', async () => {
    const requests = fakeApi({
      'GET /api/Employer/4/XpTransactions': () => ({ data: page }),
    });
    renderPage('employer', { ...defaultXpListState, tab: 'grant', from: '2026-11-01', to: '2026-11-30' });
    const table = await screen.findByRole('table', { name: 'Transacties' });
    await within(table).findByText('Sporttas');
    const rows = within(table).getAllByRole('row');
    for (const header of ['Datum', 'Soort', 'Van', 'Naar', 'XP', 'Omschrijving'])
      expect(within(rows[0]!).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('columnheader', { name: 'Werkgever' })).toBeNull();
    // A purchase comes from the platform; what the employer gives away is negative.
    expect(rows[1]).toHaveTextContent(/\d{2}-11-2026 \d{2}:30/);
    expect(rows[1]).toHaveTextContent('Aankoop');
    expect(rows[1]).toHaveTextContent('Platform');
    expect(rows[1]).toHaveTextContent('+12.500 XP');
    expect(rows[2]).toHaveTextContent('Toegekend');
    expect(rows[2]).toHaveTextContent('Anouk Jansen');
    expect(rows[2]).toHaveTextContent('-1.500 XP');
    expect(rows[3]).toHaveTextContent('Winkel');
    expect(rows[3]).toHaveTextContent('Sporttas');
    expect(screen.getByRole('tab', { name: /Alle/ })).toHaveTextContent('3');
    expect(screen.getByRole('tab', { name: /Toegekend/ })).toHaveAttribute('aria-selected', 'true');
    expect(queryOf(requestsTo(requests, 'GET', '/api/Employer/4/XpTransactions')[0])).toMatchObject({
      kind: 'grant',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('exports the rows of the same search, kind and period, page by page, as a CSV file', async () => {
    const requests = fakeApi({ 'GET /api/Employer/4/XpTransactions': () => ({ data: page }) });
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      files.push(file as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { user } = renderPage('employer', {
      ...defaultXpListState,
      search: 'Anouk',
      tab: 'grant',
      from: '2026-11-01',
    });
    await screen.findByRole('table', { name: 'Transacties' });
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const exportCall = requests
      .map((request) => new URL(request.url, 'http://localhost'))
      .find(
        (url) =>
          url.pathname === '/api/Employer/4/XpTransactions' && url.searchParams.get('pageSize') === '100',
      );
    expect(Object.fromEntries(exportCall!.searchParams)).toMatchObject({
      search: 'Anouk',
      kind: 'grant',
      from: '2026-11-01',
      page: '1',
    });
  });

  it('says when there are none yet, and when they could not be fetched', async () => {
    fakeApi({
      'GET /api/Employer/4/XpTransactions': () => ({
        data: { items: [], total: 0, tabCounts: { ...transactionCounts, all: 0 } },
      }),
    });
    renderPage('employer');
    expect(await screen.findByText('Nog geen transacties')).toBeInTheDocument();
    cleanup();
    fakeApi({ 'GET /api/Employer/4/XpTransactions': () => failure(500, 'general_error') });
    renderPage('employer');
    expect(await screen.findByText('De transacties konden niet worden opgehaald')).toBeInTheDocument();
  });

  it('gives XP to one employee found by name, then says so and refreshes the balance', async () => {
    let balanceCalls = 0;
    const requests = fakeApi({
      'GET /api/Employer/4/XpTransactions': () => ({ data: page }),
      'GET /api/Employer/4/GetBalance': () => {
        balanceCalls += 1;
        return { data: balance };
      },
      'GET /api/EmployerEmployee': (request) => {
        const search = queryOf(request).search;
        const items = search ? employees.filter((e) => e.fullName.includes(search)) : employees;
        return { data: { items, total: items.length } };
      },
      'POST /api/Employer/4/GrantXp': () => ({ data: { recipients: 1, totalXp: 500, balance: 12_000 } }),
    });
    const { user } = renderPage('employer');
    await screen.findByRole('table', { name: 'Transacties' });
    await user.click(screen.getByRole('button', { name: 'XP geven' }));
    const dialog = await screen.findByRole('dialog', { name: 'XP geven' });
    expect(await within(dialog).findByText('Je saldo: 12.500 XP')).toBeInTheDocument();
    // Without an employee the server's rule says what is missing.
    await user.type(within(dialog).getByRole('textbox', { name: /Aantal XP/ }), '500');
    await user.click(within(dialog).getByRole('button', { name: 'XP geven' }));
    expect(await within(dialog).findByText('Kies een medewerker of alle medewerkers')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: /^Medewerker/ }), 'Bram');
    await user.click(await screen.findByRole('option', { name: /Bram de Wit/ }));
    const before = balanceCalls;
    await user.click(within(dialog).getByRole('button', { name: 'XP geven' }));
    expect(
      await screen.findByText('500 XP gegeven aan 1 medewerker. Nieuw saldo: 12.000 XP'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Employer/4/GrantXp').map((r) => r.body)).toEqual([
      { amountOfXp: 500, userId: 12 },
    ]);
    await waitFor(() => expect(balanceCalls).toBeGreaterThan(before));
  });

  it('asks before giving XP to all employees, naming how many and the total', async () => {
    const requests = fakeApi({
      'GET /api/Employer/4/XpTransactions': () => ({ data: page }),
      'GET /api/Employer/4/GetBalance': () => ({ data: balance }),
      'GET /api/EmployerEmployee': () => ({ data: { items: employees, total: 2 } }),
      'POST /api/Employer/4/GrantXp': () => failure(409, 'xp.errors.insufficientBalance'),
    });
    const { user } = renderPage('employer');
    await screen.findByRole('table', { name: 'Transacties' });
    await user.click(screen.getByRole('button', { name: 'XP geven' }));
    const dialog = await screen.findByRole('dialog', { name: 'XP geven' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Alle medewerkers (2)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Aantal XP per medewerker/ }), '1000');
    expect(within(dialog).getByText('2 medewerkers, in totaal 2.000 XP')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'XP geven' }));
    expect(
      await within(dialog).findByText(
        '2 medewerkers krijgen elk 1.000 XP: in totaal 2.000 XP van je saldo. Doorgaan?',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Employer/4/GrantXp')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Je saldo is niet hoog genoeg')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Employer/4/GrantXp').map((r) => r.body)).toEqual([
      { amountOfXp: 1000, allEmployees: true },
    ]);
  });
});

/** The employer filter's search answer. */
const employers = {
  items: [
    {
      id: 4,
      name: 'Bakkerij Jansen',
      createdAt: '2026-01-01',
      userCount: 1,
      employeeCount: 2,
      registration: 'complete',
    },
  ],
  total: 1,
};

describe("the admin's transactions", () => {
  it('shows the employer of each, filters on one, and exports', async () => {
    const requests = fakeApi({
      'GET /api/XpTransaction': () => ({ data: page }),
      'GET /api/Employer': () => ({ data: employers }),
    });
    const { user, onStateChange } = renderPage('admin');
    const table = await screen.findByRole('table', { name: 'XP-transacties' });
    await within(table).findByText('Sporttas');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getByRole('columnheader', { name: 'Werkgever' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Bakkerij Jansen');
    // No perspective: the amount as moved.
    expect(rows[2]).toHaveTextContent('1.500 XP');
    expect(rows[2]).not.toHaveTextContent('-1.500');
    await user.type(screen.getByRole('combobox', { name: 'Werkgever' }), 'Bakk');
    await user.click(await screen.findByRole('option', { name: 'Bakkerij Jansen' }));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ employerId: 4, page: 1 }));
    expect(screen.getByRole('button', { name: 'Exporteren' })).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/XpTransaction')).not.toHaveLength(0);
  });

  it('books a correction on an employer with its reason, negative amounts too', async () => {
    const requests = fakeApi({
      'GET /api/XpTransaction': () => ({ data: page }),
      'GET /api/Employer': () => ({ data: employers }),
      'POST /api/XpTransaction/Correction': () => ({
        data: transaction({ id: 9, kind: 'correction', amountOfXp: 250, description: 'Dubbel geboekt' }),
      }),
    });
    const { user } = renderPage('admin');
    await screen.findByRole('table', { name: 'XP-transacties' });
    await user.click(screen.getByRole('button', { name: 'Correctie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correctie' });
    await user.type(within(dialog).getByRole('textbox', { name: /Aantal XP/ }), '-250');
    await user.type(within(dialog).getByRole('textbox', { name: /Reden/ }), 'Dubbel geboekt');
    await user.click(within(dialog).getByRole('button', { name: '-250 XP boeken' }));
    expect(await within(dialog).findByText('Kies een werkgever of een persoon')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: /^Werkgever/ }), 'Bakk');
    await user.click(await screen.findByRole('option', { name: 'Bakkerij Jansen' }));
    await user.click(within(dialog).getByRole('button', { name: '-250 XP boeken' }));
    expect(await screen.findByText('Correctie van -250 XP geboekt')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/XpTransaction/Correction').map((r) => r.body)).toEqual([
      { employerId: 4, amountOfXp: -250, reason: 'Dubbel geboekt' },
    ]);
  });

  it('books a correction on a person by user id', async () => {
    const requests = fakeApi({
      'GET /api/XpTransaction': () => ({ data: page }),
      'POST /api/XpTransaction/Correction': () => failure(404, 'xp.errors.notEmployee', 'userId'),
    });
    const { user } = renderPage('admin');
    await screen.findByRole('table', { name: 'XP-transacties' });
    await user.click(screen.getByRole('button', { name: 'Correctie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correctie' });
    await user.click(within(dialog).getByRole('radio', { name: 'Persoon' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Gebruikers-id/ }), '11');
    await user.type(within(dialog).getByRole('textbox', { name: /Aantal XP/ }), '100');
    await user.type(within(dialog).getByRole('textbox', { name: /Reden/ }), 'Actie');
    await user.click(within(dialog).getByRole('button', { name: '+100 XP boeken' }));
    expect(
      await within(dialog).findByText('Deze persoon is geen medewerker van deze werkgever'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/XpTransaction/Correction').map((r) => r.body)).toEqual([
      { userId: 11, amountOfXp: 100, reason: 'Actie' },
    ]);
  });
});
