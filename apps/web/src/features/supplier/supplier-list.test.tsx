import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { type Supplier, SupplierStatus } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { SupplierList } from './supplier-list';
import { suppliers, tabCounts } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderList(state: ListState = defaultListState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const result = renderWithQuery(<SupplierList state={state} onStateChange={onStateChange} />, { language });
  return { ...result, onStateChange };
}

const listOf =
  (items: Supplier[] = suppliers) =>
  () => ({ data: { items, total: items.length, tabCounts } });

/** Fills the add form with valid company data, as a person types it. */
async function fillCompany(user: ReturnType<typeof renderList>['user'], dialog: HTMLElement) {
  // Pasted rather than typed key by key: twelve fields typed one key at a time take long on a busy machine.
  const fill = async (name: RegExp, value: string) => {
    await user.click(within(dialog).getByRole('textbox', { name }));
    await user.paste(value);
  };
  await fill(/Bedrijfsnaam/, 'Sterk Materiaal');
  await fill(/Voornaam/, 'Karin');
  await fill(/Achternaam/, 'Groot');
  await fill(/E-mailadres/, 'info@sterk.example.com');
  await fill(/Telefoonnummer/, '030 123 4567');
  await fill(/Straat/, 'Industrieweg');
  await fill(/Huisnummer/, '12');
  await fill(/Postcode/, '3542ad');
  await fill(/Plaats/, 'Utrecht');
  await fill(/KvK-nummer/, '1234 5678');
  await fill(/Btw-nummer/, 'nl123456789b01');
  await fill(/IBAN/, 'NL91 ABNA 0417 1643 00');
}

describe('the list of suppliers', () => {
  it('shows name, state, contact and city with the tab counts, asking for the state of the URL', async () => {
    const requests = fakeApi({ 'GET /api/Supplier/All': listOf() });
    renderList({ ...defaultListState, tab: 'pending', search: 'home', sort: 'city', direction: 'desc' });
    expect(screen.getByRole('heading', { name: 'Leveranciers' })).toBeInTheDocument();
    await screen.findByText('FitSupply Nederland');
    const rows = within(screen.getByRole('table', { name: 'Leveranciers' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      /FitSupply Nederland\s*info@fitsupply\.example\.com\s*Actief\s*Lotte Visser\s*Utrecht\s*30123456\s*05-01-2026/,
    );
    expect(rows[2]).toHaveTextContent(/HomeGym Direct.*In afwachting\s*Bram van Dijk\s*Zwolle/);
    expect(screen.getByRole('tab', { name: /In afwachting\s*1/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /Uitgeschakeld\s*1/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Afgewezen\s*0/ })).toBeInTheDocument();
    expect(queryOf(requests[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'desc',
      search: 'home',
      sort: 'city',
      status: 'pending',
    });
  });

  it('offers the actions of each state only', async () => {
    fakeApi({ 'GET /api/Supplier/All': listOf() });
    renderList();
    await screen.findByText('FitSupply Nederland');
    const has = (name: string) => screen.queryByRole('button', { name }) !== null;
    expect(has('Verwijderen FitSupply Nederland')).toBe(true);
    expect(has('Accepteren FitSupply Nederland')).toBe(false);
    expect(has('Accepteren HomeGym Direct')).toBe(true);
    expect(has('Afwijzen HomeGym Direct')).toBe(true);
    expect(has('Verwijderen HomeGym Direct')).toBe(false);
    expect(has('Weer inschakelen Oud Materiaal')).toBe(true);
    expect(has('Wijzigen Oud Materiaal')).toBe(true);
  });

  it("says 'Leveranciers kunnen niet worden opgehaald' and retries", async () => {
    let isDown = true;
    fakeApi({ 'GET /api/Supplier/All': () => (isDown ? failure(500, 'general_error') : listOf()()) });
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Leveranciers kunnen niet worden opgehaald');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('FitSupply Nederland')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/Supplier/All': listOf() });
    renderList(defaultListState, 'en');
    expect(await screen.findByRole('heading', { name: 'Suppliers' })).toBeInTheDocument();
    await screen.findByText('FitSupply Nederland');
    expect(screen.getByRole('tab', { name: /Disabled\s*1/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')[2]).toHaveTextContent(/HomeGym Direct.*Pending/);
  });
});

describe('adding a supplier', () => {
  it('sends the company data as the contract normalises it, and says the invitation was sent', {
    timeout: 60_000,
  }, async () => {
    const requests = fakeApi({
      'GET /api/Supplier/All': listOf(),
      'POST /api/Supplier/Add': (request) => ({
        data: { ...suppliers[1], ...(request.body as object), id: 9, status: SupplierStatus.Pending },
      }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leverancier toevoegen' });
    await fillCompany(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen en uitnodigen' }));
    expect(
      await screen.findByText(
        'Sterk Materiaal is toegevoegd. De uitnodiging is verstuurd naar info@sterk.example.com.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Supplier/Add')[0]?.body).toEqual({
      name: 'Sterk Materiaal',
      email: 'info@sterk.example.com',
      firstName: 'Karin',
      lastName: 'Groot',
      address: 'Industrieweg',
      houseNumber: '12',
      zipcode: '3542 AD',
      city: 'Utrecht',
      country: 'Nederland',
      phoneNumber: '030 123 4567',
      kvkNumber: '12345678',
      btwNumber: 'NL123456789B01',
      bankAccountNumber: 'NL91ABNA0417164300',
    });
  });

  it('checks the fields with the contract before sending anything', async () => {
    const requests = fakeApi({ 'GET /api/Supplier/All': listOf() });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leverancier toevoegen' });
    for (const [name, value] of [
      [/KvK-nummer/, '1234567'],
      [/Btw-nummer/, 'BE0123456789'],
      [/IBAN/, 'NL91ABNA0417164301'],
    ] as const) {
      await user.click(within(dialog).getByRole('textbox', { name }));
      await user.paste(value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen en uitnodigen' }));
    expect(await within(dialog).findByText('Een KvK-nummer heeft precies 8 cijfers')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een Nederlands btw-nummer in (NL123456789B01)')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Dit is geen geldig IBAN. Controleer het rekeningnummer.'),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByText('Dit veld is verplicht').length).toBeGreaterThan(0);
    expect(requestsTo(requests, 'POST', '/api/Supplier/Add')).toHaveLength(0);
  });

  it('shows the server’s refusal on its field: a company name in use', { timeout: 60_000 }, async () => {
    fakeApi({
      'GET /api/Supplier/All': listOf(),
      'POST /api/Supplier/Add': () => failure(409, 'supplier.errors.nameTaken', 'name'),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leverancier toevoegen' });
    await fillCompany(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen en uitnodigen' }));
    expect(
      await within(dialog).findByText('Er is al een leverancier met deze bedrijfsnaam'),
    ).toBeInTheDocument();
  });
});

describe('editing and the state actions', () => {
  it('edits from the row with the data of the supplier', async () => {
    const requests = fakeApi({
      'GET /api/Supplier/All': listOf(),
      'GET /api/Supplier/Details/1': () => ({ data: suppliers[0] }),
      'PUT /api/Supplier/Edit': (request) => ({ data: { ...suppliers[0], ...(request.body as object) } }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Wijzigen FitSupply Nederland' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bedrijfsgegevens wijzigen' });
    const city = await within(dialog).findByRole('textbox', { name: /Plaats/ });
    expect(city).toHaveValue('Utrecht');
    await user.clear(city);
    await user.type(city, 'Zeist');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('De gegevens van FitSupply Nederland zijn opgeslagen.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Supplier/Edit')[0]?.body).toMatchObject({
      id: 1,
      city: 'Zeist',
    });
  });

  it('asks first, then accepts; a refusal of the server is shown', async () => {
    const requests = fakeApi({
      'GET /api/Supplier/All': listOf(),
      'POST /api/Supplier/2/Accept': () => ({ data: { ...suppliers[1], status: SupplierStatus.Active } }),
      'POST /api/Supplier/2/Deny': () => failure(409, 'supplier.errors.cannotDeny'),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Accepteren HomeGym Direct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leverancier accepteren' });
    expect(dialog).toHaveTextContent('Wil je HomeGym Direct accepteren?');
    await user.click(within(dialog).getByRole('button', { name: 'Accepteren' }));
    expect(await screen.findByText('HomeGym Direct is geaccepteerd')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Supplier/2/Accept')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Afwijzen HomeGym Direct' }));
    const deny = await screen.findByRole('dialog', { name: 'Leverancier afwijzen' });
    await user.click(within(deny).getByRole('button', { name: 'Afwijzen' }));
    expect(
      await screen.findByText('Alleen een leverancier die in afwachting is, kan worden afgewezen'),
    ).toBeInTheDocument();
  });

  it('disables (Verwijderen) and enables again after asking', async () => {
    const requests = fakeApi({
      'GET /api/Supplier/All': listOf(),
      'DELETE /api/Supplier/1': () => ({ data: { ...suppliers[0], status: SupplierStatus.Disabled } }),
      'PUT /api/Supplier/ReEnable/3': () => ({ data: { ...suppliers[2], status: SupplierStatus.Active } }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen FitSupply Nederland' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leverancier verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('FitSupply Nederland is uitgeschakeld')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Weer inschakelen Oud Materiaal' }));
    const enable = await screen.findByRole('dialog', { name: 'Leverancier weer inschakelen' });
    await user.click(within(enable).getByRole('button', { name: 'Inschakelen' }));
    expect(await screen.findByText('Oud Materiaal is weer actief')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, 'PUT', '/api/Supplier/ReEnable/3')).toHaveLength(1));
    expect(requestsTo(requests, 'DELETE', '/api/Supplier/1')).toHaveLength(1);
  });
});
