import { Group, Radio, Select, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconApple, IconRun, IconYoga, type TablerIcon } from '@tabler/icons-react';
import {
  activitiesFor,
  defaultUnitByMeasurementType,
  measurementTypesFor,
  themeDefaults,
  unitsFor,
} from '@xp/contracts';
import { Difficulty, Theme } from '@xp/contracts/enums';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/ui/inputs/select-field';
import { useFormField } from '@/ui/inputs/use-form-field';
import { type Form, touch } from './wizard-form';

const THEME_ICONS: Record<number, TablerIcon> = {
  [Theme.Movement]: IconRun,
  [Theme.Nutrition]: IconApple,
  [Theme.Relaxation]: IconYoga,
};

/* ----- step 1: theme and what is measured ----- */

/** Step 1: the theme (its defaults follow), measurement type, unit (the type's default), activity, level. */
export function ThemeStep({ form, onThemeChange }: { form: Form; onThemeChange: () => void }) {
  const { t } = useTranslation();
  const { control } = form;
  const theme = Number(useWatch({ control, name: 'theme' }));
  const measurement = Number(useWatch({ control, name: 'measurement' }));
  const { field: themeField } = useFormField({ control, name: 'theme' });
  const { field: typeField, error: typeError } = useFormField({ control, name: 'measurement' });

  const pickTheme = (value: number) => {
    if (value === theme) return;
    themeField.onChange(value);
    const defaults = themeDefaults[value];
    if (defaults) {
      form.setValue('measurement', defaults.measurement, touch);
      form.setValue('measurementUnit', defaults.measurementUnit, touch);
      form.setValue('activity', defaults.activity, touch);
    }
    onThemeChange();
  };

  const pickType = (value: number) => {
    typeField.onChange(value);
    typeField.onBlur();
    const unit = defaultUnitByMeasurementType[value];
    if (unit !== undefined) form.setValue('measurementUnit', unit, touch);
  };

  return (
    <Stack gap="lg">
      <Radio.Group
        label={t('challengeTemplate.fields.theme')}
        withAsterisk
        value={String(theme)}
        onChange={(value) => pickTheme(Number(value))}
      >
        <SimpleGrid cols={{ base: 1, xs: 3 }} mt="xs">
          {Object.values(Theme).map((value) => {
            const Icon = THEME_ICONS[value] ?? IconRun;
            const isChosen = value === theme;
            return (
              <Radio.Card key={value} value={String(value)} radius="md" p="md" withBorder>
                <Group wrap="nowrap" gap="sm">
                  <ThemeIcon variant={isChosen ? 'filled' : 'light'} size="lg" radius="xl" aria-hidden>
                    <Icon size={20} />
                  </ThemeIcon>
                  <Text fw={isChosen ? 700 : 500}>{t(`challengeTemplate.theme.${value}`)}</Text>
                  <Radio.Indicator ml="auto" />
                </Group>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      <Text size="sm" c="dimmed">
        {t('challengeTemplate.wizard.themeHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('challengeTemplate.fields.measurement')}
          required
          allowDeselect={false}
          data={measurementTypesFor(theme).map((value) => ({
            value: String(value),
            label: t(`challengeTemplate.measurement.${value}`),
          }))}
          value={typeField.value === undefined ? null : String(typeField.value)}
          onChange={(value) => value !== null && pickType(Number(value))}
          error={typeError}
          ref={typeField.ref}
        />
        <SelectField
          control={control}
          name="measurementUnit"
          label={t('challengeTemplate.fields.measurementUnit')}
          required
          data={unitsFor(measurement).map((value) => ({
            value,
            label: t(`challengeTemplate.measurementUnit.${value}`),
          }))}
        />
        <SelectField
          control={control}
          name="activity"
          label={t('challengeTemplate.fields.activity')}
          required
          data={activitiesFor(theme).map((value) => ({
            value,
            label: t(`challengeTemplate.activity.${value}`),
          }))}
        />
        <SelectField
          control={control}
          name="difficulty"
          label={t('challengeTemplate.fields.difficulty')}
          required
          data={Object.values(Difficulty).map((value) => ({
            value,
            label: t(`challengeTemplate.difficulty.${value}`),
          }))}
        />
      </SimpleGrid>
    </Stack>
  );
}

/* ----- step 2: the banner ----- */
