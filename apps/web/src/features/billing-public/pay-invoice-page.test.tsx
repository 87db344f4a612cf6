import { InvoiceStatus, type PublicInvoice } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { act, screen, waitFor } from '@/test/render';
import { PENDING_POLL, pendingPollDelay } from './api';
import { PayInvoicePage } from './pay-invoice-page';
import { dueInvoice } from './test-support';

const token = '42.abcdefghijklmnopqrstuv';
const path = `/api/Invoice/Public/${token}`;
const payPath = `${path}/Pay`;
const checkoutUrl = 'https://pay.example.com/checkout/tr_abc';

const due = dueInvoice;
const paid: PublicInvoice = { ...due, status: InvoiceStatus.Paid, isPayable: false };
const pending: PublicInvoice = { ...due, status: InvoiceStatus.Pending, isPayable: false, isPending: true };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderPage = (onCheckout = vi.fn(), language: 'nl' | 'en' = 'nl') => ({
  onCheckout,
  ...renderWithQuery(<PayInvoicePage token={token} onCheckout={onCheckout} />, { language }),
});

describe('the pay page of an invoice mail', () => {
  it('shows that it is loading, then the invoice under the name of the gym', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: due }) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Een moment geduld');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vitaal Utrecht' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Factuur betalen' })).toBeInTheDocument();
    const facts = screen.getAllByRole('definition').map((value) => value.textContent?.replace(/\s/g, ' '));
    expect(facts).toEqual(['F2026-000123', '01-03-2026', '15-03-2099', '€ 49,50']);
    expect(screen.getByText(/staat nog open/)).toBeInTheDocument();
    expect(screen.queryByText(/betaaltermijn is verstreken/)).not.toBeInTheDocument();
    expect(document.title).toBe('Factuur betalen · Vitaal Utrecht');
  });

  it('pays: asks the server for a checkout and sends the member there', async () => {
    const requests = fakeApi({
      [`GET ${path}`]: () => ({ data: due }),
      [`POST ${payPath}`]: () => ({ data: { checkoutUrl } }),
    });
    const { user, onCheckout } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Betalen' }));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith(checkoutUrl));
    expect(requestsTo(requests, 'POST', payPath)).toHaveLength(1);
    expect(screen.getByText('Je gaat naar de betaalpagina…')).toBeInTheDocument();
  });

  it('says when the due date has passed', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: { ...due, dueDate: '2020-01-31' } }) });
    renderPage();
    expect(await screen.findByText(/betaaltermijn is verstreken/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Betalen' })).toBeInTheDocument();
  });

  it('offers to pay again after a failed or expired payment', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: { ...due, status: InvoiceStatus.Failed } }) });
    renderPage();
    expect(await screen.findByText(/vorige betaling is niet gelukt/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Betalen' })).toBeInTheDocument();
  });

  it('says a paid invoice is paid, without a pay button', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: paid }) });
    renderPage();
    expect(await screen.findByText(/Deze factuur is betaald/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Betalen' })).not.toBeInTheDocument();
  });

  it('says a cancelled invoice needs no payment', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({ data: { ...due, status: InvoiceStatus.Cancelled, isPayable: false } }),
    });
    renderPage();
    expect(await screen.findByText(/geannuleerd\. Je hoeft niets te betalen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Betalen' })).not.toBeInTheDocument();
  });

  it('while the bank has not confirmed: says so, asks again every few seconds, and shows the outcome', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = pending;
    const requests = fakeApi({ [`GET ${path}`]: () => ({ data: answer }) });
    renderPage();
    expect(await screen.findByText(/nog niet bevestigd/)).toBeInTheDocument();
    expect(screen.getByText(/ververst vanzelf/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Betalen' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL.fastMs + 100));
    await waitFor(() => expect(requestsTo(requests, 'GET', path)).toHaveLength(2));

    answer = paid;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL.fastMs + 100));
    expect(await screen.findByText(/Deze factuur is betaald/)).toBeInTheDocument();

    // Paid: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL.slowMs * 2));
    expect(requestsTo(requests, 'GET', path)).toHaveLength(3);
  });

  it('lets the member look again by hand while pending', async () => {
    let answer = pending;
    const requests = fakeApi({ [`GET ${path}`]: () => ({ data: answer }) });
    const { user } = renderPage();
    await screen.findByText(/nog niet bevestigd/);
    answer = paid;
    await user.click(screen.getByRole('button', { name: 'Opnieuw bekijken' }));
    expect(await screen.findByText(/Deze factuur is betaald/)).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', path)).toHaveLength(2);
  });

  it('says an unknown or forged link is not right', async () => {
    fakeApi({ [`GET ${path}`]: () => failure(404, 'billing.errors.linkNotFound') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze link klopt niet of is verlopen.');
    expect(screen.getByRole('heading', { level: 1, name: 'Factuur betalen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Betalen' })).not.toBeInTheDocument();
  });

  it('says a malformed link is not right', async () => {
    fakeApi({ [`GET ${path}`]: () => failure(400, 'billing.errors.linkInvalid', 'token') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/niet helemaal meegekomen/);
  });

  it('says when the page was opened too often', async () => {
    fakeApi({ [`GET ${path}`]: () => failure(429, 'auth.tooManyAttempts') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/te vaak geopend/);
  });

  // Slow: a failing server is asked twice more (1 s, 2 s) before the page gives up.
  it('offers to try again when the server failed', async () => {
    let isUp = false;
    fakeApi({
      [`GET ${path}`]: () => (isUp ? { data: due } : failure(500, 'general_error')),
    });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/kon niet worden geladen/);
    isUp = true;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('button', { name: 'Betalen' })).toBeInTheDocument();
  });

  it('shows what became of an invoice that can no longer be paid', async () => {
    let answer = due;
    fakeApi({
      [`GET ${path}`]: () => ({ data: answer }),
      [`POST ${payPath}`]: () => {
        answer = paid;
        return failure(409, 'invoice.errors.notPayable');
      },
    });
    const { user, onCheckout } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Betalen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/kan niet meer betaald worden/);
    expect(await screen.findByText(/Deze factuur is betaald/)).toBeInTheDocument();
    expect(onCheckout).not.toHaveBeenCalled();
  });

  it('says when the payment provider cannot be reached, and stays', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({ data: due }),
      [`POST ${payPath}`]: () => failure(503, 'payment.errors.providerUnavailable'),
    });
    const { user, onCheckout } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Betalen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/betaalprovider is nu niet bereikbaar/);
    expect(screen.getByRole('button', { name: 'Betalen' })).toBeEnabled();
    expect(onCheckout).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: due }) });
    renderPage(vi.fn(), 'en');
    expect(await screen.findByRole('heading', { level: 2, name: 'Pay invoice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nederlands' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('asking again while a payment is pending', () => {
  it('asks often at first, then less, then stops; never when not pending', () => {
    expect(pendingPollDelay(false, 0)).toBe(false);
    expect(pendingPollDelay(true, 0)).toBe(PENDING_POLL.fastMs);
    expect(pendingPollDelay(true, PENDING_POLL.fastCount)).toBe(PENDING_POLL.slowMs);
    expect(pendingPollDelay(true, PENDING_POLL.maxCount)).toBe(false);
    // Within the server's 60 requests a quarter of an hour, with room to pay and look again.
    expect(PENDING_POLL.maxCount).toBeLessThanOrEqual(40);
  });
});
