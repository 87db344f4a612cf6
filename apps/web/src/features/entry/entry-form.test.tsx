import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { dutchToday } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { AddEntryModal, EditEntryModal } from './entry-form';
import { entries, memberItems, page, savedEntry } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const today = dutchToday();
const members = { 'GET /api/Member': page(memberItems) };

function renderAdd(language: 'nl' | 'en' = 'nl') {
  const onClose = vi.fn();
  return { onClose, ...renderWithQuery(<AddEntryModal opened onClose={onClose} />, { language }) };
}

describe("'Entree registreren'", () => {
  it('searches a member on the server, and registers the entry of today with its times', async () => {
    const requests = fakeApi({
      ...members,
      'POST /api/Entry': (request) => ({
        data: savedEntry({ ...(request.body as object), memberName: 'Anouk Jansen' }),
      }),
    });
    const { user } = renderAdd();
    const form = screen.getByRole('form', { name: 'Entree registreren' });
    expect(within(form).getByRole('textbox', { name: /Datum/ })).toHaveValue(
      today.split('-').reverse().join('-'),
    );
    expect((within(form).getByRole('textbox', { name: /Binnenkomst/ }) as HTMLInputElement).value).toMatch(
      /^\d\d:\d\d$/,
    );

    await user.type(within(form).getByRole('combobox', { name: /^Lid/ }), 'anouk');
    await waitFor(() =>
      expect(queryOf(requestsTo(requests, 'GET', '/api/Member').at(-1))).toMatchObject({ search: 'anouk' }),
    );
    await user.click(await screen.findByRole('option', { name: /Anouk Jansen/ }));
    expect(within(form).getByLabelText('Lid wissen')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /Binnenkomst/ }));
    await user.type(within(form).getByRole('textbox', { name: /Binnenkomst/ }), '0730');
    await user.type(within(form).getByRole('textbox', { name: /Vertrek/ }), '9:15');
    await user.click(within(form).getByRole('button', { name: 'Registreren' }));

    expect(await screen.findByText('De entree van Anouk Jansen is geregistreerd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Entry')[0]?.body).toEqual({
      memberId: 41,
      date: today,
      entryTime: '07:30',
      exitTime: '09:15',
    });
  });

  it("asks for a member, and for an exit time not before the entry time (the contract's rule)", async () => {
    const requests = fakeApi(members);
    const { user } = renderAdd();
    const form = screen.getByRole('form', { name: 'Entree registreren' });
    await user.click(within(form).getByRole('button', { name: 'Registreren' }));
    expect(await within(form).findByText('Dit veld is verplicht')).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: /^Lid/ }));
    await user.click(await screen.findByRole('option', { name: /Anouk de Wit/ }));
    await user.clear(within(form).getByRole('textbox', { name: /Binnenkomst/ }));
    await user.type(within(form).getByRole('textbox', { name: /Binnenkomst/ }), '10:00');
    await user.type(within(form).getByRole('textbox', { name: /Vertrek/ }), '09:59');
    await user.click(within(form).getByRole('button', { name: 'Registreren' }));
    expect(
      await within(form).findByText('De tijd van vertrek mag niet voor de tijd van binnenkomst liggen'),
    ).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Entry')).toHaveLength(0);
  });

  it("shows the server's refusal on the member ('geen geldig abonnement')", async () => {
    fakeApi({
      ...members,
      'POST /api/Entry': () => failure(400, 'entry.errors.noMembership', 'memberId'),
    });
    const { user } = renderAdd();
    const form = screen.getByRole('form', { name: 'Entree registreren' });
    await user.click(within(form).getByRole('combobox', { name: /^Lid/ }));
    await user.click(await screen.findByRole('option', { name: /Anouk Jansen/ }));
    await user.click(within(form).getByRole('button', { name: 'Registreren' }));
    expect(
      await screen.findByText('Dit lid heeft op die dag geen geldig abonnement bij deze locatie'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Entree registreren' })).toBeInTheDocument();
  });

  it("says 'Entree kan niet worden geregistreerd' for a failure without a field", async () => {
    fakeApi({ ...members, 'POST /api/Entry': () => failure(403, 'errors.forbidden') });
    const { user } = renderAdd();
    const form = screen.getByRole('form', { name: 'Entree registreren' });
    await user.click(within(form).getByRole('combobox', { name: /^Lid/ }));
    await user.click(await screen.findByRole('option', { name: /Anouk Jansen/ }));
    await user.click(within(form).getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('Entree kan niet worden geregistreerd')).toBeInTheDocument();
  });

  it('says when members cannot be searched (no right to the member list)', async () => {
    fakeApi({ 'GET /api/Member': () => failure(403, 'errors.forbidden') });
    const { user } = renderAdd();
    await user.type(screen.getByRole('combobox', { name: /^Lid/ }), 'anouk');
    expect(await screen.findByText('Leden kunnen niet worden gezocht')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    fakeApi(members);
    renderAdd('en');
    const form = screen.getByRole('form', { name: 'Register entry' });
    expect(within(form).getByRole('combobox', { name: /^Member/ })).toBeInTheDocument();
    expect(within(form).getByText('Leave empty if the member is still inside.')).toBeInTheDocument();
  });
});

describe("'Entree bewerken'", () => {
  it('corrects the times of an entry, the member staying', async () => {
    const entry = entries[1];
    if (!entry) throw new Error('no entry');
    const requests = fakeApi({
      'PUT /api/Entry': (request) => ({ data: { ...entry, ...(request.body as object) } }),
    });
    const { user } = renderWithQuery(<EditEntryModal opened onClose={() => {}} entry={entry} />);
    const form = screen.getByRole('form', { name: 'Entree bewerken' });
    expect(within(form).getByRole('textbox', { name: 'Lid' })).toHaveAttribute('readonly');
    await user.clear(within(form).getByRole('textbox', { name: /Vertrek/ }));
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De entree van Bram de Boer is opgeslagen.')).toBeInTheDocument();
    // No exit time: the member is inside again.
    expect(requestsTo(requests, 'PUT', '/api/Entry')[0]?.body).toEqual({
      id: 102,
      date: entry.date,
      entryTime: '07:00',
    });
  });
});
