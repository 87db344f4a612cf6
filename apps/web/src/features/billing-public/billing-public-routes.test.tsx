import { InvoiceStatus, PeriodType } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { fakeAppApi, setUpAppTests, startApp } from '@/test/fake-api';
import { screen } from '@/test/render';

setUpAppTests();

const token = '42.abcdefghijklmnopqrstuv';

describe('the pages of the mail links, in the whole app', () => {
  it('open the pay link without signing in', async () => {
    fakeAppApi(null, {
      [`GET /api/Invoice/Public/${token}`]: () => ({
        data: {
          gymName: 'Vitaal Utrecht',
          invoiceNumber: 'F2026-000123',
          invoiceDate: '2026-03-01',
          dueDate: '2099-03-15',
          totalAmount: 4_950,
          status: InvoiceStatus.Open,
          isPayable: true,
          isPending: false,
        },
      }),
    });
    const { router } = await startApp(`/betalen/${token}`);
    expect(await screen.findByRole('button', { name: 'Betalen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/betalen/${token}`);
  });

  it('open the cancel link without signing in', async () => {
    fakeAppApi(null, {
      [`GET /api/Membership/Public/${token}`]: () => ({
        data: {
          gymName: 'Vitaal Utrecht',
          firstName: 'Sanne',
          subscriptionName: 'Onbeperkt sporten',
          variantName: 'Maandelijks',
          startDate: '2025-09-01',
          endDate: null,
          noticePeriodAmount: 1,
          noticePeriodType: PeriodType.Month,
          earliestEndDate: '2026-04-12',
          canCancel: true,
        },
      }),
    });
    const { router } = await startApp(`/afmelden/${token}`);
    expect(await screen.findByRole('button', { name: 'Abonnement opzeggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/afmelden/${token}`);
  });
});
