import { Button, TextInput } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen, waitFor } from '@/test/render';
import { ModalFlow, useModalFlow } from './modal-flow';

function RoomForm({ action }: { action: () => unknown }) {
  const { save, step } = useModalFlow();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save(action).catch(() => {});
      }}
    >
      <TextInput label="Naam" />
      <Button type="submit" disabled={step === 'saving'}>
        Opslaan
      </Button>
    </form>
  );
}

function Harness({
  action,
  onDone,
  size,
}: {
  action: () => unknown;
  onDone?: () => void;
  size?: 'default' | 'large';
}) {
  const [opened, setOpened] = useState(true);
  return (
    <ModalFlow
      opened={opened}
      onClose={() => setOpened(false)}
      title="Nieuwe zaal of buitenlocatie toevoegen"
      successMessage="De zaal is toegevoegd"
      onDone={onDone}
      size={size}
    >
      <RoomForm action={action} />
    </ModalFlow>
  );
}

const modalSize = () =>
  (document.querySelector('[style*="--modal-size"]') as HTMLElement | null)?.style.getPropertyValue(
    '--modal-size',
  );

describe('ModalFlow', () => {
  it('goes from form to saving to success, and refreshes when closed', async () => {
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onDone = vi.fn();
    const { user } = renderWithProviders(<Harness action={action} onDone={onDone} />);

    expect(
      screen.getByRole('dialog', { name: 'Nieuwe zaal of buitenlocatie toevoegen' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Bezig met opslaan...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeDisabled();

    finish();
    expect(await screen.findByText('De zaal is toegevoegd')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Naam' })).not.toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();

    const closeButtons = screen.getAllByRole('button', { name: 'Sluiten' });
    await user.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    expect(onDone).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('returns to the form when the save reports failure, without refreshing', async () => {
    const onDone = vi.fn();
    const { user } = renderWithProviders(<Harness action={() => false} onDone={onDone} />);
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Zaal 1');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Opslaan' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'Naam' })).toHaveValue('Zaal 1');
    expect(screen.queryByText('De zaal is toegevoegd')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('returns to the form when the save throws', async () => {
    const { user } = renderWithProviders(
      <Harness
        action={() => {
          throw new Error('boom');
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('textbox', { name: 'Naam' })).toBeInTheDocument();
    expect(screen.queryByText('De zaal is toegevoegd')).not.toBeInTheDocument();
  });

  it('is 480 px by default and 720 px when large', () => {
    const first = renderWithProviders(<Harness action={() => {}} />);
    // Mantine writes sizes in rem: 480 px = 30rem, 720 px = 45rem.
    expect(modalSize()).toContain('calc(30rem');
    first.unmount();
    renderWithProviders(<Harness action={() => {}} size="large" />);
    expect(modalSize()).toContain('calc(45rem');
  });
});
