import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { Association } from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeApi, queryOf, renderWithQuery, requestsTo } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { AssociationList } from './association-list';
import { associations, BANNER_HASH, sentForms } from './test-support';

// Typing into forms is slow on a busy machine.

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderList(state: ListState = defaultListState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const onOpen = vi.fn();
  const result = renderWithQuery(
    <AssociationList state={state} onStateChange={onStateChange} onOpen={onOpen} />,
    { language },
  );
  return { ...result, onStateChange, onOpen };
}

const listOf =
  (items: Association[] = associations) =>
  () => ({ data: { items, total: items.length } });

/** A png the picker accepts. */
const pngFile = () => new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });

describe('the list of associations', () => {
  it('shows banner, name and number of locations, asking the server for the page of the URL', async () => {
    const requests = fakeApi({
      'GET /api/association': () => ({ data: { items: associations, total: 27 } }),
    });
    renderList({ ...defaultListState, page: 2, search: 'bond', sort: 'locationCount', direction: 'desc' });

    expect(screen.getByRole('heading', { name: 'Verenigingen' })).toBeInTheDocument();
    await screen.findByText('Sportbond Midden-Nederland');
    const table = screen.getByRole('table', { name: 'Verenigingen' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0] as HTMLElement).getByRole('columnheader', { name: /Locaties/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(rows[1]).toHaveTextContent(/Gezond Zwolle\s*0/);
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Geen banner' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent(/Sportbond Midden-Nederland\s*1\.234/);
    const thumbnail = within(rows[2] as HTMLElement).getByRole('img', {
      name: 'Banner van Sportbond Midden-Nederland',
    });
    expect(thumbnail.getAttribute('src')).toContain(`/cdn/${BANNER_HASH}?`);
    expect(queryOf(requests[0])).toEqual({
      page: '2',
      pageSize: '25',
      direction: 'desc',
      search: 'bond',
      sort: 'locationCount',
    });
  });

  it('opens the detail of a row', async () => {
    fakeApi({ 'GET /api/association': listOf() });
    const { user, onOpen } = renderList();
    await user.click(await screen.findByText('Gezond Zwolle'));
    expect(onOpen).toHaveBeenCalledWith(associations[0]);
  });

  it("says 'Verenigingen kunnen niet worden opgehaald' and retries", async () => {
    let isDown = true;
    fakeApi({ 'GET /api/association': () => (isDown ? failure(500, 'general_error') : listOf()()) });
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Verenigingen kunnen niet worden opgehaald');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Gezond Zwolle')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/association': listOf() });
    renderList(defaultListState, 'en');
    expect(await screen.findByRole('heading', { name: 'Associations' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Locations/ })).toBeInTheDocument();
  });
});

describe('adding an association', () => {
  it('sends name and banner as form data', async () => {
    fakeApi({
      'GET /api/association': listOf(),
      'POST /api/association': () => ({
        data: { id: 9, name: 'Fit Friesland', bannerHash: BANNER_HASH, locationCount: 0 },
      }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Vereniging toevoegen' });
    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), 'Fit Friesland');
    const input = panel.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, pngFile());
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    expect(await screen.findByText('Fit Friesland is toegevoegd.')).toBeInTheDocument();
    const [sent] = sentForms();
    expect(sent?.get('name')).toBe('Fit Friesland');
    expect((sent?.get('banner') as File | undefined)?.name).toBe('banner.png');
    expect(sent?.has('removeBanner')).toBe(false);
  });

  it('checks the name before sending, and shows a name in use on the field', async () => {
    const requests = fakeApi({
      'GET /api/association': listOf(),
      'POST /api/association': () => failure(409, 'association.errors.nameTaken', 'name'),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Vereniging toevoegen' });
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/association')).toHaveLength(0);

    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), 'gezond zwolle');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Er is al een vereniging met deze naam')).toBeInTheDocument();
    expect(sentForms()[0]?.get('name')).toBe('gezond zwolle');
  });
});

describe('editing an association', () => {
  it('shows the current banner and sends removeBanner when it is removed', async () => {
    fakeApi({
      'GET /api/association': listOf(),
      'PUT /api/association': () => ({
        data: { ...associations[1], name: 'Sportbond MN', bannerHash: null },
      }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Bewerken Sportbond Midden-Nederland' }));
    const panel = await screen.findByRole('dialog', { name: 'Vereniging bewerken' });
    const name = within(panel).getByRole('textbox', { name: /Naam/ });
    expect(name).toHaveValue('Sportbond Midden-Nederland');
    // The current banner, wide (4 : 1, as the dashboard shows it) rather than cropped square.
    expect(within(panel).getByRole('img', { name: 'Huidige afbeelding' }).getAttribute('src')).toBe(
      `/cdn/${BANNER_HASH}?w=960&h=240&fit=contain`,
    );

    await user.clear(name);
    await user.type(name, 'Sportbond MN');
    await user.click(within(panel).getByRole('button', { name: 'Afbeelding verwijderen' }));
    expect(within(panel).queryByRole('img', { name: 'Huidige afbeelding' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('De wijzigingen in Sportbond MN zijn opgeslagen.')).toBeInTheDocument();
    const [sent] = sentForms();
    expect(Object.fromEntries(sent!.entries())).toEqual({
      id: '2',
      name: 'Sportbond MN',
      removeBanner: 'true',
    });
  });

  it('replaces the banner by a new file after removing the current one (no removeBanner sent)', async () => {
    fakeApi({
      'GET /api/association': listOf(),
      'PUT /api/association': () => ({ data: associations[1] }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Bewerken Sportbond Midden-Nederland' }));
    const panel = await screen.findByRole('dialog', { name: 'Vereniging bewerken' });
    await user.click(within(panel).getByRole('button', { name: 'Afbeelding verwijderen' }));
    await user.upload(panel.querySelector('input[type="file"]') as HTMLInputElement, pngFile());
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(sentForms()).toHaveLength(1));
    const [sent] = sentForms();
    expect((sent?.get('banner') as File | undefined)?.name).toBe('banner.png');
    expect(sent?.has('removeBanner')).toBe(false);
  });

  it('keeps the banner when only the name changes (nothing about the banner is sent)', async () => {
    fakeApi({
      'GET /api/association': listOf(),
      'PUT /api/association': () => ({ data: associations[1] }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Bewerken Sportbond Midden-Nederland' }));
    const panel = await screen.findByRole('dialog', { name: 'Vereniging bewerken' });
    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), ' (MN) ');
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(sentForms()).toHaveLength(1));
    expect(Object.fromEntries(sentForms()[0]!.entries())).toEqual({
      id: '2',
      name: 'Sportbond Midden-Nederland (MN)',
    });
  });
});

describe('deleting an association', () => {
  it('asks first, then deletes and says so', async () => {
    const requests = fakeApi({
      'GET /api/association': listOf(),
      'DELETE /api/association/1': () => ({ data: null }),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Gezond Zwolle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vereniging verwijderen' });
    expect(dialog).toHaveTextContent('De locaties blijven bestaan');
    expect(requestsTo(requests, 'DELETE', '/api/association/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Gezond Zwolle is verwijderd.')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/association/1')).toHaveLength(1);
  });

  it('shows why a delete failed', async () => {
    fakeApi({
      'GET /api/association': listOf(),
      'DELETE /api/association/1': () => failure(404, 'association.errors.notFound'),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen Gezond Zwolle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vereniging verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Deze vereniging bestaat niet (meer).')).toBeInTheDocument();
  });
});
