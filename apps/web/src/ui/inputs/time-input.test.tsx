import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders, screen } from '@/test/render';
import { useZodForm } from '../use-zod-form';
import { normalizeTime, TimeField, timeOfDay } from './time-input';

describe('timeOfDay', () => {
  it('accepts HH:mm with hours 0-23 and minutes 0-59', () => {
    for (const ok of ['00:00', '09:30', '23:59', '12:05']) expect(timeOfDay.safeParse(ok).success).toBe(true);
    for (const bad of ['24:00', '12:60', '9:30', '0930', '12:5', '', 'aa:bb']) {
      const result = timeOfDay.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.time');
    }
  });

  it('completes unambiguous input', () => {
    expect(normalizeTime('930')).toBe('09:30');
    expect(normalizeTime('0930')).toBe('09:30');
    expect(normalizeTime('9:30')).toBe('09:30');
    expect(normalizeTime('9.30')).toBe('09:30');
    expect(normalizeTime('25:00')).toBe('25:00');
  });
});

const schema = z.object({ startTime: timeOfDay });

function Harness({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const form = useZodForm(schema, { defaultValues: { startTime: '' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <TimeField control={form.control} name="startTime" label="Starttijd" required />
      <Button type="submit">Opslaan</Button>
    </form>
  );
}

describe('TimeInput', () => {
  it('shows the time error once left with an impossible time', async () => {
    const { user } = renderWithProviders(<Harness onSubmit={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Starttijd' });
    expect(input).toHaveAttribute('placeholder', 'UU:mm');
    await user.type(input, '25:00');
    expect(screen.queryByText('Vul een tijd in als UU:mm')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Vul een tijd in als UU:mm')).toBeInTheDocument();
  });

  it('completes 930 to 09:30 on blur and submits it', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: 'Starttijd' });
    await user.type(input, '930');
    await user.tab();
    expect(input).toHaveValue('09:30');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ startTime: '09:30' });
  });
});
