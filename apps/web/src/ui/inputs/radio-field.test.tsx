import { Button } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders, screen } from '@/test/render';
import { useZodForm } from '../use-zod-form';
import { RadioField } from './radio-field';

const schema = z.object({ method: z.number('validation.required') });
const options = [
  { value: 0, label: 'iDEAL' },
  { value: 1, label: 'Factuur' },
  { value: 2, label: 'Contant', disabled: true },
];

function Harness({
  onSubmit,
  onValueChange,
}: {
  onSubmit: (v: unknown) => void;
  onValueChange?: (v: number) => void;
}) {
  const form = useZodForm(schema, { defaultValues: { method: undefined as unknown as number } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <RadioField
        control={form.control}
        name="method"
        label="Betaalwijze"
        required
        data={options}
        onValueChange={onValueChange}
      />
      <Button type="submit">Opslaan</Button>
    </form>
  );
}

describe('RadioField', () => {
  it('keeps the type of the chosen value (an enum number) and says so when nothing is chosen', async () => {
    const onSubmit = vi.fn();
    const onValueChange = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} onValueChange={onValueChange} />);
    const group = screen.getByRole('radiogroup', { name: /Betaalwijze/ });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Contant' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Dit veld is verplicht')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Factuur' }));
    expect(screen.getByRole('radio', { name: 'Factuur' })).toBeChecked();
    expect(onValueChange).toHaveBeenCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ method: 1 }, expect.anything()));
  });
});
