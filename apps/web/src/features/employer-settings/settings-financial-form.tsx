import { Grid, Stack } from '@mantine/core';
import {
  ContractDuration,
  type EmployerFinancialSettingsInput,
  EmployerPaymentType,
  type EmployerSettings,
  employerFinancialSettingsInput,
  MAX_EXTENSION_YEARS,
} from '@xp/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/ui/form-actions';
import { showSaveErrors } from '@/ui/form-errors';
import { CurrencyField } from '@/ui/inputs/currency-input';
import { NumberField } from '@/ui/inputs/number-field';
import { SelectField } from '@/ui/inputs/select-field';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useUpdateFinancialSettings } from './api';
import { SettingsCard } from './settings-card';

const formFields = ['contractType', 'contractDuration', 'extensionYears', 'contributionAmount'] as const;

/** The stored financial settings; not yet set ones stay empty (the form asks for them). */
const toFormValues = (settings: EmployerSettings) =>
  ({
    id: settings.id,
    contractType: settings.financial.contractType ?? undefined,
    contractDuration: settings.financial.contractDuration ?? undefined,
    extensionYears: settings.financial.extensionYears ?? undefined,
    contributionAmount: settings.financial.contributionAmount ?? undefined,
  }) as EmployerFinancialSettingsInput;

/** 'Financieel': contract type, duration, extension and the employer's contribution. */
export function SettingsFinancialForm({ settings }: { settings: EmployerSettings }) {
  const { t } = useTranslation();
  const update = useUpdateFinancialSettings();
  const form = useZodForm(employerFinancialSettingsInput, { defaultValues: toFormValues(settings) });
  const { reset } = form;
  const isDirty = form.formState.isDirty;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored settings are the dependency
  useEffect(() => {
    if (!isDirty) reset(toFormValues(settings));
  }, [settings.financial, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ body: values });
      reset(toFormValues(saved));
      showSuccess(t('employerSettings.financial.saved'));
    } catch (error) {
      showSaveErrors(error, form.setError, formFields, 'employerSettings.financial.failed');
    }
  });

  const contractTypes = Object.values(EmployerPaymentType).map((value) => ({
    value,
    label: t(`employerSettings.contractType.${value}`),
  }));
  const durations = Object.values(ContractDuration).map((value) => ({
    value,
    label: t(`employerSettings.contractDuration.${value}`),
  }));

  return (
    <SettingsCard
      title={t('employerSettings.financial.title')}
      subtitle={t('employerSettings.financial.subtitle')}
    >
      <form onSubmit={submit} noValidate aria-label={t('employerSettings.financial.title')}>
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SelectField
                control={form.control}
                name="contractType"
                label={t('employerSettings.fields.contractType')}
                data={contractTypes}
                required
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <SelectField
                control={form.control}
                name="contractDuration"
                label={t('employerSettings.fields.contractDuration')}
                data={durations}
                required
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NumberField
                control={form.control}
                name="extensionYears"
                label={t('employerSettings.fields.extensionYears')}
                description={t('employerSettings.financial.extensionHint')}
                min={0}
                max={MAX_EXTENSION_YEARS}
                allowDecimal={false}
                allowNegative={false}
                required
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CurrencyField
                control={form.control}
                name="contributionAmount"
                label={t('employerSettings.fields.contributionAmount')}
                description={t('employerSettings.financial.contributionHint')}
                required
              />
            </Grid.Col>
          </Grid>
          <FormActions
            isDirty={isDirty}
            isSubmitting={form.formState.isSubmitting}
            onUndo={() => reset()}
            undoLabel="employerSettings.undo"
          />
        </Stack>
      </form>
    </SettingsCard>
  );
}
