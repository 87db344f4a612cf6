import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { visibleMenu } from '@/app/menus';
import { testClaims } from '@/app/test-support/claims';
import { fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { mayManageSubscriptions } from './access';
import { fitness, formLists, gymManager, listItems, tabCounts } from './test-support';

setUpAppTests();

const list = { 'GET /api/Subscription': () => ({ data: { items: listItems, total: 2, tabCounts } }) };

describe('the menu item and the access rule', () => {
  it("shows 'Abonnementen' in the gym menu for ManageSubscriptions only, as the routes allow", () => {
    const paths = (rights: string[]) => visibleMenu(gymManager(rights)).map((item) => item.path);
    expect(paths(['ManageSubscriptions'])).toEqual(['/', '/locations', '/subscriptions']);
    expect(paths(['ManageMembers'])).not.toContain('/subscriptions');
    expect(mayManageSubscriptions(gymManager(['ManageSubscriptions']))).toBe(true);
    expect(mayManageSubscriptions(gymManager(['ManageMembers']))).toBe(false);
    // The right of another gym does not count.
    expect(mayManageSubscriptions(testClaims({ gymRights: ['11:ManageSubscriptions'] }))).toBe(false);
    expect(mayManageSubscriptions(testClaims({ role: 'Admin', rights: ['Admin'] }))).toBe(true);
  });
});

describe('the routes of the subscriptions', () => {
  it('opens the list from the menu, and the inactive tab as its own route keeping the search', async () => {
    const requests = fakeAppApi(gymManager(['ManageSubscriptions']), list);
    const { router } = await startApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Abonnementen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    expect(await screen.findByText('Fitness onbeperkt')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'fit');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'fit' }));
    await user.click(screen.getByRole('tab', { name: /Inactief/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions/inactive'));
    expect(router.state.location.search).toEqual({ search: 'fit' });
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, 'GET', '/api/Subscription').at(-1))).toMatchObject({
        isActive: 'false',
        search: 'fit',
      }),
    );
  });

  it('sends who lacks ManageSubscriptions to their home path', async () => {
    fakeAppApi(gymManager(['ManageMembers']), list);
    const { router } = await startApp('/subscriptions/inactive');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Abonnementen' })).not.toBeInTheDocument();
  });

  it('opens a subscription from its row, with its general tab and its locations tab', async () => {
    fakeAppApi(gymManager(['ManageSubscriptions']), {
      ...list,
      ...formLists,
      'GET /api/Subscription/21': () => ({ data: fitness }),
    });
    const { router } = await startApp('/subscriptions');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Fitness onbeperkt'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions/21'));

    expect(await screen.findByRole('heading', { name: 'Fitness onbeperkt' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Algemeen', selected: true })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Algemeen' });
    expect(within(form).getByRole('textbox', { name: /^Naam$/ })).toHaveValue('Fitness onbeperkt');
    expect(
      within(screen.getByRole('group', { name: 'Variant 2' })).getByRole('textbox', {
        name: /Prijs per periode/,
      }),
    ).toHaveValue('€ 45,00');
    expect(screen.getByRole('tab', { name: 'Leden' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Locaties' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions/21/locations'));
    const table = await screen.findByRole('table', { name: 'Locaties van het abonnement' });
    expect(within(table).getByText('Vitaal Amersfoort')).toBeInTheDocument();
    expect(within(table).getByText('Vitaal Utrecht Centrum')).toBeInTheDocument();
  });

  it("lists the subscription's members on its tab, current or ended, and opens one", async () => {
    const member = {
      membershipId: 71,
      memberId: 41,
      fullName: 'Fatima el Amrani',
      variantName: 'Jaarcontract',
      locationName: 'Vitaal Amersfoort',
      startDate: '2026-09-01',
      endDate: null,
      state: 1,
    };
    const requests = fakeAppApi(gymManager(['ManageSubscriptions', 'ManageMemberships']), {
      ...list,
      ...formLists,
      'GET /api/Subscription/21': () => ({ data: fitness }),
      'GET /api/Subscription/21/Members': () => ({ data: { items: [member], total: 1 } }),
    });
    const { router } = await startApp('/subscriptions/21');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Leden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions/21/members'));
    const table = await screen.findByRole('table', { name: 'Leden met dit abonnement' });
    const row = await within(table).findByRole('row', { name: /Fatima el Amrani/ });
    expect(row).toHaveTextContent('Jaarcontract');
    expect(row).toHaveTextContent('01-09-2026');
    expect(row).toHaveTextContent('Doorlopend');
    expect(row).toHaveTextContent('Lopend');
    expect(queryOf(requestsTo(requests, 'GET', '/api/Subscription/21/Members')[0])).toMatchObject({
      current: 'true',
    });

    await user.click(screen.getByRole('tab', { name: 'Beëindigd' }));
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, 'GET', '/api/Subscription/21/Members').at(-1))).toMatchObject({
        current: 'false',
      }),
    );
    await user.click(await within(table).findByText('Fatima el Amrani'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/41'));
  });

  it('saves the general tab with the variant ids kept, and deactivates after a confirmation', async () => {
    let current = fitness;
    const requests = fakeAppApi(gymManager(['ManageSubscriptions']), {
      ...list,
      ...formLists,
      'GET /api/Subscription/21': () => ({ data: current }),
      'PUT /api/Subscription': ({ body }) => {
        current = { ...current, name: (body as { name: string }).name };
        return { data: current };
      },
      'PUT /api/Subscription/21/SetIsActive': ({ body }) => {
        current = { ...current, isActive: (body as { isActive: boolean }).isActive };
        return { data: current };
      },
    });
    await startApp('/subscriptions/21');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Algemeen' });
    const name = within(form).getByRole('textbox', { name: /^Naam$/ });
    await user.clear(name);
    await user.type(name, 'Fitness totaal');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De wijzigingen in Fitness totaal zijn opgeslagen.')).toBeInTheDocument();
    const put = requestsTo(requests, 'PUT', '/api/Subscription')[0]?.body as {
      id: number;
      variants: { id?: number; name: string }[];
    };
    expect(put.id).toBe(21);
    expect(put.variants.map((item) => [item.id, item.name])).toEqual([
      [31, 'Jaarcontract'],
      [32, 'Maandcontract'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Deactiveren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abonnement deactiveren' });
    await user.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Fitness totaal is gedeactiveerd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Subscription/21/SetIsActive')[0]?.body).toEqual({
      isActive: false,
    });
    expect(await screen.findByRole('button', { name: 'Activeren' })).toBeInTheDocument();
    expect(screen.getByText('Inactief')).toBeInTheDocument();
  });

  it('says a subscription that does not exist', async () => {
    fakeAppApi(gymManager(['ManageSubscriptions']), {
      'GET /api/Subscription/99': () => ({
        status: 404,
        errors: [{ key: 'general', message: 'subscription.errors.notFound' }],
      }),
    });
    await startApp('/subscriptions/99');
    expect(await screen.findByText('Dit abonnement bestaat niet (meer)')).toBeInTheDocument();
  });

  it('opens the form of a new subscription from the list, and goes back on cancel', async () => {
    fakeAppApi(gymManager(['ManageSubscriptions']), {
      ...list,
      ...formLists,
    });
    const { router } = await startApp('/subscriptions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Abonnement toevoegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions/new'));
    expect(await screen.findByRole('form', { name: 'Abonnement toevoegen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
  });
});
