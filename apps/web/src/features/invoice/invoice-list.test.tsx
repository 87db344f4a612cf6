import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { Invoice, InvoiceListItem } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { gymManager } from '@/features/member/test-support';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { cleanup, screen, waitFor, within } from '@/test/render';
import { InvoiceList } from './invoice-list';
import { defaultInvoiceListState, type InvoiceListState } from './search';

beforeEach(() => sessionStore.setClaims(gymManager()));
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  sessionStore.setClaims(null);
});

const item = (overrides: Partial<InvoiceListItem>): InvoiceListItem => ({
  id: 1,
  invoiceNumber: '2026-000001',
  invoiceDate: '2026-11-20',
  dueDate: '2026-12-04',
  locationId: 3,
  locationName: 'Vitaal Utrecht Centrum',
  memberId: 41,
  memberName: 'Fatima el Amrani',
  totalAmount: 4_995,
  status: 1,
  paymentMethod: null,
  creditedInvoiceId: null,
  ...overrides,
});
const items = [
  item({}),
  item({ id: 2, invoiceNumber: '2026-000002', memberName: 'Jan de Boer', status: 4, paymentMethod: 1 }),
  item({ id: 3, invoiceNumber: '2026-000003', totalAmount: -4_995, status: 4, creditedInvoiceId: 9 }),
];
const tabCounts = { all: 3, '0': 0, '1': 1, '2': 0, '3': 0, '4': 2, '5': 0, '6': 0, '7': 0 };
const detail: Invoice = {
  ...items[0]!,
  lines: [
    {
      id: 1,
      description: 'Abonnement Flex',
      quantity: 1,
      unitPriceCents: 4_583,
      vatRate: 9,
      exclVatCents: 4_583,
      vatCents: 412,
      totalCents: 4_995,
    },
  ],
  subtotal: 4_583,
  vat: [{ rate: 9, baseCents: 4_583, vatCents: 412 }],
  paidAt: null,
  creditInvoiceId: null,
  payments: [],
  refunds: [],
};

function renderList(state: InvoiceListState = defaultInvoiceListState, scope: 'gym' | 'member' = 'gym') {
  const onStateChange = vi.fn();
  const result = renderWithQuery(
    <InvoiceList
      scope={scope}
      memberId={scope === 'member' ? 41 : undefined}
      state={state}
      onStateChange={onStateChange}
    />,
  );
  return { ...result, onStateChange };
}

describe('the invoices', () => {
  it('lists number, date, member, location, total and status, with a tab per status and a credit marked', async () => {
    const requests = fakeApi({ 'GET /api/Invoice': () => ({ data: { items, total: 3, tabCounts } }) });
    renderList({ ...defaultInvoiceListState, tab: 'paid', from: '2026-11-01' });
    const table = await screen.findByRole('table', { name: 'Betaalde facturen' });
    await within(table).findByText('Jan de Boer');
    const rows = within(table).getAllByRole('row');
    for (const header of ['Factuurnummer', 'Factuurdatum', 'Lid', 'Locatie', 'Totaalbedrag', 'Status'])
      expect(within(rows[0]!).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('2026-000001');
    expect(rows[1]).toHaveTextContent('20-11-2026');
    expect(rows[1]).toHaveTextContent('€ 49,95');
    expect(rows[1]).toHaveTextContent('Open');
    expect(rows[3]).toHaveTextContent('-49,95');
    expect(rows[3]).toHaveTextContent('Creditfactuur');
    expect(screen.getByRole('tab', { name: /Betaald/ })).toHaveTextContent('2');
    expect(queryOf(requestsTo(requests, 'GET', '/api/Invoice')[0])).toMatchObject({
      status: '4',
      from: '2026-11-01',
    });
  });

  it('says when there are none yet, for the gym and for a member', async () => {
    fakeApi({
      'GET /api/Invoice': () => ({ data: { items: [], total: 0, tabCounts: { ...tabCounts, all: 0 } } }),
    });
    renderList();
    expect(await screen.findByText('Nog geen facturen')).toBeInTheDocument();
    cleanup();
    const requests = fakeApi({
      'GET /api/Invoice': () => ({ data: { items: [], total: 0, tabCounts: { ...tabCounts, all: 0 } } }),
    });
    renderList(defaultInvoiceListState, 'member');
    expect(
      await screen.findByText('De facturen van dit lid verschijnen hier zodra ze worden gemaakt.'),
    ).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, 'GET', '/api/Invoice')[0])).toMatchObject({ memberId: '41' });
  });

  it('opens an invoice with its lines and VAT, and marks it paid in cash after a confirmation', async () => {
    let paid = false;
    const requests = fakeApi({
      'GET /api/Invoice': () => ({ data: { items, total: 3, tabCounts } }),
      'GET /api/Invoice/1': () => ({ data: paid ? { ...detail, status: 4, paymentMethod: 1 } : detail }),
      'PUT /api/Invoice/1/MarkPaid': () => {
        paid = true;
        return { data: { ...detail, status: 4, paymentMethod: 1 } };
      },
    });
    const { user } = renderList();
    await user.click(await screen.findByText('2026-000001'));
    const panel = await screen.findByRole('dialog', { name: 'Factuur 2026-000001' });
    const lines = await within(panel).findByRole('table', { name: 'Factuurregels' });
    expect(lines).toHaveTextContent('Abonnement Flex');
    expect(panel).toHaveTextContent('Btw 9% over € 45,83');
    expect(within(panel).getByRole('link', { name: 'PDF bekijken' })).toHaveAttribute(
      'href',
      '/api/Invoice/1/Pdf',
    );
    await user.click(within(panel).getByRole('button', { name: 'Contant betaald' }));
    const confirm = await screen.findByRole('dialog', { name: 'Factuur als betaald markeren' });
    expect(confirm).toHaveTextContent('Factuur 2026-000001 van € 49,95 is contant betaald?');
    await user.click(within(confirm).getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Factuur 2026-000001 is betaald')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Invoice/1/MarkPaid').map((request) => request.body)).toEqual([
      { paymentMethod: 1 },
    ]);
    await waitFor(() => expect(within(panel).getByText('Contant')).toBeInTheDocument());
  });

  it('cancels only after a confirmation, and says why the server refused', async () => {
    const requests = fakeApi({
      'GET /api/Invoice': () => ({ data: { items, total: 3, tabCounts } }),
      'GET /api/Invoice/1': () => ({ data: detail }),
      'POST /api/Invoice/1/Cancel': () => failure(409, 'invoice.errors.notCancellable'),
      'POST /api/Invoice/1/SendPaymentLink': () => failure(409, 'invoice.errors.noEmail'),
    });
    const { user } = renderList();
    await user.click(await screen.findByText('2026-000001'));
    const panel = await screen.findByRole('dialog', { name: 'Factuur 2026-000001' });
    await user.click(await within(panel).findByRole('button', { name: 'Annuleren met creditfactuur' }));
    const confirm = await screen.findByRole('dialog', { name: 'Factuur annuleren' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'POST', '/api/Invoice/1/Cancel')).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Annuleren met creditfactuur' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Factuur annuleren' })).getByRole('button', {
        name: 'Bevestigen',
      }),
    );
    expect(
      await screen.findByText('Deze factuur is al geannuleerd of is een creditfactuur'),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Per e-mail versturen' }));
    expect(await screen.findByText('Van dit lid is geen e-mailadres bekend')).toBeInTheDocument();
  });
});
