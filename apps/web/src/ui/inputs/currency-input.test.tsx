import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders, screen } from '@/test/render';
import { useZodForm } from '../use-zod-form';
import { CurrencyField } from './currency-input';

const schema = z.object({ price: z.number('validation.required').min(0) });

function Harness({ onSubmit, price }: { onSubmit: (values: unknown) => void; price?: number }) {
  const form = useZodForm(schema, { defaultValues: { price } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <CurrencyField control={form.control} name="price" label="Prijs" required />
      <Button type="submit">Opslaan</Button>
    </form>
  );
}

describe('CurrencyInput', () => {
  it('shows euros with a comma and 2 decimals, and keeps a number', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: /Prijs/ });
    await user.type(input, '1234,5');
    await user.tab();
    expect(input).toHaveValue('€ 1.234,50');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ price: 1234.5 });
  });

  it('formats an existing amount', () => {
    renderWithProviders(<Harness onSubmit={vi.fn()} price={12} />);
    expect(screen.getByRole('textbox', { name: /Prijs/ })).toHaveValue('€ 12,00');
  });

  it('is required when empty', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(screen.getByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
