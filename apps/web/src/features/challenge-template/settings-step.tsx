import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { GoalPeriod, TemplateMeasurementPeriod } from '@xp/contracts/enums';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { PeriodFields } from './period-fields';
import type { Form } from './wizard-form';

const amountProps = { inputMode: 'numeric', autoComplete: 'off' } as const;

/** Step 3: name and texts, how often and how much, reward, and the two optional periods. */
export function SettingsStep({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { control } = form;
  const unit = Number(useWatch({ control, name: 'measurementUnit' }));
  const label = (name: string) => t(`challengeTemplate.fields.${name}`);

  return (
    <Stack gap="md">
      <TextField control={control} name="name" label={label('name')} required />
      <TextareaField control={control} name="description" label={label('description')} required minRows={2} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="uniqueFeatureDescription"
          label={label('uniqueFeatureDescription')}
        />
        <TextField control={control} name="activityDescription" label={label('activityDescription')} />
      </SimpleGrid>
      <TextareaField
        control={control}
        name="benefitDescription"
        label={label('benefitDescription')}
        minRows={2}
      />

      <Title order={4} mt="sm">
        {t('challengeTemplate.wizard.goal')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="measurementAmount"
          label={label('measurementAmount')}
          required
          rightSection={
            <Text size="xs" c="dimmed" pr="xs">
              {t(`challengeTemplate.measurementUnit.${unit}`)}
            </Text>
          }
          rightSectionWidth="auto"
          {...amountProps}
        />
        <TextField
          control={control}
          name="entreoPointsReward"
          label={label('entreoPointsReward')}
          required
          {...amountProps}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SelectField
          control={control}
          name="frequencyPeriod"
          label={label('frequencyPeriod')}
          required
          data={Object.values(TemplateMeasurementPeriod).map((value) => ({
            value,
            label: t(`challengeTemplate.frequencyPeriod.${value}`),
          }))}
        />
        <TextField
          control={control}
          name="frequencyAmount"
          label={label('frequencyAmount')}
          required
          {...amountProps}
        />
        <TextField
          control={control}
          name="frequencyPeriodAmount"
          label={label('frequencyPeriodAmount')}
          required
          {...amountProps}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="completionPeriod"
          label={label('completionPeriod')}
          required
          data={Object.values(GoalPeriod).map((value) => ({
            value,
            label: t(`challengeTemplate.completionPeriod.${value}`),
          }))}
        />
        <TextField
          control={control}
          name="completionAmount"
          label={label('completionAmount')}
          required
          {...amountProps}
        />
      </SimpleGrid>

      <Title order={4} mt="sm">
        {t('challengeTemplate.wizard.periods')}
      </Title>
      <PeriodFields control={control} period="active" hint={t('challengeTemplate.wizard.hasDateHint')} />
      <PeriodFields control={control} period="visible" hint={t('challengeTemplate.wizard.hasFromDateHint')} />
    </Stack>
  );
}

/* ----- step 4: summary and status ----- */
