import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, provideDeferred } from './deferred';

const onOpen = vi.fn();

function Real({ label }: { label: string }) {
  return (
    <button type="button" aria-haspopup="menu" onClick={onOpen}>
      {label}
    </button>
  );
}

function Placeholder({ label }: { label: string }) {
  return (
    <button type="button" aria-haspopup="menu" data-placeholder>
      {label}
    </button>
  );
}

function RealText() {
  return <span>real</span>;
}

function setup(name: string) {
  let finish: () => void = () => {};
  onOpen.mockClear();
  const load = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = () => {
          provideDeferred(name, Real);
          resolve();
        };
      }),
  );
  const Control = deferred<{ label: string }>(name, load, Placeholder);
  return { Control, load, onOpen, finish: () => act(async () => finish()) };
}

describe('deferred', () => {
  it('shows the placeholder, loads after mounting, then shows the real control', async () => {
    const { Control, load, finish } = setup('a');
    render(<Control label="Menu" />);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('data-placeholder');
    expect(load).toHaveBeenCalledTimes(1);
    await finish();
    expect(screen.getByRole('button', { name: 'Menu' })).not.toHaveAttribute('data-placeholder');
  });

  it('keeps the focus on the control when the real one takes its place', async () => {
    const { Control, finish } = setup('b');
    render(<Control label="Menu" />);
    screen.getByRole('button', { name: 'Menu' }).focus();
    await finish();
    const real = screen.getByRole('button', { name: 'Menu' });
    expect(real).not.toHaveAttribute('data-placeholder');
    expect(real).toHaveFocus();
  });

  it('replays a click on the placeholder on the real control', async () => {
    const { Control, onOpen, finish } = setup('c');
    render(<Control label="Menu" />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(onOpen).not.toHaveBeenCalled();
    await finish();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('renders the real control at once when its module is already in', () => {
    const { Control } = setup('d');
    provideDeferred('d', RealText);
    render(<Control label="Menu" />);
    expect(screen.getByText('real')).toBeInTheDocument();
  });
});
