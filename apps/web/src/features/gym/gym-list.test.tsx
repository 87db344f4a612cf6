import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { Gym } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { GymList } from './gym-list';
import { gyms } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderList(state: ListState = defaultListState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const result = renderWithQuery(<GymList state={state} onStateChange={onStateChange} />, { language });
  return { ...result, onStateChange };
}

const listOf =
  (items: Gym[] = gyms) =>
  () => ({ data: { items, total: items.length } });

describe('the list of gyms', () => {
  it('shows name, slug and the counts of each gym, asking the server for the page of the URL', async () => {
    const requests = fakeApi({ 'GET /api/Gym': () => ({ data: { items: gyms, total: 27 } }) });
    renderList({ ...defaultListState, page: 2, search: 'vit', sort: 'slug', direction: 'desc' });

    expect(screen.getByRole('heading', { name: 'Sportscholen' })).toBeInTheDocument();
    await screen.findByText('Vitaal Sportcentra');
    const table = screen.getByRole('table', { name: 'Sportscholen' });
    const rows = within(table).getAllByRole('row');
    const header = within(rows[0] as HTMLElement);
    expect(header.getByRole('columnheader', { name: /Slug/ })).toHaveAttribute('aria-sort', 'descending');
    expect(header.getByRole('columnheader', { name: 'Locaties' })).toBeInTheDocument();
    expect(header.getByRole('columnheader', { name: 'Medewerkers' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(/Vitaal Sportcentra\s*vitaal\s*2\s*1\.204/);
    expect(rows[2]).toHaveTextContent(/Sportschool De Brug\s*de-brug\s*0\s*0/);
    expect(screen.getByText('Resultaten: 26 - 27 van 27')).toBeInTheDocument();
    expect(queryOf(requests[0])).toEqual({
      page: '2',
      pageSize: '25',
      direction: 'desc',
      search: 'vit',
      sort: 'slug',
    });
  });

  it('sorts and searches through the URL state, leaving unknown sorts out of the request', async () => {
    const requests = fakeApi({ 'GET /api/Gym': listOf() });
    const { user, onStateChange } = renderList({ ...defaultListState, sort: 'locationCount' });
    await screen.findByText('Vitaal Sportcentra');
    expect(queryOf(requests[0])).toEqual({ page: '1', pageSize: '25', direction: 'asc' });

    await user.click(screen.getByRole('button', { name: 'Naam' }));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...defaultListState, sort: 'name', direction: 'asc' });
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'brug');
    await waitFor(() =>
      expect(onStateChange).toHaveBeenLastCalledWith({
        ...defaultListState,
        sort: 'locationCount',
        search: 'brug',
        page: 1,
      }),
    );
  });

  it("says 'Sportscholen kunnen niet worden opgehaald' and retries", async () => {
    let isDown = true;
    fakeApi({ 'GET /api/Gym': () => (isDown ? failure(500, 'general_error') : listOf()()) });
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sportscholen kunnen niet worden opgehaald');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Vitaal Sportcentra')).toBeInTheDocument();
  });

  it('shows the empty state of the kit', async () => {
    fakeApi({ 'GET /api/Gym': listOf([]) });
    renderList();
    expect(await screen.findByText('Er is niets om te tonen')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/Gym': listOf() });
    renderList(defaultListState, 'en');
    expect(await screen.findByRole('heading', { name: 'Gyms' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Employees' })).toBeInTheDocument();
  });
});

describe('adding a gym', () => {
  it('suggests the slug from the name until the slug is edited, and saves', async () => {
    const requests = fakeApi({
      'GET /api/Gym': listOf(),
      'POST /api/Gym': (request) => ({
        data: { ...gyms[1], id: 7, ...(request.body as object), locationCount: 0, employeeCount: 0 },
      }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Sportschool toevoegen' });
    const name = within(panel).getByRole('textbox', { name: /Naam/ });
    const slug = within(panel).getByRole('textbox', { name: /Slug/ });

    await user.type(name, 'Fitlab Eindhoven-Zuid');
    expect(slug).toHaveValue('fitlab-eindhoven-zuid');
    expect(panel).toHaveTextContent('/inschrijven/fitlab-eindhoven-zuid');
    await user.clear(slug);
    await user.type(slug, 'fitlab');
    await user.type(name, ' Één');
    expect(slug).toHaveValue('fitlab');

    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Fitlab Eindhoven-Zuid Één is toegevoegd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Gym')[0]?.body).toEqual({
      name: 'Fitlab Eindhoven-Zuid Één',
      slug: 'fitlab',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sportschool toevoegen' })).not.toBeInTheDocument(),
    );
    // The list is fetched again.
    expect(requestsTo(requests, 'GET', '/api/Gym')).toHaveLength(2);
  });

  it('checks the fields before sending anything', async () => {
    const requests = fakeApi({ 'GET /api/Gym': listOf() });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Sportschool toevoegen' });
    await user.type(within(panel).getByRole('textbox', { name: /Slug/ }), '-fout-');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'Gebruik alleen kleine letters, cijfers en losse streepjes (niet aan het begin of eind)',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Gym')).toHaveLength(0);
  });

  it('shows a slug in use under the slug field', async () => {
    fakeApi({
      'GET /api/Gym': listOf(),
      'POST /api/Gym': () => failure(409, 'gym.errors.slugTaken', 'slug'),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Sportschool toevoegen' });
    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), 'Vitaal');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(
      await within(panel).findByText('Deze slug is al in gebruik bij een andere sportschool'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: /Slug/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('editing a gym', () => {
  it('opens a row in the edit panel, keeps its slug when the name changes, and saves', async () => {
    const requests = fakeApi({
      'GET /api/Gym': listOf(),
      'PUT /api/Gym': (request) => ({ data: { ...gyms[0], ...(request.body as object) } }),
    });
    const { user } = renderList();
    await user.click(await screen.findByText('Vitaal Sportcentra'));
    const panel = await screen.findByRole('dialog', { name: 'Sportschool bewerken' });
    const name = within(panel).getByRole('textbox', { name: /Naam/ });
    expect(name).toHaveValue('Vitaal Sportcentra');
    await user.clear(name);
    await user.type(name, 'Vitaal Sport');
    expect(within(panel).getByRole('textbox', { name: /Slug/ })).toHaveValue('vitaal');
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De wijzigingen in Vitaal Sport zijn opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Gym')[0]?.body).toEqual({
      id: 1,
      name: 'Vitaal Sport',
      slug: 'vitaal',
    });
  });

  it('asks before closing with unsaved changes', async () => {
    fakeApi({ 'GET /api/Gym': listOf() });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Bewerken Sportschool De Brug' }));
    const panel = await screen.findByRole('dialog', { name: 'Sportschool bewerken' });
    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), ' Zwolle');
    await user.click(within(panel).getByRole('button', { name: 'Sluiten' }));
    expect(within(panel).getByRole('alertdialog')).toBeInTheDocument();
  });
});

describe('deleting a gym', () => {
  it('asks first, then deletes and refreshes the list', async () => {
    let items = gyms;
    const requests = fakeApi({
      // Like the server: `counts=false` answers the page alone.
      'GET /api/Gym': (request) => ({
        data: queryOf(request).counts === 'false' ? { items } : { items, total: items.length },
      }),
      'DELETE /api/Gym': () => {
        items = gyms.filter((gym) => gym.id !== 2);
        return { data: null };
      },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Sportschool De Brug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sportschool verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je Sportschool De Brug wilt verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'DELETE', '/api/Gym')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verwijderen Sportschool De Brug' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sportschool verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('Sportschool De Brug is verwijderd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/Gym')[0]?.body).toEqual({ id: 2 });
    await waitFor(() => expect(screen.queryByText('de-brug')).not.toBeInTheDocument());
    // The list's own delete asks the counts again.
    expect(
      await screen.findByText(`Resultaten: 1 - ${gyms.length - 1} van ${gyms.length - 1}`),
    ).toBeInTheDocument();
  });

  it('shows why the server refused: the gym still has locations', async () => {
    fakeApi({
      'GET /api/Gym': listOf(),
      'DELETE /api/Gym': () => failure(409, 'gym.errors.hasLocations'),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Vitaal Sportcentra' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sportschool verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('Sportschool kan niet worden verwijderd')).toBeInTheDocument();
    expect(
      screen.getByText('Deze sportschool heeft nog locaties. Verwijder of verplaats eerst de locaties.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Vitaal Sportcentra')).toBeInTheDocument();
  });
});
