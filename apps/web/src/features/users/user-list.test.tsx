import type { UserOverviewItem } from '@xp/contracts';
import { describe, expect, it, vi } from 'vitest';
import { adminClaims, setUpAppTests } from '@/features/profile/test-support';
import i18n from '@/i18n';
import { failure, fakeAppApi, queryOf, requestsTo, startApp } from '@/test/fake-api';
import { screen, userEvent, waitFor, within } from '@/test/render';
import { people, tabCounts } from './test-data';

setUpAppTests();

const listOfPeople = () => ({ data: { items: people, total: 60, tabCounts } });
const lastListQuery = (requests: Parameters<typeof requestsTo>[0]) =>
  queryOf(requestsTo(requests, 'GET', '/api/user').at(-1));

describe('the users overview', () => {
  it('shows 0 on the tab of a role without users', async () => {
    fakeAppApi(adminClaims, {
      'GET /api/user': () => ({
        data: { items: people, total: 3, tabCounts: { all: 3, Admin: 2, Employee: 1 } },
      }),
    });
    await startApp('/admin/userOverview');
    await screen.findByText('Fatima el Amrani');
    expect(screen.getByRole('tab', { name: /Leveranciers/ })).toHaveTextContent('Leveranciers0');
    expect(screen.getByRole('tab', { name: /Beheerders/ })).toHaveTextContent('Beheerders2');
  });

  it('shows every user with a tab per role and its count', async () => {
    const requests = fakeAppApi(adminClaims, { 'GET /api/user': listOfPeople });
    await startApp('/admin/userOverview');

    expect(await screen.findByRole('heading', { level: 1, name: 'Gebruikers' })).toBeInTheDocument();
    const tabs = await screen.findAllByRole('tab');
    await waitFor(() =>
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'Alle42',
        'Beheerders2',
        'Medewerkers30',
        'Contentmakers4',
        'Werkgevers5',
        'Leveranciers1',
      ]),
    );
    expect(screen.getByRole('tab', { name: /Alle/ })).toHaveAttribute('aria-selected', 'true');
    const rows = within(screen.getByRole('table', { name: 'Gebruikers' })).getAllByRole('row');
    expect(rows[3]).toHaveTextContent('Fatima el Amrani');
    expect(rows[3]).toHaveTextContent('Medewerker');
    expect(rows[1]).toHaveTextContent('Beheerder');
    expect(screen.getByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
    expect(lastListQuery(requests)).toEqual({ page: '1', pageSize: '25', direction: 'asc' });
  });

  it('keeps tab, search, sort and page in the URL and asks the server for them', async () => {
    const requests = fakeAppApi(adminClaims, { 'GET /api/user': listOfPeople });
    const { router } = await startApp(
      '/admin/userOverview?tab=Employee&page=2&sort=createdAt&direction=desc',
    );
    await screen.findByText('Fatima el Amrani');
    expect(lastListQuery(requests)).toEqual({
      page: '2',
      pageSize: '25',
      direction: 'desc',
      sort: 'createdAt',
      role: 'Employee',
    });
    expect(screen.getByRole('tab', { name: /Medewerkers/ })).toHaveAttribute('aria-selected', 'true');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: /Leveranciers/ }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ tab: 'Supplier', sort: 'createdAt', direction: 'desc' }),
    );
    await waitFor(() => expect(lastListQuery(requests)).toMatchObject({ page: '1', role: 'Supplier' }));

    await user.click(screen.getByRole('button', { name: 'Naam' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'Supplier', sort: 'name' }));

    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'jansen');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ tab: 'Supplier', sort: 'name', search: 'jansen' }),
    );
    await waitFor(() =>
      expect(lastListQuery(requests)).toMatchObject({ role: 'Supplier', sort: 'name', search: 'jansen' }),
    );

    await user.click(screen.getByRole('tab', { name: /Alle/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', search: 'jansen' }));
    await waitFor(() => expect(lastListQuery(requests)).not.toHaveProperty('role'));
  });

  it('asks the counts once per search and tab: paging and sorting send counts=false and keep them', async () => {
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeAppApi(adminClaims, {
      'GET /api/user': (request) =>
        queryOf(request).counts === 'false' ? { data: { items: people } } : listOfPeople(),
    });
    const { router } = await startApp('/admin/userOverview');
    await screen.findByText('Resultaten: 1 - 25 van 60');
    expect(lastListQuery(requests)).not.toHaveProperty('counts');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastListQuery(requests)).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Alle/ })).toHaveTextContent('Alle42');
    expect(screen.getByRole('tab', { name: /Medewerkers/ })).toHaveTextContent('Medewerkers30');

    await user.click(screen.getByRole('button', { name: 'Naam' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name' }));
    await waitFor(() => expect(lastListQuery(requests)).toMatchObject({ sort: 'name', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();

    // Another tab is another filter: its counts are asked, and kept for its pages.
    await user.click(screen.getByRole('tab', { name: /Medewerkers/ }));
    await waitFor(() => expect(lastListQuery(requests)).toMatchObject({ role: 'Employee' }));
    expect(lastListQuery(requests)).not.toHaveProperty('counts');
    await user.click(await screen.findByRole('button', { name: 'Pagina 2' }));
    await waitFor(() =>
      expect(lastListQuery(requests)).toMatchObject({ role: 'Employee', page: '2', counts: 'false' }),
    );
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();
  });

  it('sends a deletion request after a confirmation', async () => {
    const requests = fakeAppApi(adminClaims, {
      'GET /api/user': listOfPeople,
      'POST /api/account/requestAccountDeletion': () => ({ data: null }),
    });
    await startApp('/admin/userOverview');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderverzoek sturen Fatima el Amrani' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verwijderverzoek sturen' });
    expect(dialog).toHaveTextContent('Fatima el Amrani krijgt een e-mail op fatima@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Versturen' }));

    expect(
      await screen.findByText('Het verwijderverzoek is naar fatima@example.com gestuurd.'),
    ).toBeVisible();
    expect(requestsTo(requests, 'POST', '/api/account/requestAccountDeletion')[0]?.body).toEqual({
      userId: 12,
    });
  });

  it('says when the deletion request could not be sent', async () => {
    fakeAppApi(adminClaims, {
      'GET /api/user': listOfPeople,
      'POST /api/account/requestAccountDeletion': () => failure(404, 'user.errors.notFound'),
    });
    await startApp('/admin/userOverview');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderverzoek sturen Bas Jansen' }));
    await user.click(await screen.findByRole('button', { name: 'Versturen' }));
    const toast = await screen.findByText('Deze gebruiker bestaat niet (meer).');
    expect(toast.closest('[role="alert"]')).toHaveTextContent(
      'Het verwijderverzoek kon niet worden verstuurd.',
    );
  });

  it('exports every user of the tab, search and sort as a CSV with the visible texts', async () => {
    // 103 employees: two pages of the export (100 + 3).
    const employees: UserOverviewItem[] = Array.from({ length: 103 }, (_, index) => ({
      id: 100 + index,
      email: `medewerker${index}@example.com`,
      name: `Medewerker ${index}`,
      role: 'Employee',
      isTfaEnabled: index === 0,
      createdAt: '2026-03-01T08:00:00.000Z',
    }));
    employees[1] = { ...(employees[1] as UserOverviewItem), name: 'Jansen; "Bas"' };
    const requests = fakeAppApi(adminClaims, {
      'GET /api/user': (request) => {
        const { page = '1', pageSize = '25' } = queryOf(request);
        const start = (Number(page) - 1) * Number(pageSize);
        return { data: { items: employees.slice(start, start + Number(pageSize)), total: employees.length } };
      },
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:users';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await startApp('/admin/userOverview?tab=Employee&sort=createdAt&direction=desc&search=medewerker');
    await screen.findByText('Medewerker 0');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() => expect(names).toHaveLength(1));

    const exportQueries = requestsTo(requests, 'GET', '/api/user')
      .map(queryOf)
      .filter((query) => query.pageSize === '100');
    expect(exportQueries).toEqual(
      ['1', '2'].map((page) => ({
        page,
        pageSize: '100',
        direction: 'desc',
        sort: 'createdAt',
        search: 'medewerker',
        role: 'Employee',
      })),
    );
    expect(names[0]).toMatch(/^Gebruikers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (blobs[0] as Blob).arrayBuffer());
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      '\uFEFFNaam;E-mailadres;Rol;Tweestapsverificatie;Aangemaakt op',
      'Medewerker 0;medewerker0@example.com;Medewerker;Ja;01-03-2026',
      '"Jansen; ""Bas""";medewerker1@example.com;Medewerker;Nee;01-03-2026',
    ]);
    expect(lines).toHaveLength(1 + 103 + 1);
  });

  it('speaks English', async () => {
    fakeAppApi(adminClaims, { 'GET /api/user': listOfPeople });
    localStorage.setItem('language', 'en');
    await i18n.changeLanguage('en');
    await startApp('/admin/userOverview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /Content creators/ })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Send deletion request Bas Jansen' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Employee')).toHaveLength(1);
  });
});
