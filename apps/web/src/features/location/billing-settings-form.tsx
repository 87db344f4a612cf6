import { Paper, Stack, Text, Title } from '@mantine/core';
import { type BillingSettings, billingSettingsInput } from '@xp/contracts';
import { DebtPolicy } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormActions } from '@/ui/form-actions';
import { showSaveErrors } from '@/ui/form-errors';
import { NumberField } from '@/ui/inputs/number-field';
import { SelectField } from '@/ui/inputs/select-field';
import { ErrorState, LoadingState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useBillingSettings, useUpdateBillingSettings } from './api';

type FormValues = z.input<typeof billingSettingsInput>;

const toFormValues = ({ debtPolicy, paymentRetryDays, paymentGraceDays }: BillingSettings): FormValues => ({
  debtPolicy: debtPolicy as FormValues['debtPolicy'],
  paymentRetryDays,
  paymentGraceDays,
});

/**
 * 'Incasso en betalingsachterstand' of a location (decision 017): when a failed direct debit is tried again,
 * how long after the due date an unpaid invoice puts the member in debt, and what the door does then. The
 * rights are those for changing the location: the tab that holds it shows only to who has them.
 */
export function BillingSettingsCard({ locationId }: { locationId: number }) {
  const query = useBillingSettings(locationId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState
        message={query.error.status === 404 ? 'location.errors.notFound' : 'location.billing.fetchFailed'}
        onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
      />
    );
  }
  return <BillingSettingsForm key={locationId} locationId={locationId} settings={query.data} />;
}

function BillingSettingsForm({ locationId, settings }: { locationId: number; settings: BillingSettings }) {
  const { t } = useTranslation();
  const update = useUpdateBillingSettings();
  const form = useZodForm(billingSettingsInput, { defaultValues: toFormValues(settings) });
  const { reset } = form;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ params: { id: locationId }, body: values });
      reset(toFormValues(saved));
      showSuccess(t('location.billing.saved'));
    } catch (error) {
      showSaveErrors(
        error,
        form.setError,
        ['debtPolicy', 'paymentRetryDays', 'paymentGraceDays'],
        'location.billing.failed',
      );
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate aria-label={t('location.billing.title')}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('location.billing.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('location.billing.explanation')}
            </Text>
          </Stack>
          <NumberField
            control={form.control}
            name="paymentRetryDays"
            label={t('location.billing.retryDays')}
            description={t('location.billing.retryDaysHint')}
            required
            min={1}
            max={30}
            allowDecimal={false}
            allowNegative={false}
            suffix={` ${t('location.billing.days')}`}
            maw={320}
          />
          <NumberField
            control={form.control}
            name="paymentGraceDays"
            label={t('location.billing.graceDays')}
            description={t('location.billing.graceDaysHint')}
            required
            min={0}
            max={90}
            allowDecimal={false}
            allowNegative={false}
            suffix={` ${t('location.billing.daysPastDue')}`}
            maw={320}
          />
          <SelectField
            control={form.control}
            name="debtPolicy"
            label={t('location.billing.debtPolicy')}
            description={t('location.billing.debtPolicyHint')}
            required
            allowDeselect={false}
            data={[DebtPolicy.Block, DebtPolicy.Warn].map((value) => ({
              value,
              label: t(`location.billing.debtPolicies.${value}`),
            }))}
            maw={320}
          />
          <FormActions
            isDirty={form.formState.isDirty}
            isSubmitting={form.formState.isSubmitting}
            onUndo={() => reset()}
            undoLabel="location.edit.undo"
          />
        </Stack>
      </form>
    </Paper>
  );
}
