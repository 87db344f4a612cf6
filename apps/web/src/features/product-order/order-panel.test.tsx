import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { ProductOrder } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import type { ProductOrderSide } from './api';
import { OrderPanel } from './order-panel';
import { order } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const renderPanel = (side: ProductOrderSide, language: 'nl' | 'en' = 'nl') =>
  renderWithQuery(<OrderPanel side={side} orderId={31} onClose={vi.fn()} />, { language });

describe('an order in the side panel', () => {
  it('shows the location the customer, delivery, payment, history and the iDEAL pay link', async () => {
    fakeApi({ 'GET /api/ProductOrder/31': () => ({ data: order() }) });
    renderPanel('location');
    const panel = await screen.findByRole('dialog', { name: /Bestelling PO-000031/ });
    await within(panel).findByText('anouk@example.com');
    expect(panel).toHaveTextContent('Dorpsstraat 12, 1234 AB Utrecht');
    expect(panel).toHaveTextContent('Begane grond');
    expect(panel).toHaveTextContent('Vooruit');
    expect(panel).toHaveTextContent('€ 1.814,99');
    expect(panel).toHaveTextContent('Commissie sportschool');
    expect(panel).toHaveTextContent('Nog niet ingepland');
    expect(panel).toHaveTextContent('door Sanne Bakker');
    expect(within(panel).getByRole('textbox', { name: 'Betaallink' })).toHaveValue(
      'https://pay.example.com/checkout/abc',
    );
    expect(within(panel).getByRole('link', { name: 'Betaalpagina openen' })).toHaveAttribute(
      'href',
      'https://pay.example.com/checkout/abc',
    );
    expect(within(panel).queryByRole('button', { name: /Naar/ })).not.toBeInTheDocument();
  });

  it('offers the supplier only the next step, confirmed, with the mail to the customer', async () => {
    let current: ProductOrder = order({ status: 1, nextStatus: 2, checkoutUrl: null, paymentMethod: 1 });
    const requests = fakeApi({
      'GET /api/ProductOrder/Supplier/31': () => ({ data: current }),
      'PUT /api/ProductOrder/31/Status': () => {
        current = order({ status: 2, nextStatus: 3, checkoutUrl: null, paymentMethod: 1 });
        return { data: current };
      },
    });
    const { user } = renderPanel('supplier');
    const panel = await screen.findByRole('dialog', { name: /Bestelling PO-000031/ });
    const next = await within(panel).findByRole('button', { name: 'Naar Voorbereid' });
    // Only the next step: no button to Planned or Delivered.
    expect(within(panel).queryByRole('button', { name: 'Naar Geleverd' })).not.toBeInTheDocument();
    await user.click(next);
    const confirm = await screen.findByRole('dialog', { name: 'Status wijzigen naar Voorbereid' });
    expect(confirm).toHaveTextContent('De klant ontvangt hierover een e-mail');
    await user.click(within(confirm).getByRole('button', { name: 'Naar Voorbereid' }));
    await waitFor(() =>
      expect(
        requestsTo(requests, 'PUT', '/api/ProductOrder/31/Status').map((request) => request.body),
      ).toEqual([{ status: 2 }]),
    );
    expect(await screen.findByText('Bestelling PO-000031: Voorbereid')).toBeInTheDocument();
    // Prepared moves on by its delivery date.
    expect(await within(panel).findByRole('button', { name: 'Leverdatum vastleggen' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Naar / })).not.toBeInTheDocument();
  });

  it('asks a delivery date before planning, and shows the one-step message of a 409', async () => {
    fakeApi({
      'GET /api/ProductOrder/Supplier/31': () => ({
        data: order({ status: 2, nextStatus: 3, checkoutUrl: null }),
      }),
      'PUT /api/ProductOrder/31/DeliveryDate': () =>
        failure(409, 'productOrder.errors.nextStepOnly', 'status'),
    });
    const { user } = renderPanel('supplier');
    const panel = await screen.findByRole('dialog', { name: /Bestelling PO-000031/ });
    await user.click(await within(panel).findByRole('button', { name: 'Leverdatum vastleggen' }));
    expect(within(panel).getByText('Kies een leverdatum')).toBeInTheDocument();

    await user.type(within(panel).getByRole('textbox', { name: /Leverdatum/ }), '01-01-2199');
    await user.click(within(panel).getByRole('button', { name: 'Leverdatum vastleggen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leverdatum vastleggen' });
    expect(confirm).toHaveTextContent('01-01-2199');
    expect(confirm).toHaveTextContent('De klant ontvangt hierover een e-mail');
    await user.click(within(confirm).getByRole('button', { name: 'Leverdatum vastleggen' }));
    expect(
      await screen.findByText('De status mag alleen naar de volgende stap worden gewijzigd.'),
    ).toBeInTheDocument();
  });

  it('lets the supplier mark an order on invoice Paid, saying so; a refusal shows its message', async () => {
    const requests = fakeApi({
      'GET /api/ProductOrder/Supplier/31': () => ({
        data: order({ status: 0, nextStatus: 1, checkoutUrl: null, paymentMethod: 1 }),
      }),
      'PUT /api/ProductOrder/31/Status': () =>
        failure(409, 'productOrder.errors.paidByPaymentOnly', 'status'),
    });
    const { user } = renderPanel('supplier');
    const panel = await screen.findByRole('dialog', { name: /Bestelling PO-000031/ });
    await user.click(await within(panel).findByRole('button', { name: 'Naar Betaald' }));
    const confirm = await screen.findByRole('dialog', { name: 'Status wijzigen naar Betaald' });
    expect(confirm).toHaveTextContent('pas op Betaald als de factuur is betaald');
    await user.click(within(confirm).getByRole('button', { name: 'Naar Betaald' }));
    await waitFor(() =>
      expect(
        requestsTo(requests, 'PUT', '/api/ProductOrder/31/Status').map((request) => request.body),
      ).toEqual([{ status: 1 }]),
    );
    expect(await screen.findByText(/Een iDEAL-bestelling wordt pas betaald/)).toBeInTheDocument();
  });

  it('tells the supplier a New iDEAL order waits for its payment (en)', async () => {
    fakeApi({ 'GET /api/ProductOrder/Supplier/31': () => ({ data: order({ checkoutUrl: null }) }) });
    renderPanel('supplier', 'en');
    const panel = await screen.findByRole('dialog', { name: /Order PO-000031/ });
    expect(
      await within(panel).findByText('This order is waiting for its iDEAL payment.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^To / })).not.toBeInTheDocument();
  });
});
