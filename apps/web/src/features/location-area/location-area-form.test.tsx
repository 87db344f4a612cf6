import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { AddLocationAreaModal } from './location-area-form';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

const created = (body: Record<string, unknown>) => ({
  data: { id: 9, locationId: 5, street: null, houseNumber: null, postalCode: null, city: null, ...body },
});

function openAddModal(options?: { language?: 'nl' | 'en' }) {
  const onClose = vi.fn();
  const result = renderWithQuery(<AddLocationAreaModal opened onClose={onClose} />, options);
  const dialog = screen.getByRole('dialog', { name: /zaal of buitenlocatie|room or outdoor location/ });
  return { ...result, onClose, dialog };
}

describe('the add popup of a room', () => {
  it('starts at the location address and asks for an own address when the toggle is off', async () => {
    fakeApi({});
    const { user, dialog } = openAddModal();
    expect(dialog).toHaveAccessibleName('Nieuwe zaal of buitenlocatie toevoegen');

    const name = within(dialog).getByRole('textbox', { name: /Naam/ });
    expect(name).toBeRequired();
    const toggle = within(dialog).getByRole('switch', { name: 'Zelfde adres als locatie' });
    expect(toggle).toBeChecked();
    expect(within(dialog).queryByRole('textbox', { name: /Straat/ })).not.toBeInTheDocument();

    await user.click(toggle);
    for (const label of [/Straat/, /Huisnummer/, /Postcode/, /Plaats/]) {
      expect(within(dialog).getByRole('textbox', { name: label })).toBeRequired();
    }
  });

  it('shows errors only once a field is touched, with the translated messages of the contract', async () => {
    const requests = fakeApi({});
    const { user, dialog } = openAddModal();
    await user.click(within(dialog).getByRole('switch', { name: 'Zelfde adres als locatie' }));
    const postalCode = within(dialog).getByRole('textbox', { name: /Postcode/ });
    const street = within(dialog).getByRole('textbox', { name: /Straat/ });

    await user.type(postalCode, '0123 SA');
    expect(postalCode).not.toHaveAccessibleDescription(/postcode/);
    await user.tab();
    expect(postalCode).toHaveAccessibleDescription('Vul een geldige postcode in (1234 AB)');
    // Not touched yet: no error under the street.
    expect(street).not.toHaveAccessibleDescription('Dit veld is verplicht');

    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(within(dialog).getByRole('textbox', { name: /Naam/ })).toHaveAccessibleDescription(
      'Dit veld is verplicht',
    );
    expect(street).toHaveAccessibleDescription('Dit veld is verplicht');
    expect(requests).toHaveLength(0);
  });

  it('adds a room with its own address and shows the success view', async () => {
    const requests = fakeApi({
      'POST /api/LocationArea': ({ body }) => created(body as Record<string, unknown>),
    });
    const { user, dialog, onClose } = openAddModal();
    await user.type(within(dialog).getByRole('textbox', { name: /Naam/ }), '  Dakterras ');
    await user.click(within(dialog).getByRole('switch', { name: 'Zelfde adres als locatie' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Straat/ }), 'Oudegracht');
    await user.type(within(dialog).getByRole('textbox', { name: /Huisnummer/ }), '12a');
    await user.type(within(dialog).getByRole('textbox', { name: /Postcode/ }), '3511 AB');
    await user.type(within(dialog).getByRole('textbox', { name: /Plaats/ }), 'Utrecht');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    expect(await screen.findByText('Dakterras is toegevoegd aan de zalen en buitenlocaties.')).toBeVisible();
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/LocationArea',
        body: {
          name: 'Dakterras',
          sameAddressAsLocation: false,
          street: 'Oudegracht',
          houseNumber: '12a',
          postalCode: '3511 AB',
          city: 'Utrecht',
        },
      },
    ]);
    const closeButtons = screen.getAllByRole('button', { name: 'Sluiten' });
    await user.click(closeButtons.at(-1) as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('sends no address for a room at the location address, even one typed before', async () => {
    const requests = fakeApi({
      'POST /api/LocationArea': ({ body }) => created(body as Record<string, unknown>),
    });
    const { user, dialog } = openAddModal();
    await user.type(within(dialog).getByRole('textbox', { name: /Naam/ }), 'Spinningzaal 2');
    const toggle = within(dialog).getByRole('switch', { name: 'Zelfde adres als locatie' });
    await user.click(toggle);
    await user.type(within(dialog).getByRole('textbox', { name: /Straat/ }), 'Half');
    await user.click(toggle);
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    await screen.findByText('Spinningzaal 2 is toegevoegd aan de zalen en buitenlocaties.');
    expect(requests[0]?.body).toEqual({
      name: 'Spinningzaal 2',
      sameAddressAsLocation: true,
      street: null,
      houseNumber: null,
      postalCode: null,
      city: null,
    });
  });

  it('puts a server error on its field: the name is taken', async () => {
    fakeApi({
      'POST /api/LocationArea': () => ({
        status: 409,
        errors: [{ key: 'Name', message: 'locationArea.errors.nameTaken' }],
      }),
    });
    const { user, dialog } = openAddModal();
    const name = within(dialog).getByRole('textbox', { name: /Naam/ });
    await user.type(name, 'Grote zaal');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Er is al een zaal of buitenlocatie met deze naam'),
    );
    expect(name).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Zaal kan niet worden toegevoegd' when the failure belongs to no field", async () => {
    fakeApi({
      'POST /api/LocationArea': () => ({
        status: 500,
        errors: [{ key: 'general', message: 'general_error' }],
      }),
    });
    const { user, dialog } = openAddModal();
    await user.type(within(dialog).getByRole('textbox', { name: /Naam/ }), 'Dakterras');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Zaal kan niet worden toegevoegd');
    // Back on the form, to try again.
    expect(within(dialog).getByRole('textbox', { name: /Naam/ })).toHaveValue('Dakterras');
  });

  it('says why, below the same title, when the server knows', async () => {
    fakeApi({
      'POST /api/LocationArea': () => ({
        status: 400,
        errors: [{ key: 'general', message: 'locationArea.errors.noActiveLocation' }],
      }),
    });
    const { user, dialog } = openAddModal();
    await user.type(within(dialog).getByRole('textbox', { name: /Naam/ }), 'Dakterras');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Zaal kan niet worden toegevoegd');
    expect(toast).toHaveTextContent('Kies eerst een locatie');
  });

  it('speaks English', async () => {
    fakeApi({});
    const { user, dialog } = openAddModal({ language: 'en' });
    expect(dialog).toHaveAccessibleName('Add a new room or outdoor location');
    await user.click(within(dialog).getByRole('switch', { name: 'Same address as location' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('textbox', { name: /Postal code/ })).toHaveAccessibleDescription(
      'This field is required',
    );
  });
});
