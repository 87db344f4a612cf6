import { Button } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderWithProviders, screen } from '@/test/render';
import { showError, showSuccess, showWarning, TOAST_AUTO_CLOSE_MS } from './toasts';

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('translates keys and shows already translated text as is', async () => {
    const { user } = renderWithProviders(
      <>
        <Button onClick={() => showWarning('general_error')}>Waarschuwing</Button>
        <Button onClick={() => showSuccess('De zaal is opgeslagen')}>Succes</Button>
        <Button onClick={() => showError('validation.required')}>Fout</Button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Waarschuwing' }));
    await user.click(screen.getByRole('button', { name: 'Succes' }));
    await user.click(screen.getByRole('button', { name: 'Fout' }));
    expect(await screen.findByText('Er is iets misgegaan. Probeer het later opnieuw.')).toBeInTheDocument();
    expect(screen.getByText('De zaal is opgeslagen')).toBeInTheDocument();
    expect(screen.getByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    // Each toast's close button has a name.
    expect(screen.getAllByRole('button', { name: 'Sluiten' })).toHaveLength(3);
  });

  it('closes after 2500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<div />);
    act(() => {
      showSuccess('Opgeslagen');
    });
    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 200));
    expect(screen.getByText('Opgeslagen')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(400));
    await vi.waitFor(() => expect(screen.queryByText('Opgeslagen')).not.toBeInTheDocument());
    expect(TOAST_AUTO_CLOSE_MS).toBe(2500);
  });
});
