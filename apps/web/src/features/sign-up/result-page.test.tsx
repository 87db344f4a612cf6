import type { PublicInvoice } from '@xp/contracts';
import { InvoiceStatus } from '@xp/contracts/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { act, screen, waitFor } from '@/test/render';
import { RESULT_POLL } from './result-api';
import { KIOSK_RESULT_MS, SignUpResultPage } from './result-page';
import { safeReturnPath } from './return-path';
import { CHECKOUT_URL, RESULT_TOKEN } from './test-support';

const path = `/api/Invoice/Public/${RESULT_TOKEN}`;
const kioskStart = '/inschrijven/vitaal/utrecht-centrum/kiosk';

const invoice = (status: number, extra: Partial<PublicInvoice> = {}): PublicInvoice => ({
  gymName: 'Vitaal',
  invoiceNumber: '2026-000123',
  invoiceDate: '2026-11-24',
  dueDate: '2026-11-24',
  totalAmount: 4_990,
  status,
  isPayable: [InvoiceStatus.Open, InvoiceStatus.Failed, InvoiceStatus.Expired].includes(status as 1),
  isPending: status === InvoiceStatus.Pending,
  ...extra,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderResult(returnTo?: string, options: { hasFakeTimers?: boolean } = {}) {
  const onCheckout = vi.fn();
  const onReturn = vi.fn();
  const rendered = renderWithQuery(
    <SignUpResultPage token={RESULT_TOKEN} returnTo={returnTo} onCheckout={onCheckout} onReturn={onReturn} />,
    options.hasFakeTimers ? { userEventOptions: { advanceTimers: vi.advanceTimersByTime } } : undefined,
  );
  return { ...rendered, onCheckout, onReturn };
}

describe('the result page of a sign-up', () => {
  it('welcomes a new member once paid, and says the club completes the registration', async () => {
    fakeApi({ [`GET ${path}`]: () => ({ data: invoice(InvoiceStatus.Paid) }) });
    renderResult();
    expect(await screen.findByText('Welkom! Je inschrijving is gelukt')).toBeInTheDocument();
    expect(screen.getByText(/Je bent nu lid bij Vitaal/)).toBeInTheDocument();
    expect(screen.getByText(/De club rondt je inschrijving af vóór je eerste bezoek/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Inschrijven bij Vitaal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opnieuw betalen' })).not.toBeInTheDocument();
  });

  it('while the bank has not confirmed: asks again every 3 s, then shows the outcome', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = invoice(InvoiceStatus.Pending);
    const requests = fakeApi({ [`GET ${path}`]: () => ({ data: answer }) });
    renderResult(undefined, { hasFakeTimers: true });
    expect(await screen.findByText('Je betaling wordt verwerkt')).toBeInTheDocument();
    expect(screen.getByText(/ververst vanzelf/)).toBeInTheDocument();

    // Every 3 s (the spec's pace), not later.
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    await waitFor(() => expect(requestsTo(requests, 'GET', path)).toHaveLength(2));

    answer = invoice(InvoiceStatus.Paid);
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(await screen.findByText('Welkom! Je inschrijving is gelukt')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(RESULT_POLL.intervalMs * 5));
    expect(requestsTo(requests, 'GET', path)).toHaveLength(3);
  });

  it.each([
    ['open (cancelled at the bank)', InvoiceStatus.Open],
    ['failed', InvoiceStatus.Failed],
    ['expired', InvoiceStatus.Expired],
  ])('when %s: says the payment failed and pays again', async (_, status) => {
    const requests = fakeApi({
      [`GET ${path}`]: () => ({ data: invoice(status) }),
      [`POST ${path}/Pay`]: () => ({ data: { checkoutUrl: CHECKOUT_URL } }),
    });
    const { user, onCheckout } = renderResult();
    expect(await screen.findByText('Betaling mislukt')).toBeInTheDocument();
    expect(screen.getByTestId('sign-up-result-amount')).toHaveTextContent('€ 49,90');
    await user.click(screen.getByRole('button', { name: 'Opnieuw betalen' }));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(requestsTo(requests, 'POST', `${path}/Pay`)).toHaveLength(1);
  });

  it('says an unknown link is not right, and a failing server can be asked again', async () => {
    fakeApi({ [`GET ${path}`]: () => failure(404, 'billing.errors.linkNotFound') });
    const first = renderResult();
    expect(await screen.findByRole('alert')).toHaveTextContent(/Deze link is onbekend/);
    first.unmount();

    let isDown = true;
    fakeApi({
      [`GET ${path}`]: () => (isDown ? failure(500, 'general_error') : { data: invoice(InvoiceStatus.Paid) }),
    });
    const { user } = renderResult();
    expect(
      await screen.findByText(/konden niet worden geladen/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Welkom! Je inschrijving is gelukt')).toBeInTheDocument();
  }, 40_000);

  it("on the kiosk goes back to the kiosk's start after 20 s without a touch", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({ [`GET ${path}`]: () => ({ data: invoice(InvoiceStatus.Paid) }) });
    const { onReturn } = renderResult(kioskStart, { hasFakeTimers: true });
    expect(await screen.findByText('Welkom! Je inschrijving is gelukt')).toBeInTheDocument();
    expect(screen.getByText(/na 20 seconden vanzelf terug/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nieuwe inschrijving' })).toHaveAttribute('data-size', 'xl');
    await act(() => vi.advanceTimersByTimeAsync(KIOSK_RESULT_MS - 1_000));
    expect(onReturn).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(onReturn).toHaveBeenCalledWith(kioskStart);
  });
});

describe('where the result page may lead back to', () => {
  it('is a sign-up page of this site only', () => {
    expect(safeReturnPath(kioskStart)).toBe(kioskStart);
    expect(safeReturnPath('/inschrijven')).toBe('/inschrijven');
    // A desk's link: its code has '_' and '-' (base64url).
    const completeKiosk = '/inschrijven/afronden/AbCdEfGhIjKlMnOp_Qr-St/kiosk';
    expect(safeReturnPath(completeKiosk)).toBe(completeKiosk);
    for (const forged of [
      'https://evil.example/inschrijven/x',
      '//evil.example',
      '/inschrijven//evil',
      '/inschrijven/x?y=1',
      '/inschrijven/x.y',
      '/account/login',
      42,
    ])
      expect(safeReturnPath(forged)).toBeUndefined();
  });
});
