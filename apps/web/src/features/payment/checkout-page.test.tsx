import type { CheckoutPayment } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { CheckoutPage } from './checkout-page';

const open: CheckoutPayment = {
  id: 'tr_local_abc',
  description: 'Inschrijving Vitaal Utrecht Centrum',
  amountCents: 4_950,
  status: 'open',
  sequenceType: 'first',
  chargedBackCents: 0,
  redirectUrl: 'http://localhost:3000/inschrijven/resultaat',
  actions: ['paid', 'failed', 'canceled', 'expired', 'pending'],
};
const path = '/api/dev/checkout/tr_local_abc';
const TOKEN = 't0k3n';

afterEach(() => vi.unstubAllGlobals());

describe('the local checkout page', () => {
  it('shows the payment with its amount and the actions its status allows', async () => {
    const requests = fakeApi({ [`GET ${path}`]: () => ({ data: open }) });
    renderWithQuery(<CheckoutPage paymentId="tr_local_abc" token={TOKEN} onDone={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Testbetaling' })).toBeInTheDocument();
    expect(screen.getByText('Inschrijving Vitaal Utrecht Centrum')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-amount')).toHaveTextContent('€ 49,50');
    expect(screen.getByText(/geen echt geld/)).toBeInTheDocument();
    const actions = within(screen.getByRole('group', { name: 'Wat gebeurt er met deze betaling?' }));
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Betalen',
      'Laten mislukken',
      'Annuleren',
      'Laten verlopen',
      'In behandeling laten',
    ]);
    // The payment is asked for with the token of the checkout link.
    expect(queryOf(requestsTo(requests, 'GET', path)[0])).toEqual({ token: TOKEN });
  });

  it('pays and sends the person back to where the payment came from', async () => {
    const requests = fakeApi({
      [`GET ${path}`]: () => ({ data: open }),
      [`POST ${path}`]: () => ({ data: { ...open, status: 'paid', actions: ['chargedBack'] } }),
    });
    const onDone = vi.fn();
    const { user } = renderWithQuery(<CheckoutPage paymentId="tr_local_abc" token={TOKEN} onDone={onDone} />);
    await user.click(await screen.findByRole('button', { name: 'Betalen' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(open.redirectUrl));
    expect(requestsTo(requests, 'POST', path).map((request) => request.body)).toEqual([
      { action: 'paid', token: TOKEN },
    ]);
  });

  it('charges a paid payment back and stays on the page', async () => {
    let charged = false;
    const paid = { ...open, status: 'paid' as const, actions: ['chargedBack' as const] };
    fakeApi({
      [`GET ${path}`]: () => ({
        data: charged ? { ...paid, chargedBackCents: 4_950, actions: [] } : paid,
      }),
      [`POST ${path}`]: () => {
        charged = true;
        return { data: { ...paid, chargedBackCents: 4_950, actions: [] } };
      },
    });
    const onDone = vi.fn();
    const { user } = renderWithQuery(
      <CheckoutPage paymentId="tr_local_abc" token={TOKEN} onDone={onDone} />,
      {
        language: 'en',
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Charge back' }));
    expect(await screen.findByText('€ 49,50 has been charged back.')).toBeInTheDocument();
    expect(screen.getByText('This payment is settled; nothing more can happen to it.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says why the provider refused an action, and stays', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({ data: open }),
      [`POST ${path}`]: () => failure(409, 'payment.errors.checkoutActionNotAllowed'),
    });
    const onDone = vi.fn();
    const { user } = renderWithQuery(<CheckoutPage paymentId="tr_local_abc" token={TOKEN} onDone={onDone} />);
    await user.click(await screen.findByRole('button', { name: 'Annuleren' }));
    expect(await screen.findByText('Dat kan niet meer met deze betaling')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('is not there for an unknown payment (or in production)', async () => {
    fakeApi({});
    renderWithQuery(<CheckoutPage paymentId="tr_local_abc" token={TOKEN} onDone={() => {}} />);
    expect(await screen.findByRole('heading', { name: /niet gevonden/i })).toBeInTheDocument();
  });
});
