import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { Environment } from '@xp/contracts';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { testClaims } from '@/app/test-support/claims';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { ChallengesPage } from './challenge-list';
import { challenges, stepsTemplate, tabCounts } from './test-support';

beforeEach(() => {
  sessionStore.setClaims(
    testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLessons'],
    }),
  );
});

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderPage(state: ListState = defaultListState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const result = renderWithQuery(<ChallengesPage state={state} onStateChange={onStateChange} />, {
    language,
  });
  return { ...result, onStateChange };
}

const listOf =
  (items = challenges, counts: Record<string, number> = tabCounts) =>
  () => ({ data: { items, total: items.length, tabCounts: counts } });

/** The page with its state kept as the route keeps it (in the URL). */
function StatefulPage() {
  const [state, setState] = useState<ListState>(defaultListState);
  return <ChallengesPage state={state} onStateChange={setState} />;
}

/** The query of the last list request. */
const lastListQuery = (requests: Parameters<typeof requestsTo>[0]) =>
  queryOf(requestsTo(requests, 'GET', '/api/challenge').at(-1));

describe('the list of challenges', () => {
  it('shows banner, name, theme, periods, reward and the platform badge, asking for the state of the URL', async () => {
    const requests = fakeApi({ 'GET /api/challenge': listOf() });
    renderPage({ ...defaultListState, tab: 'active', search: 'stap', sort: 'entreoPointsReward', page: 2 });

    expect(screen.getByRole('heading', { name: 'Challenges' })).toBeInTheDocument();
    expect(screen.getByText(/De challenges van deze locatie/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Challenges' });
    await within(table).findByText('Stappen zetten');
    const rows = within(table).getAllByRole('row');
    for (const header of ['Naam', 'Categorie', 'Actieve periode', 'Beloning', 'Actief']) {
      expect(
        within(rows[0] as HTMLElement).getByRole('columnheader', { name: new RegExp(header) }),
      ).toBeVisible();
    }
    const [, steps, water] = rows as HTMLElement[];
    expect(steps).toHaveTextContent('Stappen zetten');
    expect(steps).toHaveTextContent('Door het platform');
    expect(steps).toHaveTextContent('Bewegen');
    expect(steps).toHaveTextContent('04-01-2027 t/m 28-02-2027');
    expect(steps).toHaveTextContent('Zichtbaar: Vanaf 20-12-2026');
    expect(steps).toHaveTextContent('300 XP');
    expect(steps?.querySelector('img')?.getAttribute('src')).toContain(
      `/cdn/${'a'.repeat(64)}?w=160&h=80&fit=crop`,
    );
    expect(water).toHaveTextContent('Water drinken');
    expect(water).not.toHaveTextContent('Door het platform');
    expect(water).toHaveTextContent('Voeding');
    expect(water).toHaveTextContent('Altijd actief');
    expect(water).toHaveTextContent('1.500 XP');

    expect(screen.getByRole('tab', { name: /Actief/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Alle/ })).toHaveTextContent('2');
    expect(queryOf(requests[0])).toEqual({
      page: '2',
      pageSize: '25',
      direction: 'asc',
      search: 'stap',
      sort: 'entreoPointsReward',
      isActive: 'true',
    });
  });

  it('changes tab, sort and search through the URL state', async () => {
    fakeApi({ 'GET /api/challenge': listOf() });
    const { user, onStateChange } = renderPage();
    await screen.findByText('Stappen zetten');
    await user.click(screen.getByRole('tab', { name: /Inactief/ }));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...defaultListState, tab: 'inactive', page: 1 });
    await user.click(screen.getByRole('button', { name: 'Actieve periode' }));
    expect(onStateChange).toHaveBeenLastCalledWith({
      ...defaultListState,
      sort: 'startDate',
      direction: 'asc',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'water');
    await waitFor(() =>
      expect(onStateChange).toHaveBeenLastCalledWith({ ...defaultListState, search: 'water', page: 1 }),
    );
  });

  it('asks the inactive ones for the inactive tab', async () => {
    const requests = fakeApi({ 'GET /api/challenge': listOf([challenges[1]!]) });
    renderPage({ ...defaultListState, tab: 'inactive' });
    await screen.findByText('Water drinken');
    expect(queryOf(requests[0])).toMatchObject({ isActive: 'false' });
  });

  it('switches a challenge on at once with PUT /challenge/true and refreshes the list', async () => {
    let items = challenges;
    const requests = fakeApi({
      'GET /api/challenge': () => ({ data: { items, total: items.length, tabCounts } }),
      'PUT /api/challenge/true': ({ body }) => {
        items = challenges.map((challenge) =>
          challenge.id === 2 ? { ...challenge, isActive: true } : challenge,
        );
        return { data: items.find((challenge) => challenge.id === (body as { id: number }).id) };
      },
    });
    const { user } = renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Water drinken actief' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Stappen zetten actief' })).toBeChecked();

    await user.click(toggle);
    expect(await screen.findByText('Water drinken staat aan.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(requestsTo(requests, 'PUT', '/api/challenge/true')).toEqual([
      { method: 'PUT', url: '/api/challenge/true', body: { id: 2 } },
    ]);
    await waitFor(() => expect(requestsTo(requests, 'GET', '/api/challenge')).toHaveLength(2));
    // The switch is its own control: it does not open the challenge.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches a challenge off with PUT /challenge/false, and back when that fails', async () => {
    const requests = fakeApi({
      'GET /api/challenge': listOf(),
      'PUT /api/challenge/false': () => failure(404, 'challenge.errors.notFound'),
    });
    const { user } = renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Stappen zetten actief' });
    await user.click(toggle);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Challenge kan niet worden aan- of uitgezet');
    expect(toast).toHaveTextContent('Deze challenge bestaat niet (meer)');
    expect(toggle).toBeChecked();
    expect(requestsTo(requests, 'PUT', '/api/challenge/false')[0]?.body).toEqual({ id: 1 });
  });

  it('deletes a challenge after confirmation', async () => {
    let items = challenges;
    const requests = fakeApi({
      'GET /api/challenge': () => ({ data: { items, total: items.length, tabCounts } }),
      'DELETE /api/challenge/2': () => {
        items = challenges.filter((challenge) => challenge.id !== 2);
        return { data: null };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Water drinken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Challenge verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je de challenge Water drinken wilt verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'DELETE', '/api/challenge/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verwijderen Water drinken' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Challenge verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('De challenge Water drinken is verwijderd.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Water drinken')).not.toBeInTheDocument());
  });

  it('opens the edit modal by its edit action', async () => {
    fakeApi({
      'GET /api/challenge': listOf(),
      'GET /api/challenge/1': () => ({ data: challenges[0] }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Bewerken Stappen zetten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Challenge bewerken' });
    expect(await within(dialog).findByRole('textbox', { name: /Beloning \(XP\)/ })).toHaveValue('300 XP');
  });

  it('opens the edit modal by a click on the row', async () => {
    fakeApi({
      'GET /api/challenge': listOf(),
      'GET /api/challenge/2': () => ({ data: challenges[1] }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByText('1.500 XP'));
    const dialog = await screen.findByRole('dialog', { name: 'Challenge bewerken' });
    expect(await within(dialog).findByRole('textbox', { name: /Beloning \(XP\)/ })).toHaveValue('1.500 XP');
  });

  it('opens the template list with the add button', async () => {
    fakeApi({
      'GET /api/challenge': listOf(),
      'GET /api/challenge/popular': () => ({ data: { items: [stepsTemplate], total: 1 } }),
    });
    const { user } = renderPage();
    await screen.findByText('Stappen zetten');
    await user.click(screen.getByRole('button', { name: 'Challenge toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kies een sjabloon' });
    expect(await within(dialog).findByRole('button', { name: 'Stappen zetten kiezen' })).toBeInTheDocument();
  });

  it('says how to start when there are no challenges yet', async () => {
    fakeApi({
      'GET /api/challenge': listOf([], { all: 0, active: 0, inactive: 0 }),
      'GET /api/challenge/popular': () => ({ data: { items: [stepsTemplate], total: 1 } }),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Nog geen challenges')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Challenge toevoegen' }));
    expect(await screen.findByRole('dialog', { name: 'Kies een sjabloon' })).toBeInTheDocument();
  });

  it('keeps the list with its reset button when a search finds nothing', async () => {
    fakeApi({ 'GET /api/challenge': listOf([], { all: 0, active: 0, inactive: 0 }) });
    renderPage({ ...defaultListState, search: 'fiets' });
    expect(await screen.findByText('Er is niets om te tonen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters wissen' })).toBeInTheDocument();
  });

  it("says 'Challenges kunnen niet worden opgehaald' and retries", async () => {
    let isDown = true;
    fakeApi({ 'GET /api/challenge': () => (isDown ? failure(500, 'general_error') : listOf()()) });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Challenges kunnen niet worden opgehaald');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Stappen zetten')).toBeInTheDocument();
  });

  it('asks the counts once per filter: page 2 and a re-sort send counts=false and keep the total and tab counts', async () => {
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeApi({
      'GET /api/challenge': (request) => ({
        data:
          queryOf(request).counts === 'false'
            ? { items: challenges }
            : { items: challenges, total: 60, tabCounts: { all: 60, active: 45, inactive: 15 } },
      }),
    });
    const { user } = renderWithQuery(<StatefulPage />);
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
    expect(lastListQuery(requests)).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastListQuery(requests)).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Actief\s*45/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Beloning' }));
    await waitFor(() =>
      expect(lastListQuery(requests)).toMatchObject({ sort: 'entreoPointsReward', counts: 'false' }),
    );
    expect(screen.getByRole('tab', { name: /Inactief\s*15/ })).toBeInTheDocument();
  });

  it('asks the counts again after its own switch and delete (they move or remove a row of a tab)', async () => {
    let counts = { all: 60, active: 45, inactive: 15 };
    const requests = fakeApi({
      'GET /api/challenge': (request) => ({
        data:
          queryOf(request).counts === 'false'
            ? { items: challenges }
            : { items: challenges, total: counts.all, tabCounts: counts },
      }),
      'PUT /api/challenge/true': () => {
        counts = { all: 60, active: 46, inactive: 14 };
        return { data: { ...challenges[1], isActive: true } };
      },
      'DELETE /api/challenge/1': () => {
        counts = { all: 59, active: 45, inactive: 14 };
        return { data: null };
      },
    });
    const { user } = renderWithQuery(<StatefulPage />);
    await screen.findByText('Resultaten: 1 - 25 van 60');
    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastListQuery(requests)).toMatchObject({ page: '2', counts: 'false' }));

    await user.click(await screen.findByRole('switch', { name: 'Water drinken actief' }));
    expect(await screen.findByText('Water drinken staat aan.')).toBeInTheDocument();
    await waitFor(() => expect(lastListQuery(requests)).not.toHaveProperty('counts'));
    expect(lastListQuery(requests)).toMatchObject({ page: '2' });
    expect(await screen.findByRole('tab', { name: /Actief\s*46/ })).toBeInTheDocument();

    // Paging on keeps the fresh counts; the delete asks them again.
    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(lastListQuery(requests)).toMatchObject({ page: '3', counts: 'false' }));
    await user.click(screen.getByRole('button', { name: 'Verwijderen Stappen zetten' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Challenge verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('Resultaten: 51 - 59 van 59')).toBeInTheDocument();
    expect(lastListQuery(requests)).toMatchObject({ page: '3' });
    expect(lastListQuery(requests)).not.toHaveProperty('counts');
  });

  it('speaks English, with the subtitle of the employer', async () => {
    sessionStore.setClaims(
      testClaims({ role: 'Employer', activeEnvironment: Environment.Employer, activeEmployerId: 3 }),
    );
    fakeApi({ 'GET /api/challenge': listOf() });
    renderPage(defaultListState, 'en');
    expect(await screen.findByText('Always active')).toBeInTheDocument();
    expect(screen.getByText(/The challenges for your employees/)).toBeInTheDocument();
    expect(screen.getByText('By the platform')).toBeInTheDocument();
    expect(screen.getByText('04-01-2027 to 28-02-2027')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Inactive/ })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Water drinken active' })).not.toBeChecked();
  });
});
