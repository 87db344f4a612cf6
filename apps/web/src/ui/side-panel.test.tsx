import { Button } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen } from '@/test/render';
import { SidePanel, SidePanelForm } from './side-panel';

function Harness({ isDirty = false, isLoading = false, onClose = () => {} }) {
  const [opened, setOpened] = useState(true);
  const [text, setText] = useState('');
  return (
    <>
      <Button onClick={() => setOpened(true)}>Openen</Button>
      <SidePanel
        opened={opened}
        onClose={() => {
          onClose();
          setOpened(false);
        }}
        title="Zaal bewerken"
        subtitle="Sportpark Noord"
        isDirty={isDirty || text !== ''}
        isLoading={isLoading}
        footer={<Button>Opslaan</Button>}
      >
        <label>
          Naam
          <input value={text} onChange={(event) => setText(event.currentTarget.value)} />
        </label>
      </SidePanel>
    </>
  );
}

describe('SidePanel', () => {
  it('shows title, subtitle and content, 760 px wide, and closes at once without changes', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<Harness onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Zaal bewerken' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByText('Sportpark Noord')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeInTheDocument();
    // 760 px = 47.5rem
    expect(document.querySelector('.mantine-Drawer-root')?.getAttribute('style')).toContain(
      '--drawer-size: calc(47.5rem',
    );

    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before closing with unsaved changes; cancel keeps the edits', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<Harness onClose={onClose} />);
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Zaal 1');
    await user.click(screen.getByRole('button', { name: 'Sluiten' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Wijzigingen niet opgeslagen' });
    expect(confirm).toHaveAccessibleDescription(/nog niet zijn opgeslagen/);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Annuleren' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Naam' })).toHaveValue('Zaal 1');

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows Een moment geduld while loading', () => {
    renderWithProviders(<Harness isLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Een moment geduld');
    expect(screen.queryByRole('textbox', { name: 'Naam' })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    const { user } = renderWithProviders(<Harness isDirty />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('alertdialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });
});

function FormHarness({ addLabel, onSave }: { addLabel?: string; onSave: (name: string) => void }) {
  const form = useForm({ defaultValues: { name: '' } });
  return (
    <SidePanelForm
      opened
      onClose={() => {}}
      title="Zaal toevoegen"
      formState={form.formState}
      onSubmit={form.handleSubmit((values) => onSave(values.name))}
      {...(addLabel ? { addLabel } : {})}
    >
      <label>
        Naam
        <input {...form.register('name')} />
      </label>
    </SidePanelForm>
  );
}

describe('SidePanelForm', () => {
  it('submits its form with the save button, named by the title', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<FormHarness onSave={onSave} />);
    expect(screen.getByRole('form', { name: 'Zaal toevoegen' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Naam'), 'Spinningzaal');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledWith('Spinningzaal');
  });

  it('labels the button for something new and asks before closing with changes', async () => {
    const { user } = renderWithProviders(<FormHarness addLabel="Toevoegen" onSave={() => {}} />);
    expect(screen.getByRole('button', { name: 'Toevoegen' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Naam'), 'Yoga');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  });
});
