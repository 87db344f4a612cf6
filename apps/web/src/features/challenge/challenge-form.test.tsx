import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { ChallengeModal } from './challenge-form';
import { challenges, sentForms, stepsTemplate, waterTemplate } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const popular = () => ({ data: { items: [stepsTemplate, waterTemplate], total: 2 } });

function openModal(options?: { language?: 'nl' | 'en'; challengeId?: number }) {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const result = renderWithQuery(
    <ChallengeModal opened challengeId={options?.challengeId} onClose={onClose} onCreated={onCreated} />,
    options?.language ? { language: options.language } : undefined,
  );
  return { ...result, onClose, onCreated };
}

/** Opens a new challenge and picks 'Stappen zetten' with the keyboard. */
async function pickSteps(user: ReturnType<typeof openModal>['user']) {
  const dialog = screen.getByRole('dialog');
  const row = await within(dialog).findByRole('button', { name: /Stappen zetten|Steps/ });
  row.focus();
  await user.keyboard('{Enter}');
  return screen.findByRole('form', { name: /Nieuwe challenge|New challenge/ });
}

describe('a new challenge: the template first', () => {
  it('lists the templates, the most used first, with theme, completion rule and use count', async () => {
    const requests = fakeApi({ 'GET /api/challenge/popular': popular });
    openModal();
    const dialog = screen.getByRole('dialog', { name: 'Kies een sjabloon' });
    const list = await within(dialog).findByRole('list', { name: 'Kies een sjabloon' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Stappen zetten kiezen',
      'Water drinken kiezen',
    ]);
    expect(rows[0]).toHaveTextContent('Bewegen');
    expect(rows[0]).toHaveTextContent('Voltooien in 3 weken · 250 XP · 4 keer gebruikt');
    expect(rows[0]?.querySelector('img')?.getAttribute('src')).toContain(`/cdn/${'a'.repeat(64)}`);
    expect(rows[1]).toHaveTextContent('Voeding');
    expect(rows[1]).toHaveTextContent('Voltooien in 1 dag · 50 XP · Nog niet gebruikt');
    // No sort sent: the server's default order is the most used first.
    expect(queryOf(requests[0])).toEqual({ page: '1', pageSize: '6' });
  });

  it('searches on the name and filters by theme', async () => {
    const requests = fakeApi({ 'GET /api/challenge/popular': popular });
    const { user } = openModal();
    const dialog = screen.getByRole('dialog', { name: 'Kies een sjabloon' });
    await within(dialog).findByRole('button', { name: 'Stappen zetten kiezen' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Zoek een sjabloon op naam' }), 'water');
    await waitFor(() => expect(queryOf(requests.at(-1))).toMatchObject({ search: 'water' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Voeding' }));
    await waitFor(() => expect(queryOf(requests.at(-1))).toMatchObject({ search: 'water', theme: '1' }));
  });

  it('asks the total once per search and theme: page 2 sends counts=false and keeps it', async () => {
    // Like the server: `counts=false` answers the page alone.
    const requests = fakeApi({
      'GET /api/challenge/popular': (request) => ({
        data:
          queryOf(request).counts === 'false'
            ? { items: [stepsTemplate, waterTemplate] }
            : { items: [stepsTemplate, waterTemplate], total: 20 },
      }),
    });
    const { user } = openModal();
    const dialog = screen.getByRole('dialog', { name: 'Kies een sjabloon' });
    expect(await within(dialog).findByText('Resultaten: 1 - 6 van 20')).toBeInTheDocument();
    expect(queryOf(requests.at(-1))).not.toHaveProperty('counts');
    await user.click(within(dialog).getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(queryOf(requests.at(-1))).toMatchObject({ page: '2', counts: 'false' }));
    expect(await within(dialog).findByText('Resultaten: 7 - 12 van 20')).toBeInTheDocument();
    // Another theme is another filter: its total is asked.
    await user.click(within(dialog).getByRole('radio', { name: 'Voeding' }));
    await waitFor(() => expect(queryOf(requests.at(-1))).toMatchObject({ page: '1', theme: '1' }));
    expect(queryOf(requests.at(-1))).not.toHaveProperty('counts');
  });

  it('says so when no template fits', async () => {
    fakeApi({ 'GET /api/challenge/popular': () => ({ data: { items: [], total: 0 } }) });
    openModal();
    expect(await screen.findByText('Geen sjablonen gevonden')).toBeInTheDocument();
  });

  it('picks a template by keyboard, fills the form from it and adds the challenge as form data', async () => {
    const requests = fakeApi({
      'GET /api/challenge/popular': popular,
      'POST /api/challenge': () => ({ data: { ...challenges[0], id: 9 } }),
    });
    const { user, onClose, onCreated } = openModal();
    const form = await pickSteps(user);
    expect(screen.getByRole('dialog', { name: 'Nieuwe challenge' })).toBeInTheDocument();

    const summary = within(form).getByRole('region', { name: 'Sjabloon' });
    expect(summary).toHaveTextContent('Stappen zetten');
    expect(summary).toHaveTextContent('Zet elke dag 10.000 stappen.');
    expect(summary).toHaveTextContent('10.000 stappen');
    expect(summary).toHaveTextContent(/Voltooien in\s*3 weken/);
    expect(summary).toHaveTextContent('De actieve periode duurt minstens 21 dagen');
    expect(within(form).getByRole('textbox', { name: /Beloning \(XP\)/ })).toHaveValue('250 XP');
    expect(within(form).getByRole('switch', { name: 'Vaste actieve periode' })).not.toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Meldingen versturen' })).toBeChecked();
    expect(within(form).queryByRole('textbox', { name: /Startdatum/ })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Challenge toevoegen' }));
    expect(await screen.findByText('De challenge Stappen zetten is toegevoegd.')).toBeVisible();
    expect(requestsTo(requests, 'POST', '/api/challenge')).toHaveLength(1);
    // The list asks its counts again.
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(sentForms()[0]!.entries())).toEqual({
      challengeTemplateId: '11',
      entreoPointsReward: '250',
      hasDate: 'false',
      hasFromDate: 'false',
      sendNotifications: 'true',
    });
    await user.click(screen.getAllByRole('button', { name: 'Sluiten' }).at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('goes back to the templates', async () => {
    fakeApi({ 'GET /api/challenge/popular': popular });
    const { user } = openModal();
    const form = await pickSteps(user);
    await user.click(within(form).getByRole('button', { name: 'Ander sjabloon' }));
    expect(await screen.findByRole('dialog', { name: 'Kies een sjabloon' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Water drinken kiezen' })).toBeInTheDocument();
  });
});

describe('the rules of the challenge form', () => {
  it('refuses an active period shorter than the template needs (today to tomorrow < 21 days)', async () => {
    const requests = fakeApi({ 'GET /api/challenge/popular': popular });
    const { user } = openModal();
    const form = await pickSteps(user);
    await user.click(within(form).getByRole('switch', { name: 'Vaste actieve periode' }));
    const start = within(form).getByRole('textbox', { name: /Startdatum/ });
    const end = within(form).getByRole('textbox', { name: /Einddatum/ });
    expect(start).toBeRequired();
    expect(end).toHaveAccessibleDescription(/De actieve periode duurt minstens 21 dagen/);

    await user.click(within(form).getByRole('button', { name: 'Challenge toevoegen' }));
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription(/De actieve periode is te kort voor dit sjabloon/),
    );
    expect(requestsTo(requests, 'POST', '/api/challenge')).toHaveLength(0);
  });

  it('says the same in English', async () => {
    fakeApi({ 'GET /api/challenge/popular': popular });
    const { user } = openModal({ language: 'en' });
    expect(screen.getByRole('dialog', { name: 'Pick a template' })).toBeInTheDocument();
    const form = await pickSteps(user);
    await user.click(within(form).getByRole('switch', { name: 'Fixed active period' }));
    await user.click(within(form).getByRole('button', { name: 'Add challenge' }));
    const end = within(form).getByRole('textbox', { name: /End date/ });
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription(/The active period is too short for this template/),
    );
    expect(end).toHaveAccessibleDescription(/The active period lasts at least 21 days/);
  });

  it('accepts a period of one day for a once-a-day template and sends both dates', async () => {
    fakeApi({
      'GET /api/challenge/popular': popular,
      'POST /api/challenge': () => ({ data: { ...challenges[1], id: 9 } }),
    });
    const { user } = openModal();
    const row = await screen.findByRole('button', { name: 'Water drinken kiezen' });
    await user.click(row);
    const form = await screen.findByRole('form', { name: 'Nieuwe challenge' });
    await user.click(within(form).getByRole('switch', { name: 'Vaste actieve periode' }));
    await user.click(within(form).getByRole('button', { name: 'Challenge toevoegen' }));
    expect(await screen.findByText('De challenge Water drinken is toegevoegd.')).toBeVisible();
    const sent = sentForms()[0]!;
    expect(sent.get('hasDate')).toBe('true');
    const start = new Date(sent.get('startDate') as string);
    const end = new Date(sent.get('endDate') as string);
    expect(Math.round((end.getTime() - start.getTime()) / 86_400_000)).toBe(1);
    expect(sent.get('sendNotifications')).toBe('false');
  });

  it('asks for a whole reward greater than 0 and at most 100.000', async () => {
    const requests = fakeApi({ 'GET /api/challenge/popular': popular });
    const { user } = openModal();
    const form = await pickSteps(user);
    const reward = within(form).getByRole('textbox', { name: /Beloning \(XP\)/ });
    expect(reward).toBeRequired();

    await user.clear(reward);
    await user.type(reward, '0');
    await user.tab();
    expect(reward).toHaveAccessibleDescription(/Moet groter zijn dan 0/);

    // Letters cannot be typed: what is left is an empty field.
    await user.clear(reward);
    await user.type(reward, 'abc');
    await user.tab();
    expect(reward).toHaveValue('');
    expect(reward).toHaveAccessibleDescription(/Dit veld is verplicht/);

    await user.type(reward, '100001');
    await user.tab();
    expect(reward).toHaveAccessibleDescription(/Deze waarde is te groot/);

    await user.click(within(form).getByRole('button', { name: 'Challenge toevoegen' }));
    expect(requestsTo(requests, 'POST', '/api/challenge')).toHaveLength(0);
  });

  it("puts the server's field error on its field", async () => {
    fakeApi({
      'GET /api/challenge/popular': popular,
      'POST /api/challenge': () => failure(400, 'validation.greaterThanZero', 'EntreoPointsReward'),
    });
    const { user } = openModal();
    const form = await pickSteps(user);
    await user.click(within(form).getByRole('button', { name: 'Challenge toevoegen' }));
    const reward = await within(form).findByRole('textbox', { name: /Beloning \(XP\)/ });
    await waitFor(() => expect(reward).toHaveAccessibleDescription(/Moet groter zijn dan 0/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why when the template is no longer available', async () => {
    fakeApi({
      'GET /api/challenge/popular': popular,
      'POST /api/challenge': () =>
        failure(400, 'challenge.errors.templateNotAvailable', 'challengeTemplateId'),
    });
    const { user } = openModal();
    const form = await pickSteps(user);
    await user.click(within(form).getByRole('button', { name: 'Challenge toevoegen' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Challenge kan niet worden toegevoegd');
    expect(toast).toHaveTextContent('Dit sjabloon is niet (meer) beschikbaar; kies een ander sjabloon');
  });
});

describe('editing a challenge', () => {
  it('loads the challenge and opens its form with the copy of its template', async () => {
    const requests = fakeApi({
      'GET /api/challenge/1': () => ({ data: challenges[0] }),
      'PUT /api/challenge': () => ({ data: { ...challenges[0], entreoPointsReward: 400 } }),
    });
    const { user, onCreated } = openModal({ challengeId: 1 });
    const dialog = screen.getByRole('dialog', { name: 'Challenge bewerken' });
    expect(within(dialog).getByText('Een moment geduld')).toBeInTheDocument();

    const form = await within(dialog).findByRole('form', { name: 'Challenge bewerken' });
    expect(within(form).getByRole('region', { name: 'Sjabloon' })).toHaveTextContent('Stappen zetten');
    expect(within(form).queryByRole('button', { name: 'Ander sjabloon' })).not.toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/challenge/popular')).toHaveLength(0);
    const reward = within(form).getByRole('textbox', { name: /Beloning \(XP\)/ });
    expect(reward).toHaveValue('300 XP');
    expect(within(form).getByRole('switch', { name: 'Vaste actieve periode' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /Startdatum/ })).toHaveValue('04-01-2027');
    expect(within(form).getByRole('textbox', { name: /Einddatum/ })).toHaveValue('28-02-2027');
    expect(within(form).getByRole('textbox', { name: /Zichtbaar vanaf/ })).toHaveValue('20-12-2026');

    await user.clear(reward);
    await user.type(reward, '400');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('De wijzigingen in de challenge Stappen zetten zijn opgeslagen.'),
    ).toBeVisible();
    const sent = Object.fromEntries(sentForms()[0]!.entries());
    expect(sent).toMatchObject({
      id: '1',
      entreoPointsReward: '400',
      hasDate: 'true',
      hasFromDate: 'true',
      sendNotifications: 'true',
    });
    expect(sent).not.toHaveProperty('challengeTemplateId');
    // A change of a challenge keeps the list's counts.
    expect(onCreated).not.toHaveBeenCalled();
    expect(sent).not.toHaveProperty('fromEndDate');
    expect(new Date(sent.startDate as string).getDate()).toBe(4);
  });

  it('says when the challenge is gone', async () => {
    fakeApi({ 'GET /api/challenge/7': () => failure(404, 'challenge.errors.notFound') });
    openModal({ challengeId: 7 });
    expect(await screen.findByText('Deze challenge bestaat niet (meer)')).toBeInTheDocument();
  });
});
