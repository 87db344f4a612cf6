import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { cleanup, screen, waitFor, within } from '@/test/render';
import { checkoutNavigation, isPaymentStarted } from './payment-return';
import { defaultXpListState, type XpInvoiceListState } from './search';
import { adminInAdmin, employerStaff, invoiceCounts, xpInvoice } from './test-data';
import { XpInvoicesPage } from './xp-invoice-list';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.setClaims(null);
});

const open = xpInvoice();
const paid = xpInvoice({
  id: 5,
  invoiceNumber: 'XP2026-000005',
  amountOfXp: 50_000,
  totalPrice: 50_000,
  status: 4,
  paidAt: '2026-11-02T10:00:00.000Z',
  checkoutUrl: null,
});

function renderPage(scope: 'open' | 'employer' | 'admin', state: XpInvoiceListState = defaultXpListState) {
  sessionStore.setClaims(scope === 'admin' ? adminInAdmin() : employerStaff());
  const onStateChange = vi.fn();
  const onOpenInvoice = vi.fn();
  const result = renderWithQuery(
    <XpInvoicesPage
      scope={scope}
      state={state}
      onStateChange={onStateChange}
      onOpenInvoice={onOpenInvoice}
    />,
  );
  return { ...result, onStateChange, onOpenInvoice };
}

describe('the open XP invoices', () => {
  it("lists what is still to pay and goes to the checkout with 'Nu betalen'", async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => {});
    const requests = fakeApi({
      'GET /api/Employer/4/XpInvoices': () => ({ data: { items: [open], total: 1 } }),
      'POST /api/Employer/4/XpInvoices/7/Pay': () => ({
        data: { invoice: open, checkoutUrl: 'http://127.0.0.1/dev/checkout/tr_8' },
      }),
    });
    const { user, onOpenInvoice } = renderPage('open');
    const table = await screen.findByRole('table', { name: 'Openstaande facturen' });
    await within(table).findByText('XP2026-000007');
    const rows = within(table).getAllByRole('row');
    for (const header of ['Factuurnummer', 'Factuurdatum', 'XP', 'Totaal', 'Status'])
      expect(within(rows[0]!).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('20-11-2026');
    expect(rows[1]).toHaveTextContent('12.500 XP');
    expect(rows[1]).toHaveTextContent('€ 125,00');
    expect(rows[1]).toHaveTextContent('Open');
    expect(queryOf(requestsTo(requests, 'GET', '/api/Employer/4/XpInvoices')[0])).toMatchObject({
      open: 'true',
    });
    expect(screen.queryByRole('tab')).toBeNull();
    await user.click(within(rows[1]!).getByRole('button', { name: /Nu betalen/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1/dev/checkout/tr_8'));
    expect(isPaymentStarted(7)).toBe(true);
    expect(onOpenInvoice).not.toHaveBeenCalled();
    await user.click(within(rows[1]!).getByText('XP2026-000007'));
    expect(onOpenInvoice).toHaveBeenCalledWith(7);
  });

  it('says when nothing is left to pay, and why paying could not start', async () => {
    fakeApi({ 'GET /api/Employer/4/XpInvoices': () => ({ data: { items: [], total: 0 } }) });
    renderPage('open');
    expect(await screen.findByText('Niets te betalen')).toBeInTheDocument();
    cleanup();
    fakeApi({
      'GET /api/Employer/4/XpInvoices': () => ({ data: { items: [open], total: 1 } }),
      'POST /api/Employer/4/XpInvoices/7/Pay': () => failure(409, 'xp.errors.notPayable'),
    });
    const { user } = renderPage('open');
    const table = await screen.findByRole('table', { name: 'Openstaande facturen' });
    await user.click(await within(table).findByRole('button', { name: /Nu betalen/ }));
    expect(await screen.findByText('Deze factuur staat niet meer open')).toBeInTheDocument();
  });
});

describe("the employer's invoices", () => {
  it('has a tab per status with its count, a search and a PDF per invoice', async () => {
    const requests = fakeApi({
      'GET /api/Employer/4/XpInvoices': () => ({
        data: { items: [open, paid], total: 2, tabCounts: invoiceCounts },
      }),
    });
    renderPage('employer', { ...defaultXpListState, tab: 'paid', search: 'XP2026' });
    const table = await screen.findByRole('table', { name: 'Facturen' });
    await within(table).findByText('XP2026-000005');
    expect(screen.getByRole('tab', { name: /Betaald/ })).toHaveTextContent('1');
    expect(screen.getByRole('tab', { name: /Betaald/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'PDF van factuur XP2026-000005' })).toHaveAttribute(
      'href',
      '/api/XpInvoice/5/Pdf',
    );
    expect(queryOf(requestsTo(requests, 'GET', '/api/Employer/4/XpInvoices')[0])).toMatchObject({
      status: '4',
      search: 'XP2026',
    });
    // Only an unpaid invoice can be paid.
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('button', { name: /Nu betalen/ })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /Nu betalen/ })).toBeNull();
  });
});

describe("the admin's XP invoices", () => {
  it('shows the employer and cancels an unpaid one only after a confirmation', async () => {
    let isCancelled = false;
    const requests = fakeApi({
      'GET /api/XpInvoice': () => ({
        data: {
          items: [isCancelled ? { ...open, creditInvoiceId: 8 } : open, paid],
          total: 2,
          tabCounts: invoiceCounts,
        },
      }),
      'POST /api/XpInvoice/7/Cancel': () => {
        isCancelled = true;
        return { data: xpInvoice({ id: 8, creditedInvoiceId: 7, totalPrice: -12_500, status: 4 }) };
      },
    });
    const { user } = renderPage('admin');
    const table = await screen.findByRole('table', { name: 'XP-facturen' });
    await within(table).findByText('XP2026-000005');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getByRole('columnheader', { name: 'Werkgever' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Bakkerij Jansen');
    expect(within(rows[2]!).queryByRole('button', { name: /Annuleren/ })).toBeNull();
    await user.click(within(rows[1]!).getByRole('button', { name: /Annuleren/ }));
    const confirm = await screen.findByRole('dialog', { name: 'XP-factuur annuleren' });
    expect(confirm).toHaveTextContent(
      'Factuur XP2026-000007 van Bakkerij Jansen (€ 125,00) wordt geannuleerd met een creditfactuur.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Niet annuleren' }));
    expect(requestsTo(requests, 'POST', '/api/XpInvoice/7/Cancel')).toHaveLength(0);
    await user.click(within(rows[1]!).getByRole('button', { name: /Annuleren/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'XP-factuur annuleren' })).getByRole('button', {
        name: 'Annuleren met creditfactuur',
      }),
    );
    expect(await screen.findByText('Factuur XP2026-000007 is geannuleerd')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/XpInvoice/7/Cancel')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'XP-facturen' })).queryByRole('button', {
          name: /Annuleren/,
        }),
      ).toBeNull(),
    );
  });
});
