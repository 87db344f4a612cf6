import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen, waitFor } from '@/test/render';
import { InlineEdit } from './inline-edit';

function Harness({ onSave = vi.fn() }: { onSave?: (value: string) => unknown }) {
  const [value, setValue] = useState('Zaal 1');
  return (
    <InlineEdit
      value={value}
      label="Naam"
      validate={(text) => (text.trim() ? null : 'validation.required')}
      onSave={async (next) => {
        const result = await onSave(next);
        if (result !== false) setValue(next);
        return result;
      }}
    />
  );
}

describe('InlineEdit', () => {
  it('shows the title with an edit button, and saves with Gereed', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<Harness onSave={onSave} />);
    expect(screen.getByRole('heading', { name: 'Zaal 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Naam bewerken' }));

    const input = screen.getByRole('textbox', { name: 'Naam' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'Grote zaal');
    await user.click(screen.getByRole('button', { name: 'Gereed' }));
    expect(onSave).toHaveBeenCalledWith('Grote zaal');
    expect(await screen.findByRole('heading', { name: 'Grote zaal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Naam bewerken' })).toHaveFocus();
  });

  it('cancels with Annuleren or Escape and keeps the old title', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<Harness onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Naam bewerken' }));
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), ' extra');
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(screen.getByRole('heading', { name: 'Zaal 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Naam bewerken' }));
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), ' extra{Escape}');
    expect(screen.getByRole('heading', { name: 'Zaal 1' })).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('confirms with Enter, validates first, and stays editing when saving returns false', async () => {
    const onSave = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(undefined);
    const { user } = renderWithProviders(<Harness onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Naam bewerken' }));
    const input = screen.getByRole('textbox', { name: 'Naam' });
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(screen.getByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(input, 'Buitenveld{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('textbox', { name: 'Naam' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Buitenveld' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    const { user } = renderWithProviders(<InlineEdit value="Room" label="Name" onSave={() => {}} />, {
      language: 'en',
    });
    await user.click(screen.getByRole('button', { name: 'Edit Name' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });
});
