import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf, renderWithQuery } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { StoreItemList, type StoreItemListMode } from './store-item-list';
import { HASH, ownItem, platformItem } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const page = (items = [platformItem, ownItem]) => ({
  data: { items, total: items.length, tabCounts: { all: 2, '1': 1, '3': 1 } },
});

function renderList(
  mode: StoreItemListMode,
  state: ListState = defaultListState,
  language: 'nl' | 'en' = 'nl',
) {
  const onStateChange = vi.fn();
  const result = renderWithQuery(<StoreItemList mode={mode} state={state} onStateChange={onStateChange} />, {
    language,
  });
  return { ...result, onStateChange };
}
const adminMode = (owner: 'platform' | 'employers' | 'all' = 'platform') => ({
  kind: 'admin' as const,
  owner,
  onOwnerChange: vi.fn(),
});

describe("the admin's store items", () => {
  it('shows thumbnail, name, category, XP with a thousands separator, stock and owner; tabs with counts', async () => {
    const requests = fakeApi({ 'GET /api/storeitem': () => page() });
    renderList(adminMode(), {
      ...defaultListState,
      tab: '1',
      search: 'shirt',
      sort: 'cost',
      direction: 'desc',
    });
    const table = await screen.findByRole('table', { name: 'Producten' });
    const rows = within(table).getAllByRole('row');
    await waitFor(() => expect(rows.length).toBeGreaterThan(1));
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(first).toHaveTextContent('Hardloopshirt');
    expect(first).toHaveTextContent('Sportkleding');
    expect(first).toHaveTextContent('2.500 XP');
    expect(first).toHaveTextContent('Platform');
    const second = within(table).getAllByRole('row')[2] as HTMLElement;
    expect(second).toHaveTextContent('12.500 XP');
    expect(second).toHaveTextContent('Bakkerij Jansen B.V.');
    expect(screen.getByRole('tab', { name: /Sportkleding/ })).toHaveTextContent('1');
    expect(queryOf(requests[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'desc',
      search: 'shirt',
      sort: 'cost',
      storeItemCategory: '1',
      owner: 'platform',
    });
  });

  it('opens the image large from the thumbnail', async () => {
    fakeApi({ 'GET /api/storeitem': () => page() });
    const { user } = renderList(adminMode());
    await user.click(await screen.findByRole('button', { name: 'Afbeelding van Hardloopshirt bekijken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hardloopshirt' });
    expect(within(dialog).getByRole('img', { name: 'Hardloopshirt' }).getAttribute('src')).toContain(
      `/cdn/${HASH}?w=1200&h=1200&fit=contain`,
    );
  });

  it('filters on the owner', async () => {
    fakeApi({ 'GET /api/storeitem': () => page() });
    const mode = adminMode();
    const { user } = renderList(mode);
    await screen.findByText('Hardloopshirt');
    await user.click(screen.getByText('Werkgevers'));
    expect(mode.onOwnerChange).toHaveBeenLastCalledWith('employers');
  });

  it('deletes an item after confirmation', async () => {
    let items = [platformItem, ownItem];
    const requests = fakeApi({
      'GET /api/storeitem': () => page(items),
      'DELETE /api/storeitem/1': () => {
        items = [ownItem];
        return { data: null };
      },
    });
    const { user } = renderList(adminMode());
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Hardloopshirt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je Hardloopshirt wilt verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Hardloopshirt is verwijderd')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('says why a delete failed', async () => {
    fakeApi({
      'GET /api/storeitem': () => page(),
      'DELETE /api/storeitem/1': () => ({
        status: 409,
        errors: [{ key: 'general', message: 'store.errors.openOrders' }],
      }),
    });
    const { user } = renderList(adminMode());
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Hardloopshirt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(
      await screen.findByText('Dit product heeft nog bestellingen die niet geleverd of geannuleerd zijn'),
    ).toBeInTheDocument();
  });
});

describe("the employer's shop", () => {
  it("asks for the active employer's shop and offers to change only its own items, in English too", async () => {
    const requests = fakeApi({ 'GET /api/storeitem/employer/7': () => page() });
    renderList(
      { kind: 'employer', employerId: 7, owner: 'all', onOwnerChange: vi.fn() },
      defaultListState,
      'en',
    );
    await screen.findByText('Taartbon');
    expect(screen.getByRole('button', { name: 'Edit Taartbon' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Hardloopshirt' })).not.toBeInTheDocument();
    expect(queryOf(requests[0])).toMatchObject({ owner: 'all' });
    expect(screen.getAllByText('2.500 XP').length).toBeGreaterThan(0);
  });
});
