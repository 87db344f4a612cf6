import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Environment, type LocationEmployeeRights, type LocationRightsRow } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { testClaims } from '@/app/test-support/claims';
import { failure, fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { allLocationRights } from './test-support';

setUpAppTests();
// The first visit compiles the lazy route chunks, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const fatima = (rights = ['5:ManageLocationRights']) =>
  testClaims({
    userId: 3,
    name: 'Fatima el Amrani',
    activeEnvironment: Environment.Location,
    activeLocationId: 5,
    locationRights: rights,
  });

const rows: LocationRightsRow[] = [
  { employeeId: 3, name: 'Fatima el Amrani', email: 'locatie@example.com', rights: allLocationRights },
  { employeeId: 8, name: 'Tom Trainer', email: 'tom@example.com', rights: ['ManageLessons'] },
];

const tom: LocationEmployeeRights = {
  employeeId: 8,
  name: 'Tom Trainer',
  email: 'tom@example.com',
  locationId: 5,
  locationName: 'Vitaal Utrecht Centrum',
  rights: ['ManageLessons'],
};

describe('the rights matrix of the location', () => {
  it("is in the location menu as 'Rechten' and lists employees against rights", async () => {
    const requests = fakeAppApi(fatima(), {
      'GET /api/Location/5/Rights': () => ({ data: { items: rows, total: 2 } }),
    });
    await startApp('/location/rights?search=tom');
    expect(await screen.findByRole('heading', { name: 'Rechten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Rechten/ })).toHaveAttribute('href', '/location/rights');
    const table = await screen.findByRole('table', { name: 'Rechten' });
    expect(await within(table).findByText('Tom Trainer')).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Lessen beheren voor Tom Trainer' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Zalen beheren voor Tom Trainer' })).not.toBeChecked();
    expect(queryOf(requestsTo(requests, 'GET', '/api/Location/5/Rights')[0])).toMatchObject({
      search: 'tom',
    });
  });

  it('saves a tick at once with a toast', async () => {
    const requests = fakeAppApi(fatima(), {
      'GET /api/Location/5/Rights': () => ({ data: { items: rows, total: 2 } }),
      'PUT /api/Location/5/Employee/8/Rights': (request) => ({
        data: { ...tom, rights: (request.body as { rights: string[] }).rights },
      }),
    });
    await startApp('/location/rights');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Zalen beheren voor Tom Trainer' }));
    expect(await screen.findByText('De rechten van Tom Trainer zijn opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location/5/Employee/8/Rights')[0]?.body).toEqual({
      rights: ['ManageLessons', 'ManageLocationAreas'],
    });
  });

  it('pages with counts=false and keeps the total, also after a tick (which changes no count)', async () => {
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeAppApi(fatima(), {
      'GET /api/Location/5/Rights': (request) => ({
        data: queryOf(request).counts === 'false' ? { items: rows } : { items: rows, total: 60 },
      }),
      'PUT /api/Location/5/Employee/8/Rights': (request) => ({
        data: { ...tom, rights: (request.body as { rights: string[] }).rights },
      }),
    });
    await startApp('/location/rights');
    const user = userEvent.setup();
    const lists = () => requestsTo(requests, 'GET', '/api/Location/5/Rights');
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
    expect(queryOf(lists().at(-1))).not.toHaveProperty('counts');
    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(queryOf(lists().at(-1))).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();

    const before = lists().length;
    await user.click(await screen.findByRole('checkbox', { name: 'Zalen beheren voor Tom Trainer' }));
    expect(await screen.findByText('De rechten van Tom Trainer zijn opgeslagen.')).toBeInTheDocument();
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
    expect(queryOf(lists().at(-1))).toMatchObject({ page: '2', counts: 'false' });
    expect(screen.getByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();
  });

  it('undoes a tick the server refuses and says why', async () => {
    fakeAppApi(fatima(), {
      'GET /api/Location/5/Rights': () => ({ data: { items: rows, total: 2 } }),
      'PUT /api/Location/5/Employee/3/Rights': () =>
        failure(400, 'rights.errors.ownManageLocationRights', 'rights'),
    });
    await startApp('/location/rights');
    const user = userEvent.setup();
    const own = await screen.findByRole('checkbox', { name: 'Rechten beheren voor Fatima el Amrani' });
    await user.click(own);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Je kunt je eigen recht 'Rechten beheren' op deze locatie niet intrekken; vraag een collega",
    );
    await waitFor(() => expect(own).toBeChecked());
  });

  it('says when the rights cannot be loaded', async () => {
    fakeAppApi(fatima(), { 'GET /api/Location/5/Rights': () => failure(403, 'auth.forbidden') });
    await startApp('/location/rights');
    expect(
      await screen.findByText('De rechten van deze locatie kunnen niet worden opgehaald'),
    ).toBeInTheDocument();
  });

  it('is not in the menu and sends away who lacks ManageLocationRights', async () => {
    fakeAppApi(fatima(['5:ManageLessons']), {});
    const { router } = await startApp('/location/rights');
    await waitFor(() => expect(router.state.location.pathname).toBe('/location'));
    expect(screen.queryByRole('link', { name: 'Rechten' })).not.toBeInTheDocument();
  });

  it('opens the rights of one employee from a row', async () => {
    fakeAppApi(fatima(), {
      'GET /api/Location/5/Rights': () => ({ data: { items: rows, total: 2 } }),
      'GET /api/Location/5/Employee/8/Rights': () => ({ data: tom }),
    });
    const { router } = await startApp('/location/rights');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Rechten bekijken Tom Trainer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/location/employees/8/rights'));
    expect(await screen.findByRole('heading', { name: 'Rechten van Tom Trainer' })).toBeInTheDocument();
  });
});

describe('the rights of one employee at the location', () => {
  it('shows each right with its description and saves with a toast', async () => {
    const requests = fakeAppApi(fatima(), {
      'GET /api/Location/5/Employee/8/Rights': () => ({ data: tom }),
      'PUT /api/Location/5/Employee/8/Rights': (request) => ({
        data: { ...tom, rights: (request.body as { rights: string[] }).rights },
      }),
    });
    await startApp('/location/employees/8/rights');
    expect(await screen.findByRole('heading', { name: 'Rechten van Tom Trainer' })).toBeInTheDocument();
    expect(screen.getByText('Wat Tom Trainer mag op Vitaal Utrecht Centrum.')).toBeInTheDocument();
    expect(screen.getByText('Lessen en het lesrooster van de locatie beheren.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Medewerkers beheren' }));
    await user.click(screen.getByRole('checkbox', { name: 'Lessen beheren' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De rechten van Tom Trainer zijn opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Location/5/Employee/8/Rights')[0]?.body).toEqual({
      rights: ['ManageEmployees'],
    });
  });

  it('says when the employee does not work here', async () => {
    fakeAppApi(fatima(), {
      'GET /api/Location/5/Employee/8/Rights': () => failure(404, 'rights.errors.employeeNotFound'),
    });
    await startApp('/location/employees/8/rights');
    expect(
      await screen.findByText('Deze medewerker bestaat niet (meer) of werkt hier niet'),
    ).toBeInTheDocument();
  });
});
