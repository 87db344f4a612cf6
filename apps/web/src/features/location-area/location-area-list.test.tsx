import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf, renderWithQuery } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { LocationAreaList } from './location-area-list';
import { rooms } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderList(state: ListState = defaultListState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const onOpen = vi.fn();
  const result = renderWithQuery(
    <LocationAreaList state={state} onStateChange={onStateChange} onOpen={onOpen} />,
    { language },
  );
  return { ...result, onStateChange, onOpen };
}

const listOf =
  (items = rooms) =>
  () => ({ data: { items, total: items.length } });

describe('the list of rooms', () => {
  it('shows name and address of each room, asking the server for the page of the URL', async () => {
    const requests = fakeApi({ 'GET /api/LocationArea': () => ({ data: { items: rooms, total: 27 } }) });
    renderList({ ...defaultListState, page: 2, search: 'zaal', sort: 'address', direction: 'desc' });

    expect(screen.getByRole('heading', { name: 'Zalen en buitenlocaties' })).toBeInTheDocument();
    await screen.findByText('Grote zaal');
    const table = screen.getByRole('table', { name: 'Zalen en buitenlocaties' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0] as HTMLElement).getByRole('columnheader', { name: /Naam/ })).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('columnheader', { name: /Adres/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(rows[1]).toHaveTextContent('Grote zaal');
    expect(rows[1]).toHaveTextContent('Gelijk aan locatie');
    expect(rows[2]).toHaveTextContent('Bootcamp Griftpark');
    expect(rows[2]).toHaveTextContent('Griftpark 1, 3514 EZ Utrecht');
    expect(screen.getByText('Resultaten: 26 - 27 van 27')).toBeInTheDocument();
    expect(queryOf(requests[0])).toEqual({
      page: '2',
      pageSize: '25',
      direction: 'desc',
      search: 'zaal',
      sort: 'address',
    });
  });

  it('leaves a sort the server does not know out of the request', async () => {
    const requests = fakeApi({ 'GET /api/LocationArea': listOf() });
    renderList({ ...defaultListState, sort: 'locationId' });
    await screen.findByText('Grote zaal');
    expect(queryOf(requests[0])).toEqual({ page: '1', pageSize: '25', direction: 'asc' });
  });

  it('sorts by name and searches through the URL state', async () => {
    fakeApi({ 'GET /api/LocationArea': listOf() });
    const { user, onStateChange } = renderList();
    await screen.findByText('Grote zaal');

    await user.click(screen.getByRole('button', { name: 'Naam' }));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...defaultListState, sort: 'name', direction: 'asc' });

    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'grift');
    await waitFor(() =>
      expect(onStateChange).toHaveBeenLastCalledWith({ ...defaultListState, search: 'grift', page: 1 }),
    );
  });

  it('opens a room by its row or its edit action', async () => {
    fakeApi({ 'GET /api/LocationArea': listOf() });
    const { user, onOpen } = renderList();
    await user.click(await screen.findByText('Bootcamp Griftpark'));
    expect(onOpen).toHaveBeenLastCalledWith(rooms[1]);
    await user.click(screen.getByRole('button', { name: 'Bewerken Grote zaal' }));
    expect(onOpen).toHaveBeenLastCalledWith(rooms[0]);
  });

  it('opens the add popup', async () => {
    fakeApi({ 'GET /api/LocationArea': listOf() });
    const { user } = renderList();
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(
      screen.getByRole('dialog', { name: 'Nieuwe zaal of buitenlocatie toevoegen' }),
    ).toBeInTheDocument();
  });

  it('deletes a room after confirmation and refreshes the list', async () => {
    let items = rooms;
    const requests = fakeApi({
      'GET /api/LocationArea': () => ({ data: { items, total: items.length } }),
      'DELETE /api/LocationArea/1': () => {
        items = rooms.filter((room) => room.id !== 1);
        return { data: null };
      },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Grote zaal' }));

    const dialog = await screen.findByRole('dialog', { name: 'Zaal of buitenlocatie verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je Grote zaal wilt verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Verwijderen Grote zaal' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Zaal of buitenlocatie verwijderen' })).getByRole(
        'button',
        { name: 'Bevestigen' },
      ),
    );
    expect(await screen.findByText('Grote zaal is verwijderd.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Grote zaal' })).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2);
  });

  it("says 'Zalen en buitenlocaties kunnen niet worden opgehaald' and retries", async () => {
    let isDown = true;
    fakeApi({
      'GET /api/LocationArea': () =>
        isDown ? { status: 500, errors: [{ key: 'general', message: 'general_error' }] } : listOf()(),
    });
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zalen en buitenlocaties kunnen niet worden opgehaald',
    );
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Grote zaal')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the empty state of the kit', async () => {
    fakeApi({ 'GET /api/LocationArea': listOf([]) });
    renderList();
    expect(await screen.findByText('Er is niets om te tonen')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/LocationArea': listOf() });
    renderList(defaultListState, 'en');
    expect(await screen.findByText('Same as location')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rooms and outdoor locations' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Address/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Grote zaal' })).toBeInTheDocument();
  });
});
