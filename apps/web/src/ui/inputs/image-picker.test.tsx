import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen } from '@/test/render';
import { ImagePicker } from './image-picker';

function Harness({ initial = null }: { initial?: File | string | null }) {
  const [value, setValue] = useState<File | string | null>(initial);
  return <ImagePicker label="Afbeelding" value={value} onChange={setValue} maxSize={500 * 1024} />;
}

describe('ImagePicker', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('chooses an image, shows its preview and clears it', async () => {
    const { user } = renderWithProviders(<Harness />);
    expect(screen.queryByRole('img', { name: 'Voorbeeld van de afbeelding' })).not.toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Afbeelding'),
      new File(['x'], 'banner.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Voorbeeld van de afbeelding' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByRole('button', { name: 'Andere afbeelding kiezen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Afbeelding verwijderen' }));
    expect(screen.queryByRole('img', { name: 'Voorbeeld van de afbeelding' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afbeelding kiezen' })).toBeInTheDocument();
  });

  it('shows an existing image URL', () => {
    renderWithProviders(<Harness initial="/cdn/images/1.png" />);
    expect(screen.getByRole('img', { name: 'Voorbeeld van de afbeelding' })).toHaveAttribute(
      'src',
      '/cdn/images/1.png',
    );
  });

  it('refuses a file that is too large', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.upload(
      screen.getByLabelText('Afbeelding'),
      new File([new Uint8Array(600 * 1024)], 'groot.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByText('Dit bestand is te groot (maximaal 500 kB)')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
