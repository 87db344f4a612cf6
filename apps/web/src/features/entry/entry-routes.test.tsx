import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dutchToday, Environment } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { visibleMenu } from '@/app/menus';
import { testClaims } from '@/app/test-support/claims';
import { setLanguage } from '@/i18n';
import { failure, fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { mayReadEntries, mayReadInside } from './access';
import { attempts, deskEmployee, entries, page, savedEntry } from './test-support';

setUpAppTests();
// The first visit compiles the lazy route chunks, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const today = dutchToday();
const list = {
  'GET /api/Entry': page(entries),
  'GET /api/EntryAttempt': page(attempts.slice(0, 1)),
};

describe('the menu items and the access rule', () => {
  it("shows 'Binnen' and 'Entrees' for ManageMembershipEntries only, as the routes allow", () => {
    const paths = (rights: string[]) => visibleMenu(deskEmployee(rights)).map((item) => item.path);
    expect(paths(['ManageMembershipEntries'])).toEqual(
      expect.arrayContaining(['/location', '/location/insideMembers', '/location/entries']),
    );
    expect(paths(['ManageLessons'])).not.toContain('/location/entries');
    expect(mayReadInside(deskEmployee(['ManageMembershipEntries']))).toBe(true);
    expect(mayReadInside(deskEmployee(['ManageMemberships']))).toBe(false);
    expect(mayReadEntries(deskEmployee(['ManageMembershipEntries']))).toBe(true);
    expect(mayReadEntries(deskEmployee(['ManageMemberships']))).toBe(false);
    // The right at another location does not count; the gym right of that name does.
    expect(mayReadEntries({ ...deskEmployee(), activeLocationId: 6 })).toBe(false);
    expect(
      mayReadEntries(
        testClaims({
          activeEnvironment: Environment.Location,
          activeLocationId: 5,
          gymRights: ['10:ManageMembershipEntries'],
        }),
      ),
    ).toBe(true);
  });

  it('sends who lacks ManageMembershipEntries to their home path', async () => {
    fakeAppApi(deskEmployee(['ManageLessons']), list);
    const { router } = await startApp('/location/entries');
    await waitFor(() => expect(router.state.location.pathname).toBe('/location'));
    expect(screen.queryByRole('heading', { name: 'Entrees' })).not.toBeInTheDocument();
  });
});

describe("the screen 'Entrees'", () => {
  it("opens from the menu with today's entries, their source and who is still inside", async () => {
    const requests = fakeAppApi(deskEmployee(), list);
    const { router } = await startApp('/location');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Entrees' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/location/entries'));

    expect(await screen.findByRole('heading', { name: 'Entrees' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Entrees' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Anouk Jansen');
    expect(rows[1]).toHaveTextContent('08:15');
    expect(rows[1]).toHaveTextContent('Nog binnen');
    expect(rows[1]).toHaveTextContent('Fitness onbeperkt');
    expect(rows[1]).toHaveTextContent('Check-in');
    expect(rows[2]).toHaveTextContent('08:30');
    expect(rows[2]).toHaveTextContent('Toegelaten');
    // Newest first unless sorted otherwise.
    expect(queryOf(requestsTo(requests, 'GET', '/api/Entry')[0])).toEqual({
      page: '1',
      pageSize: '25',
      direction: 'desc',
      sort: 'entryAt',
      from: today,
      to: today,
    });
    expect(within(table).getByRole('columnheader', { name: /Datum/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(router.state.location.search).toEqual({});
    // A click turns it round: oldest first.
    await user.click(within(table).getByRole('button', { name: 'Datum' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'entryAt' }));
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, 'GET', '/api/Entry').at(-1))).toMatchObject({
        sort: 'entryAt',
        direction: 'asc',
      }),
    );
    // The open refusals of the days are counted on their tab.
    expect(screen.getByRole('tab', { name: /Geweigerd/ })).toHaveTextContent('1');
    expect(queryOf(requestsTo(requests, 'GET', '/api/EntryAttempt')[0])).toMatchObject({ open: 'true' });
    // Only the entry without exit can be checked out.
    expect(within(table).getByRole('button', { name: 'Uitchecken Anouk Jansen 08:15' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Uitchecken Bram/ })).not.toBeInTheDocument();
  });

  it('keeps days, search and sort in the URL and asks the server for them', async () => {
    const requests = fakeAppApi(deskEmployee(), list);
    const { router } = await startApp(
      '/location/entries?from=2026-11-01&to=2026-11-07&search=anouk&sort=name',
    );
    await screen.findByRole('table', { name: 'Entrees' });
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, 'GET', '/api/Entry').at(-1))).toEqual({
        page: '1',
        pageSize: '25',
        direction: 'asc',
        search: 'anouk',
        sort: 'name',
        from: '2026-11-01',
        to: '2026-11-07',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Van' })).toHaveValue('01-11-2026');
    expect(screen.getByRole('textbox', { name: 'Tot en met' })).toHaveValue('07-11-2026');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Datum' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ sort: 'entryAt', search: 'anouk' }),
    );
    // 'Vandaag' goes back to today's entries, keeping the search and the sort.
    await user.click(screen.getByRole('button', { name: 'Vandaag' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'anouk', sort: 'entryAt' }));
    expect(screen.getByRole('textbox', { name: 'Van' })).toHaveValue(today.split('-').reverse().join('-'));
    expect(screen.queryByRole('button', { name: 'Vandaag' })).not.toBeInTheDocument();
  });

  it('records the exit of a member now', async () => {
    const requests = fakeAppApi(deskEmployee(), {
      ...list,
      'PUT /api/Entry/101/Exit': () => ({ data: savedEntry({ exitTime: '10:02' }) }),
    });
    await startApp('/location/entries');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Uitchecken Anouk Jansen 08:15' }));
    expect(await screen.findByText('Anouk Jansen is uitgecheckt om 10:02.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Entry/101/Exit')).toHaveLength(1);
    // The list is asked again.
    await waitFor(() => expect(requestsTo(requests, 'GET', '/api/Entry').length).toBeGreaterThan(1));
  });

  it("says why an exit failed ('Het vertrek van dit lid is al geregistreerd')", async () => {
    fakeAppApi(deskEmployee(), {
      ...list,
      'PUT /api/Entry/101/Exit': () => failure(409, 'entry.errors.exitAlreadyRecorded'),
    });
    await startApp('/location/entries');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Uitchecken Anouk Jansen 08:15' }));
    expect(await screen.findByText('Vertrek kan niet worden geregistreerd')).toBeInTheDocument();
    expect(screen.getByText('Het vertrek van dit lid is al geregistreerd')).toBeInTheDocument();
  });

  it('deletes an entry after a confirmation', async () => {
    const requests = fakeAppApi(deskEmployee(), { ...list, 'DELETE /api/Entry/102': () => ({ data: null }) });
    await startApp('/location/entries');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Bram de Boer 07:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entree verwijderen' });
    expect(dialog).toHaveTextContent(
      `Weet je zeker dat je de entree van Bram de Boer op ${today.split('-').reverse().join('-')} om 07:00 wilt verwijderen?`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'DELETE', '/api/Entry/102')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verwijderen Bram de Boer 07:00' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Entree verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('De entree van Bram de Boer is verwijderd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/Entry/102')).toHaveLength(1);
  });

  it('opens an entry to edit by its row', async () => {
    fakeAppApi(deskEmployee(), list);
    await startApp('/location/entries');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Bram de Boer'));
    const dialog = await screen.findByRole('dialog', { name: 'Entree bewerken' });
    expect(within(dialog).getByRole('textbox', { name: 'Lid' })).toHaveValue('Bram de Boer');
    expect(within(dialog).getByRole('textbox', { name: /Binnenkomst/ })).toHaveValue('07:00');
    expect(within(dialog).getByRole('textbox', { name: /Vertrek/ })).toHaveValue('08:30');
  });

  it('lists the refused check-ins with their reason and lets a member in after a confirmation', async () => {
    let items = attempts;
    const requests = fakeAppApi(deskEmployee(), {
      ...list,
      'GET /api/EntryAttempt': () => ({ data: { items, total: items.length } }),
      'POST /api/EntryAttempt/201/Approve': () => {
        items = attempts.map((attempt) =>
          attempt.id === 201 ? { ...attempt, approvedEntryId: 105 } : attempt,
        );
        return { data: savedEntry({ id: 105, memberId: 43, memberName: 'Chantal Visser', source: 2 }) };
      },
    });
    const { router } = await startApp('/location/entries');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /Geweigerd/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'refused' }));

    const table = await screen.findByRole('table', { name: 'Geweigerde check-ins' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Chantal Visser');
    expect(rows[1]).toHaveTextContent('Buiten het tijdslot van het abonnement');
    expect(rows[2]).toHaveTextContent('Maximaal aantal bezoeken bereikt');
    expect(rows[2]).toHaveTextContent('Toegelaten');
    expect(within(table).queryByRole('button', { name: 'Toelaten Daan Smit' })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Toelaten Chantal Visser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lid toelaten' });
    expect(dialog).toHaveTextContent('Wil je Chantal Visser toelaten?');
    await user.click(within(dialog).getByRole('button', { name: 'Toelaten' }));
    expect(await screen.findByText('Chantal Visser is toegelaten.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/EntryAttempt/201/Approve')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(table).queryByRole('button', { name: 'Toelaten Chantal Visser' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('says an open payment, and that a member in debt was let in (decision 017)', async () => {
    const inDebt = [
      { ...attempts[0]!, id: 203, memberName: 'Eva de Wit', reason: 'openPayment' as const },
      { ...attempts[1]!, id: 204, memberName: 'Finn Mulder', reason: 'openPayment' as const },
    ];
    fakeAppApi(deskEmployee(), {
      ...list,
      'GET /api/EntryAttempt': () => ({ data: { items: inDebt, total: inDebt.length } }),
    });
    await startApp('/location/entries?tab=refused&all=true');
    const table = await screen.findByRole('table', { name: 'Geweigerde check-ins' });
    await within(table).findByText('Eva de Wit');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Openstaande betaling')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Geweigerd');
    expect(within(table).getByRole('button', { name: 'Toelaten Eva de Wit' })).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).getByText('Openstaande betaling — binnengelaten'),
    ).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Toegelaten');
    expect(within(table).queryByRole('button', { name: 'Toelaten Finn Mulder' })).not.toBeInTheDocument();
  });

  it("shows only the open refusals until 'Alleen wie nog niet is toegelaten' is switched off", async () => {
    const requests = fakeAppApi(deskEmployee(), list);
    const { router } = await startApp('/location/entries?tab=refused');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Geweigerde check-ins' });
    const attemptsAsked = () => requestsTo(requests, 'GET', '/api/EntryAttempt').map(queryOf);
    expect(attemptsAsked().every((query) => query.open === 'true')).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Alleen wie nog niet is toegelaten' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'refused', all: true }));
    await waitFor(() => expect(attemptsAsked().some((query) => query.open === undefined)).toBe(true));
  });

  it("says why letting in failed ('no access')", async () => {
    fakeAppApi(deskEmployee(), {
      ...list,
      'POST /api/EntryAttempt/201/Approve': () => failure(403, 'errors.forbidden'),
    });
    await startApp('/location/entries?tab=refused');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Toelaten Chantal Visser' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Lid toelaten' })).getByRole('button', {
        name: 'Toelaten',
      }),
    );
    expect(await screen.findByText('Lid kan niet worden toegelaten')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    fakeAppApi({ ...deskEmployee(), language: 'en' }, list);
    await setLanguage('en');
    await startApp('/location/entries?tab=refused');
    expect(await screen.findByRole('heading', { name: 'Entries' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inside' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Refused check-ins' });
    expect(await within(table).findByText("Outside the subscription's time slot")).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Let in Chantal Visser' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register entry' })).toBeInTheDocument();
  });
});
