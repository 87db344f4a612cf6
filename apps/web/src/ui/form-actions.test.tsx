import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, screen } from '@/test/render';
import { FormActions } from './form-actions';

describe('FormActions', () => {
  it('undoes only while there are changes, and saves by submitting the form', async () => {
    const onUndo = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user, rerender } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <FormActions isDirty={false} isSubmitting={false} onUndo={onUndo} undoLabel="location.edit.undo" />
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Ongedaan maken' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(
      <form onSubmit={onSubmit}>
        <FormActions isDirty isSubmitting={false} onUndo={onUndo} undoLabel="location.edit.undo" />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Ongedaan maken' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
  });
});
