import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders, screen } from '@/test/render';
import { useZodForm } from '../use-zod-form';
import { NumberField } from './number-field';
import { SelectField } from './select-field';
import { SwitchField } from './switch-field';
import { TextField } from './text-field';
import { TextareaField } from './textarea-field';

const schema = z.object({
  name: z.string().min(1, 'validation.required').max(5, 'Maximaal vijf tekens'),
  description: z.string().optional(),
  amount: z.number('validation.required').int().min(1, 'validation.greaterThanZero'),
  theme: z.number('validation.required'),
  isActive: z.boolean(),
});

function Harness({
  onSubmit = vi.fn(),
  serverError,
  mode,
  amount,
}: {
  onSubmit?: (v: unknown) => void;
  serverError?: string;
  mode?: 'onChange' | 'onTouched';
  amount?: number;
}) {
  const form = useZodForm(schema, {
    mode,
    defaultValues: {
      name: '',
      description: '',
      amount: amount as number,
      theme: 0,
      isActive: false,
    },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <TextField control={form.control} name="name" label="Naam" required />
      <TextareaField control={form.control} name="description" label="Omschrijving" />
      <NumberField control={form.control} name="amount" label="Aantal" required />
      <SelectField
        control={form.control}
        name="theme"
        label="Thema"
        data={[
          { value: 0, label: 'Beweging' },
          { value: 1, label: 'Voeding' },
          { value: 2, label: 'Ontspanning' },
        ]}
      />
      <SwitchField control={form.control} name="isActive" label="Actief" />
      <Button type="submit">Opslaan</Button>
      {serverError && (
        <Button onClick={() => form.setError('description', { type: 'server', message: serverError })}>
          Serverfout
        </Button>
      )}
    </form>
  );
}

const labelOf = (input: HTMLElement) => document.querySelector(`label[for="${input.id}"]`);

describe('form fields', () => {
  it('marks required fields with an asterisk and aria-required', () => {
    renderWithProviders(<Harness />);
    const name = screen.getByRole('textbox', { name: 'Naam' });
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(labelOf(name)).toHaveTextContent(/^Naam\s*\*$/);
    const description = screen.getByRole('textbox', { name: 'Omschrijving' });
    expect(description).not.toHaveAttribute('aria-required');
    expect(labelOf(description)).toHaveTextContent(/^Omschrijving$/);
  });

  it('keeps a number field with a default empty when it is emptied, and requires it', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness amount={90} onSubmit={onSubmit} />);
    const amount = screen.getByRole('textbox', { name: /Aantal/ });
    expect(amount).toHaveValue('90');
    await user.clear(amount);
    await user.tab();
    expect(amount).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findAllByText('Dit veld is verplicht')).not.toHaveLength(0);
    expect(amount).toHaveAccessibleDescription('Dit veld is verplicht');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows an error only once the field is touched, translated', async () => {
    const { user } = renderWithProviders(<Harness />);
    const name = screen.getByRole('textbox', { name: /Naam/ });
    await user.type(name, 'a');
    await user.clear(name);
    expect(screen.queryByText('Dit veld is verplicht')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryAllByText('Dit veld is verplicht')).toHaveLength(1);
  });

  it('hides an error the form already knows until the field is left', async () => {
    const { user } = renderWithProviders(<Harness mode="onChange" />);
    const name = screen.getByRole('textbox', { name: /Naam/ });
    await user.type(name, 'Te lange naam');
    expect(screen.queryByText('Maximaal vijf tekens')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Maximaal vijf tekens')).toBeInTheDocument();
  });

  it('passes unknown messages through untranslated', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.type(screen.getByRole('textbox', { name: /Naam/ }), 'Te lange naam');
    await user.tab();
    expect(screen.getByText('Maximaal vijf tekens')).toBeInTheDocument();
  });

  it('shows the errors of untouched fields after submit, and submits typed values', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(screen.getAllByText('Dit veld is verplicht')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /Naam/ }), 'Zaal');
    await user.type(screen.getByRole('textbox', { name: /Aantal/ }), '1200');
    await user.click(screen.getByRole('combobox', { name: 'Thema' }));
    await user.click(await screen.findByRole('option', { name: 'Ontspanning' }));
    await user.click(screen.getByRole('switch', { name: 'Actief' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Zaal',
      description: '',
      amount: 1200,
      theme: 2,
      isActive: true,
    });
  });

  it('shows server errors at once, translated', async () => {
    const { user } = renderWithProviders(<Harness serverError="validation.tooLong" />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Serverfout' }));
    expect(screen.getByText('This value is too long')).toBeInTheDocument();
  });
});
