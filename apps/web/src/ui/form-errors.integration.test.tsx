import { Button } from '@mantine/core';
import type { ApiError } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithProviders, screen } from '@/test/render';
import { applyServerErrors } from './form-errors';
import { TextField } from './inputs/text-field';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  name: z.string(),
  addresses: z.array(z.object({ street: z.string() })),
});

function Harness({ errors }: { errors: ApiError[] }) {
  const form = useZodForm(schema, {
    defaultValues: { name: 'Zaal 1', addresses: [{ street: 'Dorpsstraat' }] },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(() => {
        applyServerErrors(errors, form.setError, ['name', 'addresses']);
      })}
    >
      <TextField control={form.control} name="name" label="Naam" />
      <TextField control={form.control} name="addresses.0.street" label="Straat" />
      <Button type="submit">Opslaan</Button>
    </form>
  );
}

describe('server errors on a form', () => {
  it('puts translated messages under the mapped fields and focuses the first', async () => {
    const { user } = renderWithProviders(
      <Harness
        errors={[
          { key: 'Name', message: 'validation.tooLong' },
          { key: 'Addresses[0].Street', message: 'validation.required' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(screen.getByRole('textbox', { name: 'Naam' })).toHaveAccessibleDescription(
      'Deze waarde is te lang',
    );
    expect(screen.getByRole('textbox', { name: 'Straat' })).toHaveAccessibleDescription(
      'Dit veld is verplicht',
    );
    expect(screen.getByRole('textbox', { name: 'Naam' })).toHaveFocus();
  });

  it('shows a warning toast with general_error when no error belongs to a field', async () => {
    const { user } = renderWithProviders(<Harness errors={[]} />);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Er is iets misgegaan. Probeer het later opnieuw.',
    );
  });

  it('shows the first message when errors belong to no field', async () => {
    const { user } = renderWithProviders(
      <Harness errors={[{ key: '', message: 'Zaal kan niet worden toegevoegd' }]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zaal kan niet worden toegevoegd');
  });
});
