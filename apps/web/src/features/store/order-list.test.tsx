import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf, renderWithQuery } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { OrderList, type OrderListMode } from './order-list';
import { order } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const orders = [
  order(),
  order({ id: 12, itemName: 'Taartbon', itemEmployerId: 7, cost: 300, status: 3, canChangeStatus: false }),
];
const page = () => ({
  data: { items: orders, total: 2, tabCounts: { all: 2, '0': 1, '1': 0, '2': 0, '3': 1 } },
});

function renderList(mode: OrderListMode, state: ListState = defaultListState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const result = renderWithQuery(<OrderList mode={mode} state={state} onStateChange={onStateChange} />, {
    language,
  });
  return { ...result, onStateChange };
}

describe('the store orders', () => {
  it("shows an employer's orders newest first, with status tabs and counts", async () => {
    const requests = fakeApi({ 'GET /api/StoreRedemption/employer/7': page });
    renderList({ kind: 'employer', employerId: 7 }, { ...defaultListState, tab: '3', search: 'anouk' });
    const table = await screen.findByRole('table', { name: 'Bestellingen' });
    await within(table).findByText('Taartbon');
    expect(table).toHaveTextContent('Anouk Jansen');
    expect(table).toHaveTextContent('2.500 XP');
    expect(table).toHaveTextContent('20-11-2026');
    expect(table).toHaveTextContent('Geannuleerd');
    expect(screen.getByRole('tab', { name: /Geannuleerd/ })).toHaveTextContent('1');
    expect(queryOf(requests[0])).toEqual({
      page: '1',
      pageSize: '25',
      sort: 'createdAt',
      direction: 'desc',
      search: 'anouk',
      status: '3',
    });
  });

  it('marks an order sent, and cancels one after confirmation (the refund)', async () => {
    const requests = fakeApi({
      'GET /api/StoreRedemption': page,
      'PUT /api/StoreRedemption/11/Status': (request) => ({
        data: order({ status: (request.body as { status: number }).status }),
      }),
    });
    const { user } = renderList({ kind: 'admin' });
    await screen.findByText('Taartbon');
    expect(screen.getByRole('table')).toHaveTextContent('Bakkerij Jansen B.V.');

    await user.click(
      screen.getByRole('button', { name: 'Markeren als verzonden Hardloopshirt Anouk Jansen' }),
    );
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ status: 1 }),
    );
    expect(await screen.findByText('Hardloopshirt: Verzonden')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bestelling annuleren Hardloopshirt Anouk Jansen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestelling annuleren' });
    expect(dialog).toHaveTextContent('2.500 XP gaat terug naar de medewerker');
    await user.click(within(dialog).getByRole('button', { name: 'Bestelling annuleren' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
        { status: 1 },
        { status: 3 },
      ]),
    );
  });

  it('offers no status change on an order this session may not change, and speaks English', async () => {
    fakeApi({ 'GET /api/StoreRedemption/employer/7': page });
    renderList({ kind: 'employer', employerId: 7 }, defaultListState, 'en');
    await screen.findByText('Taartbon');
    expect(screen.getByRole('tab', { name: /Cancelled/ })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Cancel order Hardloopshirt Anouk Jansen' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Taartbon Anouk Jansen/ })).not.toBeInTheDocument();
  });
});
