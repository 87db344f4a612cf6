import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { LocationAreaEditPanel } from './location-area-detail';
import { rooms } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const bootcamp = rooms[1]!;

function renderPanel(id = bootcamp.id) {
  const onClose = vi.fn();
  return { ...renderWithQuery(<LocationAreaEditPanel id={id} onClose={onClose} />), onClose };
}

describe('the edit panel of a room', () => {
  it('loads the room into the form, titled with what it is', async () => {
    fakeApi({ 'GET /api/LocationArea/3': () => ({ data: bootcamp }) });
    renderPanel();
    const panel = screen.getByRole('dialog', { name: 'Zaal of buitenlocatie bewerken' });
    expect(within(panel).getByText('Een moment geduld')).toBeInTheDocument();

    expect(await within(panel).findByRole('textbox', { name: /Naam/ })).toHaveValue('Bootcamp Griftpark');
    expect(within(panel).getByText('Bootcamp Griftpark')).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Zelfde adres als locatie' })).not.toBeChecked();
    expect(within(panel).getByRole('textbox', { name: /Straat/ })).toHaveValue('Griftpark');
    expect(within(panel).getByRole('textbox', { name: /Postcode/ })).toHaveValue('3514 EZ');
  });

  it('saves the changes with the id, then closes with a toast', async () => {
    const requests = fakeApi({
      'GET /api/LocationArea/3': () => ({ data: bootcamp }),
      'PUT /api/LocationArea': ({ body }) => ({ data: { ...bootcamp, ...(body as object) } }),
    });
    const { user, onClose } = renderPanel();
    const name = await screen.findByRole('textbox', { name: /Naam/ });
    await user.clear(name);
    await user.type(name, 'Bootcamp Wilhelminapark');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      id: 3,
      name: 'Bootcamp Wilhelminapark',
      sameAddressAsLocation: false,
      street: 'Griftpark',
      houseNumber: '1',
      postalCode: '3514 EZ',
      city: 'Utrecht',
    });
    expect(
      await screen.findByText('De wijzigingen in Bootcamp Wilhelminapark zijn opgeslagen.'),
    ).toBeVisible();
  });

  it('validates with the contract before saving', async () => {
    const requests = fakeApi({ 'GET /api/LocationArea/3': () => ({ data: bootcamp }) });
    const { user, onClose } = renderPanel();
    const postalCode = await screen.findByRole('textbox', { name: /Postcode/ });
    await user.clear(postalCode);
    await user.type(postalCode, '35144');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(postalCode).toHaveAccessibleDescription('Vul een geldige postcode in (1234 AB)');
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before closing with unsaved changes', async () => {
    fakeApi({ 'GET /api/LocationArea/3': () => ({ data: bootcamp }) });
    const { user, onClose } = renderPanel();
    await user.type(await screen.findByRole('textbox', { name: /Naam/ }), ' Oost');
    await user.click(screen.getByRole('button', { name: 'Sluiten' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuleren' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Naam/ })).toHaveValue('Bootcamp Griftpark Oost');

    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once without changes', async () => {
    fakeApi({ 'GET /api/LocationArea/3': () => ({ data: bootcamp }) });
    const { user, onClose } = renderPanel();
    await screen.findByRole('textbox', { name: /Naam/ });
    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('puts a taken name on the name field', async () => {
    fakeApi({
      'GET /api/LocationArea/3': () => ({ data: bootcamp }),
      'PUT /api/LocationArea': () => ({
        status: 409,
        errors: [{ key: 'name', message: 'locationArea.errors.nameTaken' }],
      }),
    });
    const { user, onClose } = renderPanel();
    const name = await screen.findByRole('textbox', { name: /Naam/ });
    await user.clear(name);
    await user.type(name, 'Grote zaal');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Er is al een zaal of buitenlocatie met deze naam'),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the room does not exist (a stale deep link)', async () => {
    fakeApi({
      'GET /api/LocationArea/77': () => ({
        status: 404,
        errors: [{ key: 'general', message: 'locationArea.errors.notFound' }],
      }),
    });
    renderPanel(77);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze zaal of buitenlocatie bestaat niet (meer)',
    );
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
  });

  it('does not ask the server for an id that is no number', async () => {
    const requests = fakeApi({});
    renderPanel(Number('abc'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze zaal of buitenlocatie bestaat niet (meer)',
    );
    expect(requests).toHaveLength(0);
  });
});
