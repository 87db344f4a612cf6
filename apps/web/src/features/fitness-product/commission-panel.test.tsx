import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState } from '@/ui/list-search';
import { CommissionList } from './commission-list';
import { CommissionPanel } from './commission-panel';
import { commissionRow, HASH2, version } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("the admin's commission-determined products", () => {
  it('lists versions with supplier, purchase price and VAT in tabs with counts', async () => {
    fakeApi({
      'GET /api/FitnessProduct/Commissions/All': () => ({
        data: { items: [commissionRow()], total: 1, tabCounts: { awaiting: 1, accepted: 5, denied: 2 } },
      }),
    });
    const { user } = renderWithQuery(<CommissionList state={defaultListState} onStateChange={vi.fn()} />);
    const table = await screen.findByRole('table', { name: 'Commissie bepaalde producten' });
    const row = (await within(table).findByText('Loopband T900')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('FitHome B.V.');
    expect(row).toHaveTextContent('€ 1.000,00');
    expect(row).toHaveTextContent('21%');
    expect(row).toHaveTextContent('Nieuw product');
    expect(screen.getByRole('tab', { name: /Geaccepteerd/ })).toHaveTextContent('5');
    await user.click(row);
    expect(await screen.findByRole('heading', { name: 'Commissie' })).toBeInTheDocument();
  });

  it('shows the sale price live from the margins, and accepts with a confirmation', async () => {
    const requests = fakeApi({
      'POST /api/FitnessProduct/Version/11/Accept': () => ({ data: commissionRow({ status: 1 }) }),
    });
    const onDecided = vi.fn();
    const { user } = renderWithQuery(
      <CommissionPanel row={commissionRow()} onClose={vi.fn()} onDecided={onDecided} />,
    );
    const panel = await screen.findByRole('dialog');
    // From the product: per month and 24 months.
    expect(within(panel).getByRole('combobox', { name: /Soort commissie/ })).toHaveValue('Per maand');
    expect(within(panel).getByRole('combobox', { name: /Minimale looptijd/ })).toHaveValue('24 maanden');
    expect(within(panel).getByTestId('sale-price-excl')).toHaveTextContent('€ 1.000,00');
    expect(within(panel).getByTestId('sale-price-incl')).toHaveTextContent('€ 1.210,00');

    await user.type(within(panel).getByRole('textbox', { name: /Marge platform/ }), '100');
    await user.type(within(panel).getByRole('textbox', { name: /Marge regiomanager/ }), '50,5');
    await user.type(within(panel).getByRole('textbox', { name: /Marge sportschool/ }), '49,5');
    // 1000 + 100 + 50,50 + 49,50 = 1200; with 21% VAT 1452. The body carries cents.
    await waitFor(() => expect(within(panel).getByTestId('sale-price-excl')).toHaveTextContent('€ 1.200,00'));
    expect(within(panel).getByTestId('sale-price-incl')).toHaveTextContent('€ 1.452,00');
    expect(within(panel).getByText('Inclusief 21% btw')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Accepteren' }));
    const confirm = await screen.findByRole('dialog', { name: 'Product accepteren' });
    expect(confirm).toHaveTextContent('€ 1.452,00');
    await user.click(within(confirm).getByRole('button', { name: 'Accepteren' }));
    expect(await screen.findByText('Loopband T900 is geaccepteerd')).toBeInTheDocument();
    expect(onDecided).toHaveBeenCalled();
    const [accept] = requestsTo(requests, 'POST', '/api/FitnessProduct/Version/11/Accept');
    expect(accept?.body).toEqual({
      commission: {
        commissionType: 1,
        minimumTerm: 2,
        platformMargin: 10_000,
        regionManagerMargin: 5_050,
        gymMargin: 4_950,
      },
    });
  });

  it('requires the margins before accepting', async () => {
    const requests = fakeApi({});
    const { user } = renderWithQuery(
      <CommissionPanel row={commissionRow()} onClose={vi.fn()} onDecided={vi.fn()} />,
    );
    const panel = await screen.findByRole('dialog');
    await user.click(within(panel).getByRole('button', { name: 'Accepteren' }));
    await waitFor(() => expect(within(panel).getAllByText('Dit veld is verplicht')).toHaveLength(3));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('shows what a change alters against the accepted version, and denies it with a reason', async () => {
    const row = commissionRow({
      isChange: true,
      purchasePrice: 110_000,
      images: [{ id: 5, imageHash: HASH2, fileName: 'nieuw.png', order: 0 }],
      currentCommission: {
        commissionType: 0,
        minimumTerm: 1,
        platformMargin: 1_000,
        regionManagerMargin: 500,
        gymMargin: 500,
      },
    });
    const requests = fakeApi({
      'GET /api/FitnessProduct/1': () => ({
        data: {
          id: 1,
          supplierId: 3,
          supplierName: 'FitHome B.V.',
          acceptedVersionId: 9,
          pendingVersionId: 11,
          version: row,
          accepted: version({ versionId: 9, status: 1 }),
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      }),
      'POST /api/FitnessProduct/Version/11/Deny': () => ({
        data: { ...row, status: 2, denyReason: 'Te duur' },
      }),
    });
    const onDecided = vi.fn();
    const { user } = renderWithQuery(<CommissionPanel row={row} onClose={vi.fn()} onDecided={onDecided} />, {
      language: 'en',
    });
    const panel = await screen.findByRole('dialog');
    const changes = await within(panel).findByRole('table', {
      name: 'Changes compared with the accepted version',
    });
    expect(changes).toHaveTextContent('Purchase price');
    expect(changes).toHaveTextContent('€ 1.000,00');
    expect(changes).toHaveTextContent('€ 1.100,00');
    expect(changes).toHaveTextContent('Images');
    expect(changes).not.toHaveTextContent('Description');
    // The form starts from the accepted commission.
    expect(within(panel).getByRole('textbox', { name: /Platform margin/ })).toHaveValue('€ 10,00');

    await user.click(within(panel).getByRole('button', { name: 'Deny' }));
    const deny = await screen.findByRole('dialog', { name: 'Deny Loopband T900' });
    await user.click(within(deny).getByRole('button', { name: 'Deny' }));
    expect(await within(deny).findByText('This field is required')).toBeInTheDocument();
    await user.type(within(deny).getByRole('textbox', { name: /Reason/ }), 'Te duur');
    await user.click(within(deny).getByRole('button', { name: 'Deny' }));
    expect(
      await screen.findByText('Loopband T900 has been denied; FitHome B.V. sees the reason.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/FitnessProduct/Version/11/Deny')[0]?.body).toEqual({
      reason: 'Te duur',
    });
  });
});
