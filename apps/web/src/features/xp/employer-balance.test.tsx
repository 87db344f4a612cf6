import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAppApi, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, userEvent, waitFor, within } from '@/test/render';
import { checkoutNavigation, isPaymentStarted } from './payment-return';
import { balance, employerStaff, xpInvoice } from './test-data';

setUpAppTests();
afterEach(() => sessionStorage.clear());

const BALANCE = 'GET /api/Employer/4/GetBalance';
const transactions = { items: [], total: 0, tabCounts: { all: 0 } };

describe("the header's XP balance", () => {
  it("shows the active employer's balance with 'XP kopen', whose summary adds up before going to the checkout", async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => {});
    const requests = fakeAppApi(employerStaff(), {
      [BALANCE]: () => ({ data: balance }),
      'POST /api/Employer/4/AddBalance': () => ({
        data: {
          invoice: xpInvoice({ id: 9, amountOfXp: 20_000 }),
          checkoutUrl: 'http://127.0.0.1/dev/checkout/tr_9',
        },
      }),
    });
    await startApp('/employer');
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByText('12.500 XP')).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'XP kopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'XP kopen' });
    const amount = within(dialog).getByRole('textbox', { name: /Aantal XP/ });
    expect(amount).toHaveValue('1.000');
    const summary = within(dialog).getByRole('group', { name: 'Overzicht' });
    expect(summary).toHaveTextContent('Huidig saldo12.500 XP');
    expect(summary).toHaveTextContent('Kosten€ 10,00');
    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Naar betalen' }));
    expect(await within(dialog).findByText('Koop minimaal 1.000 XP')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '20000');
    expect(summary).toHaveTextContent('Kosten€ 200,00');
    expect(summary).toHaveTextContent('Saldo na betaling32.500 XP');
    await user.click(within(dialog).getByRole('button', { name: 'Naar betalen' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1/dev/checkout/tr_9'));
    expect(requestsTo(requests, 'POST', '/api/Employer/4/AddBalance').map((r) => r.body)).toEqual([
      { amountOfXp: 20_000 },
    ]);
    expect(isPaymentStarted(9)).toBe(true);
  });

  it('charged on the mandate: says the direct debit started and opens the invoice', async () => {
    fakeAppApi(employerStaff(), {
      [BALANCE]: () => ({ data: balance }),
      'POST /api/Employer/4/AddBalance': () => ({
        data: {
          invoice: xpInvoice({ id: 9, status: 6, collection: 'directDebit', checkoutUrl: null }),
          checkoutUrl: null,
        },
      }),
      'GET /api/Employer/4/XpInvoices/9': () => ({
        data: xpInvoice({
          id: 9,
          invoiceNumber: 'XP2026-000009',
          status: 6,
          collection: 'directDebit',
          checkoutUrl: null,
        }),
      }),
    });
    const { router } = await startApp('/employer');
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    await user.click(await within(banner).findByRole('button', { name: 'XP kopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'XP kopen' });
    await user.click(within(dialog).getByRole('button', { name: 'Naar betalen' }));
    expect(await screen.findByText('De automatische incasso van € 125,00 is gestart')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer/xptransactions/invoices/9'));
    expect(await screen.findByRole('heading', { name: 'Factuur XP2026-000009' })).toBeInTheDocument();
    expect(screen.getByText('We wachten op de bevestiging van je betaling…')).toBeInTheDocument();
  });

  it('shows nothing when the balance cannot be had, and the XP menu items', async () => {
    fakeAppApi(employerStaff(), {
      'GET /api/Employer/4/XpTransactions': () => ({ data: transactions }),
    });
    await startApp('/employer/xptransactions');
    const navigation = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    for (const item of ['Transacties', 'Openstaande facturen', 'Facturen'])
      expect(within(navigation).getByRole('link', { name: item })).toBeInTheDocument();
    expect(await screen.findByText('Nog geen transacties')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'XP kopen' })).toBeNull();
  });
});
