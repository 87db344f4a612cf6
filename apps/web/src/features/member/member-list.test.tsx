import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { cleanup, screen, waitFor, within } from '@/test/render';
import { MemberList, type MemberScope } from './member-list';
import { defaultMemberListState, type MemberListState } from './search';
import { debtors, gymManager, listItems, lists, locationEmployee, tabCounts } from './test-support';

beforeEach(() => sessionStore.setClaims(gymManager()));
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  sessionStore.setClaims(null);
});

function renderList(
  scope: MemberScope = 'gym',
  state: MemberListState = defaultMemberListState,
  language: 'nl' | 'en' = 'nl',
) {
  const handlers = { onStateChange: vi.fn(), onOpen: vi.fn(), onAdd: vi.fn(), onOpenRegistrations: vi.fn() };
  const result = renderWithQuery(<MemberList scope={scope} state={state} {...handlers} />, { language });
  return { ...result, ...handlers };
}

const listOf =
  (items = listItems, counts: Record<string, number> = tabCounts) =>
  () => ({ data: { items, total: items.length, tabCounts: counts } });

describe('the list of members', () => {
  it('shows name, e-mail, postal code, subscriptions, status, last visit and member since, with a tab per status', async () => {
    const requests = fakeApi({ ...lists, 'GET /api/Member': listOf() });
    renderList('gym', { ...defaultMemberListState, search: '3811', sort: 'lastEntry', direction: 'desc' });

    expect(screen.getByRole('heading', { name: 'Leden' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Alle leden' });
    await within(table).findByText('Fatima el Amrani');
    const rows = within(table).getAllByRole('row');
    for (const header of [
      'Naam',
      'E-mailadres',
      'Postcode',
      'Abonnementen',
      'Status',
      'Laatste bezoek',
      'Lid sinds',
    ]) {
      expect(within(rows[0] as HTMLElement).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(rows[1]).toHaveTextContent('fatima@example.com');
    expect(rows[1]).toHaveTextContent('3811 AB Amersfoort');
    expect(rows[1]).toHaveTextContent('Fitness onbeperkt');
    expect(rows[1]).toHaveTextContent('Actief');
    expect(rows[1]).toHaveTextContent('20-11-2026');
    expect(rows[2]).toHaveTextContent('Slapend');
    expect(rows[2]).toHaveTextContent('Nog niet geweest');
    expect(rows[2]).toHaveTextContent('Geen lopend abonnement');

    for (const [tab, count] of [
      ['Alle', '3'],
      ['Actief', '1'],
      ['Niet-actief', '1'],
      ['Slapend', '1'],
    ] as const) {
      expect(screen.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveTextContent(count);
    }
    expect(queryOf(requestsTo(requests, 'GET', '/api/Member')[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'desc',
      search: '3811',
      sort: 'lastEntry',
    });
  });

  it("asks a tab's status and the filters, and changes tab through the state", async () => {
    const requests = fakeApi({ ...lists, 'GET /api/Member': listOf() });
    const { user, onStateChange } = renderList('gym', {
      ...defaultMemberListState,
      tab: 'sleeping',
      subscriptionId: 21,
      locationId: 6,
    });
    await screen.findByRole('table', { name: 'Slapende leden' });
    expect(queryOf(requestsTo(requests, 'GET', '/api/Member')[0])).toMatchObject({
      status: '2',
      subscriptionId: '21',
      locationId: '6',
    });
    await user.click(screen.getByRole('tab', { name: /^Niet-actief/ }));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ tab: 'nonActive', page: 1 }));

    // The filters: a subscription and a location of the gym.
    await user.click(screen.getByRole('combobox', { name: 'Locatie' }));
    await user.click(await screen.findByRole('option', { name: 'Vitaal Amersfoort' }));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ locationId: 5, page: 1 }));
    expect(screen.getByRole('combobox', { name: 'Abonnement' })).toBeInTheDocument();
  });

  it('has no location filter in the Location environment, and leaves a location in the URL out', async () => {
    sessionStore.setClaims(locationEmployee());
    const requests = fakeApi({ ...lists, 'GET /api/Member': listOf() });
    renderList('location', { ...defaultMemberListState, locationId: 6 });
    await screen.findByRole('table', { name: 'Alle leden' });
    expect(screen.queryByRole('combobox', { name: 'Locatie' })).not.toBeInTheDocument();
    // Without ManageSubscriptions the gym's subscriptions cannot be read: no subscription filter either.
    expect(screen.queryByRole('combobox', { name: 'Abonnement' })).not.toBeInTheDocument();
    expect(queryOf(requestsTo(requests, 'GET', '/api/Member')[0])).not.toHaveProperty('locationId');
    expect(requestsTo(requests, 'GET', '/api/Subscription')).toHaveLength(0);
    expect(screen.getByText(/De leden van deze locatie/)).toBeInTheDocument();
  });

  it('opens a row, adds, and opens the open registrations', async () => {
    fakeApi({ ...lists, 'GET /api/Member': listOf() });
    const { user, onOpen, onAdd, onOpenRegistrations } = renderList();
    await user.click(await screen.findByText('Kees de Boer'));
    expect(onOpen).toHaveBeenCalledWith(listItems[1]);
    await user.click(screen.getByRole('button', { name: 'Lid toevoegen' }));
    expect(onAdd).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Open inschrijvingen' }));
    expect(onOpenRegistrations).toHaveBeenCalled();
  });

  it('says how to start when there are no members at all, and shows an empty list for a search', async () => {
    fakeApi({ ...lists, 'GET /api/Member': listOf([], { all: 0, active: 0, nonActive: 0, sleeping: 0 }) });
    const { unmount } = renderList();
    expect(await screen.findByText('Nog geen leden')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    renderList('gym', { ...defaultMemberListState, search: 'zzz' });
    expect(await screen.findByText('Er is niets om te tonen')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fails = true;
    fakeApi({ ...lists, 'GET /api/Member': () => (fails ? failure(500, 'general_error') : listOf()()) });
    const { user } = renderList();
    expect(await screen.findByText('Leden kunnen niet worden opgehaald')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Fatima el Amrani')).toBeInTheDocument();
  });

  it('is in English too', async () => {
    fakeApi({ ...lists, 'GET /api/Member': listOf() });
    renderList('gym', defaultMemberListState, 'en');
    expect(screen.getByRole('heading', { name: 'Members' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'All members' });
    expect(await within(table).findByText('Sleeping')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Last visit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add member' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Non-active/ })).toBeInTheDocument());
  });
});

const inDebt =
  (items = debtors, total = items.length) =>
  () => ({ data: { items, total } });
const debtTab: MemberListState = { ...defaultMemberListState, tab: 'inDebt' };

describe("the members' tab 'Achterstand' (decision 017)", () => {
  it('counts the members in debt of the search in its badge', async () => {
    const requests = fakeApi({
      ...lists,
      'GET /api/Member': listOf(),
      'GET /api/Member/InDebt': inDebt(debtors, 7),
    });
    renderList('gym', { ...defaultMemberListState, search: 'kees' });
    await screen.findByRole('table', { name: 'Alle leden' });
    const tab = screen.getByRole('tab', { name: /^Achterstand/ });
    await waitFor(() => expect(tab).toHaveTextContent('7'));
    expect(screen.getAllByRole('tab').map((each) => each.textContent?.replace(/\d+$/, ''))).toEqual([
      'Alle',
      'Actief',
      'Niet-actief',
      'Slapend',
      'Achterstand',
    ]);
    // One row is enough for the count.
    expect(queryOf(requestsTo(requests, 'GET', '/api/Member/InDebt')[0])).toEqual({
      page: '1',
      pageSize: '1',
      direction: 'asc',
      search: 'kees',
    });
  });

  it('lists name, e-mail, amount due, invoices and oldest due date, asking the page, search and sort', async () => {
    const requests = fakeApi({ ...lists, 'GET /api/Member': listOf(), 'GET /api/Member/InDebt': inDebt() });
    const { user, onOpen, onStateChange } = renderList('gym', {
      ...debtTab,
      search: 'de',
      sort: 'amountDue',
      direction: 'desc',
      page: 2,
      locationId: 6,
    });
    const table = await screen.findByRole('table', { name: 'Leden met een betalingsachterstand' });
    await within(table).findByText('Kees de Boer');
    const rows = within(table).getAllByRole('row');
    for (const header of ['Naam', 'E-mailadres', 'Openstaand bedrag', 'Facturen', 'Oudste vervaldatum']) {
      expect(within(rows[0] as HTMLElement).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(rows[1]).toHaveTextContent('kees@example.com');
    expect(rows[1]).toHaveTextContent('€ 123,45');
    expect(rows[1]).toHaveTextContent('01-10-2026');
    expect(within(rows[1] as HTMLElement).getByText('2')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Mila Jansen');
    expect(rows[2]).toHaveTextContent('€ 34,95');
    expect(screen.getByRole('tab', { name: /^Achterstand/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /^Achterstand/ })).toHaveTextContent('2');

    // The debtors know no location or subscription filter: not shown, not asked.
    expect(queryOf(requestsTo(requests, 'GET', '/api/Member/InDebt')[0])).toEqual({
      page: '2',
      pageSize: '25',
      direction: 'desc',
      search: 'de',
      sort: 'amountDue',
    });
    expect(screen.queryByRole('combobox', { name: 'Locatie' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lid toevoegen' })).not.toBeInTheDocument();
    // The other tabs keep the counts of the member list's search and filters.
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Slapend/ })).toHaveTextContent('1'));
    expect(queryOf(requestsTo(requests, 'GET', '/api/Member')[0])).toEqual({
      page: '1',
      pageSize: '1',
      direction: 'desc',
      search: 'de',
      locationId: '6',
    });

    await user.click(within(table).getByRole('button', { name: /Oudste vervaldatum/ }));
    expect(onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ tab: 'inDebt', sort: 'oldestDueDate', direction: 'asc', page: 1 }),
    );
    await user.click(within(table).getByText('Mila Jansen'));
    expect(onOpen).toHaveBeenCalledWith({ id: 43 });
    await user.click(screen.getByRole('tab', { name: /^Actief/ }));
    expect(onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ tab: 'active', page: 1 }));
  });

  it("leaves a sort of the member list out of the debtors' request", async () => {
    const requests = fakeApi({ ...lists, 'GET /api/Member': listOf(), 'GET /api/Member/InDebt': inDebt() });
    renderList('gym', { ...debtTab, sort: 'lastEntry' });
    await screen.findByRole('table', { name: 'Leden met een betalingsachterstand' });
    expect(queryOf(requestsTo(requests, 'GET', '/api/Member/InDebt')[0])).not.toHaveProperty('sort');
  });

  it('is there in the Location environment with ManageMemberships, not without the right to read invoices', async () => {
    sessionStore.setClaims(locationEmployee());
    fakeApi({ ...lists, 'GET /api/Member': listOf(), 'GET /api/Member/InDebt': inDebt() });
    const { unmount } = renderList('location', debtTab);
    expect(
      await screen.findByRole('table', { name: 'Leden met een betalingsachterstand' }),
    ).toBeInTheDocument();
    unmount();

    sessionStore.setClaims(locationEmployee(['ManageMembershipEntries']));
    const requests = fakeApi({ ...lists, 'GET /api/Member': listOf(), 'GET /api/Member/InDebt': inDebt() });
    renderList('location', debtTab);
    // A link to the tab shows all members instead.
    expect(await screen.findByRole('table', { name: 'Alle leden' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /^Achterstand/ })).not.toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/Member/InDebt')).toEqual([]);
  });

  it('says when the members in debt cannot be loaded, and tries again', async () => {
    let fails = true;
    fakeApi({
      ...lists,
      'GET /api/Member': listOf(),
      'GET /api/Member/InDebt': () => (fails ? failure(500, 'general_error') : inDebt()()),
    });
    const { user } = renderList('gym', debtTab);
    expect(
      await screen.findByText('Leden met een betalingsachterstand kunnen niet worden opgehaald'),
    ).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Kees de Boer')).toBeInTheDocument();
  });

  it('is in English too', async () => {
    fakeApi({ ...lists, 'GET /api/Member': listOf(), 'GET /api/Member/InDebt': inDebt() });
    renderList('gym', debtTab, 'en');
    const table = await screen.findByRole('table', { name: 'Members in arrears' });
    await within(table).findByText('Kees de Boer');
    for (const header of ['Amount due', 'Invoices', 'Oldest due date']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: /^In arrears/ })).toHaveAttribute('aria-selected', 'true');
  });
});
