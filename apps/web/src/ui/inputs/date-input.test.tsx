import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders, screen } from '@/test/render';
import { useZodForm } from '../use-zod-form';
import { DateField } from './date-input';

const schema = z.object({ startDate: z.string('validation.required') });

function Harness({
  onSubmit,
  startDate = null,
}: {
  onSubmit: (values: unknown) => void;
  startDate?: string | null;
}) {
  const form = useZodForm(schema, { defaultValues: { startDate: startDate as string } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <DateField control={form.control} name="startDate" label="Startdatum" required />
      <Button type="submit">Opslaan</Button>
    </form>
  );
}

describe('DateInput', () => {
  it('takes a typed DD-MM-YYYY date and sends it as an ISO UTC string', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: /Startdatum/ });
    expect(input).toHaveAttribute('placeholder', 'DD-MM-JJJJ');
    await user.type(input, '15-03-2026');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = (onSubmit.mock.calls[0]![0] as { startDate: string }).startDate;
    expect(sent).toBe(new Date(2026, 2, 15).toISOString());
    expect(sent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('shows an existing value as DD-MM-YYYY', () => {
    renderWithProviders(<Harness onSubmit={vi.fn()} startDate={new Date(2026, 0, 5).toISOString()} />);
    expect(screen.getByRole('textbox', { name: /Startdatum/ })).toHaveValue('05-01-2026');
  });

  it('is required when empty', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Startdatum/ })).toHaveAttribute('placeholder', 'DD-MM-YYYY');
  });
});
