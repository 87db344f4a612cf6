import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import type { SubscriptionTab } from './api';
import { SubscriptionList } from './subscription-list';
import { fitness, listItems, tabCounts } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderList(
  tab: SubscriptionTab = 'active',
  state: ListState = defaultListState,
  language: 'nl' | 'en' = 'nl',
) {
  const handlers = { onStateChange: vi.fn(), onTabChange: vi.fn(), onOpen: vi.fn(), onAdd: vi.fn() };
  const result = renderWithQuery(<SubscriptionList tab={tab} state={state} {...handlers} />, { language });
  return { ...result, ...handlers };
}

const listOf =
  (items = listItems, counts: Record<string, number> = tabCounts) =>
  () => ({ data: { items, total: items.length, tabCounts: counts } });

describe('the list of subscriptions', () => {
  it('shows name, type, variants, locations, the lowest price incl. VAT and the order of the active ones', async () => {
    const requests = fakeApi({ 'GET /api/Subscription': listOf() });
    renderList('active', { ...defaultListState, search: 'fit', sort: 'name', page: 1 });

    expect(screen.getByRole('heading', { name: 'Abonnementen' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Actieve abonnementen' });
    await within(table).findByText('Fitness onbeperkt');
    const rows = within(table).getAllByRole('row');
    for (const header of ['Naam', 'Type', 'Varianten', 'Locaties', 'Vanaf (incl. btw)', 'Volgorde']) {
      expect(within(rows[0] as HTMLElement).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(rows[1]).toHaveTextContent('Fitness onbeperkt');
    expect(rows[1]).toHaveTextContent('Doorlopend');
    expect(rows[1]).toHaveTextContent('€ 34,95');
    expect(rows[2]).toHaveTextContent('Prepaid');
    expect(within(rows[2] as HTMLElement).getByText('Geen prijs')).toBeInTheDocument();

    const tabs = screen.getByRole('tablist', { name: 'Actieve en inactieve abonnementen' });
    expect(within(tabs).getByRole('tab', { name: /Actief/, selected: true })).toHaveTextContent('2');
    expect(within(tabs).getByRole('tab', { name: /Inactief/ })).toHaveTextContent('1');
    expect(queryOf(requestsTo(requests, 'GET', '/api/Subscription')[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'asc',
      search: 'fit',
      sort: 'name',
      isActive: 'true',
    });
  });

  it('asks for the inactive ones on the inactive tab, and moves between the tabs by route', async () => {
    const requests = fakeApi({ 'GET /api/Subscription': listOf([{ ...listItems[0]!, isActive: false }]) });
    const { user, onTabChange } = renderList('inactive');
    await screen.findByRole('table', { name: 'Inactieve abonnementen' });
    expect(queryOf(requestsTo(requests, 'GET', '/api/Subscription')[0])).toMatchObject({ isActive: 'false' });
    await user.click(screen.getByRole('tab', { name: /Actief/ }));
    expect(onTabChange).toHaveBeenCalledWith('active');
  });

  it('opens a row, adds, and leaves a sort the server does not know out of the request', async () => {
    const requests = fakeApi({ 'GET /api/Subscription': listOf() });
    const { user, onOpen, onAdd } = renderList('active', { ...defaultListState, sort: 'price' });
    await user.click(await screen.findByText('Tienrittenkaart'));
    expect(onOpen).toHaveBeenCalledWith(listItems[1]);
    await user.click(screen.getByRole('button', { name: 'Abonnement toevoegen' }));
    expect(onAdd).toHaveBeenCalled();
    expect(queryOf(requestsTo(requests, 'GET', '/api/Subscription')[0])).not.toHaveProperty('sort');
  });

  it('says how to start when the gym has no subscriptions at all', async () => {
    fakeApi({ 'GET /api/Subscription': listOf([], { all: 0, active: 0, inactive: 0 }) });
    const { user, onAdd } = renderList();
    expect(await screen.findByText('Nog geen abonnementen')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abonnement toevoegen' }));
    expect(onAdd).toHaveBeenCalled();
  });

  it('shows the list empty, not the start, for a search without results', async () => {
    fakeApi({ 'GET /api/Subscription': listOf([], { all: 0, active: 0, inactive: 0 }) });
    renderList('active', { ...defaultListState, search: 'yoga' });
    expect(await screen.findByText('Er is niets om te tonen')).toBeInTheDocument();
    expect(screen.queryByText('Nog geen abonnementen')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fails = true;
    fakeApi({
      'GET /api/Subscription': () => (fails ? failure(500, 'general_error') : listOf()()),
    });
    const { user } = renderList();
    expect(await screen.findByText('Abonnementen kunnen niet worden opgehaald')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Fitness onbeperkt')).toBeInTheDocument();
  });

  it('deactivates a subscription from its row after a confirmation, and activates an inactive one', async () => {
    const requests = fakeApi({
      'GET /api/Subscription': listOf(),
      'PUT /api/Subscription/21/SetIsActive': () => ({ data: { ...fitness, isActive: false } }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Deactiveren Fitness onbeperkt' }));
    let dialog = await screen.findByRole('dialog', { name: 'Abonnement deactiveren' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je Fitness onbeperkt wilt deactiveren?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(requests, 'PUT', '/api/Subscription/21/SetIsActive')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Deactiveren Fitness onbeperkt' }));
    dialog = await screen.findByRole('dialog', { name: 'Abonnement deactiveren' });
    await user.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Fitness onbeperkt is gedeactiveerd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Subscription/21/SetIsActive')[0]?.body).toEqual({
      isActive: false,
    });
  });

  it('offers activation on the inactive tab', async () => {
    fakeApi({ 'GET /api/Subscription': listOf([{ ...listItems[0]!, isActive: false }]) });
    renderList('inactive');
    expect(await screen.findByRole('button', { name: 'Activeren Fitness onbeperkt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactiveren Fitness onbeperkt' })).not.toBeInTheDocument();
  });

  it('is in English too', async () => {
    fakeApi({ 'GET /api/Subscription': listOf() });
    renderList('active', defaultListState, 'en');
    expect(screen.getByRole('heading', { name: 'Subscriptions' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Active subscriptions' });
    expect(await within(table).findByText('Recurring')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'From (incl. VAT)' })).toBeInTheDocument();
  });
});
