import userEvent from '@testing-library/user-event';
import { Environment } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { testClaims } from '@/app/test-support/claims';
import { fakeApi, queryOf, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { rooms } from './test-support';

const locationEmployee = (rights: string[]) =>
  testClaims({
    name: 'Fatima el Amrani',
    activeEnvironment: Environment.Location,
    activeLocationId: 5,
    locationRights: rights,
  });

const switchOptions = {
  gyms: [{ id: 10, name: 'Vitaal Utrecht' }],
  locations: [{ id: 5, name: 'Vitaal Utrecht Centrum' }],
  employers: [],
  associations: [],
  contentEnvironments: [],
  suppliers: [],
};

setUpAppTests();

describe('the routes of the rooms', () => {
  it('opens the edit panel of a deep link over the list, which keeps its search', async () => {
    const requests = fakeApi({
      'POST /api/account/cookierefresh': () => ({
        data: { claims: locationEmployee(['5:ManageLocationAreas']) },
      }),
      'GET /api/Account/SwitchOptions': () => ({ data: switchOptions }),
      'GET /api/LocationArea': () => ({ data: { items: [rooms[1]], total: 1 } }),
      'GET /api/LocationArea/3': () => ({ data: rooms[1] }),
    });
    const { router } = await startApp('/location/areas/3?search=grift&sort=name');

    const panel = await screen.findByRole('dialog', { name: 'Zaal of buitenlocatie bewerken' });
    expect(await within(panel).findByRole('textbox', { name: /Naam/ })).toHaveValue('Bootcamp Griftpark');
    expect(screen.getByRole('heading', { name: 'Zalen en buitenlocaties' })).toBeInTheDocument();
    const list = requests.find((request) => request.url.startsWith('/api/LocationArea?'));
    expect(queryOf(list)).toMatchObject({ search: 'grift', sort: 'name', page: '1' });

    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/location/areas'));
    expect(router.state.location.search).toEqual({ search: 'grift', sort: 'name' });
  });

  it('opens a row at its own address and keeps defaults out of the URL', async () => {
    fakeApi({
      'POST /api/account/cookierefresh': () => ({
        data: { claims: locationEmployee(['5:ManageLocationAreas']) },
      }),
      'GET /api/Account/SwitchOptions': () => ({ data: switchOptions }),
      'GET /api/LocationArea': () => ({ data: { items: rooms, total: rooms.length } }),
      'GET /api/LocationArea/1': () => ({ data: rooms[0] }),
    });
    const { router } = await startApp('/location/areas?page=abc');
    await userEvent.setup().click(await screen.findByText('Grote zaal'));
    await waitFor(() => expect(router.state.location.href).toBe('/location/areas/1'));
    expect(await screen.findByRole('dialog', { name: 'Zaal of buitenlocatie bewerken' })).toBeInTheDocument();
  });

  it('sends who lacks ManageLocationAreas to their home path', async () => {
    fakeApi({
      'POST /api/account/cookierefresh': () => ({ data: { claims: locationEmployee(['5:ManageLessons']) } }),
      'GET /api/Account/SwitchOptions': () => ({ data: switchOptions }),
    });
    const { router } = await startApp('/location/areas');
    await waitFor(() => expect(router.state.location.pathname).toBe('/location'));
    expect(screen.queryByRole('heading', { name: 'Zalen en buitenlocaties' })).not.toBeInTheDocument();
  });
});
