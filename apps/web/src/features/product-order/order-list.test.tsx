import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import type { ProductOrderSide } from './api';
import { ProductOrderList } from './order-list';
import { listItem } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const page = () => ({
  data: {
    items: [listItem(), listItem({ id: 32, followNumber: 'PO-000032', quantity: 2, status: 0, total: 50 })],
    total: 2,
    tabCounts: { ordered: 2, paid: 5, delivered: 1 },
  },
});

function renderList(
  side: ProductOrderSide,
  state: ListState = defaultListState,
  language: 'nl' | 'en' = 'nl',
) {
  const onStateChange = vi.fn();
  const onOpen = vi.fn();
  const onAdd = vi.fn();
  const result = renderWithQuery(
    <ProductOrderList
      side={side}
      state={state}
      onStateChange={onStateChange}
      onOpen={onOpen}
      {...(side === 'location' ? { onAdd } : {})}
    />,
    { language },
  );
  return { ...result, onStateChange, onOpen, onAdd };
}

describe('the product orders list', () => {
  it("shows the location's orders with the tabs Besteld / Betaald / Geleverd and their counts", async () => {
    const requests = fakeApi({ 'GET /api/ProductOrder': page });
    const { user, onStateChange, onOpen, onAdd } = renderList('location');
    const table = await screen.findByRole('table', { name: 'Bestellingen' });
    await within(table).findByText('PO-000031');
    expect(table).toHaveTextContent('Anouk de Vries');
    expect(table).toHaveTextContent('Loopband T900');
    expect(table).toHaveTextContent('2 × Loopband T900');
    expect(table).toHaveTextContent('FitHome B.V.');
    expect(table).toHaveTextContent('€ 1.814,99');
    expect(table).toHaveTextContent('20-11-2026');
    expect(table).toHaveTextContent('Nieuw');
    expect(screen.getByRole('tab', { name: /Besteld/ })).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: /Betaald/ })).toHaveTextContent('5');
    expect(screen.getByRole('tab', { name: /Geleverd/ })).toHaveTextContent('1');
    // The first tab is the default: Ordered (New), newest first.
    expect(queryOf(requestsTo(requests, 'GET', '/api/ProductOrder')[0])).toEqual({
      page: '1',
      pageSize: '25',
      tab: 'ordered',
    });

    await user.click(screen.getByRole('tab', { name: /Betaald/ }));
    expect(onStateChange).toHaveBeenCalledWith(expect.objectContaining({ tab: 'paid', page: 1 }));
    await user.click(within(table).getByText('PO-000032'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 32 }));
    await user.click(screen.getByRole('button', { name: 'Bestellen' }));
    expect(onAdd).toHaveBeenCalled();
  });

  it("asks the supplier's orders of a tab, searched and sorted, with the location column (en)", async () => {
    const requests = fakeApi({ 'GET /api/ProductOrder/Supplier': page });
    renderList(
      'supplier',
      { ...defaultListState, tab: 'delivered', search: 'anouk', sort: 'total', direction: 'desc' },
      'en',
    );
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('PO-000031');
    expect(table).toHaveTextContent('Sportcentrum Noord');
    expect(table).not.toHaveTextContent('FitHome B.V.');
    expect(screen.getByRole('tab', { name: /Delivered/ })).toHaveTextContent('1');
    expect(screen.queryByRole('button', { name: 'Order' })).not.toBeInTheDocument();
    expect(queryOf(requests[0])).toEqual({
      page: '1',
      pageSize: '25',
      tab: 'delivered',
      search: 'anouk',
      sort: 'total',
      direction: 'desc',
    });
  });
});
