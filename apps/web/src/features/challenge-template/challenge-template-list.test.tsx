import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { ChallengeTemplate, ChallengeTemplateListItem } from '@xp/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { ChallengeTemplateList } from './challenge-template-list';
import { type ChallengeTemplateState, defaultChallengeTemplateState } from './search';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const HASH = 'd'.repeat(64);
const walking: ChallengeTemplate = {
  id: 1,
  name: '10.000 stappen',
  description: 'Elke dag 10.000 stappen',
  uniqueFeatureDescription: null,
  activityDescription: null,
  benefitDescription: null,
  theme: 0,
  measurement: 0,
  measurementUnit: 0,
  activity: 2,
  difficulty: 0,
  status: 2,
  isActive: true,
  completionPeriod: 0,
  completionAmount: 1,
  frequencyPeriod: 1,
  frequencyAmount: 1,
  frequencyPeriodAmount: 1,
  measurementAmount: 10_000,
  entreoPointsReward: 5,
  hasDate: false,
  startDate: null,
  endDate: null,
  hasFromDate: false,
  fromDate: null,
  fromEndDate: null,
  publishDate: null,
  sendNotifications: false,
  thirdParty: false,
  challengeBannerHash: HASH,
  pictureBankItemId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const water: ChallengeTemplate = {
  ...walking,
  id: 2,
  name: 'Water drinken',
  theme: 1,
  measurement: 4,
  measurementUnit: 6,
  activity: 6,
  status: 1,
  isActive: false,
  challengeBannerHash: null,
  createdAt: '2026-11-02T10:00:00.000Z',
};
/** A template as a row of the list: its columns only (editing loads the whole one). */
const rowItem = ({
  id,
  name,
  theme,
  status,
  isActive,
  challengeBannerHash,
  createdAt,
}: ChallengeTemplate): ChallengeTemplateListItem => ({
  id,
  name,
  theme,
  status,
  isActive,
  challengeBannerHash,
  createdAt,
});
const listOf =
  (items: ChallengeTemplate[] = [walking, water]) =>
  () => ({ data: { items: items.map(rowItem), total: items.length } });

function renderList(
  state: ChallengeTemplateState = defaultChallengeTemplateState,
  language: 'nl' | 'en' = 'nl',
) {
  const onStateChange = vi.fn();
  const result = renderWithQuery(<ChallengeTemplateList state={state} onStateChange={onStateChange} />, {
    language,
  });
  return { ...result, onStateChange };
}

/** The list with its state kept as the route keeps it (in the URL). */
function StatefulList() {
  const [state, setState] = useState<ChallengeTemplateState>(defaultChallengeTemplateState);
  return <ChallengeTemplateList state={state} onStateChange={setState} />;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('the challenge template list', () => {
  it('shows banner, name, theme, status and created date, asking for the filters of the URL', async () => {
    const requests = fakeApi({ 'GET /api/challengeTemplate': listOf() });
    renderList({ ...defaultChallengeTemplateState, tab: '1', status: '2', search: 'stap', page: 2 });

    expect(screen.getByRole('heading', { name: 'Challenge-sjablonen' })).toBeInTheDocument();
    const row = await rowOf('10.000 stappen');
    expect(row).toHaveTextContent('Bewegen');
    expect(row).toHaveTextContent('Gepubliceerd');
    expect(row).toHaveTextContent('01-11-2026');
    expect(row.querySelector('img')?.getAttribute('src')).toContain(`/cdn/${HASH}`);
    const other = await rowOf('Water drinken');
    expect(other).toHaveTextContent('Voeding');
    expect(other).toHaveTextContent('Concept');
    expect(other.querySelector('img')).toBeNull();
    expect(queryOf(requests[0])).toEqual({
      page: '2',
      pageSize: '25',
      direction: 'asc',
      search: 'stap',
      theme: '1',
      status: '2',
    });
  });

  it('changes the theme tab, the status filter and the search in the URL state', async () => {
    fakeApi({ 'GET /api/challengeTemplate': listOf() });
    const { user, onStateChange } = renderList();
    await rowOf('10.000 stappen');
    await user.click(screen.getByRole('tab', { name: 'Ontspanning' }));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ tab: '2', page: 1 }));
    await user.click(screen.getByText('Uitgeschakeld'));
    expect(onStateChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25, direction: 'asc', status: '0' });
    await user.type(screen.getByPlaceholderText('Zoeken op naam'), 'wat');
    await waitFor(() =>
      expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'wat', page: 1 })),
    );
  });

  it('says when there are no templates', async () => {
    fakeApi({ 'GET /api/challengeTemplate': listOf([]) });
    renderList();
    expect(await screen.findByText('Er is niets om te tonen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sjabloon toevoegen' })).toBeInTheDocument();
  });

  it('asks the total once per filter: page 2 and a re-sort send counts=false; its own delete asks again', async () => {
    let total = 60;
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeApi({
      'GET /api/challengeTemplate': (request) => ({
        data:
          queryOf(request).counts === 'false'
            ? { items: [walking, water].map(rowItem) }
            : { items: [walking, water].map(rowItem), total },
      }),
      'DELETE /api/challengeTemplate/1': () => {
        total = 59;
        return { data: null };
      },
    });
    const { user } = renderWithQuery(<StatefulList />);
    const lastQuery = () => queryOf(requests.filter((request) => request.method === 'GET').at(-1));
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();
    expect(lastQuery()).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 26 - 50 van 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Naam' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'name', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 1 - 25 van 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', counts: 'false' }));
    await user.click(screen.getByRole('button', { name: 'Verwijderen 10.000 stappen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sjabloon verwijderen?' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('Resultaten: 26 - 50 van 59')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ page: '2' });
    expect(lastQuery()).not.toHaveProperty('counts');
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/challengeTemplate': listOf() });
    renderList(defaultChallengeTemplateState, 'en');
    expect(await screen.findByRole('heading', { name: 'Challenge templates' })).toBeInTheDocument();
    expect(await rowOf('Water drinken')).toHaveTextContent('Nutrition');
    expect(await rowOf('Water drinken')).toHaveTextContent('Draft');
    expect(screen.getByRole('button', { name: 'Add template' })).toBeInTheDocument();
  });
});

describe('editing a template', () => {
  it('loads the whole template of a clicked row and opens the wizard at step 3 with it', async () => {
    const requests = fakeApi({
      'GET /api/challengeTemplate': listOf(),
      'GET /api/challengeTemplate/1': () => ({ data: { ...walking, frequencyPeriodAmount: 6 } }),
    });
    const { user } = renderList();
    await user.click(await rowOf('10.000 stappen'));
    const dialog = await screen.findByRole('dialog', { name: 'Sjabloon bewerken' });
    // What the row does not hold comes from the template itself.
    expect(await within(dialog).findByRole('textbox', { name: /^Aantal frequentieperiodes/ })).toHaveValue(
      '6',
    );
    expect(within(dialog).getByDisplayValue('Elke dag 10.000 stappen')).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/challengeTemplate/1')).toHaveLength(1);
  });

  it('does the same from the row action', async () => {
    fakeApi({
      'GET /api/challengeTemplate': listOf(),
      'GET /api/challengeTemplate/2': () => ({ data: water }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Bewerken Water drinken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sjabloon bewerken' });
    expect(await within(dialog).findByRole('textbox', { name: /^Naam/ })).toHaveValue('Water drinken');
  });
});

describe('the active switch', () => {
  it('saves at once with a toast', async () => {
    const requests = fakeApi({
      'GET /api/challengeTemplate': listOf(),
      'PUT /api/challengeTemplate/2/SetIsActive': () => ({ data: { ...water, isActive: true } }),
    });
    const { user } = renderList();
    const toggle = await screen.findByRole('switch', { name: 'Water drinken actief' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Water drinken staat aan')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/challengeTemplate/2/SetIsActive')[0]?.body).toEqual({
      isActive: true,
    });
    // The switch does not open the wizard of its row.
    expect(screen.queryByRole('dialog', { name: 'Sjabloon bewerken' })).not.toBeInTheDocument();
  });

  it('goes back when saving fails', async () => {
    fakeApi({
      'GET /api/challengeTemplate': listOf(),
      'PUT /api/challengeTemplate/1/SetIsActive': () => failure(500, 'general_error'),
    });
    const { user } = renderList();
    const toggle = await screen.findByRole('switch', { name: '10.000 stappen actief' });
    await user.click(toggle);
    expect((await screen.findAllByText('Actief kan niet worden gewijzigd')).length).toBeGreaterThan(0);
    await waitFor(() => expect(toggle).toBeChecked());
  });
});

describe('deleting a template', () => {
  it('asks first, then deletes', async () => {
    const requests = fakeApi({
      'GET /api/challengeTemplate': listOf(),
      'DELETE /api/challengeTemplate/1': () => ({ data: null }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen 10.000 stappen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sjabloon verwijderen?' });
    expect(requestsTo(requests, 'DELETE', '/api/challengeTemplate/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('10.000 stappen is verwijderd')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/challengeTemplate/1')).toHaveLength(1);
  });

  it('tells to switch a template in use off instead', async () => {
    fakeApi({
      'GET /api/challengeTemplate': listOf(),
      'DELETE /api/challengeTemplate/1': () => failure(409, 'challengeTemplate.errors.inUse'),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen 10.000 stappen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sjabloon verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(
      await screen.findByText(
        'Deze template wordt gebruikt door challenges en kan niet worden verwijderd; zet hem uit.',
      ),
    ).toBeInTheDocument();
  });
});
