import { PeriodType } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { fakeAppApi, setUpAppTests, startApp } from '@/test/fake-api';
import { screen } from '@/test/render';
import { dueInvoice } from './test-support';

setUpAppTests();

const token = '42.abcdefghijklmnopqrstuv';

describe('the pages of the mail links, in the whole app', () => {
  it('open the pay link without signing in', async () => {
    fakeAppApi(null, {
      [`GET /api/Invoice/Public/${token}`]: () => ({
        data: dueInvoice,
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
