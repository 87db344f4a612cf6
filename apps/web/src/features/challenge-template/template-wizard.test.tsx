import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { ChallengeTemplate, PictureBankItem } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { TemplateWizardPanel } from './template-wizard';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const pictureOf = (id: number, category: number): PictureBankItem => ({
  id,
  fileName: `foto-${id}.png`,
  category,
  isActive: true,
  pictureHash: String(id).repeat(64).slice(0, 64),
  byteSize: 2048,
  width: 1200,
  height: 300,
  createdAt: '2026-11-01T10:00:00.000Z',
});

const stored: ChallengeTemplate = {
  id: 7,
  name: 'Wandelen in de pauze',
  description: 'Elke werkdag een rondje',
  uniqueFeatureDescription: 'Samen met collega’s',
  activityDescription: null,
  benefitDescription: null,
  theme: 0,
  measurement: 1,
  measurementUnit: 11,
  activity: 2,
  difficulty: 1,
  status: 1,
  isActive: true,
  completionPeriod: 1,
  completionAmount: 4,
  frequencyPeriod: 1,
  frequencyAmount: 1,
  frequencyPeriodAmount: 5,
  measurementAmount: 2,
  entreoPointsReward: 10,
  hasDate: false,
  startDate: null,
  endDate: null,
  hasFromDate: false,
  fromDate: null,
  fromEndDate: null,
  publishDate: null,
  sendNotifications: true,
  thirdParty: false,
  challengeBannerHash: 'e'.repeat(64),
  pictureBankItemId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const bankRoutes = {
  'GET /api/PictureBankItem/all': (request: { url: string }) => {
    const category = Number(new URL(request.url, 'http://localhost').searchParams.get('category'));
    const items = [pictureOf(3, category), pictureOf(4, category)];
    return { data: { items, total: items.length } };
  },
};

function sentForms(): FormData[] {
  const calls = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
  return calls.map(([, init]) => init.body).filter((body): body is FormData => body instanceof FormData);
}

function renderWizard(template?: ChallengeTemplate, language: 'nl' | 'en' = 'nl') {
  const onClose = vi.fn();
  const result = renderWithQuery(<TemplateWizardPanel opened template={template} onClose={onClose} />, {
    language,
  });
  return { ...result, onClose };
}

const combobox = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });
const next = () => screen.getByRole('button', { name: 'Volgende' });

describe('step 1, the theme', () => {
  it('applies the defaults of a picked theme', async () => {
    fakeApi(bankRoutes);
    const { user } = renderWizard();
    await screen.findByRole('dialog', { name: 'Sjabloon toevoegen' });
    expect(screen.getByRole('radio', { name: 'Bewegen' })).toBeChecked();
    expect(combobox('Meeteenheid')).toHaveValue('Afstand');
    expect(combobox('Eenheid')).toHaveValue('Meter');
    expect(combobox('Activiteit')).toHaveValue('Wandelen');
    expect(combobox('Niveau')).toHaveValue('Beginner');

    await user.click(screen.getByRole('radio', { name: 'Voeding' }));
    expect(combobox('Meeteenheid')).toHaveValue('Gewicht');
    expect(combobox('Eenheid')).toHaveValue('Gram');
    expect(combobox('Activiteit')).toHaveValue('Eten en drinken');
    await user.click(screen.getByRole('radio', { name: 'Ontspanning' }));
    expect(combobox('Meeteenheid')).toHaveValue('Duur');
    expect(combobox('Eenheid')).toHaveValue('Minuten');
    expect(combobox('Activiteit')).toHaveValue('Meditatie');
  });

  it('offers the units of the measurement type, and a new type starts with its default unit', async () => {
    fakeApi(bankRoutes);
    const { user } = renderWizard();
    await screen.findByRole('dialog', { name: 'Sjabloon toevoegen' });
    await user.click(combobox('Eenheid'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Kilometer',
      'Meter',
    ]);
    await user.click(screen.getByRole('option', { name: 'Kilometer' }));
    expect(combobox('Eenheid')).toHaveValue('Kilometer');

    await user.click(combobox('Meeteenheid'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Aantal',
      'Afstand',
      'Duur',
    ]);
    await user.click(screen.getByRole('option', { name: 'Aantal' }));
    expect(combobox('Eenheid')).toHaveValue('Stappen');
    await user.click(combobox('Eenheid'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Stappen',
      'Hartslag',
    ]);
  });
});

describe('a new template', () => {
  it('requires a banner, checks step 3, and sends the form with the picked picture', async () => {
    const requests = fakeApi({
      ...bankRoutes,
      'POST /api/challengeTemplate': () => ({ data: { ...stored, id: 9, name: 'Fruit eten' } }),
    });
    const { user, onClose } = renderWizard();
    await screen.findByRole('dialog', { name: 'Sjabloon toevoegen' });
    await user.click(screen.getByRole('radio', { name: 'Voeding' }));
    await user.click(next());

    // Step 2: the active pictures of the theme's category.
    const picture = await screen.findByRole('button', { name: 'foto-3.png als banner kiezen' });
    expect(queryOf(requestsTo(requests, 'GET', '/api/PictureBankItem/all')[0])).toMatchObject({
      category: '1',
      isActive: 'true',
    });
    await user.click(next());
    expect(await screen.findByText('Kies een afbeelding of upload een banner')).toBeInTheDocument();
    expect(picture).toHaveAttribute('aria-pressed', 'false');
    await user.click(picture);
    expect(picture).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Kies een afbeelding of upload een banner')).not.toBeInTheDocument();
    await user.click(next());

    // Step 3: the limits of the settings.
    const name = await screen.findByRole('textbox', { name: /^Naam/ });
    await user.type(name, 'x'.repeat(65));
    const amount = screen.getByRole('textbox', { name: /^Te behalen hoeveelheid/ });
    await user.clear(amount);
    await user.type(amount, '0');
    const reward = screen.getByRole('textbox', { name: /^Beloning/ });
    await user.clear(reward);
    await user.type(reward, 'tien');
    await user.click(next());
    expect(await screen.findByText('Deze waarde is te lang')).toBeInTheDocument();
    expect(screen.getByText('Moet groter zijn dan 0')).toBeInTheDocument();
    expect(screen.getByText('Alleen cijfers')).toBeInTheDocument();
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(1);

    await user.clear(name);
    await user.type(name, 'Fruit eten');
    await user.type(
      screen.getByRole('textbox', { name: /^Omschrijving( \*)?$/ }),
      'Twee stuks fruit per dag',
    );
    await user.clear(amount);
    await user.type(amount, '2');
    await user.clear(reward);
    await user.type(reward, '10');
    await user.click(next());

    // Step 4: the summary and the status.
    const summary = await screen.findByRole('table', { name: 'Overzicht' });
    expect(summary).toHaveTextContent('Voeding');
    expect(summary).toHaveTextContent('Twee stuks fruit per dag');
    expect(summary).toHaveTextContent('10 XP');
    expect(screen.getByRole('heading', { name: 'Fruit eten' })).toBeInTheDocument();
    expect(combobox('Status')).toHaveValue('Gepubliceerd');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));

    expect(await screen.findByText('Fruit eten is toegevoegd')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const sent = Object.fromEntries(sentForms()[0]!.entries());
    expect(sent).toMatchObject({
      name: 'Fruit eten',
      description: 'Twee stuks fruit per dag',
      theme: '1',
      measurement: '3',
      measurementUnit: '12',
      activity: '6',
      difficulty: '0',
      status: '2',
      measurementAmount: '2',
      entreoPointsReward: '10',
      completionAmount: '1',
      hasDate: 'false',
      hasFromDate: 'false',
      pictureBankItemId: '3',
    });
    expect(sent).not.toHaveProperty('challengeBanner');
    expect(sent).not.toHaveProperty('endDate');
    expect(sent).not.toHaveProperty('uniqueFeatureDescription');
  });
  it('sends an uploaded banner instead of a picture', async () => {
    fakeApi({
      ...bankRoutes,
      'POST /api/challengeTemplate': () => ({ data: { ...stored, id: 9, name: 'Mediteren' } }),
    });
    const { user } = renderWizard();
    const dialog = await screen.findByRole('dialog', { name: 'Sjabloon toevoegen' });
    await user.click(screen.getByRole('radio', { name: 'Ontspanning' }));
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'foto-4.png als banner kiezen' }));
    const own = new File([new Uint8Array([137, 80, 78, 71])], 'eigen.png', { type: 'image/png' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, own);
    // The upload replaces the picked picture.
    expect(screen.getByRole('button', { name: 'foto-4.png als banner kiezen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(next());
    await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), 'Mediteren');
    await user.type(screen.getByRole('textbox', { name: /^Omschrijving( \*)?$/ }), 'Tien minuten per dag');
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Mediteren is toegevoegd')).toBeInTheDocument();
    const sent = sentForms()[0]!;
    expect((sent.get('challengeBanner') as File | null)?.name).toBe('eigen.png');
    expect(sent.has('pictureBankItemId')).toBe(false);
    expect(sent.get('theme')).toBe('2');
    expect(sent.get('measurementUnit')).toBe('2');
  });

  it('asks before closing with unsaved changes', async () => {
    fakeApi(bankRoutes);
    const { user, onClose } = renderWizard();
    await screen.findByRole('dialog', { name: 'Sjabloon toevoegen' });
    await user.click(screen.getByRole('radio', { name: 'Voeding' }));
    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    const question = await screen.findByRole('alertdialog', { name: 'Wijzigingen niet opgeslagen' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Annuleren' }));
    expect(screen.getByRole('radio', { name: 'Voeding' })).toBeChecked();
  });
});

describe('editing a template', () => {
  it('opens at step 3 with the stored values; steps 1 and 2 stay reachable', async () => {
    fakeApi(bankRoutes);
    const { user } = renderWizard(stored);
    await screen.findByRole('dialog', { name: 'Sjabloon bewerken' });
    expect(await screen.findByRole('textbox', { name: /^Naam/ })).toHaveValue('Wandelen in de pauze');
    expect(screen.getByRole('textbox', { name: /^Aantal frequentieperiodes/ })).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Terug' }));
    // Step 2: the stored banner counts; nothing needs to be picked.
    await screen.findByRole('button', { name: 'foto-3.png als banner kiezen' });
    expect(screen.getByRole('img', { name: /Huidige afbeelding|Banner/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Terug' }));
    expect(screen.getByRole('radio', { name: 'Bewegen' })).toBeChecked();
    expect(combobox('Eenheid')).toHaveValue('Kilometer');
  });

  it('keeps the banner when none is chosen, and shows a server field error on its step', async () => {
    fakeApi({
      ...bankRoutes,
      'PUT /api/challengeTemplate': () => failure(400, 'validation.tooLong', 'Name'),
    });
    const { user, onClose } = renderWizard(stored);
    await screen.findByRole('textbox', { name: /^Naam/ });
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Bevestigen' }));

    // Back at step 3 (from the summary) with the translated message on the name.
    const name = await screen.findByRole('textbox', { name: /^Naam/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Deze waarde is te lang'));
    expect(onClose).not.toHaveBeenCalled();
    const sent = Object.fromEntries(sentForms()[0]!.entries());
    expect(sent).toMatchObject({
      id: '7',
      name: 'Wandelen in de pauze',
      uniqueFeatureDescription: 'Samen met collega’s',
      status: '1',
      sendNotifications: 'true',
    });
    expect(sent).not.toHaveProperty('pictureBankItemId');
    expect(sent).not.toHaveProperty('challengeBanner');
  });
});

describe('editing a template by its id', () => {
  const renderById = () => {
    const onClose = vi.fn();
    return {
      ...renderWithQuery(<TemplateWizardPanel opened templateId={7} onClose={onClose} />),
      onClose,
    };
  };

  it('loads the whole template first, then opens at step 3 with its values', async () => {
    let answer: (value: unknown) => void = () => {};
    const loaded = new Promise((resolve) => {
      answer = resolve;
    });
    const requests = fakeApi({ ...bankRoutes, 'GET /api/challengeTemplate/7': () => ({ data: stored }) });
    // Hold the answer back until the wait has been seen.
    const fetch = globalThis.fetch as unknown as (url: string, init: RequestInit) => Promise<Response>;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.split('?')[0] === '/api/challengeTemplate/7') await loaded;
      return fetch(url, init);
    });
    renderById();
    const dialog = await screen.findByRole('dialog', { name: 'Sjabloon bewerken' });
    expect(await within(dialog).findByText('Een moment geduld')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Naam/ })).not.toBeInTheDocument();
    answer(undefined);
    expect(await screen.findByRole('textbox', { name: /^Naam/ })).toHaveValue('Wandelen in de pauze');
    expect(screen.getByRole('textbox', { name: /^Aantal frequentieperiodes/ })).toHaveValue('5');
    expect(within(dialog).getByText('Wandelen in de pauze')).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/challengeTemplate/7')).toHaveLength(1);
  });

  it('says when the template cannot be loaded, and tries again', async () => {
    let fails = true;
    fakeApi({
      ...bankRoutes,
      'GET /api/challengeTemplate/7': () => (fails ? failure(500, 'general_error') : { data: stored }),
    });
    const { user } = renderById();
    expect(await screen.findByText('Sjabloon kan niet worden opgehaald')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('textbox', { name: /^Naam/ })).toHaveValue('Wandelen in de pauze');
  });

  it('says when the template is gone', async () => {
    fakeApi({
      ...bankRoutes,
      'GET /api/challengeTemplate/7': () => failure(404, 'challengeTemplate.errors.notFound'),
    });
    renderById();
    expect(await screen.findByText('Deze challenge-template bestaat niet (meer).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
  });
});

describe('in English', () => {
  it('names the steps and the themes', async () => {
    fakeApi(bankRoutes);
    renderWizard(undefined, 'en');
    const dialog = await screen.findByRole('dialog', { name: 'Add template' });
    for (const label of ['Category', 'Banner', 'Settings', 'Summary'])
      expect(within(dialog).getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: 'Nutrition' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});
