import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { ProductList } from './product-list';
import { productRow } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const page = (items = [productRow()]) => ({
  data: { items, total: items.length, tabCounts: { existant: 4, awaiting: 2, denied: 1 } },
});

function renderList(state: ListState = defaultListState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const onAdd = vi.fn();
  const onEdit = vi.fn();
  const result = renderWithQuery(
    <ProductList supplierId={3} state={state} onStateChange={onStateChange} onAdd={onAdd} onEdit={onEdit} />,
    { language },
  );
  return { ...result, onStateChange, onAdd, onEdit };
}

describe("the supplier's products", () => {
  it('shows tabs Existant, Awaiting and Denied with counts, and each row with image, price, VAT, unit and status', async () => {
    const requests = fakeApi({
      'GET /api/FitnessProduct': () =>
        page([
          productRow(),
          productRow({ id: 2, name: 'Roeitrainer', hasPendingVersion: true, imageHash: null }),
        ]),
    });
    const { user, onStateChange, onEdit, onAdd } = renderList({
      ...defaultListState,
      search: 'loop',
      sort: 'name',
    });
    const table = await screen.findByRole('table', { name: 'Producten' });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBe(3));
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(first).toHaveTextContent('Loopband T900');
    expect(first).toHaveTextContent('Apparatuur met iFit');
    expect(first).toHaveTextContent('€ 1.249,50');
    expect(first).toHaveTextContent('21%');
    expect(first).toHaveTextContent('Per stuk');
    expect(first).toHaveTextContent('12 maanden');
    expect(first).toHaveTextContent('Goedgekeurd');
    expect(first?.querySelector('img')?.getAttribute('src')).toContain('/cdn/');
    expect(second).toHaveTextContent('Wijziging in afwachting');

    expect(screen.getByRole('tab', { name: /Bestaand/ })).toHaveTextContent('4');
    expect(screen.getByRole('tab', { name: /In afwachting/ })).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: /Afgewezen/ })).toHaveTextContent('1');
    expect(queryOf(requests[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'asc',
      search: 'loop',
      sort: 'name',
      tab: 'existant',
    });

    await user.click(screen.getByRole('tab', { name: /In afwachting/ }));
    expect(onStateChange).toHaveBeenCalledWith(expect.objectContaining({ tab: 'awaiting', page: 1 }));
    await user.click(screen.getByText('Roeitrainer'));
    expect(onEdit).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Toevoegen' }));
    expect(onAdd).toHaveBeenCalled();
  });

  it('shows a denial with its reason, and a new product awaiting approval', async () => {
    fakeApi({
      'GET /api/FitnessProduct': () =>
        page([
          productRow({ status: 2, denyReason: 'Foto is onscherp', hasAcceptedVersion: false }),
          productRow({ id: 2, status: 0, name: 'Roeitrainer', hasAcceptedVersion: false }),
        ]),
    });
    renderList({ ...defaultListState, tab: 'denied' });
    const table = await screen.findByRole('table', { name: 'Producten' });
    expect(await within(table).findByText('Foto is onscherp')).toBeInTheDocument();
    expect(within(table).getByText('Afgewezen')).toBeInTheDocument();
    expect(within(table).getByText('Wacht op goedkeuring')).toBeInTheDocument();
  });

  it('deletes a product after confirmation', async () => {
    const requests = fakeApi({
      'GET /api/FitnessProduct': () => page(),
      'DELETE /api/FitnessProduct/1': () => ({ data: null }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Loopband T900' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product verwijderen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je Loopband T900 wilt verwijderen?');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Loopband T900 is verwijderd')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/FitnessProduct/1')).toHaveLength(1);
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/FitnessProduct': () => page() });
    renderList(defaultListState, 'en');
    expect(await screen.findByRole('tab', { name: /Existing/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Awaiting/ })).toBeInTheDocument();
    expect(await screen.findByText('Approved')).toBeInTheDocument();
  });
});
