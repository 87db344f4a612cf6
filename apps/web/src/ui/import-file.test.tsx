import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderWithProviders, screen } from '@/test/render';
import { ImportCheckActions, ImportFileStep, useImportFile } from './import-file';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
});

interface StepProps {
  isChecking?: boolean;
  lockCancel?: boolean;
  download?: () => Promise<void>;
  onCancel?: () => void;
}

/** The file step with its own file, and a refusal the test can set (as an import does after a check). */
function Step({ isChecking = false, lockCancel, download = vi.fn(), onCancel = vi.fn() }: StepProps) {
  const picked = useImportFile();
  return (
    <>
      <button type="button" onClick={() => picked.setError('Dit is geen Excel-bestand.')}>
        Weigeren
      </button>
      <ImportFileStep
        intro="Kies een bestand."
        label="Bestand"
        prompt="Sleep een bestand hierheen"
        accept={['.xlsx']}
        maxSize={1024}
        file={picked}
        example={{
          label: 'Voorbeeld downloaden',
          download,
          failed: 'Het voorbeeld kan niet worden gedownload.',
        }}
        checkLabel="Controleren"
        onCheck={vi.fn()}
        isChecking={isChecking}
        onCancel={onCancel}
        {...(lockCancel === undefined ? {} : { lockCancel })}
      />
    </>
  );
}

const xlsx = () =>
  new File(['PK'], 'lijst.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

describe('ImportFileStep', () => {
  it('shows a refusal on the field until another file is chosen', async () => {
    const { user, container } = renderWithProviders(<Step />);
    await user.click(screen.getByRole('button', { name: 'Weigeren' }));
    expect(screen.getByText('Dit is geen Excel-bestand.')).toBeInTheDocument();
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    expect(screen.queryByText('Dit is geen Excel-bestand.')).not.toBeInTheDocument();
    expect(screen.getByText('lijst.xlsx')).toBeInTheDocument();
  });

  it('downloads the example file, with a toast when that fails', async () => {
    const download = vi.fn().mockRejectedValue(new Error('offline'));
    const { user } = renderWithProviders(<Step download={download} />);
    await user.click(screen.getByRole('button', { name: 'Voorbeeld downloaden' }));
    expect(download).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Het voorbeeld kan niet worden gedownload.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voorbeeld downloaden' })).toBeEnabled();
  });

  it('keeps cancel while checking, unless the import locks it', () => {
    const { rerender } = renderWithProviders(<Step isChecking />);
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeEnabled();
    rerender(<Step isChecking lockCancel />);
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeDisabled();
  });
});

describe('ImportCheckActions', () => {
  const actions = (count: number, isSending = false, lockWhileSending = false) => (
    <ImportCheckActions
      count={count}
      nothingLabel="Niets te versturen."
      otherFileLabel="Ander bestand kiezen"
      onOtherFile={vi.fn()}
      onCancel={vi.fn()}
      sendLabel={`Versturen (${count})`}
      onSend={vi.fn()}
      isSending={isSending}
      lockWhileSending={lockWhileSending}
    />
  );

  it('warns and offers nothing to send when no row is good', () => {
    const { rerender } = renderWithProviders(actions(0));
    expect(screen.getByText('Niets te versturen.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Versturen (0)' })).toBeDisabled();
    rerender(actions(2));
    expect(screen.queryByText('Niets te versturen.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Versturen (2)' })).toBeEnabled();
  });

  it('locks another file and cancel while sending, when the import asks', () => {
    const { rerender } = renderWithProviders(actions(2, true));
    expect(screen.getByRole('button', { name: 'Ander bestand kiezen' })).toBeEnabled();
    rerender(actions(2, true, true));
    expect(screen.getByRole('button', { name: 'Ander bestand kiezen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeDisabled();
  });
});
