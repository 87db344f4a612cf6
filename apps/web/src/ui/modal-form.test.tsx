import { TextInput } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen, within } from '@/test/render';
import { ModalFlow, useModalFlow } from './modal-flow';
import { ModalForm } from './modal-form';

function NameForm({ onSave, onCancel }: { onSave: () => Promise<boolean>; onCancel: () => void }) {
  const flow = useModalFlow();
  return (
    <ModalForm
      label="Zaal"
      onCancel={onCancel}
      onSubmit={(event) => {
        event.preventDefault();
        void flow.save(onSave);
      }}
    >
      <TextInput label="Naam" />
    </ModalForm>
  );
}

function renderForm(onSave: () => Promise<boolean>, onCancel = vi.fn()) {
  return renderWithProviders(
    <ModalFlow opened onClose={vi.fn()} title="Zaal bewerken" successMessage="De zaal is opgeslagen.">
      <NameForm onSave={onSave} onCancel={onCancel} />
    </ModalFlow>,
  );
}

describe('ModalForm', () => {
  it("names the form, and saves through the flow with 'Opslaan'", async () => {
    const onSave = vi.fn(async () => true);
    const { user } = renderForm(onSave);
    const form = await screen.findByRole('form', { name: 'Zaal' });
    expect(within(form).getByRole('textbox', { name: 'Naam' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(await screen.findByText('De zaal is opgeslagen.')).toBeInTheDocument();
  });

  it("shows the form again after a failed save, and cancels with 'Annuleren'", async () => {
    const onCancel = vi.fn();
    const { user } = renderForm(async () => false, onCancel);
    const form = await screen.findByRole('form', { name: 'Zaal' });
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('form', { name: 'Zaal' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('form', { name: 'Zaal' })).getByRole('button', { name: 'Annuleren' }),
    );
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
