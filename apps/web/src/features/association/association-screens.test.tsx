import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Environment } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { admin, testClaims } from '@/app/test-support/claims';
import { failure, fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { associations, BANNER_HASH, freeLocations, memberLocations } from './test-support';

// The lazy route chunks load slowly on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
setUpAppTests();

const sportbond = associations[1]!;
const inAdmin = admin({ activeEnvironment: Environment.Admin });
const inAssociation = (activeAssociationId: number | null = sportbond.id) =>
  admin({ activeEnvironment: Environment.Association, activeAssociationId });

describe('the association detail (admin)', () => {
  const detailRoutes = (overrides = {}) => ({
    'GET /api/association/2': () => ({ data: sportbond }),
    'GET /api/association/locations/2': () => ({ data: { items: memberLocations, total: 2 } }),
    'GET /api/association/noAssociationLocations': () => ({ data: { items: freeLocations, total: 1 } }),
    ...overrides,
  });

  it('opens from the list and shows banner, name, count and the locations with gym and address', async () => {
    const requests = fakeAppApi(inAdmin, {
      'GET /api/association': () => ({ data: { items: associations, total: 2 } }),
      ...detailRoutes(),
    });
    const { router } = await startApp('/admin/associations');
    await userEvent.setup().click(await screen.findByText('Sportbond Midden-Nederland'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/associations/2'));

    expect(await screen.findByRole('heading', { name: 'Sportbond Midden-Nederland' })).toBeInTheDocument();
    expect(screen.getByText('1234 locaties')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Banner van Sportbond Midden-Nederland' })).toHaveAttribute(
      'src',
      expect.stringContaining(`/cdn/${BANNER_HASH}`),
    );
    const table = await screen.findByRole('table', { name: 'Locaties van deze vereniging' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      /Vitaal Utrecht Centrum\s*Vitaal Sportcentra\s*Stationsplein 5, Utrecht/,
    );
    expect(queryOf(requestsTo(requests, 'GET', '/api/association/locations/2')[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'asc',
    });
  });

  it('removes a location after confirmation', async () => {
    const requests = fakeAppApi(inAdmin, {
      ...detailRoutes(),
      'PUT /api/association/removeLocation': () => ({ data: { ...sportbond, locationCount: 1 } }),
    });
    await startApp('/admin/associations/2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Uit vereniging halen Vitaal Amersfoort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Locatie uit vereniging halen' });
    expect(dialog).toHaveTextContent('Vitaal Amersfoort uit Sportbond Midden-Nederland');
    expect(requestsTo(requests, 'PUT', '/api/association/removeLocation')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Uit vereniging halen' }));
    expect(
      await screen.findByText('Vitaal Amersfoort hoort niet meer bij Sportbond Midden-Nederland.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/association/removeLocation')[0]?.body).toEqual({
      associationId: 2,
      locationId: 6,
    });
  });

  it('adds a location found with the picker, and explains a refusal', async () => {
    let isTaken = false;
    const requests = fakeAppApi(inAdmin, {
      ...detailRoutes(),
      'PUT /api/association/addLocation': () =>
        isTaken
          ? failure(409, 'association.errors.locationInOtherAssociation', 'locationId')
          : { data: { ...sportbond, locationCount: 3 } },
    });
    await startApp('/admin/associations/2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Locatie toevoegen' }));
    const picker = await screen.findByRole('dialog', {
      name: 'Locatie toevoegen aan Sportbond Midden-Nederland',
    });
    expect(await within(picker).findByText('De Brug Zwolle')).toBeInTheDocument();
    expect(picker).toHaveTextContent('Sportschool De Brug · Stationsplein 7, Zwolle');

    await user.type(within(picker).getByRole('searchbox', { name: 'Zoek een locatie' }), 'zwolle');
    await waitFor(() =>
      expect(
        requestsTo(requests, 'GET', '/api/association/noAssociationLocations').map(
          (request) => queryOf(request).search,
        ),
      ).toContain('zwolle'),
    );

    await user.click(within(picker).getByRole('button', { name: 'Toevoegen De Brug Zwolle' }));
    expect(
      await screen.findByText('De Brug Zwolle is toegevoegd aan Sportbond Midden-Nederland.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/association/addLocation')[0]?.body).toEqual({
      associationId: 2,
      locationId: 7,
    });

    isTaken = true;
    await user.click(within(picker).getByRole('button', { name: 'Toevoegen De Brug Zwolle' }));
    expect(
      await screen.findByText('Deze locatie hoort al bij een andere vereniging. Haal haar daar eerst weg.'),
    ).toBeInTheDocument();
  });

  it('asks the total once per search: page 2 sends counts=false; its own remove and add ask again', async () => {
    let total = 60;
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeAppApi(inAdmin, {
      ...detailRoutes({
        'GET /api/association/locations/2': (request: Parameters<typeof queryOf>[0]) => ({
          data:
            queryOf(request).counts === 'false'
              ? { items: memberLocations }
              : { items: memberLocations, total },
        }),
      }),
      'PUT /api/association/removeLocation': () => {
        total = 59;
        return { data: { ...sportbond, locationCount: 59 } };
      },
      'PUT /api/association/addLocation': () => {
        total = 60;
        return { data: { ...sportbond, locationCount: 60 } };
      },
    });
    await startApp('/admin/associations/2');
    const user = userEvent.setup();
    const lastList = () => queryOf(requestsTo(requests, 'GET', '/api/association/locations/2').at(-1));
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
    expect(lastList()).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastList()).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Uit vereniging halen Vitaal Amersfoort' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Locatie uit vereniging halen' })).getByRole(
        'button',
        { name: 'Uit vereniging halen' },
      ),
    );
    expect(await screen.findByText('Resultaten: 26 - 50 van 59')).toBeInTheDocument();
    expect(lastList()).toMatchObject({ page: '2' });
    expect(lastList()).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(lastList()).toMatchObject({ page: '3', counts: 'false' }));
    await user.click(screen.getByRole('button', { name: 'Locatie toevoegen' }));
    const picker = await screen.findByRole('dialog', {
      name: 'Locatie toevoegen aan Sportbond Midden-Nederland',
    });
    await user.click(await within(picker).findByRole('button', { name: 'Toevoegen De Brug Zwolle' }));
    await waitFor(() => expect(lastList()).not.toHaveProperty('counts'));
    expect(lastList()).toMatchObject({ page: '3' });
  });

  it('says so when the association does not exist', async () => {
    fakeAppApi(inAdmin, { 'GET /api/association/99': () => failure(404, 'association.errors.notFound') });
    await startApp('/admin/associations/99');
    expect(await screen.findByText('Deze vereniging bestaat niet (meer).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terug naar verenigingen' })).toBeInTheDocument();
  });

  it('is for admins only', async () => {
    fakeAppApi(testClaims({ gymRights: ['10:ManageMembers'] }), {});
    const { router } = await startApp('/admin/associations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Verenigingen' })).not.toBeInTheDocument();
  });
});

describe('the association environment', () => {
  const environmentRoutes = (locations = memberLocations) => ({
    'GET /api/association/active': () => ({ data: { ...sportbond, locationCount: locations.length } }),
    'GET /api/association/active/locations': () => ({ data: { items: locations, total: locations.length } }),
  });

  it('shows the dashboard: banner, name, number of locations and the first locations', async () => {
    const requests = fakeAppApi(inAssociation(), environmentRoutes());
    await startApp('/association');
    expect(
      await screen.findByRole('heading', { name: 'Sportbond Midden-Nederland', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Banner van Sportbond Midden-Nederland' })).toBeInTheDocument();
    expect(screen.getByText('Aantal locaties').parentElement).toHaveTextContent('2');
    const list = await screen.findByRole('list', { name: 'Locaties' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Vitaal Amersfoort');
    expect(queryOf(requestsTo(requests, 'GET', '/api/association/active/locations')[0])).toMatchObject({
      pageSize: '5',
    });
    expect(screen.getByRole('link', { name: 'Alle locaties bekijken' })).toHaveAttribute(
      'href',
      '/association/locations',
    );
    // The menu of the environment.
    expect(screen.getByRole('link', { name: 'Locaties' })).toHaveAttribute('href', '/association/locations');
  });

  it('sends /association/dashboard to /association', async () => {
    fakeAppApi(inAssociation(), environmentRoutes());
    const { router } = await startApp('/association/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/association'));
    expect(
      await screen.findByRole('heading', { name: 'Sportbond Midden-Nederland', level: 1 }),
    ).toBeInTheDocument();
  });

  it('lists the active association’s locations, searchable through the URL', async () => {
    const requests = fakeAppApi(inAssociation(), environmentRoutes());
    await startApp('/association/locations?search=utrecht&sort=city');
    expect(await screen.findByRole('heading', { name: 'Locaties', level: 1 })).toBeInTheDocument();
    expect(
      await screen.findByText('De locaties die bij Sportbond Midden-Nederland horen.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Locaties' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(queryOf(requestsTo(requests, 'GET', '/api/association/active/locations')[0])).toMatchObject({
      search: 'utrecht',
      sort: 'city',
    });
  });

  it('pages the active association’s locations with counts=false, keeping the total', async () => {
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeAppApi(inAssociation(), {
      ...environmentRoutes(),
      'GET /api/association/active/locations': (request) => ({
        data:
          queryOf(request).counts === 'false'
            ? { items: memberLocations }
            : { items: memberLocations, total: 60 },
      }),
    });
    await startApp('/association/locations');
    const user = userEvent.setup();
    const lastList = () => queryOf(requestsTo(requests, 'GET', '/api/association/active/locations').at(-1));
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
    expect(lastList()).not.toHaveProperty('counts');
    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastList()).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();
  });

  it('shows an empty dashboard and asks to choose when no association is active', async () => {
    const requests = fakeAppApi(inAssociation(null), environmentRoutes());
    await startApp('/association');
    expect(await screen.findByText('Geen vereniging gekozen')).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/association/active')).toHaveLength(0);
  });

  it('says so when the dashboard cannot be loaded', async () => {
    // A refusal, so that the query client does not retry first.
    fakeAppApi(inAssociation(), { 'GET /api/association/active': () => failure(403, 'auth.forbidden') });
    await startApp('/association');
    expect(
      await screen.findByText('De gegevens van de vereniging kunnen niet worden opgehaald'),
    ).toBeInTheDocument();
  });
});
