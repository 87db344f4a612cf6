import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '@/test/fake-api';
import { fireEvent, screen, waitFor, within } from '@/test/render';
import { imagePartsOf, ProductFormModal } from './product-form';
import { moveItem } from './product-images-field';
import { editProduct, HASH, HASH2, version } from './test-support';

vi.setConfig({ testTimeout: 90_000 });

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function sentForms(): FormData[] {
  const calls = (globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
  return calls.map(([, init]) => init.body).filter((body): body is FormData => body instanceof FormData);
}
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const saved = (name: string) => ({
  data: {
    id: 1,
    supplierId: 3,
    supplierName: 'FitHome B.V.',
    acceptedVersionId: null,
    pendingVersionId: 11,
    version: version({ name }),
    accepted: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
});

function renderModal(
  props: Partial<Parameters<typeof ProductFormModal>[0]> = {},
  language: 'nl' | 'en' = 'nl',
) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const result = renderWithQuery(<ProductFormModal opened onClose={onClose} onSaved={onSaved} {...props} />, {
    language,
  });
  return { ...result, onClose, onSaved };
}

/** Mantine's Select: open it and pick an option. */
async function choose(
  user: ReturnType<typeof renderModal>['user'],
  dialog: HTMLElement,
  label: RegExp,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the add and edit fitness product modals', () => {
  it('refuses a too long name and no image, then sends the product with its images in order and confirms', async () => {
    fakeApi({ 'POST /api/FitnessProduct': () => saved('Loopband T900') });
    const { user } = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Fitnessproduct toevoegen' });
    // The defaults of the spec: VAT 6%, per piece, 12 months.
    expect(within(dialog).getByRole('combobox', { name: /Btw-tarief/ })).toHaveValue('6%');
    expect(within(dialog).getByRole('combobox', { name: /Verkoopeenheid/ })).toHaveValue('Per stuk');
    expect(within(dialog).getByRole('combobox', { name: /Looptijd/ })).toHaveValue('12 maanden');

    const name = within(dialog).getByRole('textbox', { name: /Naam/ });
    fireEvent.change(name, { target: { value: 'x'.repeat(129) } });
    await user.type(within(dialog).getByRole('textbox', { name: /Omschrijving/ }), 'Opvouwbaar');
    await user.click(within(dialog).getByRole('button', { name: 'Ter goedkeuring versturen' }));
    expect(await within(dialog).findByText('Deze waarde is te lang')).toBeInTheDocument();
    expect(within(dialog).getByText('129 van 128 tekens')).toBeInTheDocument();
    expect(within(dialog).getByText('Voeg minstens één afbeelding toe')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Dit veld is verplicht').length).toBeGreaterThanOrEqual(2);
    expect(sentForms()).toHaveLength(0);

    await user.clear(name);
    await user.type(name, 'Loopband T900');
    await choose(user, dialog, /Soort product/, 'Apparatuur met iFit');
    await user.type(within(dialog).getByRole('textbox', { name: /Inkoopprijs/ }), '1249,5');
    await choose(user, dialog, /Btw-tarief/, '21%');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [png('voorkant.png'), png('zijkant.png')]);
    const images = await within(dialog).findByRole('list', { name: 'Afbeeldingen' });
    await waitFor(() => expect(within(images).getAllByRole('listitem')).toHaveLength(2));
    // The side view first.
    await user.click(within(images).getByRole('button', { name: 'zijkant.png naar voren' }));
    expect(within(images).getAllByRole('listitem')[0]).toHaveTextContent('zijkant.png');

    await user.click(within(dialog).getByRole('button', { name: 'Ter goedkeuring versturen' }));
    expect(await screen.findByText('Verstuurd ter goedkeuring')).toBeInTheDocument();
    expect(
      screen.getByText(/Loopband T900 is ter goedkeuring naar het platform gestuurd/),
    ).toBeInTheDocument();
    const [form] = sentForms();
    expect(form?.get('name')).toBe('Loopband T900');
    expect(form?.get('numberType')).toBe('1');
    // Typed as euros, sent as cents.
    expect(form?.get('purchasePrice')).toBe('124950');
    expect(form?.get('btwPercentage')).toBe('2');
    expect(form?.get('productSalesUnit')).toBe('0');
    expect(form?.get('productDuration')).toBe('1');
    expect(((form?.getAll('images') ?? []) as File[]).map((file) => file.name)).toEqual([
      'zijkant.png',
      'voorkant.png',
    ]);
    expect(JSON.parse(String(form?.get('imageOrder')))).toEqual([{ newImage: 0 }, { newImage: 1 }]);
  });

  it('edits a product: its images in their order, one removed and one added; a server error lands on its field', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/FitnessProduct/Edit/1': () => ({ data: editProduct() }),
      'PUT /api/FitnessProduct': () =>
        ++calls === 1
          ? { status: 400, errors: [{ key: 'purchasePrice', message: 'validation.tooBig' }] }
          : saved('Loopband T900'),
    });
    const { user } = renderModal({ productId: 1 });
    const dialog = await screen.findByRole('dialog', { name: 'Fitnessproduct bewerken' });
    expect(await within(dialog).findByRole('textbox', { name: /Naam/ })).toHaveValue('Loopband T900');
    expect(within(dialog).getByRole('textbox', { name: /Inkoopprijs/ })).toHaveValue('€ 1.249,50');
    const images = within(dialog).getByRole('list', { name: 'Afbeeldingen' });
    const items = within(images).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('voorkant.png');
    await user.click(within(images).getByRole('button', { name: 'zijkant.png verwijderen' }));
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, png('achterkant.png'));

    await user.click(within(dialog).getByRole('button', { name: 'Ter goedkeuring versturen' }));
    expect(await within(dialog).findByText('Deze waarde is te groot')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ter goedkeuring versturen' }));
    expect(await screen.findByText(/De wijziging van Loopband T900 is ter goedkeuring/)).toBeInTheDocument();
    const forms = sentForms();
    expect(forms[1]?.get('id')).toBe('1');
    expect(JSON.parse(String(forms[1]?.get('imageOrder')))).toEqual([{ imageHash: HASH }, { newImage: 0 }]);
  });

  it('says so and sends nothing when the supplier is not active', async () => {
    fakeApi({});
    const { user } = renderModal({ blockedReason: 'fitnessProduct.form.pendingSupplier' });
    const dialog = await screen.findByRole('dialog', { name: 'Fitnessproduct toevoegen' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Je leverancier wacht nog op goedkeuring');
    await user.click(within(dialog).getByRole('button', { name: 'Ter goedkeuring versturen' }));
    expect(sentForms()).toHaveLength(0);
  });

  it('shows the denial of the latest change when editing', async () => {
    fakeApi({
      'GET /api/FitnessProduct/Edit/1': () => ({
        data: editProduct({ status: 2, denyReason: 'Prijs klopt niet' }),
      }),
    });
    renderModal({ productId: 1 }, 'en');
    const dialog = await screen.findByRole('dialog', { name: 'Edit fitness product' });
    expect(await within(dialog).findByText('Prijs klopt niet')).toBeInTheDocument();
    expect(within(dialog).getByText('The platform denied the latest change')).toBeInTheDocument();
  });
});

describe('the images of the form', () => {
  it('moves an image and names kept ones by hash, new ones by their place among the files', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
    const file = png('nieuw.png');
    const parts = imagePartsOf([
      { key: 'n', file, fileName: 'nieuw.png' },
      { key: 's', hash: HASH2, fileName: 'oud.png' },
    ]);
    expect(parts.images).toEqual([file]);
    expect(JSON.parse(parts.imageOrder)).toEqual([{ newImage: 0 }, { imageHash: HASH2 }]);
  });
});
