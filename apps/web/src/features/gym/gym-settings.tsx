import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type Gym, type GymInvoiceDetails, gymInvoiceDetailsInput, gymUpdate } from '@xp/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { FormActions } from '@/ui/form-actions';
import { showSaveErrors } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { EmptyState, ErrorState, LoadingState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useGym, useGymInvoiceDetails, useUpdateGym, useUpdateGymInvoiceDetails } from './api';
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
  return (
    <Stack gap="lg">
      <GymGeneralForm key={query.data.id} gym={query.data} />
      <GymInvoiceDetailsCard gymId={query.data.id} />
    </Stack>
  );
}

/**
 * 'Factuurgegevens': the KvK and VAT numbers the gym's invoices show (decision 016), and the SEPA creditor id
 * its direct debits are announced with (decision 017).
 */
function GymInvoiceDetailsCard({ gymId }: { gymId: number }) {
  const query = useGymInvoiceDetails(gymId);
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return <ErrorState message="gym.invoiceDetails.fetchFailed" onRetry={() => void query.refetch()} />;
  return <GymInvoiceDetailsForm key={gymId} details={query.data} />;
}

function GymInvoiceDetailsForm({ details }: { details: GymInvoiceDetails }) {
  const { t } = useTranslation();
  const update = useUpdateGymInvoiceDetails();
  const form = useZodForm(gymInvoiceDetailsInput, { defaultValues: details });
  const { reset } = form;
  const submit = form.handleSubmit(async (values) => {
    try {
      reset(await update.mutateAsync({ body: values }));
      showSuccess(t('gym.invoiceDetails.saved'));
    } catch (error) {
      showSaveErrors(
        error,
        form.setError,
        ['kvkNumber', 'vatNumber', 'sepaCreditorId'],
        'gym.invoiceDetails.failed',
      );
    }
  });
  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <form onSubmit={submit} noValidate aria-label={t('gym.invoiceDetails.title')}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('gym.invoiceDetails.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('gym.invoiceDetails.subtitle')}
            </Text>
          </Stack>
          <TextField
            control={form.control}
            name="kvkNumber"
            label={t('gym.invoiceDetails.kvkNumber')}
            placeholder="12345678"
            maxLength={12}
          />
          <TextField
            control={form.control}
            name="vatNumber"
            label={t('gym.invoiceDetails.vatNumber')}
            placeholder="NL123456789B01"
            maxLength={20}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <TextField
            control={form.control}
            name="sepaCreditorId"
            label={t('gym.invoiceDetails.sepaCreditorId')}
            description={t('gym.invoiceDetails.sepaCreditorIdHint')}
            placeholder="NL98ZZZ999999999999"
            maxLength={24}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <FormActions
            isDirty={form.formState.isDirty}
            isSubmitting={form.formState.isSubmitting}
            onUndo={() => reset()}
            undoLabel="gym.settings.undo"
          />
        </Stack>
      </form>
    </Paper>
  );
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
