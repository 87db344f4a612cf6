import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RightsEmployee, RightsGroup } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { failure, fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { gymManager } from './test-support';

setUpAppTests();
// The first visit compiles the lazy route chunks, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const groups: RightsGroup[] = [
  { id: 3, name: 'Receptie', rights: ['ManageMemberships', 'ManageMembers'], memberCount: 2 },
  { id: 4, name: 'Locatiemanagers', rights: [], memberCount: 0 },
];
const members: RightsEmployee[] = [
  { employeeId: 7, name: 'Piet de Boer', email: 'piet@example.com' },
  { employeeId: 8, name: 'Eva Jansen', email: 'eva@example.com' },
];

describe('the rights groups', () => {
  it('are a tab of the settings, listing name, rights and member count', async () => {
    const requests = fakeAppApi(gymManager(), {
      'GET /api/GymRightsGroup': () => ({ data: { items: groups, total: 2 } }),
    });
    await startApp('/settings/rightGroups?sort=memberCount&direction=desc');
    expect(await screen.findByRole('tab', { name: 'Rechtengroepen', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Rechtengroepen' });
    const rows = await within(table).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Receptie');
    expect(rows[1]).toHaveTextContent('Lidmaatschappen beheren');
    expect(rows[1]).toHaveTextContent('Medewerkers beheren');
    expect(rows[1]).toHaveTextContent('2');
    expect(rows[2]).toHaveTextContent('Geen rechten');
    expect(queryOf(requestsTo(requests, 'GET', '/api/GymRightsGroup')[0])).toMatchObject({
      sort: 'memberCount',
      direction: 'desc',
    });
  });

  it('adds a group in the side panel, showing a taken name on the field', async () => {
    let isTaken = true;
    const requests = fakeAppApi(gymManager(), {
      'GET /api/GymRightsGroup': () => ({ data: { items: groups, total: 2 } }),
      'POST /api/GymRightsGroup': (request) =>
        isTaken
          ? failure(409, 'rightsGroup.errors.nameTaken', 'name')
          : { data: { id: 9, memberCount: 0, ...(request.body as object) } },
    });
    await startApp('/settings/rightGroups');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Rechtengroep toevoegen' });
    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), 'Receptie');
    await user.click(within(panel).getByRole('checkbox', { name: 'Abonnementen beheren' }));
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await within(panel).findByText('Er is al een rechtengroep met deze naam')).toBeInTheDocument();

    isTaken = false;
    await user.clear(within(panel).getByRole('textbox', { name: /Naam/ }));
    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), 'Financiën');
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Rechtengroep Financiën is toegevoegd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/GymRightsGroup').at(-1)?.body).toEqual({
      name: 'Financiën',
      rights: ['ManageSubscriptions'],
    });
  });

  it('needs a name', async () => {
    const requests = fakeAppApi(gymManager(), {
      'GET /api/GymRightsGroup': () => ({ data: { items: groups, total: 2 } }),
    });
    await startApp('/settings/rightGroups');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Rechtengroep toevoegen' });
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await within(panel).findByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/GymRightsGroup')).toHaveLength(0);
  });

  it('edits a group from its row', async () => {
    const requests = fakeAppApi(gymManager(), {
      'GET /api/GymRightsGroup': () => ({ data: { items: groups, total: 2 } }),
      'PUT /api/GymRightsGroup': (request) => ({ data: { ...groups[0], ...(request.body as object) } }),
    });
    await startApp('/settings/rightGroups');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bewerken Receptie' }));
    const panel = await screen.findByRole('dialog', { name: 'Rechtengroep bewerken' });
    expect(within(panel).getByRole('textbox', { name: /Naam/ })).toHaveValue('Receptie');
    expect(within(panel).getByRole('checkbox', { name: 'Medewerkers beheren' })).toBeChecked();
    await user.click(within(panel).getByRole('checkbox', { name: 'Medewerkers beheren' }));
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De wijzigingen in Receptie zijn opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/GymRightsGroup')[0]?.body).toEqual({
      id: 3,
      name: 'Receptie',
      rights: ['ManageMemberships'],
    });
  });

  it('deletes a group only after confirmation, and explains a refusal', async () => {
    let reply = failure(409, 'rightsGroup.errors.lockOut');
    const requests = fakeAppApi(gymManager(), {
      'GET /api/GymRightsGroup': () => ({ data: { items: groups, total: 2 } }),
      'DELETE /api/GymRightsGroup/3': () => reply,
    });
    await startApp('/settings/rightGroups');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Receptie' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rechtengroep verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je Receptie wilt verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'DELETE', '/api/GymRightsGroup/3')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verwijderen Receptie' }));
    dialog = await screen.findByRole('dialog', { name: 'Rechtengroep verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Dit zou je je eigen recht 'Rechten beheren' afnemen; vraag een collega",
    );

    reply = { data: null };
    await user.click(screen.getByRole('button', { name: 'Verwijderen Receptie' }));
    dialog = await screen.findByRole('dialog', { name: 'Rechtengroep verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Receptie is verwijderd.')).toBeInTheDocument();
  });

  it('are not a tab for who lacks ManageGymRights, who is sent away', async () => {
    fakeAppApi(gymManager(['AlterGymInformation']), {});
    const { router } = await startApp('/settings/rightGroups');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the employees of a rights group', () => {
  const routes = (extra = {}) => ({
    'GET /api/GymRightsGroup/3': () => ({ data: groups[0] }),
    'GET /api/GymRightsGroup/3/Employees': () => ({ data: { items: members, total: 2 } }),
    'GET /api/GymRightsGroup/3/Candidates': () => ({
      data: { items: [{ employeeId: 11, name: 'Anna Aalders', email: 'anna@example.com' }], total: 1 },
    }),
    ...extra,
  });

  it('lists the members with the rights of the group, opened from the groups list', async () => {
    fakeAppApi(gymManager(), {
      'GET /api/GymRightsGroup': () => ({ data: { items: groups, total: 2 } }),
      ...routes(),
    });
    const { router } = await startApp('/settings/rightGroups');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Medewerkers Receptie' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/rightGroups/3/employees'));
    expect(await screen.findByRole('heading', { name: 'Medewerkers van Receptie' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Deze medewerkers hebben de rechten van de groep: Lidmaatschappen beheren, Medewerkers beheren.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Piet de Boer')).toBeInTheDocument();
    expect(screen.getByText('eva@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar rechtengroepen' })).toHaveAttribute(
      'href',
      '/settings/rightGroups',
    );
  });

  it('adds employees picked from the gym, at least one', async () => {
    const requests = fakeAppApi(gymManager(), {
      ...routes({ 'POST /api/GymRightsGroup/3/Employees': () => ({ data: { added: 1 } }) }),
    });
    await startApp('/settings/rightGroups/3/employees');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerkers toevoegen' });
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(dialog).findByText('Selecteer ten minste één medewerker')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/GymRightsGroup/3/Employees')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Medewerkers/ }));
    await user.click(await screen.findByRole('option', { name: 'Anna Aalders (anna@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('1 medewerker(s) toegevoegd aan Receptie.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/GymRightsGroup/3/Employees')[0]?.body).toEqual({
      employeeIds: [11],
    });
  });

  it('removes a member after confirmation', async () => {
    const requests = fakeAppApi(gymManager(), {
      ...routes({ 'DELETE /api/GymRightsGroup/3/Employees/7': () => ({ data: null }) }),
    });
    await startApp('/settings/rightGroups/3/employees');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Piet de Boer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerker uit groep verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je Piet de Boer uit Receptie wilt verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Piet de Boer is uit de groep verwijderd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/GymRightsGroup/3/Employees/7')).toHaveLength(1);
  });

  it('asks the total once per search: page 2 sends counts=false; its own remove and add ask again', async () => {
    let total = 60;
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeAppApi(gymManager(), {
      ...routes({
        'GET /api/GymRightsGroup/3/Employees': (request: Parameters<typeof queryOf>[0]) => ({
          data: queryOf(request).counts === 'false' ? { items: members } : { items: members, total },
        }),
        'DELETE /api/GymRightsGroup/3/Employees/7': () => {
          total = 59;
          return { data: null };
        },
        'POST /api/GymRightsGroup/3/Employees': () => {
          total = 60;
          return { data: { added: 1 } };
        },
      }),
    });
    await startApp('/settings/rightGroups/3/employees');
    const user = userEvent.setup();
    const lastList = () => queryOf(requestsTo(requests, 'GET', '/api/GymRightsGroup/3/Employees').at(-1));
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
    expect(lastList()).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastList()).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verwijderen Piet de Boer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Medewerker uit groep verwijderen' })).getByRole(
        'button',
        { name: 'Verwijderen' },
      ),
    );
    expect(await screen.findByText('Resultaten: 26 - 50 van 59')).toBeInTheDocument();
    expect(lastList()).toMatchObject({ page: '2' });
    expect(lastList()).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(lastList()).toMatchObject({ page: '3', counts: 'false' }));
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medewerkers toevoegen' });
    await user.click(within(dialog).getByRole('combobox', { name: /Medewerkers/ }));
    await user.click(await screen.findByRole('option', { name: 'Anna Aalders (anna@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('1 medewerker(s) toegevoegd aan Receptie.')).toBeInTheDocument();
    await waitFor(() => expect(lastList()).not.toHaveProperty('counts'));
    expect(lastList()).toMatchObject({ page: '3' });
  });

  it('says when the group does not exist', async () => {
    fakeAppApi(gymManager(), {
      'GET /api/GymRightsGroup/3': () => failure(404, 'rightsGroup.errors.notFound'),
    });
    await startApp('/settings/rightGroups/3/employees');
    expect(await screen.findByText('Deze rechtengroep bestaat niet (meer)')).toBeInTheDocument();
  });
});
