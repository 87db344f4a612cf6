import { Grid } from '@mantine/core';
import {
  ContractDuration,
  type EmployerFinancialSettingsInput,
  EmployerPaymentType,
  type EmployerSettings,
  employerFinancialSettingsInput,
  MAX_EXTENSION_YEARS,
} from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { CentsField } from '@/ui/inputs/currency-input';
import { NumberField } from '@/ui/inputs/number-field';
import { SelectField } from '@/ui/inputs/select-field';
import { useUpdateFinancialSettings } from './api';
import { translatedOptions } from './settings-fields';
import { SettingsFormCard, useSettingsCardForm } from './settings-form-card';

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

/** The two choices of the contract, each from its enumeration. */
const choices = {
  contractType: Object.values(EmployerPaymentType),
  contractDuration: Object.values(ContractDuration),
} as const;

/** 'Financieel': contract type, duration, extension and the employer's contribution. */
export function SettingsFinancialForm({ settings }: { settings: EmployerSettings }) {
  const { t } = useTranslation();
  const update = useUpdateFinancialSettings();
  const { form, submit } = useSettingsCardForm({
    schema: employerFinancialSettingsInput,
    settings,
    toValues: toFormValues,
    shown: settings.financial,
    save: (values) => update.mutateAsync({ body: values }),
    fields: formFields,
    texts: 'employerSettings.financial',
  });

  return (
    <SettingsFormCard texts="employerSettings.financial" form={form} onSubmit={submit}>
      <Grid gap="md">
        {(['contractType', 'contractDuration'] as const).map((name) => (
          <Grid.Col key={name} span={{ base: 12, sm: 6 }}>
            <SelectField
              control={form.control}
              name={name}
              label={t(`employerSettings.fields.${name}`)}
              data={translatedOptions(t, choices[name], `employerSettings.${name}`)}
              required
            />
          </Grid.Col>
        ))}
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
          <CentsField
            control={form.control}
            name="contributionAmount"
            label={t('employerSettings.fields.contributionAmount')}
            description={t('employerSettings.financial.contributionHint')}
            required
          />
        </Grid.Col>
      </Grid>
    </SettingsFormCard>
  );
}
