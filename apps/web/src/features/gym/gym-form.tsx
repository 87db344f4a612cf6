import { Stack, Text } from '@mantine/core';
import { type Gym, type GymInput, gymInput, gymUpdate, suggestGymSlug } from '@xp/contracts';
import { useEffect, useRef } from 'react';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { SidePanelForm } from '@/ui/side-panel';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateGym, useUpdateGym } from './api';

/** The fields of a gym's form, where the server's field errors land. */
export const gymFormFields = ['name', 'slug'] as const;
const formFields = gymFormFields;
type FormField = (typeof formFields)[number];

export const emptyGym: GymInput = { name: '', slug: '' };

/** The public sign-up link of a gym, as the sign-up pages serve it. */
export const signUpPath = (slug: string) => `/inschrijven/${slug}`;

interface GymFieldsProps<T extends GymInput, TOutput extends FieldValues> {
  control: Control<T, unknown, TOutput>;
}

/** Name and slug, with the sign-up link the slug makes. */
export function GymFields<T extends GymInput, TOutput extends FieldValues>({
  control,
}: GymFieldsProps<T, TOutput>) {
  const { t } = useTranslation();
  // Both forms hold at least these fields; the generic only widens them with the edit form's `id`.
  const path = (name: FormField) => name as FieldPath<T>;
  const slug = useWatch({ control, name: path('slug') }) as string | undefined;

  const link = slug?.trim().toLowerCase();
  return (
    <Stack gap="md">
      <TextField
        control={control}
        name={path('name')}
        label={t('gym.fields.name')}
        required
        maxLength={100}
        data-autofocus
      />
      <TextField
        control={control}
        name={path('slug')}
        label={t('gym.fields.slug')}
        description={t('gym.form.slugHint')}
        required
        maxLength={64}
        autoCapitalize="none"
        spellCheck={false}
      />
      <Text size="sm" c="dimmed">
        {t('gym.form.signUpLink')}{' '}
        <Text span ff="monospace" c="var(--mantine-color-text)">
          {link ? signUpPath(link) : '—'}
        </Text>
      </Text>
    </Stack>
  );
}

interface GymFormPanelProps {
  opened: boolean;
  /** The gym to edit; a new gym when left out. */
  gym?: Gym | undefined;
  onClose: () => void;
}

/**
 * 'Sportschool toevoegen' / 'Sportschool bewerken' (admin) in a side panel. Validates with the contract's
 * schemas; while a new gym's slug is not edited it follows the name.
 */
export function GymFormPanel({ opened, gym, onClose }: GymFormPanelProps) {
  return gym ? (
    <EditGymPanel key={gym.id} opened={opened} gym={gym} onClose={onClose} />
  ) : (
    <AddGymPanel opened={opened} onClose={onClose} />
  );
}

function AddGymPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateGym();
  const form = useZodForm(gymInput, { defaultValues: emptyGym });
  const { reset, setValue, watch } = form;
  const isSlugEdited = useRef(false);
  const isSubmitted = form.formState.isSubmitted;

  useEffect(() => {
    if (!opened) return;
    reset(emptyGym);
    isSlugEdited.current = false;
  }, [opened, reset]);

  // While the slug is not typed in, it follows the name ('type' is set only for the user's own input).
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'slug') isSlugEdited.current = true;
      if (name === 'name' && !isSlugEdited.current) {
        setValue('slug', suggestGymSlug(values.name ?? ''), { shouldValidate: isSubmitted });
      }
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, isSubmitted]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ body: values });
      showSuccess(t('gym.add.done', { name: created.name }));
      reset(emptyGym);
      onClose();
    } catch (error) {
      showSaveErrors(error, form.setError, formFields, 'gym.add.failed');
    }
  });

  return (
    <SidePanelForm
      opened={opened}
      onClose={onClose}
      title={t('gym.add.title')}
      subtitle={t('gym.add.subtitle')}
      formState={form.formState}
      onSubmit={submit}
      addLabel={t('gym.add.submit')}
    >
      <GymFields control={form.control} />
    </SidePanelForm>
  );
}

function EditGymPanel({ opened, gym, onClose }: { opened: boolean; gym: Gym; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateGym();
  const form = useZodForm(gymUpdate, { defaultValues: { id: gym.id, name: gym.name, slug: gym.slug } });

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ body: values });
      showSuccess(t('gym.edit.saved', { name: saved.name }));
      onClose();
    } catch (error) {
      showSaveErrors(error, form.setError, formFields, 'gym.edit.failed');
    }
  });

  return (
    <SidePanelForm
      opened={opened}
      onClose={onClose}
      title={t('gym.edit.title')}
      subtitle={gym.name}
      formState={form.formState}
      onSubmit={submit}
    >
      <GymFields control={form.control} />
    </SidePanelForm>
  );
}
