import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { SupplierStatus } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, within } from '@/test/render';
import { CompanyCard } from './company-card';
import { suppliers } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe("the supplier's company data on its home", () => {
  it('shows the data of an Active supplier without a notice, and edits it', async () => {
    const requests = fakeApi({
      'GET /api/Supplier/Details/1': () => ({ data: suppliers[0] }),
      'PUT /api/Supplier/Edit': (request) => ({ data: { ...suppliers[0], ...(request.body as object) } }),
    });
    const { user } = renderWithQuery(<CompanyCard supplierId={1} />);
    const card = await screen.findByRole('region', { name: 'Bedrijfsgegevens' });
    expect(await within(card).findByText('FitSupply Nederland')).toBeInTheDocument();
    expect(card).toHaveTextContent('Atoomweg 50, 3542 AB Utrecht, Nederland');
    expect(card).toHaveTextContent('NL812345678B01');
    expect(screen.queryByText('Nog niet geaccepteerd')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bedrijfsgegevens wijzigen' });
    const phone = await within(dialog).findByRole('textbox', { name: /Telefoonnummer/ });
    await user.clear(phone);
    await user.type(phone, 'bel me');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Vul een geldig telefoonnummer in')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Supplier/Edit')).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, '030 999 8888');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('De gegevens van FitSupply Nederland zijn opgeslagen.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Supplier/Edit')[0]?.body).toMatchObject({
      id: 1,
      phoneNumber: '030 999 8888',
    });
  });

  it('tells a Pending supplier that the platform still has to accept it (nl and en)', async () => {
    fakeApi({ 'GET /api/Supplier/Details/2': () => ({ data: suppliers[1] }) });
    const { unmount } = renderWithQuery(<CompanyCard supplierId={2} />);
    expect(await screen.findByText('Nog niet geaccepteerd')).toBeInTheDocument();
    expect(
      screen.getByText(/Het platform moet je aanmelding als leverancier nog accepteren/),
    ).toBeInTheDocument();
    unmount();
    renderWithQuery(<CompanyCard supplierId={2} />, { language: 'en' });
    expect(await screen.findByText('Not accepted yet')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Company details' })).toHaveTextContent('Pending');
    expect(suppliers[1]!.status).toBe(SupplierStatus.Pending);
  });

  it('says when the data cannot be loaded', async () => {
    fakeApi({ 'GET /api/Supplier/Details/1': () => failure(500, 'general_error') });
    renderWithQuery(<CompanyCard supplierId={1} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De bedrijfsgegevens kunnen niet worden opgehaald',
    );
  });
});
