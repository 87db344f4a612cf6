import { Button } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen, waitFor } from '@/test/render';
import { ConfirmModal } from './confirm-dialog';
import { type ConfirmOptions, useConfirm } from './confirm-modal';

function Controlled({ onConfirm }: { onConfirm: () => unknown }) {
  const [opened, setOpened] = useState(true);
  return (
    <ConfirmModal
      opened={opened}
      onClose={() => setOpened(false)}
      title="Zaal verwijderen"
      message="Weet je zeker dat je Zaal 1 wilt verwijderen?"
      onConfirm={onConfirm}
    />
  );
}

function Imperative({ options, onResult }: { options: ConfirmOptions; onResult: (value: boolean) => void }) {
  const confirm = useConfirm();
  return <Button onClick={async () => onResult(await confirm(options))}>Verwijderen</Button>;
}

describe('ConfirmModal', () => {
  it('shows title, message, Annuleren and Bevestigen, and closes on cancel without confirming', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(<Controlled onConfirm={onConfirm} />);
    expect(screen.getByRole('dialog', { name: 'Zaal verwijderen' })).toBeInTheDocument();
    expect(screen.getByText('Weet je zeker dat je Zaal 1 wilt verwijderen?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows loading during an async confirm and closes when it is done', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderWithProviders(<Controlled onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Bevestigen' })).toHaveAttribute('data-loading', 'true');
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open when the confirm fails and shows the general error', async () => {
    const { user } = renderWithProviders(<Controlled onConfirm={() => Promise.reject(new Error('nope'))} />);
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Er is iets misgegaan. Probeer het later opnieuw.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Zaal verwijderen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bevestigen' })).toBeEnabled();
  });

  it('opens imperatively and resolves true on confirm', async () => {
    const onResult = vi.fn();
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(
      <Imperative options={{ message: 'Zaal 1 verwijderen?', onConfirm }} onResult={onResult} />,
    );
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weet je het zeker?' });
    expect(dialog).toHaveTextContent('Zaal 1 verwijderen?');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('opens imperatively and resolves false on cancel, in English', async () => {
    const onResult = vi.fn();
    const { user } = renderWithProviders(
      <Imperative options={{ message: 'Delete?' }} onResult={onResult} />,
      {
        language: 'en',
      },
    );
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByRole('dialog', { name: 'Are you sure?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(false));
  });
});
