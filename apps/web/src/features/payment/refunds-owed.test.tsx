import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { RefundOwed } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { gymManager } from '@/features/member/test-support';
import { fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { cleanup, screen, waitFor, within } from '@/test/render';
import { RefundsOwedList } from './refunds-owed';

beforeEach(() => sessionStore.setClaims(gymManager()));
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  sessionStore.setClaims(null);
});

const refund = (overrides: Partial<RefundOwed>): RefundOwed => ({
  id: 7,
  subject: 'invoice',
  subjectId: 41,
  reference: '2026-000041',
  payerName: 'Fatima el Amrani',
  amountCents: 2_495,
  reason: 'paidAfterCancel',
  status: 'owed',
  method: null,
  canRefundByProvider: true,
  createdAt: '2026-11-28T10:00:00.000Z',
  refundedAt: null,
  ...overrides,
});

describe('refunds owed', () => {
  it('lists what the gym owes back, pages it, and records a refund only after its method is confirmed', async () => {
    let recorded = false;
    const many = Array.from({ length: 25 }, (_, index) =>
      refund({ id: 100 + index, reference: `2026-0001${String(index).padStart(2, '0')}` }),
    );
    const requests = fakeApi({
      'GET /api/RefundOwed': () => ({
        data: { items: recorded ? many.slice(1) : [refund({}), ...many.slice(0, 24)], total: 26 },
      }),
      'POST /api/RefundOwed/7/Refund': () => {
        recorded = true;
        return { data: refund({ status: 'refunded', method: 'provider' }) };
      },
    });
    const { user } = renderWithQuery(<RefundsOwedList scope="gym" />);
    const table = await screen.findByRole('table', { name: 'Nog terug te betalen' });
    await within(table).findByText('2026-000041');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Fatima el Amrani');
    expect(row).toHaveTextContent('Betaald na annuleren');
    expect(row).toHaveTextContent('€ 24,95');
    await user.click(within(row).getByRole('button', { name: /Terugbetaling vastleggen/ }));
    const modal = await screen.findByRole('dialog', { name: 'Terugbetaling vastleggen' });
    expect(modal).toHaveTextContent('Fatima el Amrani € 24,95 terugkrijgt voor 2026-000041');
    const confirm = within(modal).getByRole('button', { name: 'Vastleggen' });
    expect(confirm).toBeDisabled();
    expect(requestsTo(requests, 'POST', '/api/RefundOwed/7/Refund')).toHaveLength(0);
    await user.click(
      within(modal).getByRole('radio', { name: 'Via de betaalprovider (Mollie) terugbetalen' }),
    );
    await user.click(confirm);
    expect(await screen.findByText('De terugbetaling voor 2026-000041 is vastgelegd')).toBeInTheDocument();
    const [posted] = requestsTo(requests, 'POST', '/api/RefundOwed/7/Refund');
    expect(posted!.body).toEqual({ method: 'provider' });
    // A second page, and the refunded ones.
    await user.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    await waitFor(() =>
      expect(
        requestsTo(requests, 'GET', '/api/RefundOwed').some((request) => queryOf(request).page === '2'),
      ).toBe(true),
    );
    await user.click(screen.getByText('Terugbetaald'));
    await waitFor(() =>
      expect(
        requestsTo(requests, 'GET', '/api/RefundOwed').some(
          (request) => queryOf(request).status === 'refunded',
        ),
      ).toBe(true),
    );
  });

  it('offers no refund through the provider for money paid at the desk; the platform lists its own', async () => {
    const requests = fakeApi({
      'GET /api/Payment/RefundsOwed': () => ({
        data: {
          items: [refund({ subject: 'xpInvoice', canRefundByProvider: false, reason: 'paidTwice' })],
          total: 1,
        },
      }),
    });
    const { user } = renderWithQuery(<RefundsOwedList scope="platform" />);
    const table = await screen.findByRole('table', { name: 'Nog terug te betalen' });
    expect(await within(table).findByText('XP-factuur')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Terugbetaling vastleggen/ }));
    const modal = await screen.findByRole('dialog', { name: 'Terugbetaling vastleggen' });
    expect(
      within(modal)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['bank', 'card', 'cash']);
    expect(requestsTo(requests, 'GET', '/api/Payment/RefundsOwed')).toHaveLength(1);
  });
});
