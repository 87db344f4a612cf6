import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { PictureBankItem } from '@xp/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { PictureBankPage } from './picture-bank-page';
import { defaultPictureBankState, type PictureBankState } from './search';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const HASH = 'b'.repeat(64);
const pictures: PictureBankItem[] = [
  {
    id: 1,
    fileName: 'hardlopen.png',
    category: 0,
    isActive: true,
    pictureHash: HASH,
    byteSize: 20_480,
    width: 800,
    height: 600,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  {
    id: 2,
    fileName: 'salade.jpg',
    category: 1,
    isActive: false,
    pictureHash: 'c'.repeat(64),
    byteSize: 512,
    width: 400,
    height: 300,
    createdAt: '2026-11-02T10:00:00.000Z',
  },
];
const tabCounts = { all: 2, '0': 1, '1': 1 };
const listOf =
  (items: PictureBankItem[] = pictures) =>
  () => ({ data: { items, total: items.length, tabCounts } });

function sentForms(): FormData[] {
  const calls = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
  return calls.map(([, init]) => init.body).filter((body): body is FormData => body instanceof FormData);
}

function renderPage(state: PictureBankState = defaultPictureBankState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const result = renderWithQuery(<PictureBankPage state={state} onStateChange={onStateChange} />, {
    language,
  });
  return { ...result, onStateChange };
}

/** The page with its state kept as the route keeps it (in the URL). */
function StatefulPage() {
  const [state, setState] = useState<PictureBankState>(defaultPictureBankState);
  return <PictureBankPage state={state} onStateChange={setState} />;
}

const pngFile = () => new File([new Uint8Array([137, 80, 78, 71])], 'fietsen.png', { type: 'image/png' });

describe('the picture bank grid', () => {
  it('shows cards with thumbnail, name, size and category, asking for the filters of the URL', async () => {
    const requests = fakeApi({ 'GET /api/PictureBankItem/all': listOf() });
    renderPage({ ...defaultPictureBankState, tab: '0', active: 'active', search: 'loop', page: 2 });

    expect(screen.getByRole('heading', { name: 'Afbeeldingenbank' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'hardlopen.png' });
    expect(card).toHaveTextContent('hardlopen.png');
    expect(card).toHaveTextContent('20 kB');
    expect(card).toHaveTextContent('Bewegen');
    expect(within(card).getByRole('img', { name: 'hardlopen.png' }).getAttribute('src')).toContain(
      `/cdn/${HASH}?w=240&h=240&fit=crop`,
    );
    expect(screen.getByRole('article', { name: 'salade.jpg' })).toHaveTextContent('Voeding');
    expect(screen.getByText('Bewegen (1)')).toBeInTheDocument();
    expect(queryOf(requests[0])).toEqual({
      page: '2',
      pageSize: '48',
      direction: 'asc',
      search: 'loop',
      category: '0',
      isActive: 'true',
    });
  });

  it('changes the category and active filters in the URL state', async () => {
    fakeApi({ 'GET /api/PictureBankItem/all': listOf() });
    const { user, onStateChange } = renderPage();
    await screen.findByRole('article', { name: 'hardlopen.png' });
    await user.click(screen.getByText('Ontspanning'));
    expect(onStateChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 48, direction: 'asc', tab: '2' });
    await user.click(screen.getByText('Inactief'));
    expect(onStateChange).toHaveBeenLastCalledWith({
      page: 1,
      pageSize: 48,
      direction: 'asc',
      active: 'inactive',
    });
    await user.type(screen.getByRole('textbox', { name: 'Zoeken op bestandsnaam' }), 'sal');
    await waitFor(() =>
      expect(onStateChange).toHaveBeenLastCalledWith({
        page: 1,
        pageSize: 48,
        direction: 'asc',
        search: 'sal',
      }),
    );
  });

  it('says when there are no pictures, and when loading fails, with a retry', async () => {
    let isDown = true;
    fakeApi({
      'GET /api/PictureBankItem/all': () => (isDown ? failure(500, 'general_error') : listOf([])()),
    });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Afbeeldingen kunnen niet worden opgehaald');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Nog geen afbeeldingen')).toBeInTheDocument();
  });

  it('asks the total once per filter: page 2 sends counts=false; its own switch and delete ask again', async () => {
    let total = 100;
    // Like the server: `counts=false` leaves out the total (the category counts stay).
    const requests = fakeApi({
      'GET /api/PictureBankItem/all': (request) => ({
        data:
          queryOf(request).counts === 'false'
            ? { items: pictures, tabCounts }
            : { items: pictures, total, tabCounts },
      }),
      'PUT /api/PictureBankItem': () => ({ data: { ...pictures[1], isActive: true } }),
      'DELETE /api/PictureBankItem/1': () => {
        total = 99;
        return { data: null };
      },
    });
    const { user } = renderWithQuery(<StatefulPage />);
    const lastQuery = () => queryOf(requestsTo(requests, 'GET', '/api/PictureBankItem/all').at(-1));
    expect(await screen.findByText('Resultaten: 1 - 48 van 100')).toBeInTheDocument();
    expect(lastQuery()).not.toHaveProperty('counts');

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', counts: 'false' }));
    expect(await screen.findByText('Resultaten: 49 - 96 van 100')).toBeInTheDocument();
    expect(screen.getByText('Bewegen (1)')).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'salade.jpg actief' }));
    expect(await screen.findByText('salade.jpg is actief')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('counts'));
    expect(lastQuery()).toMatchObject({ page: '2' });

    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '3', counts: 'false' }));
    await user.click(screen.getByRole('button', { name: 'Acties voor hardlopen.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Afbeelding verwijderen?' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    expect(await screen.findByText('Resultaten: 97 - 99 van 99')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ page: '3' });
    expect(lastQuery()).not.toHaveProperty('counts');
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/PictureBankItem/all': listOf() });
    renderPage(defaultPictureBankState, 'en');
    expect(await screen.findByRole('heading', { name: 'Picture bank' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'salade.jpg' })).toHaveTextContent('Nutrition');
  });
});

describe('adding a picture', () => {
  it('requires a picture, then sends picture, category and active flag as form data', async () => {
    const requests = fakeApi({
      'GET /api/PictureBankItem/all': listOf(),
      'POST /api/PictureBankItem': () => ({ data: { ...pictures[0], id: 9, fileName: 'fietsen.png' } }),
    });
    const { user } = renderPage({ ...defaultPictureBankState, tab: '2' });
    await screen.findByRole('article', { name: 'hardlopen.png' });
    await user.click(screen.getByRole('button', { name: 'Afbeelding toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Afbeelding toevoegen' });
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Kies een afbeelding (PNG, JPEG of WebP)')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/PictureBankItem')).toHaveLength(0);

    await user.upload(panel.querySelector('input[type="file"]') as HTMLInputElement, pngFile());
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('fietsen.png is toegevoegd')).toBeInTheDocument();
    const [sent] = sentForms();
    expect((sent?.get('picture') as File | undefined)?.name).toBe('fietsen.png');
    expect(sent?.get('category')).toBe('2');
    expect(sent?.get('isActive')).toBe('true');
  });

  it('shows a file the server refuses on the field', async () => {
    fakeApi({
      'GET /api/PictureBankItem/all': listOf(),
      'POST /api/PictureBankItem': () => failure(400, 'files.errors.notAnImage', 'picture'),
    });
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'hardlopen.png' });
    await user.click(screen.getByRole('button', { name: 'Afbeelding toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Afbeelding toevoegen' });
    await user.upload(panel.querySelector('input[type="file"]') as HTMLInputElement, pngFile());
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(sentForms()).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Afbeelding toevoegen' })).toBeInTheDocument();
  });
});

describe('editing a picture', () => {
  it('changes the category and keeps the stored picture when no new one is chosen', async () => {
    fakeApi({
      'GET /api/PictureBankItem/all': listOf(),
      'PUT /api/PictureBankItem': () => ({ data: { ...pictures[0], category: 2 } }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Acties voor hardlopen.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bewerken' }));
    const panel = await screen.findByRole('dialog', { name: 'Afbeelding bewerken' });
    await user.click(within(panel).getByText('Ontspanning'));
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('hardlopen.png is opgeslagen')).toBeInTheDocument();
    expect(Object.fromEntries(sentForms()[0]!.entries())).toEqual({
      id: '1',
      category: '2',
      isActive: 'true',
    });
  });
});

describe('the active toggle', () => {
  it('saves at once with a toast', async () => {
    fakeApi({
      'GET /api/PictureBankItem/all': listOf(),
      'PUT /api/PictureBankItem': () => ({ data: { ...pictures[1], isActive: true } }),
    });
    const { user } = renderPage();
    const toggle = await screen.findByRole('switch', { name: 'salade.jpg actief' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('salade.jpg is actief')).toBeInTheDocument();
    expect(Object.fromEntries(sentForms()[0]!.entries())).toEqual({
      id: '2',
      category: '1',
      isActive: 'true',
    });
  });

  it('goes back when saving fails', async () => {
    fakeApi({
      'GET /api/PictureBankItem/all': listOf(),
      'PUT /api/PictureBankItem': () => failure(500, 'general_error'),
    });
    const { user } = renderPage();
    const toggle = await screen.findByRole('switch', { name: 'hardlopen.png actief' });
    await user.click(toggle);
    expect((await screen.findAllByText('De status kan niet worden gewijzigd')).length).toBeGreaterThan(0);
    await waitFor(() => expect(toggle).toBeChecked());
  });
});

describe('deleting a picture', () => {
  it('asks first, then deletes', async () => {
    const requests = fakeApi({
      'GET /api/PictureBankItem/all': listOf(),
      'DELETE /api/PictureBankItem/1': () => ({ data: null }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Acties voor hardlopen.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afbeelding verwijderen?' });
    expect(requestsTo(requests, 'DELETE', '/api/PictureBankItem/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('hardlopen.png is verwijderd')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/PictureBankItem/1')).toHaveLength(1);
  });

  it('shows the refusal of a picture in use', async () => {
    fakeApi({
      'GET /api/PictureBankItem/all': listOf(),
      'DELETE /api/PictureBankItem/1': () => failure(409, 'pictureBank.errors.inUse'),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Acties voor hardlopen.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afbeelding verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(
      await screen.findByText(
        'Deze afbeelding wordt gebruikt door een uitdagingsjabloon en kan niet worden verwijderd',
      ),
    ).toBeInTheDocument();
  });
});

describe('the preview', () => {
  it('opens a larger picture on click', async () => {
    fakeApi({ 'GET /api/PictureBankItem/all': listOf() });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'hardlopen.png groot bekijken' }));
    const dialog = await screen.findByRole('dialog', { name: 'hardlopen.png' });
    expect(within(dialog).getByRole('img', { name: 'hardlopen.png' }).getAttribute('src')).toContain(
      'fit=contain',
    );
    expect(dialog).toHaveTextContent('Bewegen · 20 kB · 800 × 600 px');
  });
});
