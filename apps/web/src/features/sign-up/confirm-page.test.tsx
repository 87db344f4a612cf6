import type { PendingSignUpView } from '@xp/contracts';
import { describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor } from '@/test/render';
import { ConfirmSignUpPage } from './confirm-page';
import { CHECKOUT_URL } from './test-support';

const token = 'A'.repeat(43);
const path = `/api/SignUp/Confirm/${token}`;
const pending: PendingSignUpView = {
  kind: 'signUp',
  gymName: 'Vitaal Sportcentra',
  locationName: 'Vitaal Utrecht Centrum',
  subscriptionName: 'Basis',
  variantName: 'Maandelijks',
  startDate: '2026-12-01',
  firstName: 'Noor',
  insertion: null,
  lastName: 'Visser',
  email: 'noor@example.com',
};

function renderPage() {
  const onCheckout = vi.fn();
  const onResult = vi.fn();
  const rendered = renderWithQuery(
    <ConfirmSignUpPage token={token} onCheckout={onCheckout} onResult={onResult} />,
  );
  return { ...rendered, onCheckout, onResult };
}

describe('the page of the mailed link', () => {
  it('shows what was signed up for, and confirming goes on to the payment', async () => {
    const requests = fakeApi({
      [`GET ${path}`]: () => ({ data: pending }),
      [`POST ${path}`]: () => ({ data: { checkoutUrl: CHECKOUT_URL, resultToken: 'r' } }),
    });
    const { user, onCheckout } = renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bevestig je inschrijving' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(table).toHaveTextContent('Noor Visser');
    expect(table).toHaveTextContent('noor@example.com');
    expect(table).toHaveTextContent('Vitaal Sportcentra · Vitaal Utrecht Centrum');
    expect(table).toHaveTextContent('Basis · Maandelijks');
    expect(table).toHaveTextContent('01-12-2026');
    expect(requestsTo(requests, 'POST', path)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Bevestigen en betalen' }));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it('confirms an account only, and says it is done', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({
        data: { ...pending, kind: 'account', subscriptionName: null, variantName: null },
      }),
      [`POST ${path}`]: () => ({ data: { checkoutUrl: null, resultToken: null } }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'E-mailadres bevestigen' }));
    expect(await screen.findByText('Je e-mailadres is bevestigd')).toBeInTheDocument();
  });

  it('says kindly that a link is unknown, expired or used', async () => {
    fakeApi({ [`GET ${path}`]: () => failure(404, 'signUp.errors.confirmNotFound') });
    renderPage();
    expect(await screen.findByText(/Deze link is onbekend, verlopen of al gebruikt/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bevestigen en betalen' })).not.toBeInTheDocument();
  });
});
