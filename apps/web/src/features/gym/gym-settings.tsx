import { Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type Gym, gymUpdate } from '@xp/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { FormActions } from '@/ui/form-actions';
import { showSaveErrors } from '@/ui/form-errors';
import { EmptyState, ErrorState, LoadingState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useGym, useUpdateGym } from './api';
import { GymFields, gymFormFields } from './gym-form';

/** 'Algemeen' of the gym settings: name and slug of the active gym. */
export function GymGeneralSettings() {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const query = useGym(claims.activeGymId);
  useDocumentTitle(`${t('gym.settings.title')} · ${t('shell.productName')}`);

  if (claims.activeGymId === null) {
    return <EmptyState title="gym.dashboard.noGymTitle" message="gym.dashboard.noGym" />;
  }
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState
        message={query.error.status === 404 ? 'gym.errors.notFound' : 'gym.settings.fetchFailed'}
        onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
      />
    );
  }
  return <GymGeneralForm key={query.data.id} gym={query.data} />;
}

function GymGeneralForm({ gym }: { gym: Gym }) {
  const { t } = useTranslation();
  const update = useUpdateGym();
  const defaults = { id: gym.id, name: gym.name, slug: gym.slug };
  const form = useZodForm(gymUpdate, { defaultValues: defaults });
  const { reset } = form;
  const isDirty = form.formState.isDirty;

  // Show what another save changed meanwhile, unless it is being edited here.
  useEffect(() => {
    if (!isDirty) reset({ id: gym.id, name: gym.name, slug: gym.slug });
  }, [gym.id, gym.name, gym.slug, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ body: values });
      reset({ id: saved.id, name: saved.name, slug: saved.slug });
      showSuccess(t('gym.settings.saved'));
    } catch (error) {
      showSaveErrors(error, form.setError, gymFormFields, 'gym.settings.failed');
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <form onSubmit={submit} noValidate aria-label={t('gym.settings.general')}>
        <Stack gap="xl">
          <GymFields control={form.control} />
          <FormActions
            isDirty={isDirty}
            isSubmitting={form.formState.isSubmitting}
            onUndo={() => reset()}
            undoLabel="gym.settings.undo"
          />
        </Stack>
      </form>
    </Paper>
  );
}
