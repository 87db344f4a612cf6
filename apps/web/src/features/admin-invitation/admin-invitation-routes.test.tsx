import userEvent from '@testing-library/user-event';
import { Environment } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { admin, testClaims } from '@/app/test-support/claims';
import { fakeApi, noSwitchOptions, queryOf, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { invitations } from './test-support';

setUpAppTests();
// The whole app starts in every test; slow on a busy machine.

describe('the route of the invited admins', () => {
  it("is in the admin's menu and keeps search and sort in the URL", async () => {
    const requests = fakeApi({
      'POST /api/account/cookierefresh': () => ({
        data: { claims: admin({ activeEnvironment: Environment.Admin }) },
      }),
      'GET /api/Account/SwitchOptions': () => ({ data: noSwitchOptions }),
      'GET /api/Admin/Invitation': () => ({ data: { items: invitations, total: invitations.length } }),
    });
    const { router } = await startApp('/admin');
    const user = userEvent.setup();
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await user.click(within(navigation).getByRole('link', { name: 'Uitgenodigde beheerders' }));
    await waitFor(() => expect(router.state.location.href).toBe('/admin/admins/invited'));
    expect(await screen.findByText('nieuw.beheer@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'E-mailadres' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'email' }));
    await waitFor(() =>
      expect(
        queryOf(requests.filter((request) => request.url.startsWith('/api/Admin/Invitation')).at(-1)),
      ).toEqual({
        page: '1',
        pageSize: '25',
        direction: 'asc',
        sort: 'email',
        // Re-sorting keeps the total the first page brought.
        counts: 'false',
      }),
    );
  });

  it('sends who is no admin to their home path', async () => {
    fakeApi({
      'POST /api/account/cookierefresh': () => ({ data: { claims: testClaims() } }),
      'GET /api/Account/SwitchOptions': () => ({ data: noSwitchOptions }),
    });
    const { router } = await startApp('/admin/admins/invited');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Uitgenodigde beheerders' })).not.toBeInTheDocument();
  });
});
