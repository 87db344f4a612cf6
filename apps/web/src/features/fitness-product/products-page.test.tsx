import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '@/test/fake-api';
import { screen, within } from '@/test/render';
import { defaultListState } from '@/ui/list-search';
import { ProductsPage } from './products-page';
import { productRow } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const supplier = (status: number) => ({
  data: {
    id: 3,
    name: 'FitHome B.V.',
    email: null,
    firstName: null,
    insertion: null,
    lastName: null,
    address: null,
    houseNumber: null,
    zipcode: null,
    city: null,
    country: null,
    phoneNumber: null,
    kvkNumber: null,
    btwNumber: null,
    bankAccountNumber: null,
    status,
    statusChangedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    userCount: 1,
  },
});

const renderPage = (props: Partial<Parameters<typeof ProductsPage>[0]> = {}) =>
  renderWithQuery(
    <ProductsPage
      supplierId={3}
      state={defaultListState}
      onStateChange={vi.fn()}
      onAdd={vi.fn()}
      onEdit={vi.fn()}
      onCloseForm={vi.fn()}
      {...props}
    />,
  );

describe("the supplier's products page", () => {
  it('tells a supplier awaiting the platform that it cannot add products yet, and the form sends nothing', async () => {
    const requests = fakeApi({
      'GET /api/Supplier/Details/3': () => supplier(0),
      'GET /api/FitnessProduct': () => ({ data: { items: [productRow()], total: 1, tabCounts: {} } }),
    });
    const { user } = renderPage({ editing: 'new' });
    const dialog = await screen.findByRole('dialog', { name: 'Fitnessproduct toevoegen' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Je leverancier wacht nog op goedkeuring door het platform',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ter goedkeuring versturen' }));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('says a supplier must be chosen first without an active one', async () => {
    fakeApi({});
    renderPage({ supplierId: null });
    expect(await screen.findByText('Geen leverancier gekozen')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lets an active supplier add', async () => {
    fakeApi({
      'GET /api/Supplier/Details/3': () => supplier(1),
      'GET /api/FitnessProduct': () => ({ data: { items: [productRow()], total: 1, tabCounts: {} } }),
    });
    renderPage({ editing: 'new' });
    const dialog = await screen.findByRole('dialog', { name: 'Fitnessproduct toevoegen' });
    expect(await screen.findByText('Loopband T900')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
