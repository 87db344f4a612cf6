import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders, screen } from '@/test/render';
import { useZodForm } from '../use-zod-form';
import { CentsField, CurrencyField } from './currency-input';

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

const centsSchema = z.object({ price: z.number('validation.required').int().min(0) });

function CentsHarness({ onSubmit, price }: { onSubmit: (values: unknown) => void; price?: number }) {
  const form = useZodForm(centsSchema, {
    defaultValues: { price },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <CentsField control={form.control} name="price" label="Prijs" required />
      <Button type="submit">Opslaan</Button>
    </form>
  );
}

describe('CentsField', () => {
  it('takes euros and keeps whole cents (19,99 is 1999, not 1998.99...)', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<CentsHarness onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: /Prijs/ });
    await user.type(input, '19,99');
    await user.tab();
    expect(input).toHaveValue('€ 19,99');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ price: 1999 });
  });

  it('shows cents as euros, and an emptied field is required again', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<CentsHarness onSubmit={onSubmit} price={123_450} />);
    const input = screen.getByRole('textbox', { name: /Prijs/ });
    expect(input).toHaveValue('€ 1.234,50');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(screen.getByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
