import { Button } from '@mantine/core';
import { fileUpload } from '@xp/contracts';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fireEvent, renderWithProviders, screen, waitFor } from '@/test/render';
import { useZodForm } from '../use-zod-form';
import { ImageDropzone, ImageField } from './image-field';

const HASH = 'ab'.repeat(32);
const png = (name = 'banner.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** The hidden file input of the drop zone. */
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
/** Drops files on the drop zone as a browser does (react-dropzone reads `items` and `files`). */
const drop = (files: File[]) =>
  fireEvent.drop(screen.getByRole('button', { name: /Sleep een/ }), {
    dataTransfer: {
      files,
      items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
      types: ['Files'],
    },
  });

function Harness({ currentHash = null as string | null, withRemove = false }) {
  const [value, setValue] = useState<File | null>(null);
  const [current, setCurrent] = useState(currentHash);
  return (
    <>
      <ImageDropzone
        label="Banner"
        value={value}
        onChange={setValue}
        currentHash={current}
        onRemoveCurrent={withRemove ? () => setCurrent(null) : undefined}
        maxSize={500 * 1024}
      />
      <output data-testid="value">{value ? value.name : 'geen'}</output>
    </>
  );
}

describe('ImageDropzone', () => {
  beforeEach(() => {
    // Spied, not assigned: restored after the file, so the next file of the worker sees the real ones.
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows what it accepts, takes a dropped image and previews it, and removes it again', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(screen.getByText('PNG, JPEG of WebP, maximaal 500 kB')).toBeInTheDocument();
    // Reachable by keyboard: Enter or Space on the drop area opens the file dialog.
    expect(
      screen.getByRole('button', { name: 'Sleep een afbeelding hierheen of klik om er een te kiezen' }),
    ).toHaveAttribute('tabindex', '0');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    drop([png()]);
    expect(await screen.findByRole('img', { name: 'Voorbeeld van de gekozen afbeelding' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByTestId('value')).toHaveTextContent('banner.png');
    expect(
      screen.getByRole('button', { name: 'Sleep een andere afbeelding hierheen of klik om te vervangen' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Afbeelding verwijderen' }));
    expect(screen.getByTestId('value')).toHaveTextContent('geen');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('takes a file picked through the file dialog', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.upload(fileInput(), png('gekozen.png'));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('gekozen.png'));
  });

  it('refuses another type and a file that is too large', async () => {
    renderWithProviders(<Harness />);
    drop([new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' })]);
    expect(
      await screen.findByText('Dit bestand is geen afbeelding. Kies een PNG, JPEG of WebP.'),
    ).toBeInTheDocument();
    drop([png('groot.png', 600 * 1024)]);
    expect(await screen.findByText('Dit bestand is te groot')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('geen');
  });

  it('refuses a file the browser cannot show, before any upload and without a preview', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new DOMException('bad', 'InvalidStateError'))),
    );
    try {
      renderWithProviders(<Harness />);
      drop([png('notities.png')]);
      expect(
        await screen.findByText('Dit bestand is geen afbeelding. Kies een PNG, JPEG of WebP.'),
      ).toBeInTheDocument();
      expect(screen.getByTestId('value')).toHaveTextContent('geen');
      expect(screen.queryByRole('img')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses more than one file', async () => {
    renderWithProviders(<Harness />);
    drop([png('a.png'), png('b.png')]);
    expect(await screen.findByText('Kies één afbeelding')).toBeInTheDocument();
    expect(screen.getByTestId('value')).toHaveTextContent('geen');
  });

  it('shows the current image from the CDN, a new choice can be undone, the current one removed', async () => {
    const { user } = renderWithProviders(<Harness currentHash={HASH} withRemove />);
    const current = screen.getByRole('img', { name: 'Huidige afbeelding' });
    expect(current.getAttribute('src')).toBe(`/cdn/${HASH}?w=240&h=240&fit=contain`);

    drop([png('nieuw.png')]);
    expect(
      await screen.findByRole('img', { name: 'Voorbeeld van de gekozen afbeelding' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keuze ongedaan maken' }));
    expect(screen.getByRole('img', { name: 'Huidige afbeelding' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Afbeelding verwijderen' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a wide preview (a banner) as wide as its aspect, the CDN copy sized to match', () => {
    renderWithProviders(
      <ImageDropzone label="Banner" value={null} onChange={() => {}} currentHash={HASH} previewAspect={4} />,
    );
    const current = screen.getByRole('img', { name: 'Huidige afbeelding' });
    expect(current.getAttribute('src')).toBe(`/cdn/${HASH}?w=960&h=240&fit=contain`);
    expect(current.parentElement).toHaveStyle({ aspectRatio: '4' });
  });

  it('offers no remove button for the current image without onRemoveCurrent', () => {
    renderWithProviders(<Harness currentHash={HASH} />);
    expect(screen.getByRole('img', { name: 'Huidige afbeelding' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afbeelding verwijderen' })).not.toBeInTheDocument();
  });
});

const bannerSchema = z.object({ banner: fileUpload });

function Form({ onSubmit }: { onSubmit: (values: z.output<typeof bannerSchema>) => void }) {
  const form = useZodForm(bannerSchema, { defaultValues: { banner: null as unknown as File } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <ImageField control={form.control} name="banner" label="Banner" required />
      <Button type="submit">Opslaan</Button>
    </form>
  );
}

describe('ImageField', () => {
  beforeEach(() => {
    // Spied, not assigned: restored after the file, so the next file of the worker sees the real ones.
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });

  it('validates with the contract schema and hands the File to the form', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Form onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    drop([png('zomer.png')]);
    await screen.findByRole('img', { name: 'Voorbeeld van de gekozen afbeelding' });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect((onSubmit.mock.calls[0]![0] as { banner: File }).banner.name).toBe('zomer.png');
  });
});
