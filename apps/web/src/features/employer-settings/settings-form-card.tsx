import { Stack } from '@mantine/core';
import type { EmployerSettings } from '@xp/contracts';
import { type FormEventHandler, type ReactNode, useEffect } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormActions } from '@/ui/form-actions';
import { showSaveErrors } from '@/ui/form-errors';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { SettingsCard } from './settings-card';

interface SettingsCardFormOptions<TInput extends FieldValues, TOutput extends FieldValues> {
  schema: z.ZodType<TOutput, TInput>;
  settings: EmployerSettings;
  /** The form's values from the stored settings. */
  toValues: (settings: EmployerSettings) => TInput;
  /**
   * The part of the settings the form shows: when another save changes it, the form shows the new values,
   * unless it is being edited.
   */
  shown: unknown;
  /** Sends the form; answers the saved settings. */
  save: (values: TOutput) => Promise<EmployerSettings>;
  /** The form's fields: the server's errors on them go under them. */
  fields: readonly string[];
  /** Prefix of the card's texts (`saved`, `failed`). */
  texts: string;
}

/** A card's form shown in place: the stored values, saved with a toast, the server's errors on its fields. */
export function useSettingsCardForm<TInput extends FieldValues, TOutput extends FieldValues>({
  schema,
  settings,
  toValues,
  shown,
  save,
  fields,
  texts,
}: SettingsCardFormOptions<TInput, TOutput>) {
  const { t } = useTranslation();
  const form = useZodForm(schema, { defaultValues: toValues(settings) as DefaultValues<TInput> });
  const { reset } = form;
  const isDirty = form.formState.isDirty;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the shown part of the stored settings is the dependency
  useEffect(() => {
    if (!isDirty) reset(toValues(settings));
  }, [shown, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save(values);
      reset(toValues(saved));
      showSuccess(t(`${texts}.saved`));
    } catch (error) {
      showSaveErrors(error, form.setError, fields, `${texts}.failed`);
    }
  });
  return { form, submit };
}

interface SettingsFormCardProps<TInput extends FieldValues, TOutput extends FieldValues> {
  /** Prefix of the card's texts (`title`, which also names the form, and `subtitle`). */
  texts: string;
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** A card holding a form shown in place: its fields, then 'Ongedaan maken' and 'Opslaan'. */
export function SettingsFormCard<TInput extends FieldValues, TOutput extends FieldValues>({
  texts,
  form,
  onSubmit,
  children,
}: SettingsFormCardProps<TInput, TOutput>) {
  const { t } = useTranslation();
  const title = t(`${texts}.title`);
  return (
    <SettingsCard title={title} subtitle={t(`${texts}.subtitle`)}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {children}
          <FormActions
            isDirty={form.formState.isDirty}
            isSubmitting={form.formState.isSubmitting}
            onUndo={() => form.reset()}
            undoLabel="employerSettings.undo"
          />
        </Stack>
      </form>
    </SettingsCard>
  );
}
