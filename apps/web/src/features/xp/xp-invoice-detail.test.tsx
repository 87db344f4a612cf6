import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { cleanup, screen, waitFor } from '@/test/render';
import { checkoutNavigation, isPaymentStarted, markPaymentStarted } from './payment-return';
import { employerStaff, xpInvoice } from './test-data';
import { XpInvoiceDetail } from './xp-invoice-detail';

beforeEach(() => {
  sessionStorage.clear();
  sessionStore.setClaims(employerStaff());
});
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStore.setClaims(null);
});

const renderDetail = (id = 7) => {
  const onBack = vi.fn();
  return { ...renderWithQuery(<XpInvoiceDetail invoiceId={id} onBack={onBack} />), onBack };
};

describe('one XP invoice', () => {
  it('shows number, dates, XP, amount, VAT 0 with its note, the PDF, and pays it', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => {});
    fakeApi({
      'GET /api/Employer/4/XpInvoices/7': () => ({ data: xpInvoice() }),
      'POST /api/Employer/4/XpInvoices/7/Pay': () => ({
        data: { invoice: xpInvoice(), checkoutUrl: 'http://127.0.0.1/dev/checkout/tr_7' },
      }),
    });
    const { user, onBack } = renderDetail();
    expect(await screen.findByRole('heading', { name: 'Factuur XP2026-000007' })).toBeInTheDocument();
    for (const text of ['20-11-2026', '04-12-2026', '12.500 XP', 'Online betaling', '€ 0,00', 'Btw (0%)'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getAllByText('€ 125,00')).toHaveLength(2);
    expect(screen.getByText(/XP is een meervoudig-doelvoucher/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PDF downloaden' })).toHaveAttribute(
      'href',
      '/api/XpInvoice/7/Pdf',
    );
    // Nothing was started from this tab: no waiting.
    expect(screen.queryByText(/We wachten/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Nu betalen' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1/dev/checkout/tr_7'));
    await user.click(screen.getByRole('button', { name: 'Terug naar openstaande facturen' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('waits for the outcome after the checkout, then says it was paid and refreshes the balance', async () => {
    markPaymentStarted(7);
    let asked = 0;
    const requests = fakeApi({
      'GET /api/Employer/4/XpInvoices/7': () => {
        asked += 1;
        return {
          data:
            asked < 2
              ? xpInvoice({ status: 6 })
              : xpInvoice({ status: 4, paidAt: '2026-11-20T09:31:00.000Z', checkoutUrl: null }),
        };
      },
      'GET /api/Employer/4/GetBalance': () => ({
        data: { amountOfXp: 25_000, minPurchase: 100, maxPurchase: 5_000_000 },
      }),
    });
    const { queryClient } = renderDetail();
    // The header's balance is in the cache; a payment makes it stale.
    await queryClient.prefetchQuery({
      queryKey: ['api', 'GET', '/Employer/{id}/GetBalance', { params: { id: 4 } }],
      queryFn: () => ({ amountOfXp: 12_500, minPurchase: 100, maxPurchase: 5_000_000 }),
    });
    expect(await screen.findByText('We wachten op de bevestiging van je betaling…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nu betalen' })).toBeNull();
    expect(
      await screen.findByText('Betaald: 12.500 XP staat op je saldo.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(isPaymentStarted(7)).toBe(false);
    await waitFor(() =>
      expect(
        queryClient.getQueryState(['api', 'GET', '/Employer/{id}/GetBalance', { params: { id: 4 } }])
          ?.isInvalidated,
      ).toBe(true),
    );
    expect(requestsTo(requests, 'GET', '/api/Employer/4/XpInvoices/7').length).toBeGreaterThanOrEqual(2);
  });

  it('says when the payment failed, and offers to pay again', async () => {
    markPaymentStarted(7);
    fakeApi({ 'GET /api/Employer/4/XpInvoices/7': () => ({ data: xpInvoice({ status: 3 }) }) });
    renderDetail();
    expect(
      await screen.findByText("De betaling is niet gelukt (Mislukt). Probeer het opnieuw met 'Nu betalen'."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nu betalen' })).toBeInTheDocument();
  });

  it('stops waiting after a minute and lets the person check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    markPaymentStarted(7);
    fakeApi({ 'GET /api/Employer/4/XpInvoices/7': () => ({ data: xpInvoice({ status: 1 }) }) });
    renderDetail();
    expect(await screen.findByText('We wachten op de bevestiging van je betaling…')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(
      await screen.findByText('De betaling is nog niet bevestigd. Dat kan even duren.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw controleren' })).toBeInTheDocument();
  });

  it('says when the invoice does not exist', async () => {
    fakeApi({ 'GET /api/Employer/4/XpInvoices/7': () => failure(404, 'xp.errors.notFound') });
    renderDetail();
    expect(await screen.findByText('Deze XP-factuur bestaat niet')).toBeInTheDocument();
  });
});
