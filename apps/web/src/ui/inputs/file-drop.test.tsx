import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, renderWithProviders, screen } from '@/test/render';
import { FileDrop } from './file-drop';

const xlsx = (name = 'medewerkers.xlsx', size = 2048) =>
  new File([new Uint8Array(size)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

function Harness({
  onReject,
  onChange,
}: {
  onReject?: (reason: string) => void;
  onChange?: (file: File | null) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileDrop
      label="Excelbestand"
      required
      value={file}
      onChange={(next) => {
        onChange?.(next);
        setFile(next);
      }}
      accept={['.xlsx']}
      maxSize={1024 * 1024}
      onReject={onReject}
    />
  );
}

const dropZone = () => screen.getByRole('button', { name: /Sleep een bestand hierheen/ });

describe('FileDrop', () => {
  it('takes one file by picking, shows it and removes it', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    expect(dropZone()).toHaveAccessibleDescription('Toegestaan: XLSX · Maximaal 1 MB');
    await user.upload(screen.getByLabelText(/Excelbestand/), xlsx());
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'medewerkers.xlsx' }));
    expect(screen.getByText('medewerkers.xlsx')).toBeInTheDocument();
    expect(screen.getByText('2 kB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'medewerkers.xlsx verwijderen' }));
    expect(screen.queryByText('medewerkers.xlsx')).not.toBeInTheDocument();
  });

  it('takes a dropped file', () => {
    renderWithProviders(<Harness />);
    fireEvent.drop(dropZone(), { dataTransfer: { files: [xlsx('lijst.xlsx')] } });
    expect(screen.getByText('lijst.xlsx')).toBeInTheDocument();
  });

  it('refuses more than one file, a wrong type and a file that is too large', () => {
    const onReject = vi.fn();
    renderWithProviders(<Harness onReject={onReject} />);
    fireEvent.drop(dropZone(), { dataTransfer: { files: [xlsx('a.xlsx'), xlsx('b.xlsx')] } });
    expect(screen.getByText('Kies één bestand')).toBeInTheDocument();
    expect(screen.queryByText('a.xlsx')).not.toBeInTheDocument();

    fireEvent.drop(dropZone(), {
      dataTransfer: { files: [new File(['x'], 'foto.png', { type: 'image/png' })] },
    });
    expect(screen.getByText('Dit type bestand is niet toegestaan')).toBeInTheDocument();

    fireEvent.drop(dropZone(), { dataTransfer: { files: [xlsx('groot.xlsx', 2 * 1024 * 1024)] } });
    expect(screen.getByText('Dit bestand is te groot (maximaal 1 MB)')).toBeInTheDocument();
    expect(onReject.mock.calls.map((call) => call[0])).toEqual(['tooMany', 'invalidType', 'tooLarge']);
  });

  it('opens the file dialog from the keyboard', async () => {
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByLabelText(/Excelbestand/) as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    dropZone().focus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
  });

  it('speaks English', () => {
    renderWithProviders(<Harness />, { language: 'en' });
    expect(screen.getByRole('button', { name: /Drop a file here/ })).toHaveAccessibleDescription(
      'Allowed: XLSX · At most 1 MB',
    );
  });
});
