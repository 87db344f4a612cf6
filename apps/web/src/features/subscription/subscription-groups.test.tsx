import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { AgeGroup, TimeSlotGroup } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { GroupsModal } from './groups-modal';
import { ageGroups, timeSlotGroups } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderModal() {
  const onClose = vi.fn();
  const result = renderWithQuery(<GroupsModal opened onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Leeftijdsgroepen en tijdsloten' });
  return { ...result, onClose, dialog };
}

describe('the age groups and time slots of the gym', () => {
  it('lists the age groups with their ages and how many subscriptions use them', async () => {
    fakeApi({ 'GET /api/AgeGroup': () => ({ data: { items: ageGroups, total: 2 } }) });
    const { dialog } = renderModal();
    const table = await within(dialog).findByRole('table', { name: 'Leeftijdsgroepen' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Jeugd');
    expect(rows[1]).toHaveTextContent('12 t/m 17 jaar');
    expect(rows[1]).toHaveTextContent('1 abonnement');
    expect(rows[2]).toHaveTextContent('0 abonnementen');
  });

  it('adds an age group and changes one', async () => {
    const groups: AgeGroup[] = [...ageGroups];
    const requests = fakeApi({
      'GET /api/AgeGroup': () => ({ data: { items: groups, total: groups.length } }),
      'POST /api/AgeGroup': ({ body }) => ({ data: { id: 7, subscriptionCount: 0, ...(body as object) } }),
      'PUT /api/AgeGroup': ({ body }) => ({ data: { subscriptionCount: 1, ...(body as object) } }),
    });
    const { user, dialog } = renderModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Leeftijdsgroep toevoegen' }));
    const form = within(dialog).getByRole('form', { name: 'Nieuwe leeftijdsgroep' });
    await user.type(within(form).getByRole('textbox', { name: /^Naam$/ }), 'Kinderen');
    const maximum = within(form).getByRole('textbox', { name: /Maximumleeftijd/ });
    await user.clear(maximum);
    await user.type(maximum, '11');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Leeftijdsgroep Kinderen is toegevoegd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/AgeGroup')[0]?.body).toEqual({
      name: 'Kinderen',
      minimumAge: 0,
      maximumAge: 11,
    });

    await user.click(await within(dialog).findByRole('button', { name: 'Bewerken Jeugd' }));
    const edit = within(dialog).getByRole('form', { name: 'Leeftijdsgroep bewerken' });
    expect(within(edit).getByRole('textbox', { name: /Minimumleeftijd/ })).toHaveValue('12');
    const minimum = within(edit).getByRole('textbox', { name: /Minimumleeftijd/ });
    await user.clear(minimum);
    await user.type(minimum, '13');
    await user.click(within(edit).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(requestsTo(requests, 'PUT', '/api/AgeGroup')[0]?.body).toEqual({
        id: 1,
        name: 'Jeugd',
        minimumAge: 13,
        maximumAge: 17,
      }),
    );
  });

  it('asks before deleting, and says so when a subscription still uses the group', async () => {
    const requests = fakeApi({
      'GET /api/AgeGroup': () => ({ data: { items: ageGroups, total: 2 } }),
      'DELETE /api/AgeGroup/1': () => failure(409, 'subscription.errors.ageGroupInUse'),
      'DELETE /api/AgeGroup/2': () => ({ data: null }),
    });
    const { user, dialog } = renderModal();
    await user.click(await within(dialog).findByRole('button', { name: 'Verwijderen Senioren' }));
    expect(
      within(dialog).getByText(/Weet je zeker dat je leeftijdsgroep Senioren wilt verwijderen/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'DELETE', '/api/AgeGroup/2')).toHaveLength(0);

    await user.click(await within(dialog).findByRole('button', { name: 'Verwijderen Senioren' }));
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Leeftijdsgroep Senioren is verwijderd.')).toBeInTheDocument();

    await user.click(await within(dialog).findByRole('button', { name: 'Verwijderen Jeugd' }));
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    // Back at the list, which says why above it until closed.
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Leeftijdsgroep kan niet worden verwijderd');
    expect(refusal).toHaveTextContent(
      'Deze leeftijdsgroep wordt nog door een abonnement gebruikt; haal hem daar eerst weg',
    );
    expect(within(dialog).getByRole('table', { name: 'Leeftijdsgroepen' })).toBeInTheDocument();
    await user.click(within(refusal).getByRole('button', { name: 'Sluiten' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('adds a time slot with its days, Monday first, checked by the rules of the contract', async () => {
    const groups: TimeSlotGroup[] = [...timeSlotGroups];
    const requests = fakeApi({
      'GET /api/AgeGroup': () => ({ data: { items: ageGroups, total: 2 } }),
      'GET /api/TimeSlotGroup': () => ({ data: { items: groups, total: groups.length } }),
      'POST /api/TimeSlotGroup': ({ body }) => ({
        data: { id: 8, subscriptionCount: 0, ...(body as object) },
      }),
    });
    const { user, dialog } = renderModal();
    await user.click(within(dialog).getByRole('tab', { name: 'Tijdsloten' }));
    const table = await within(dialog).findByRole('table', { name: 'Tijdsloten' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('ma, di, wo, do, vr · 09:00–16:00');

    await user.click(within(dialog).getByRole('button', { name: 'Tijdslot toevoegen' }));
    const form = within(dialog).getByRole('form', { name: 'Nieuw tijdslot' });
    const checkboxes = within(form)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('value'));
    expect(checkboxes).toEqual(['1', '2', '3', '4', '5', '6', '0']);
    await user.type(within(form).getByRole('textbox', { name: /^Naam$/ }), 'Weekend');
    await user.type(within(form).getByRole('textbox', { name: /Begintijd/ }), '1000');
    await user.type(within(form).getByRole('textbox', { name: /Eindtijd/ }), '0900');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(form).findByText('Kies ten minste één dag')).toBeInTheDocument();
    expect(within(form).getByText('De eindtijd moet na de begintijd liggen')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/TimeSlotGroup')).toHaveLength(0);

    await user.click(within(form).getByRole('checkbox', { name: 'Zondag' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Zaterdag' }));
    const end = within(form).getByRole('textbox', { name: /Eindtijd/ });
    await user.clear(end);
    await user.type(end, '14:00');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Tijdslot Weekend is toegevoegd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/TimeSlotGroup')[0]?.body).toEqual({
      name: 'Weekend',
      days: [0, 6],
      beginTime: '10:00',
      endTime: '14:00',
    });
  });
});
