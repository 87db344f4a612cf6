import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders, screen } from '@/test/render';
import { TextField } from './inputs/text-field';
import { useZodForm } from './use-zod-form';
import { Wizard, type WizardStep } from './wizard';

const schema = z.object({
  name: z.string().min(1, 'validation.required'),
  description: z.string().min(1, 'validation.required'),
  note: z.string().optional(),
});
type Values = z.infer<typeof schema>;

function Harness({
  onSubmit,
  onBeforeNext,
  submitLabel,
  initialStep,
}: {
  onSubmit: (values: Values) => unknown;
  onBeforeNext?: () => boolean | Promise<boolean>;
  submitLabel?: string;
  initialStep?: number;
}) {
  const form = useZodForm(schema, { defaultValues: { name: '', description: '', note: '' } });
  const steps: WizardStep<Values>[] = [
    {
      label: 'Naam',
      fields: ['name'],
      onBeforeNext,
      content: <TextField control={form.control} name="name" label="Naam" required />,
    },
    {
      label: 'Omschrijving',
      fields: ['description'],
      content: <TextField control={form.control} name="description" label="Omschrijving" required />,
    },
    {
      label: 'Notitie',
      isOptional: true,
      fields: ['note'],
      content: <TextField control={form.control} name="note" label="Notitie" />,
    },
  ];
  return (
    <Wizard
      form={form}
      steps={steps}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      initialStep={initialStep}
    />
  );
}

/** One step and a done step shown after its submit. */
function Done() {
  const form = useZodForm(schema, { defaultValues: { name: '', description: 'x', note: '' } });
  const [isDone, setDone] = useState(false);
  return (
    <Wizard
      form={form}
      steps={[
        {
          label: 'Naam',
          fields: ['name'],
          content: <TextField control={form.control} name="name" label="Naam" />,
        },
      ]}
      onSubmit={() => setDone(true)}
      doneStep={{ label: 'Gereed', content: <p>Alles gelukt</p> }}
      isDone={isDone}
    />
  );
}

describe('Wizard', () => {
  it('walks the steps with Volgende and Terug, and submits on the last step with Bevestigen', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<Harness onSubmit={onSubmit} />);
    expect(screen.getByText('Optioneel')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Terug' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Naam/ }), 'Wandelen');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByRole('textbox', { name: /Omschrijving/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Terug' }));
    expect(screen.getByRole('textbox', { name: /Naam/ })).toHaveValue('Wandelen');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));

    await user.type(screen.getByRole('textbox', { name: /Omschrijving/ }), 'Elke dag');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByRole('textbox', { name: 'Notitie' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Wandelen', description: 'Elke dag', note: '' });
  });

  it('stays on a step whose fields are invalid and shows the error', async () => {
    const { user } = renderWithProviders(<Harness onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByRole('textbox', { name: /Naam/ })).toBeInTheDocument();
    expect(screen.getByText('Dit veld is verplicht')).toBeInTheDocument();
  });

  it('opens a later step by its indicator only when all earlier steps are valid', async () => {
    const { user } = renderWithProviders(<Harness onSubmit={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: /Naam/ }), 'Wandelen');
    await user.click(screen.getByRole('button', { name: /Notitie/ }));
    // Step 2 is still empty, so the wizard stops there.
    expect(screen.getByRole('textbox', { name: /Omschrijving/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Notitie' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Omschrijving/ }), 'Elke dag');
    await user.click(screen.getByRole('button', { name: /Notitie/ }));
    expect(screen.getByRole('textbox', { name: 'Notitie' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Omschrijving/ }));
    expect(screen.getByRole('textbox', { name: /Omschrijving/ })).toHaveValue('Elke dag');
  });

  it('does not advance when the step check returns false', async () => {
    const onBeforeNext = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const { user } = renderWithProviders(<Harness onSubmit={vi.fn()} onBeforeNext={onBeforeNext} />);
    await user.type(screen.getByRole('textbox', { name: /Naam/ }), 'Wandelen');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(onBeforeNext).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: /Naam/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(screen.getByRole('textbox', { name: /Omschrijving/ })).toBeInTheDocument();
  });

  it('runs a step check only when leaving that step forward', async () => {
    const onBeforeNext = vi.fn().mockResolvedValue(true);
    const { user } = renderWithProviders(<Harness onSubmit={vi.fn()} onBeforeNext={onBeforeNext} />);
    await user.type(screen.getByRole('textbox', { name: /Naam/ }), 'Wandelen');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.type(screen.getByRole('textbox', { name: /Omschrijving/ }), 'Elke dag');
    await user.click(screen.getByRole('button', { name: /Notitie/ }));
    expect(screen.getByRole('textbox', { name: 'Notitie' })).toBeInTheDocument();
    expect(onBeforeNext).toHaveBeenCalledTimes(1);
  });

  it('takes a custom submit label, starts at a given step and goes back to an invalid earlier step', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <Harness onSubmit={onSubmit} submitLabel="Opslaan" initialStep={2} />,
      {
        language: 'en',
      },
    );
    expect(screen.getByText('Optional')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Naam/ })).toBeInTheDocument();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
  });

  it('lists a done step from the start, never reached by its indicator, and shows it after the submit', async () => {
    const { user } = renderWithProviders(<Done />);
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Wandelen');
    await user.click(screen.getByRole('button', { name: /Gereed/ }));
    expect(screen.queryByText('Alles gelukt')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Alles gelukt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bevestigen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Terug' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Naam/ }));
    expect(screen.getByText('Alles gelukt')).toBeInTheDocument();
  });
});
