import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { StoreItemModal } from './store-item-modal';
import { ownItem, platformItem } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function sentForms(): FormData[] {
  const calls = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
  return calls.map(([, init]) => init.body).filter((body): body is FormData => body instanceof FormData);
}
const pngFile = () => new File([new Uint8Array([137, 80, 78, 71])], 'shirt.png', { type: 'image/png' });

function renderModal(
  props: Partial<Parameters<typeof StoreItemModal>[0]> = {},
  language: 'nl' | 'en' = 'nl',
) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const result = renderWithQuery(<StoreItemModal opened onClose={onClose} onSaved={onSaved} {...props} />, {
    language,
  });
  return { ...result, onClose, onSaved };
}

describe('the store product modal', () => {
  it('asks image, name, category and description first, then price and stock with a preview, and adds', async () => {
    fakeApi({ 'POST /api/storeitem': () => ({ data: { ...platformItem, name: 'Yogamat' } }) });
    const { user } = renderModal({ employerId: 7 });
    const dialog = await screen.findByRole('dialog', { name: 'Product toevoegen' });

    // Step 1 refuses to go on without its required fields, then without the image.
    await user.click(within(dialog).getByRole('button', { name: 'Volgende' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText('Dit veld is verplicht').length).toBeGreaterThanOrEqual(2),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Naam/ }), 'Yogamat');
    await user.type(within(dialog).getByRole('textbox', { name: /Omschrijving/ }), 'Antislip, 6 mm');
    await user.click(within(dialog).getByRole('button', { name: 'Volgende' }));
    expect(await within(dialog).findByText('Kies een afbeelding')).toBeInTheDocument();

    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, pngFile());
    await user.click(within(dialog).getByRole('button', { name: 'Volgende' }));

    // Step 2: price and stock, and the item as employees will see it.
    const cost = await within(dialog).findByRole('textbox', { name: /Prijs/ });
    await user.type(cost, '2500');
    await user.type(within(dialog).getByRole('textbox', { name: /Voorraad/ }), '8');
    const preview = within(dialog).getByRole('article', { name: 'Voorbeeld' });
    await waitFor(() => expect(preview).toHaveTextContent('2.500 XP'));
    expect(preview).toHaveTextContent('Yogamat');
    expect(preview).toHaveTextContent('Nog 8 op voorraad');
    expect(preview).toHaveTextContent('Geen categorie');

    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Yogamat staat in de winkel.')).toBeInTheDocument();
    const [form] = sentForms();
    expect(form?.get('name')).toBe('Yogamat');
    expect(form?.get('description')).toBe('Antislip, 6 mm');
    expect(form?.get('cost')).toBe('2500');
    expect(form?.get('stock')).toBe('8');
    expect(form?.get('storeItemCategory')).toBe('0');
    expect(form?.get('employerId')).toBe('7');
    expect(form?.get('image')).toBeInstanceOf(Blob);
  });

  it('edits an item, keeping its image, and shows a server error on its step', async () => {
    let calls = 0;
    fakeApi({
      'PUT /api/storeitem': () =>
        ++calls === 1
          ? { status: 400, errors: [{ key: 'name', message: 'validation.tooLong' }] }
          : { data: ownItem },
    });
    const { user } = renderModal({ item: ownItem });
    const dialog = await screen.findByRole('dialog', { name: 'Product bewerken' });
    expect(within(dialog).getByRole('textbox', { name: /Naam/ })).toHaveValue('Taartbon');
    await user.click(within(dialog).getByRole('button', { name: 'Volgende' }));
    expect(await within(dialog).findByRole('article', { name: 'Voorbeeld' })).toHaveTextContent('12.500 XP');
    expect(within(dialog).getByRole('article', { name: 'Voorbeeld' })).toHaveTextContent('Uitverkocht');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    // Back on step 1 with the name's error.
    expect(await within(dialog).findByRole('textbox', { name: /Naam/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Volgende' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De wijzigingen van Taartbon zijn opgeslagen.')).toBeInTheDocument();
    const forms = sentForms();
    expect(forms).toHaveLength(2);
    expect(forms[1]?.get('id')).toBe('2');
    expect(forms[1]?.get('image')).toBeNull();
  });

  it('speaks English', async () => {
    fakeApi({});
    renderModal({}, 'en');
    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    expect(within(dialog).getByText('Price and stock')).toBeInTheDocument();
  });
});
