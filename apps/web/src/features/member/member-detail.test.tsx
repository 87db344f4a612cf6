import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visibleMenu } from '@/app/menus';
import { failure, fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { choose, list, manager, memberApi } from './member-test-setup';
import { debtors, entries, fatima, gymManager, lists, locationEmployee } from './test-support';

/*
 * The members menu item and who may open the list, and a member's page: status, memberships with their
 * pauses, personal data, taking out, ending and pausing a membership, export and anonymising, entries.
 * A new member: member-new.test.tsx; open registrations and their links: member-registration.test.tsx.
 */

setUpAppTests();

describe('the menu items and the access rules', () => {
  it("shows 'Leden' for ManageMemberships: the gym right in the Gym environment, the location right at the location", () => {
    const paths = (claims: Parameters<typeof visibleMenu>[0]) => visibleMenu(claims).map((item) => item.path);
    expect(paths(gymManager(['ManageMemberships']))).toContain('/members');
    expect(paths(gymManager(['ManageSubscriptions']))).not.toContain('/members');
    expect(paths(locationEmployee(['ManageMemberships']))).toContain('/location/members');
    expect(paths(locationEmployee(['ManageMembershipEntries']))).not.toContain('/location/members');
  });

  it('opens the list from the menu; who lacks the right goes home', async () => {
    fakeAppApi(manager, { ...lists, ...list });
    const { router } = await startApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Leden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members'));
    expect(await screen.findByText('Fatima el Amrani')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Slapend/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'sleeping' }));
  });

  it("keeps the tab 'Achterstand' in the URL and opens a member in debt by their row", async () => {
    fakeAppApi(manager, {
      ...memberApi({ ...fatima, id: 42 }).routes,
      'GET /api/Member/InDebt': () => ({ data: { items: debtors, total: debtors.length } }),
      'GET /api/Member/42': () => ({ data: { ...fatima, id: 42, fullName: 'Kees de Boer' } }),
    });
    const { router } = await startApp('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /^Achterstand/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'inDebt' }));
    const table = await screen.findByRole('table', { name: 'Leden met een betalingsachterstand' });
    await user.click(await within(table).findByText('Kees de Boer'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/42'));
    expect(await screen.findByRole('heading', { name: /Kees de Boer/ })).toBeInTheDocument();
  });

  it('sends who lacks ManageMemberships to their home path', async () => {
    fakeAppApi(gymManager(['ManageSubscriptions']), { ...lists, ...list });
    const { router } = await startApp('/members');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the member', () => {
  it('shows status, last visit and the memberships with their pauses, and saves the personal data', async () => {
    const api = memberApi();
    const requests = fakeAppApi(manager, api.routes);
    await startApp('/members/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fatima el Amrani' })).toBeInTheDocument();
    expect(screen.getByText(/Laatste bezoek 20-11-2026/)).toBeInTheDocument();
    expect(screen.getAllByText('Actief')[0]).toBeInTheDocument();
    const memberships = screen.getByRole('table', { name: 'Abonnementen van het lid' });
    const row = within(memberships).getByRole('row', { name: /Fitness onbeperkt/ });
    for (const text of ['Jaarcontract', 'Vitaal Amersfoort', '01-09-2026', 'Doorlopend', 'Lopend']) {
      expect(row).toHaveTextContent(text);
    }
    expect(row).toHaveTextContent('Gepauzeerd 01-01-2099 t/m 31-01-2099');

    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Persoonsgegevens' });
    const city = within(form).getByRole('textbox', { name: /^Plaats/ });
    expect(city).toHaveValue('Amersfoort');
    await user.clear(city);
    await user.type(city, 'Leusden');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De gegevens van Fatima el Amrani zijn opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Member')[0]?.body).toMatchObject({
      id: 41,
      city: 'Leusden',
      homeLocationId: 5,
      dateOfBirth: '1990-04-12',
      gender: 1,
    });
  });

  it("takes out a subscription: an active one, its variant and a location offering it; 'age does not match' on the field", async () => {
    const api = memberApi();
    let refuse = true;
    const requests = fakeAppApi(manager, {
      ...api.routes,
      'POST /api/Member/41/Membership': () =>
        refuse ? failure(400, 'member.errors.ageDoesNotMatch', 'subscriptionId') : { data: fatima },
    });
    await startApp('/members/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Abonnement afsluiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abonnement afsluiten' });
    const form = await within(dialog).findByRole('form', { name: 'Abonnement afsluiten' });
    await choose(/^Abonnement/, 'Fitness onbeperkt', form);
    expect(await within(form).findByText('Voor leeftijden: Jeugd (12 t/m 17 jaar)')).toBeInTheDocument();
    await choose(/^Variant/, 'Maandcontract', form);
    // The member's main location offers it: chosen already.
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /^Locatie/ })).toHaveValue('Vitaal Amersfoort'),
    );
    await user.click(within(form).getByRole('button', { name: 'Afsluiten' }));
    expect(
      await within(form).findByText('De leeftijd van het lid past niet bij dit abonnement'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/Subscription')[0]).toBeDefined();
    expect(queryOf(requestsTo(requests, 'GET', '/api/Subscription')[0])).toMatchObject({ isActive: 'true' });

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Afsluiten' }));
    expect(await screen.findByText('Fitness onbeperkt is afgesloten.')).toBeInTheDocument();
    const body = requestsTo(requests, 'POST', '/api/Member/41/Membership').at(-1)?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ subscriptionId: 21, variantId: 32, locationId: 5 });
    expect(body.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says that taking out needs the subscriptions right when the user lacks it', async () => {
    const api = memberApi();
    fakeAppApi(gymManager(['ManageMemberships']), api.routes);
    await startApp('/members/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Abonnement afsluiten' }));
    expect(
      await screen.findByText(
        'Om een abonnement af te sluiten heb je ook het recht om abonnementen te beheren nodig.',
      ),
    ).toBeInTheDocument();
  });

  it("ends a membership on a date, showing the variant's notice period", async () => {
    const api = memberApi();
    const requests = fakeAppApi(manager, {
      ...api.routes,
      'PUT /api/Membership/71/End': () => ({ data: fatima }),
    });
    await startApp('/members/41');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Beëindigen Fitness onbeperkt (Jaarcontract)' }),
    );
    const form = await screen.findByRole('form', { name: 'Abonnement beëindigen' });
    expect(within(form).getByText('Opzegtermijn: 1 maand')).toBeInTheDocument();
    const endDate = within(form).getByRole('textbox', { name: /^Einddatum/ });
    await user.clear(endDate);
    await user.type(endDate, '31-12-2099');
    await user.click(within(form).getByRole('button', { name: 'Beëindigen' }));
    expect(await screen.findByText('Fitness onbeperkt eindigt op 31-12-2099.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Membership/71/End')[0]?.body).toEqual({ endDate: '2099-12-31' });
  });

  it('pauses a membership, with the end of the pause not before its start, and cancels a pause after a confirmation', async () => {
    const api = memberApi();
    const requests = fakeAppApi(manager, {
      ...api.routes,
      'POST /api/Membership/71/Pause': () => ({ data: fatima }),
      'DELETE /api/MembershipPause/81': () => ({ data: null }),
    });
    await startApp('/members/41');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Pauzeren Fitness onbeperkt (Jaarcontract)' }),
    );
    const form = await screen.findByRole('form', { name: 'Abonnement pauzeren' });
    const from = within(form).getByRole('textbox', { name: /^Van/ });
    const to = within(form).getByRole('textbox', { name: /^Tot en met/ });
    await user.clear(from);
    await user.type(from, '01-03-2099');
    await user.clear(to);
    await user.type(to, '01-02-2099');
    await user.click(within(form).getByRole('button', { name: 'Pauzeren' }));
    expect(await within(form).findByText('Het einde van de pauze ligt voor het begin')).toBeInTheDocument();
    await user.clear(to);
    await user.type(to, '31-03-2099');
    await user.click(within(form).getByRole('button', { name: 'Pauzeren' }));
    expect(
      await screen.findByText('Fitness onbeperkt is gepauzeerd van 01-03-2099 t/m 31-03-2099.'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Membership/71/Pause')[0]?.body).toEqual({
      fromDate: '2099-03-01',
      toDate: '2099-03-31',
    });

    await user.click(
      screen.getByRole('button', { name: 'Pauze annuleren: Gepauzeerd 01-01-2099 t/m 31-01-2099' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pauze annuleren' });
    expect(dialog).toHaveTextContent('De pauze van 01-01-2099 t/m 31-01-2099 vervalt');
    await user.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('De pauze is geannuleerd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/MembershipPause/81')).toHaveLength(1);
  });

  it('anonymises only after a confirmation, and exports the data as JSON', async () => {
    const api = memberApi();
    const requests = fakeAppApi(manager, {
      ...api.routes,
      'GET /api/Member/41/Export': () => ({
        data: {
          exportedAt: '2026-11-24T12:00:00.000Z',
          member: fatima,
          entries: [],
          refusedEntries: [],
          invoices: [],
          productOrders: [],
          retention: [],
        },
      }),
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await startApp('/members/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Gegevens exporteren' }));
    expect(await screen.findByText('De gegevens van Fatima el Amrani zijn gedownload.')).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Anonimiseren' }));
    let dialog = await screen.findByRole('dialog', { name: 'Lid anonimiseren' });
    expect(dialog).toHaveTextContent('worden definitief verwijderd');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(requests, 'POST', '/api/Member/41/Anonymise')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Anonimiseren' }));
    dialog = await screen.findByRole('dialog', { name: 'Lid anonimiseren' });
    await user.click(within(dialog).getByRole('button', { name: 'Anonimiseren' }));
    expect(await screen.findByText('De persoonsgegevens zijn verwijderd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Member/41/Anonymise')).toHaveLength(1);
    expect(
      await screen.findByText('Dit lid is geanonimiseerd: de persoonsgegevens zijn verwijderd.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abonnement afsluiten' })).toBeDisabled();
  });

  it('lists the entries of the member by date range, and says there are no invoices yet', async () => {
    const api = memberApi();
    const requests = fakeAppApi(manager, {
      ...api.routes,
      'GET /api/Entry': () => ({ data: { items: entries, total: 2 } }),
      'GET /api/Invoice': () => ({ data: { items: [], total: 0, tabCounts: { all: 0 } } }),
    });
    const { router } = await startApp('/members/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Bezoeken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/41/entries'));
    const table = await screen.findByRole('table', { name: 'Bezoeken' });
    await within(table).findByText('09:15');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('20-11-2026');
    expect(rows[1]).toHaveTextContent('09:15');
    expect(rows[1]).toHaveTextContent('10:30');
    expect(rows[1]).toHaveTextContent('Check-in');
    expect(rows[2]).toHaveTextContent('Nog binnen');
    expect(queryOf(requestsTo(requests, 'GET', '/api/Entry')[0])).toMatchObject({
      memberId: '41',
      sort: 'entryAt',
      direction: 'desc',
    });
    await user.type(screen.getByRole('textbox', { name: 'Van' }), '01-11-2026');
    await user.tab();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from: '2026-11-01' }));
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, 'GET', '/api/Entry').at(-1))).toMatchObject({ from: '2026-11-01' }),
    );

    await user.click(screen.getByRole('tab', { name: 'Facturen' }));
    expect(await screen.findByText('Nog geen facturen')).toBeInTheDocument();
    expect(queryOf(requestsTo(requests, 'GET', '/api/Invoice')[0])).toMatchObject({ memberId: '41' });
  });

  it('says when the member does not exist', async () => {
    fakeAppApi(manager, { ...lists, 'GET /api/Member/99': () => failure(404, 'member.errors.notFound') });
    await startApp('/members/99');
    expect(
      await screen.findByText('Dit lid bestaat niet (meer), of je hebt er geen toegang toe.'),
    ).toBeInTheDocument();
  });

  it('is in English too', async () => {
    const api = memberApi();
    fakeAppApi({ ...manager, language: 'en' }, api.routes);
    localStorage.setItem('xp.language', 'en');
    await startApp('/members/41');
    await screen.findByRole('heading', { level: 1, name: 'Fatima el Amrani' });
    const { setLanguage } = await import('@/i18n');
    await setLanguage('en');
    expect(await screen.findByRole('tab', { name: 'Entries' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take out subscription' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anonymise' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: "The member's subscriptions" })).toHaveTextContent('Running');
  });
});
