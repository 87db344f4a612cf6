import { describe, expect, it } from 'vitest';
import { testClaims } from '@/app/test-support/claims';
import { adminClaims, setUpAppTests } from '@/features/profile/test-support';
import i18n from '@/i18n';
import { failure, fakeAppApi, queryOf, requestsTo, startApp } from '@/test/fake-api';
import { screen, userEvent, waitFor, within } from '@/test/render';
import { admins, tabCounts } from './test-data';

setUpAppTests();

const listOfAdmins = () => ({ data: { items: admins, total: admins.length, tabCounts } });

describe('the admins', () => {
  it('lists the admins with their two-factor state, asking the server for admins only', async () => {
    const requests = fakeAppApi(adminClaims, { 'GET /api/user': listOfAdmins });
    await startApp('/admin/admins?search=example&sort=email&direction=desc');

    expect(await screen.findByRole('heading', { level: 1, name: 'Beheerders' })).toBeInTheDocument();
    await screen.findByText('Bas Jansen');
    const rows = within(screen.getByRole('table', { name: 'Beheerders' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Anne de BeheerderJij');
    expect(rows[1]).toHaveTextContent('anne@example.com');
    expect(rows[1]).toHaveTextContent('Aan');
    expect(rows[1]).toHaveTextContent('05-01-2026');
    expect(rows[2]).toHaveTextContent('Bas Jansen');
    expect(rows[2]).toHaveTextContent('Uit');
    expect(within(rows[0] as HTMLElement).getByRole('columnheader', { name: /E-mailadres/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(queryOf(requestsTo(requests, 'GET', '/api/user')[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'desc',
      search: 'example',
      sort: 'email',
      role: 'Admin',
    });
    // No tabs here, and no way to take away one's own rights.
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Beheerrechten intrekken Anne de Beheerder' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Beheerrechten intrekken Bas Jansen' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Uitgenodigde beheerders' }),
    ).toHaveAttribute('href', '/admin/admins/invited');
    // The menu of the Admin environment leads here and to the users.
    const menu = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(menu).getByRole('link', { name: 'Beheerders' })).toHaveAttribute('href', '/admin/admins');
    expect(within(menu).getByRole('link', { name: 'Gebruikers' })).toHaveAttribute(
      'href',
      '/admin/userOverview',
    );
  });

  it('revokes admin rights after a confirmation', async () => {
    let current = admins;
    const requests = fakeAppApi(adminClaims, {
      'GET /api/user': () => ({ data: { items: current, total: current.length } }),
      'PUT /api/Admin/Admins/7/revoke': () => {
        current = admins.filter((admin) => admin.id !== 7);
        return { data: null };
      },
    });
    await startApp('/admin/admins');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Beheerrechten intrekken Bas Jansen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beheerrechten intrekken' });
    expect(dialog).toHaveTextContent('de beheerrechten van Bas Jansen (bas@example.com) wilt intrekken?');
    await user.click(within(dialog).getByRole('button', { name: 'Intrekken' }));

    expect(await screen.findByText('De beheerrechten van Bas Jansen zijn ingetrokken.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Admin/Admins/7/revoke')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Bas Jansen')).not.toBeInTheDocument());
  });

  it('shows why the last admin keeps the rights', async () => {
    fakeAppApi(adminClaims, {
      'GET /api/user': listOfAdmins,
      'PUT /api/Admin/Admins/7/revoke': () => failure(409, 'user.errors.lastAdmin'),
    });
    await startApp('/admin/admins');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Beheerrechten intrekken Bas Jansen' }));
    await user.click(await screen.findByRole('button', { name: 'Intrekken' }));
    const toast = await screen.findByText(/Dit is de laatste beheerder/);
    expect(toast.closest('[role="alert"]')).toHaveTextContent(
      'De beheerrechten konden niet worden ingetrokken.',
    );
  });

  it('is not for employees: they go to their own home', async () => {
    const requests = fakeAppApi(testClaims(), {});
    const { router } = await startApp('/admin/admins');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo(requests, 'GET', '/api/user')).toHaveLength(0);
  });

  it('speaks English', async () => {
    fakeAppApi(adminClaims, { 'GET /api/user': listOfAdmins });
    localStorage.setItem('language', 'en');
    await i18n.changeLanguage('en');
    await startApp('/admin/admins');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrators' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Revoke administrator rights Bas Jansen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Two-factor/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Invited administrators' }),
    ).toBeInTheDocument();
  });
});
